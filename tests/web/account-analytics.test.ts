// /analytics: every link of the account together, or one tag's, over the last 7, 30 or 90 days or
// any days, with each total's change against the period before, at 1440 and 390 px.
import { beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openSignedIn, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests(() => ({ TRUST_PROXY: 'true', COUNTRY_HEADER: 'x-country' }))

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

async function createLinkApi(session: Session, title: string, tags: string[] = []): Promise<Link> {
  const answer = await web.http.post<Link>('/api/shareLinks', { targetUrl: 'https://example.com/', title, tags }, { token: session.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

/** Real visits of a short link (people from their own addresses, and crawlers), then waits until they are counted. */
async function visit(session: Session, link: Link, people: number, crawlers: string[] = []) {
  for (let i = 0; i < people; i++)
    await fetch(link.url, { headers: { 'user-agent': BROWSER_UA.chromeWindows, 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-country': 'DE', referer: 'https://t.co/x' }, redirect: 'manual' })
  for (const crawler of crawlers) await fetch(link.url, { headers: { 'user-agent': crawler }, redirect: 'manual' })
  await until(async () => (await web.http.get(`/api/shareLinks/${link.id}/analytics`, { token: session.token })).body.totals, {
    what: `${people} clicks of ${link.title} to be counted`,
    done: (totals) => totals?.clicks === people && totals?.previews === crawlers.length,
  })
}

/** An earlier day's clicks, written into the rollups as the event writer leaves them. */
const pastClicks = (session: Session, link: Link, day: string, clicks: number) =>
  sql(web.server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, $4, 0, 0, $4)', [
    link.id,
    session.user.accountId,
    day,
    clicks,
  ])

const total = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('analytics-total-value')
const change = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('analytics-change')
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const topLinks = (page: Page) =>
  page.getByTestId('top-link').evaluateAll((rows) =>
    rows.map((row) => {
      const title = row.querySelector('[data-testid="top-link-title"]')
      return `${title?.textContent} ${title?.getAttribute('href')} ${row.querySelector('[data-testid="top-link-clicks"]')?.textContent}`
    }),
  )

/** Waits until the Clicks total reads `clicks`: the numbers of the range and tag just chosen. */
const clicksRead = (page: Page, clicks: string) => page.getByRole('group', { name: 'Clicks' }).getByTestId('analytics-total-value').getByText(clicks, { exact: true }).waitFor()

async function chooseTag(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Tag' }).click()
  const option = page.getByRole('option', { name: label })
  await option.focus()
  await page.keyboard.press('Enter')
  await option.waitFor({ state: 'detached' })
}

async function openAnalytics(session: Session, viewport = DESKTOP) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await openSignedIn(opened.page, session, '/analytics')
  await opened.page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
  return opened
}

let account: Session
let launch: Link
let follow: Link
let about: Link

beforeAll(async () => {
  account = await createAccount(web.server, 'account-analytics')
  ;[launch, follow, about] = await Promise.all([createLinkApi(account, 'Launch post', ['spring']), createLinkApi(account, 'Follow-up', ['spring']), createLinkApi(account, 'About us')])
  await Promise.all([visit(account, launch, 3, [CRAWLER_UA.facebook]), visit(account, follow, 1, [CRAWLER_UA.slack]), visit(account, about, 2)])
  // The 30 days before the last 30 (the default comparison), and earlier within the last 90.
  await pastClicks(account, about, daysAgo(40), 4)
  await pastClicks(account, launch, daysAgo(60), 5)
  // Another account's link: never counted here.
  const stranger = await createAccount(web.server, 'account-analytics-stranger')
  await visit(stranger, await createLinkApi(stranger, 'Stranger', ['spring']), 4)
})

describe('account analytics', () => {
  it('is in the app navigation after the dashboard, and shows totals against the period before, the chart, top links and breakdowns', async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    await openSignedIn(page, account, '/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    const nav = page.locator('header').getByRole('navigation', { name: 'Main' }).first()
    expect((await nav.getByRole('link').allTextContents()).slice(0, 3)).toEqual(['Dashboard', 'Analytics', 'Links'])
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Analytics', exact: true }).getAttribute('aria-current')).toBe('page')

    await clicksRead(page, '6')
    // 6 clicks against the 4 of the 30 days before: up, in words and colour.
    expect(await change(page, 'Clicks').textContent()).toBe('Up 50% from 4')
    expect(await change(page, 'Clicks').getAttribute('data-trend')).toBe('up')
    expect(await total(page, 'Previews').textContent()).toBe('2')
    expect(await change(page, 'Previews').textContent()).toBe('None before')
    expect(await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('analytics-chart').locator('.recharts-wrapper > svg').waitFor()
    expect(await topLinks(page)).toEqual([
      `Launch post /share-links/${launch.id}/analytics 3`,
      `About us /share-links/${about.id}/analytics 2`,
      `Follow-up /share-links/${follow.id}/analytics 1`,
    ])
    expect(await page.getByTestId('breakdown-referrers').getByTestId('breakdown-row').allTextContents()).toEqual(['t.co6'])
    await saveScreenshot(page, 'analytics-1440.png', { fullPage: true })

    await page.getByTestId('top-link').first().getByRole('link').click()
    await page.getByRole('heading', { level: 1, name: 'Link Analytics' }).waitFor()
    expect(await page.getByTestId('analytics-link-title').textContent()).toBe('Launch post')
    await context.close()
  })

  it('changes the numbers with the range, by button, keyboard or custom dates, and keeps them in the address', async () => {
    const { page, context } = await openAnalytics(account)
    await clicksRead(page, '6')
    const period = page.getByRole('group', { name: 'Period' })

    await period.getByRole('button', { name: '90 days' }).click()
    await clicksRead(page, '15')
    expect(new URL(page.url()).search).toBe('?days=90')
    expect(await change(page, 'Clicks').textContent()).toBe('None before')

    await period.getByRole('button', { name: '7 days' }).focus()
    await page.keyboard.press('Space')
    await clicksRead(page, '6')
    expect(await period.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true')

    await period.getByRole('button', { name: 'Custom' }).click()
    const custom = page.getByRole('form', { name: 'Custom period' })
    let reads = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analytics') reads++
    })
    await custom.getByLabel('From').fill(daysAgo(35))
    await custom.getByLabel('To').fill(daysAgo(45))
    await custom.getByRole('button', { name: 'Apply' }).click()
    await custom.getByRole('alert').getByText('From must not be after to.').waitFor()
    expect(reads).toBe(0)
    await custom.getByLabel('From').fill(daysAgo(45))
    await custom.getByLabel('To').fill(daysAgo(35))
    await custom.getByLabel('To').press('Enter')
    await clicksRead(page, '4')
    expect(new URL(page.url()).search).toBe(`?from=${daysAgo(45)}&to=${daysAgo(35)}`)
    expect(await topLinks(page)).toEqual([`About us /share-links/${about.id}/analytics 4`])

    // The address holds the view: reloaded, it shows the same days.
    await page.reload()
    await clicksRead(page, '4')
    expect(await custom.getByLabel('From').inputValue()).toBe(daysAgo(45))
    await context.close()
  })

  it("counts only one tag's links when the tag is chosen", async () => {
    const { page, context } = await openAnalytics(account)
    await clicksRead(page, '6')
    await chooseTag(page, 'Tag: spring')
    await clicksRead(page, '4')
    expect(await topLinks(page)).toEqual([`Launch post /share-links/${launch.id}/analytics 3`, `Follow-up /share-links/${follow.id}/analytics 1`])
    expect(await change(page, 'Clicks').textContent()).toBe('None before')
    await page.getByTestId('analytics-period').getByText('Links tagged “spring”').waitFor()
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' }).click()
    await clicksRead(page, '9')
    expect(new URLSearchParams(new URL(page.url()).search).get('days')).toBe('90')
    await chooseTag(page, 'All links')
    await clicksRead(page, '15')
    await context.close()
  })

  it('fits a 390 px phone without scrolling sideways, and changes range there too', async () => {
    const { page, context } = await openAnalytics(account, PHONE)
    await clicksRead(page, '6')
    await page.getByTestId('analytics-chart').locator('.recharts-wrapper > svg').waitFor()
    expect(await fitsWidth(page)).toBe(true)
    await saveScreenshot(page, 'analytics-390.png', { fullPage: true })
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }).click()
    await page.getByRole('form', { name: 'Custom period' }).getByRole('button', { name: 'Apply' }).waitFor()
    expect(await fitsWidth(page)).toBe(true)
    await saveScreenshot(page, 'analytics-custom-390.png')
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' }).click()
    await clicksRead(page, '15')
    expect(await fitsWidth(page)).toBe(true)
    await context.close()
  })

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const)
    it(`holds each place while loading at ${size} px, so nothing moves when the numbers arrive`, async () => {
      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(
        (url) => url.pathname === '/api/analytics',
        async (route) => {
          await held
          await route.continue()
        },
      )
      await openSignedIn(page, account, '/analytics')
      const chart = page.getByTestId('analytics-chart')
      await chart.waitFor()
      await page.getByRole('group', { name: 'Clicks' }).waitFor()
      await saveScreenshot(page, `analytics-loading-${size}.png`)
      const boxes = async () => ({
        period: await page.getByTestId('analytics-period').boundingBox(),
        clicks: await page.getByRole('group', { name: 'Clicks' }).boundingBox(),
        scans: await page.getByRole('group', { name: 'Scans' }).boundingBox(),
        engagement: await page.getByRole('group', { name: 'Engagement' }).boundingBox(),
        chart: await chart.boundingBox(),
      })
      const loading = await boxes()
      expect(await total(page, 'Clicks').count()).toBe(0)
      release()
      await clicksRead(page, '6')
      await chart.locator('.recharts-wrapper > svg').waitFor()
      expect(await boxes()).toEqual(loading)
      await context.close()
    })

  it('shows an empty state to an account without clicks, and an error with a way to try again', async () => {
    const newcomer = await createAccount(web.server, 'account-analytics-new')
    const { page, context } = await openPage(web.browser, web.server.url, PHONE)
    const isAnalytics = (url: URL) => url.pathname === '/api/analytics'
    await page.route(isAnalytics, (route) => route.abort('failed'))
    await openSignedIn(page, newcomer, '/analytics')
    await page.getByText('Failed to fetch analytics').waitFor()
    await saveScreenshot(page, 'analytics-error-390.png')
    await page.unroute(isAnalytics)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('No clicks or previews in this period').waitFor()
    expect(await page.getByText('Failed to fetch analytics').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Create Link' }).getAttribute('href')).toBe('/share-links?new=1')
    expect(await total(page, 'Clicks').textContent()).toBe('0')
    expect(await change(page, 'Clicks').textContent()).toBe('None in either period')
    expect(await fitsWidth(page)).toBe(true)
    await saveScreenshot(page, 'analytics-empty-390.png', { fullPage: true })
    await context.close()
  })
})
