import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { openPage, PHONE } from '../helpers/browser'
import { visit } from '../helpers/http'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openSignedIn } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

async function createLinkApi(session: Session, title: string): Promise<Link> {
  const answer = await web.http.post<Link>('/api/shareLinks', { targetUrl: `https://example.com/${encodeURIComponent(title)}`, title }, { token: session.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

/**
 * Counters of the current billing period written straight into the database, for states the API
 * reaches only slowly (hundreds of previews) or not at all here (API calls need API keys). Must run
 * before the account's usage is first read, which loads the stored count.
 */
async function seedUsage(session: Session, previews: number, apiCalls: number) {
  const now = new Date()
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  await sql(web.server, 'insert into usage_counters (account_id, period_start, previews, api_calls) values ($1, $2, $3, $4)', [
    session.user.accountId,
    dbTime(web.server, periodStart),
    previews,
    apiCalls,
  ])
}

async function openDashboard(session: Session, viewport?: typeof PHONE) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await openSignedIn(opened.page, session, '/dashboard')
  await opened.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  return opened
}

const stat = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('stat-value')

describe('dashboard', () => {
  it('shows plan, usage, the four numbers, the activity chart and the three newest links with their clicks', async () => {
    const account = await createAccount(web.server, 'numbers')
    await seedUsage(account, 0, 7)
    const links: Link[] = []
    for (const title of ['First', 'Second', 'Third', 'Fourth']) links.push(await createLinkApi(account, title))
    const [, second, , fourth] = links
    await visit(fourth.url)
    await visit(fourth.url)
    await visit(second.url)
    await visit(fourth.url, { userAgent: CRAWLER_UA.slack })
    await visit(fourth.url, { userAgent: CRAWLER_UA.facebook })
    // Events are written in batches; wait until the API counts them all.
    await until(async () => (await web.http.get('/api/dashboard-stats', { token: account.token })).body.totalClicks === 3, { what: 'the 3 clicks to be counted' })
    await until(async () => (await web.http.get('/api/usage', { token: account.token })).body.usageThisMonth === 2, { what: 'the 2 previews to be counted' })
    const usage = (await web.http.get('/api/usage', { token: account.token })).body

    const { page, context } = await openDashboard(account)
    await page.getByTestId('usage-numbers').getByText('2 / 500 previews').waitFor()
    expect(await page.getByTestId('plan-badge').textContent()).toBe('Free plan')
    const bar = page.getByRole('progressbar', { name: 'Previews used this month' })
    expect(await bar.locator('[data-color]').getAttribute('data-color')).toBe('brand')
    const resetDay = await page.evaluate(
      (end) => new Date(end).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      usage.billingPeriodEnd,
    )
    expect(await page.getByTestId('usage-reset').textContent()).toBe(`Resets on ${resetDay}`)

    await page.getByRole('group', { name: 'API Calls' }).getByText('7').waitFor()
    expect(await stat(page, 'Total Links').textContent()).toBe('4')
    expect(await stat(page, 'Total Clicks').textContent()).toBe('3')
    expect(await stat(page, 'Previews This Month').textContent()).toBe('2')
    expect(await stat(page, 'API Calls').textContent()).toBe('7')
    await page.getByTestId('activity-chart').getByText('3 clicks and 2 previews in the last 30 days.').waitFor()
    await page.getByTestId('activity-chart').locator('.recharts-wrapper > svg').waitFor()
    expect(await page.getByTestId('activity-chart').locator('.recharts-area').count()).toBe(2)

    const recent = page.getByTestId('recent-link')
    await recent.first().getByTestId('recent-link-clicks').waitFor()
    expect(await recent.count()).toBe(3)
    const rows = await recent.evaluateAll((items) =>
      items.map((item) => ({
        title: item.querySelector('p')?.textContent,
        url: item.querySelector('a')?.getAttribute('href'),
        clicks: item.querySelector('[data-testid="recent-link-clicks"]')?.textContent,
      })),
    )
    expect(rows).toEqual([
      { title: 'Fourth', url: fourth.url, clicks: '2' },
      { title: 'Third', url: links[2].url, clicks: '0' },
      { title: 'Second', url: second.url, clicks: '1' },
    ])
    // The widget asks the server for the three it shows, and the total comes from X-Total-Count.
    const listReads = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.includes('/api/shareLinks')))
    expect(listReads.length).toBeGreaterThan(0)
    for (const url of listReads) expect(new URL(url).search).toBe('?limit=3')

    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Manage Links' }).getAttribute('href')).toBe('/share-links')
    expect(await main.getByRole('link', { name: 'API Keys' }).getAttribute('href')).toBe('/api-keys')
    expect(await main.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing')
    await main.getByRole('link', { name: 'Manage Links' }).click()
    await page.getByRole('heading', { level: 1, name: 'Share Links' }).waitFor()
    await context.close()
  })

  it('colours the usage bar yellow from 80% and red at the limit', async () => {
    for (const [previews, color] of [
      [400, 'warning'],
      [500, 'danger'],
    ] as const) {
      const account = await createAccount(web.server, `usage-${previews}`)
      await seedUsage(account, previews, 0)
      const { page, context } = await openDashboard(account)
      await page.getByTestId('usage-numbers').getByText(`${previews} / 500 previews`).waitFor()
      const bar = page.getByRole('progressbar', { name: 'Previews used this month' })
      expect(await bar.locator('[data-color]').getAttribute('data-color')).toBe(color)
      expect(await stat(page, 'Previews This Month').textContent()).toBe(String(previews))
      await context.close()
    }
  })

  it('invites a new account to create its first link, straight into the create dialog, on a phone', async () => {
    const account = await createAccount(web.server, 'newcomer')
    const { page, context } = await openDashboard(account, PHONE)
    const invitation = page.getByTestId('recent-links')
    await invitation.getByText('Create your first share link').waitFor()
    expect(await stat(page, 'Total Links').textContent()).toBe('0')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await invitation.getByRole('link', { name: 'Create Link' }).click()
    await page.getByRole('dialog').getByRole('heading', { name: 'Create Share Link' }).waitFor()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/share-links')
    await context.close()
  })

  it('says which numbers could not be loaded', async () => {
    const account = await createAccount(web.server, 'failing')
    const { page, context } = await openPage(web.browser, web.server.url)
    // The network fails for these calls only; the rest of the dashboard still shows.
    const failing = new Set(['/api/usage', '/api/dashboard-stats', '/api/shareLinks'])
    await page.route((url) => failing.has(url.pathname), (route) => route.abort('failed'))
    await openSignedIn(page, account, '/dashboard')
    for (const text of ['Failed to fetch usage stats', 'Failed to fetch dashboard stats', 'Failed to fetch share links']) await page.getByText(text).waitFor()
    expect(await stat(page, 'Total Clicks').textContent()).toBe('—')
    await page.getByTestId('activity-chart').getByText('Activity could not be loaded.').waitFor()
    await context.close()
  })
})
