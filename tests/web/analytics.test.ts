import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA, DEVICE_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openSignedIn, openSignedInPage, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests(() => ({ TRUST_PROXY: 'true', COUNTRY_HEADER: 'x-country' }))

async function createLinkApi(session: Session, title: string): Promise<Link> {
  const answer = await web.http.post<Link>('/api/shareLinks', { targetUrl: 'https://example.com/', title }, { token: session.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

/** Real hits on the short link: four people (one of them twice) and two crawlers. */
async function recordHits(session: Session, link: Link) {
  const hits: [string, Record<string, string>][] = [
    [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/xyz' }],
    [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/xyz' }],
    [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '81.2.69.142', referer: 'https://www.linkedin.com/' }],
    [DEVICE_UA.ipad, { 'x-country': 'DE' }],
    [CRAWLER_UA.facebook, {}],
    [CRAWLER_UA.slack, {}],
  ]
  for (const [userAgent, headers] of hits) await fetch(link.url, { headers: { 'user-agent': userAgent, ...headers }, redirect: 'manual' })
  // Events are written in batches: wait until the API counts them all.
  await until(async () => (await web.http.get(`/api/shareLinks/${link.id}/analytics`, { token: session.token })).body.totals, {
    what: '4 clicks and 2 previews to be counted',
    done: (totals) => totals?.clicks === 4 && totals?.previews === 2,
  })
}

/** Console messages about the Content Security Policy, which must stay empty. */
function cspViolations(page: Page) {
  const messages: string[] = []
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) messages.push(message.text())
  })
  return messages
}

const total = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('analytics-total-value')
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

describe('link analytics', () => {
  it('shows the chart, totals and breakdowns of real hits, and refetches when the period changes', async () => {
    const account = await createAccount(web.server, 'analytics-view')
    const link = await createLinkApi(account, 'Launch post')
    await recordHits(account, link)

    const { page, context } = await openPage(web.browser, web.server.url)
    const csp = cspViolations(page)
    await openSignedIn(page, account, `/share-links/${link.id}/analytics`)
    await page.getByRole('heading', { level: 1, name: 'Link Analytics' }).waitFor()
    expect(await page.getByTestId('analytics-link-title').textContent()).toBe('Launch post')
    expect(await page.getByTestId('analytics-link-url').textContent()).toBe(link.url)
    expect(await page.getByRole('link', { name: 'Back to Share Links' }).getAttribute('href')).toBe('/share-links')

    await page.getByTestId('analytics-chart').locator('.recharts-wrapper > svg').waitFor()
    // Clicks, scans, previews and unique visitors.
    expect(await page.getByTestId('analytics-chart').locator('.recharts-area').count()).toBe(4)
    expect(await total(page, 'Clicks').textContent()).toBe('4')
    expect(await total(page, 'Scans').textContent()).toBe('0')
    expect(await total(page, 'Previews').textContent()).toBe('2')
    expect(await total(page, 'Unique visitors').textContent()).toBe('3')
    expect(await total(page, 'Social shares').textContent()).toBe('3')
    expect(await total(page, 'Engagement').textContent()).toBe('2.00')

    const rows = (kind: string) =>
      page
        .getByTestId(`breakdown-${kind}`)
        .getByTestId('breakdown-row')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | ')))
    expect(await rows('referrers')).toEqual(['t.co | 2', 'Direct or unknown | 1', 'linkedin.com | 1'])
    expect(await rows('platforms')).toEqual(['FacebookChecked by address | 1 | 0', 'SlackCannot be checked | 1 | 0'])
    expect(await rows('countries')).toEqual(['United States (US) | 2', 'Germany (DE) | 1', 'United Kingdom (GB) | 1'])
    expect(await rows('devices')).toEqual(['Mobile | 2', 'Desktop | 1', 'Tablet | 1'])

    // The 7-day period is asked for anew.
    const sevenDays = page.waitForRequest((request) => request.url().includes(`/analytics?from=${daysAgo(6)}&to=${daysAgo(0)}`))
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click()
    await sevenDays
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true')
    await page.getByText(`Last 7 days: ${daysAgo(6)} to ${daysAgo(0)} (UTC days).`).waitFor()
    expect(await total(page, 'Clicks').textContent()).toBe('4')

    // The year period too.
    const year = page.waitForRequest((request) => request.url().includes(`/analytics?from=${daysAgo(364)}&to=${daysAgo(0)}`))
    await page.getByRole('button', { name: 'Year' }).click()
    await year
    await page.getByText(`Last year: ${daysAgo(364)} to ${daysAgo(0)} (UTC days).`).waitFor()
    expect(csp).toEqual([])
    await context.close()
  })

  it('exports the period as a CSV file', async () => {
    const account = await createAccount(web.server, 'analytics-csv')
    const link = await createLinkApi(account, 'Exported')
    await recordHits(account, link)
    const { page, context } = await openSignedInPage(web, `/share-links/${link.id}/analytics`, { session: account })
    await page.getByRole('group', { name: 'Clicks' }).getByText('4').waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`linkcard-${link.slug}-${daysAgo(29)}-to-${daysAgo(0)}.csv`)
    const lines = readFileSync((await file.path())!, 'utf8').trim().split('\r\n')
    expect(lines[0]).toBe('time,type,platform,referrer,country,device,browser,os,scan,variant,card,unverified')
    expect(lines).toHaveLength(7)
    expect(lines.filter((line) => line.includes(',click,,t.co,US,mobile,Safari,iOS'))).toHaveLength(2)
    await context.close()
  })

  it('says when a new link has nothing yet, on a phone without sideways scrolling', async () => {
    const account = await createAccount(web.server, 'analytics-new')
    const link = await createLinkApi(account, 'Brand new')
    const { page, context } = await openSignedInPage(web, `/share-links/${link.id}/analytics`, { session: account, viewport: PHONE })
    await page.getByText('No clicks or previews yet').waitFor()
    expect(await total(page, 'Clicks').textContent()).toBe('0')
    expect(await total(page, 'Engagement').textContent()).toBe('—')
    await page.getByTestId('breakdown-referrers').getByText('No clicks in this period.').waitFor()
    await page.getByTestId('breakdown-platforms').getByText('No previews in this period.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await context.close()
  })

  it('shows each platform\'s previews with the unverified claims apart, on a desktop and on a phone', async () => {
    const account = await createAccount(web.server, 'analytics-unverified')
    const link = await createLinkApi(account, 'Claimed')
    // Meta's crawler through the proxy's own network (nothing to check: counted), then twice from addresses not Meta's.
    for (const [userAgent, from] of [[CRAWLER_UA.facebook, '10.0.0.9'], [CRAWLER_UA.facebook, '93.184.215.7'], [CRAWLER_UA.facebook, '93.184.215.8'], [CRAWLER_UA.whatsapp, '93.184.215.9']])
      await fetch(link.url, { headers: { 'user-agent': userAgent!, 'x-forwarded-for': from! }, redirect: 'manual' })
    await until(async () => (await web.http.get(`/api/shareLinks/${link.id}/analytics`, { token: account.token })).body.previewsByPlatform, {
      what: 'the previews and the unverified claims to be counted',
      done: (rows) => rows?.[0]?.unverified === 2 && rows?.[1]?.previews === 1,
    })
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await openSignedInPage(web, `/share-links/${link.id}/analytics`, { session: account, viewport })
      const rows = page.getByTestId('breakdown-platforms').getByTestId('breakdown-row')
      await rows.first().waitFor()
      expect(await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | ')))).toEqual([
        'FacebookChecked by address | 1 | 2',
        'WhatsAppCannot be checked | 1 | 0',
      ])
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await saveScreenshot(page.getByTestId('breakdown-platforms'), `analytics-platforms-${viewport.width}`)
      await context.close()
    }
  })

  it('draws the chart on a phone', async () => {
    const account = await createAccount(web.server, 'analytics-phone')
    const link = await createLinkApi(account, 'Pocket')
    await recordHits(account, link)
    const { page, context } = await openSignedInPage(web, `/share-links/${link.id}/analytics`, { session: account, viewport: PHONE })
    const chart = page.getByTestId('analytics-chart').locator('.recharts-wrapper > svg')
    await chart.waitFor()
    const box = await chart.boundingBox()
    expect(box!.width).toBeGreaterThan(250)
    expect(box!.width).toBeLessThanOrEqual(PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await context.close()
  })

  it('says when the analytics could not be fetched, and tries again on request', async () => {
    const account = await createAccount(web.server, 'analytics-failing')
    const link = await createLinkApi(account, 'Flaky')
    const { page, context } = await openPage(web.browser, web.server.url)
    let failing = true
    await page.route('**/analytics?**', (route) => (failing ? route.abort('failed') : route.continue()))
    await openSignedIn(page, account, `/share-links/${link.id}/analytics`)
    await page.getByText('Failed to fetch analytics').waitFor()
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('No clicks or previews yet').waitFor()
    await context.close()
  })

  it('says when the link could not be fetched, and tries again on request', async () => {
    const account = await createAccount(web.server, 'analytics-link-failing')
    const link = await createLinkApi(account, 'Flaky link')
    const { page, context } = await openPage(web.browser, web.server.url)
    let failing = true
    await page.route(
      (url) => url.pathname === `/api/shareLinks/${link.id}`,
      (route) => (failing ? route.fulfill({ status: 503, json: { message: 'Linkcard is busy.' } }) : route.continue()),
    )
    await openSignedIn(page, account, `/share-links/${link.id}/analytics`)
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch analytics' })
    await alert.getByText('Linkcard is busy.').waitFor()
    failing = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await page.getByTestId('analytics-link-title').getByText('Flaky link').waitFor()
    await page.getByText('No clicks or previews yet').waitFor()
    await context.close()
  })

  it('asks for the analytics while the link is still loading', async () => {
    const account = await createAccount(web.server, 'analytics-parallel')
    const link = await createLinkApi(account, 'Parallel')
    const { page, context } = await openPage(web.browser, web.server.url)
    let analyticsAsked: () => void
    const asked = new Promise<void>((resolve) => (analyticsAsked = resolve))
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/shareLinks/${link.id}/analytics`) analyticsAsked()
    })
    // The link's answer waits until the analytics have been asked for: fetched one after the other, the page would never load.
    await page.route(
      (url) => url.pathname === `/api/shareLinks/${link.id}`,
      async (route) => {
        await asked
        await route.continue()
      },
    )
    await openSignedIn(page, account, `/share-links/${link.id}/analytics`)
    await page.getByText('No clicks or previews yet').waitFor()
    await context.close()
  })

  it("says so for a link that is not the account's", async () => {
    const owner = await createAccount(web.server, 'analytics-owner')
    const link = await createLinkApi(owner, 'Not yours')
    const { page, context } = await openSignedInPage(web, `/share-links/${link.id}/analytics`, { label: 'analytics-other' })
    await page.getByRole('heading', { name: 'Link not found' }).waitFor()
    expect(await page.getByText('Not yours').count()).toBe(0)
    await context.close()
  })
})

describe('dashboard chart', () => {
  it('shows an empty state for an account without activity, on a phone', async () => {
    const { page, context } = await openSignedInPage(web, '/dashboard', { label: 'dashboard-empty', viewport: PHONE })
    await page.getByTestId('activity-chart').getByText('No clicks or previews in the last 30 days.', { exact: false }).waitFor()
    expect(await page.getByTestId('activity-chart').locator('.recharts-wrapper > svg').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await context.close()
  })
})
