import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { visit } from '../helpers/http'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'
import { browserAroundTests, closeWithEscape, createAccount, openSignedIn, saveScreenshot } from './support'

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

const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '')

async function openDashboard(session: Session, viewport?: typeof PHONE) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await openSignedIn(opened.page, session, '/dashboard')
  await opened.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  return opened
}

const stat = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('stat-value')
const dialog = (page: Page) => page.getByRole('dialog')
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** The busiest links card's rows as the reader sees them: title, where the title leads, clicks. */
const busiestRows = (page: Page) =>
  page.getByTestId('busiest-link').evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('[data-testid="busiest-link-title"]')?.textContent,
      href: item.querySelector('[data-testid="busiest-link-title"]')?.getAttribute('href'),
      clicks: item.querySelector('[data-testid="busiest-link-clicks"]')?.textContent,
    })),
  )

describe('dashboard', () => {
  it('shows plan, usage, the four numbers, the activity chart and the busiest links with their clicks, most first', async () => {
    const account = await createAccount(web.server, 'numbers')
    await seedUsage(account, 0, 7)
    const links: Link[] = []
    for (const title of ['First', 'Second', 'Third', 'Fourth']) links.push(await createLinkApi(account, title))
    const [, second, third, fourth] = links
    for (const link of [fourth, fourth, second, third, third, third]) await visit(link.url)
    await visit(fourth.url, { userAgent: CRAWLER_UA.slack })
    await visit(fourth.url, { userAgent: CRAWLER_UA.facebook })
    // Events are written in batches; wait until the API counts them all.
    await until(async () => (await web.http.get('/api/dashboard-stats', { token: account.token })).body.totalClicks === 6, { what: 'the 6 clicks to be counted' })
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
    expect(await stat(page, 'Total Clicks').textContent()).toBe('6')
    expect(await stat(page, 'Previews This Month').textContent()).toBe('2')
    expect(await stat(page, 'API Calls').textContent()).toBe('7')
    await page.getByTestId('activity-chart').getByText('6 clicks and 2 previews in the last 30 days.').waitFor()
    await page.getByTestId('activity-chart').locator('.recharts-wrapper > svg').waitFor()
    expect(await page.getByTestId('activity-chart').locator('.recharts-area').count()).toBe(2)

    // Most clicks first; links nobody opened are not among them. Each leads to its own analytics.
    await page.getByTestId('busiest-link').first().waitFor()
    expect(await busiestRows(page)).toEqual([
      { title: 'Third', href: `/share-links/${third.id}/analytics`, clicks: '3' },
      { title: 'Fourth', href: `/share-links/${fourth.id}/analytics`, clicks: '2' },
      { title: 'Second', href: `/share-links/${second.id}/analytics`, clicks: '1' },
    ])
    expect(await page.getByTestId('busiest-link').first().getByText(withoutScheme(third.url)).count()).toBe(1)
    // Previews by platform, how each platform's crawler is checked, and the unverified claims apart (none here).
    const platformRows = page.getByTestId('breakdown-platforms').getByTestId('breakdown-row')
    await platformRows.first().waitFor()
    expect(await platformRows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | ')))).toEqual([
      'FacebookChecked by address | 1 | 0',
      'SlackCannot be checked | 1 | 0',
    ])
    // The total of links comes from X-Total-Count: the dashboard asks for one link only.
    const listReads = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.includes('/api/shareLinks')))
    expect(listReads.length).toBeGreaterThan(0)
    for (const url of listReads) expect(new URL(url).search).toBe('?limit=1')
    await saveScreenshot(page, 'dashboard-1440.png', { fullPage: true })

    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Manage Links' }).getAttribute('href')).toBe('/share-links')
    expect(await main.getByRole('link', { name: 'API Keys' }).getAttribute('href')).toBe('/api-keys')
    expect(await main.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing')
    expect(await main.getByRole('link', { name: 'Analytics', exact: true }).getAttribute('href')).toBe('/analytics')
    await page.getByTestId('busiest-links').getByRole('link', { name: 'Third' }).click()
    await page.getByRole('heading', { level: 1, name: 'Link Analytics' }).waitFor()
    await page.goBack()
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

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const)
    it(`opens the create dialog from the header's Create Link at ${size} px, and counts the new link`, async () => {
      const account = await createAccount(web.server, `create-${size}`)
      await createLinkApi(account, 'Already here')
      const { page, context } = await openDashboard(account, viewport)
      await page.getByTestId('busiest-links').getByText('No clicks yet').waitFor()
      expect(await stat(page, 'Total Links').textContent()).toBe('1')
      const header = page.locator('main').getByRole('button', { name: 'Create Link' })
      // The header's alone: with a link made, there is no first-link invitation.
      expect(await header.count()).toBe(1)
      await header.focus()
      await page.keyboard.press('Enter')
      await dialog(page).getByRole('heading', { name: 'Create Share Link' }).waitFor()
      await saveScreenshot(page, `dashboard-create-${size}.png`)
      await dialog(page).getByLabel('Target URL', { exact: true }).fill('https://example.com/from-dashboard')
      await dialog(page).getByLabel('Title', { exact: true }).fill('From the dashboard')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await dialog(page).getByRole('heading', { name: 'Link created' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/dashboard')
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Link created' }))
      await page.getByRole('group', { name: 'Total Links' }).getByText('2').waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await context.close()
    })

  it('invites a new account to create its first link, straight into the create dialog, on a phone', async () => {
    const account = await createAccount(web.server, 'newcomer')
    const { page, context } = await openDashboard(account, PHONE)
    const invitation = page.getByTestId('busiest-links')
    await invitation.getByText('Create your first share link').waitFor()
    expect(await stat(page, 'Total Links').textContent()).toBe('0')
    expect(await fitsWidth(page)).toBe(true)
    await saveScreenshot(page, 'dashboard-new-390.png', { fullPage: true })
    await invitation.getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByRole('heading', { name: 'Create Share Link' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await context.close()
  })

  it('says so when no link had a click in the last 30 days, at 390 px too', async () => {
    const account = await createAccount(web.server, 'quiet')
    await createLinkApi(account, 'Quiet one')
    const { page, context } = await openDashboard(account, PHONE)
    const card = page.getByTestId('busiest-links')
    await card.getByText('No clicks yet').waitFor()
    expect(await card.getByRole('link', { name: 'Go to your links' }).getAttribute('href')).toBe('/share-links')
    expect(await page.getByTestId('busiest-link').count()).toBe(0)
    expect(await fitsWidth(page)).toBe(true)
    await saveScreenshot(page, 'dashboard-quiet-390.png', { fullPage: true })
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
    await page.getByTestId('busiest-links').getByText('Busiest links could not be loaded.').waitFor()
    await context.close()
  })
})
