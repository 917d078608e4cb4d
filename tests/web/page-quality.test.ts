// Every screen, at desktop and phone size, for an account with links, tags and clicks:
// - holds still while its data arrives: the layout shift the browser measures (the sum of every
//   shift not caused by input, at least the Cumulative Layout Shift Lighthouse reports) stays under 0.1;
// - has no serious or critical WCAG 2.1 A/AA violation as axe-core finds them.
import { beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { grantSuperAdmin } from '../helpers/accounts'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { browserAroundTests, createAccount, openSignedIn } from './support'

setDefaultTimeout(180_000)
const web = browserAroundTests()

// Counts every layout shift of the page from its first paint, before any script of the app runs.
const MEASURE_SHIFTS = `
  window.__layoutShift = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
`

const APP_SCREENS = ['/dashboard', '/share-links', '/analytics', '/api-keys', '/webhooks', '/members', '/settings', '/billing', '/domains']
// Signed in, the public pages are measured too; signed out, these are checked for accessibility.
const PUBLIC_SCREENS = ['/', '/pricing', '/docs', '/login', '/signup', '/no-such-page']

let account: Session
let linkId: string
let gonePath: string
beforeAll(async () => {
  account = await createAccount(web.server, 'still')
  await grantSuperAdmin(web.server, account.user.email)
  account.user.isSuperAdmin = true
  const day = new Date().toISOString().slice(0, 10)
  for (let i = 0; i < 25; i++) {
    const body = { targetUrl: `https://example.com/still/${i}`, title: `Steady link ${i}`, tags: i % 3 === 0 ? ['launch'] : [], ...(i === 1 ? { password: 'open sesame', clickLimit: 50 } : {}) }
    const made = await web.http.post<{ id: string; url: string }>('/api/shareLinks', body, { token: account.token })
    if (made.status !== 201) throw new Error(`create answered ${made.status}: ${made.text}`)
    if (i === 0) linkId = made.body.id
    if (i % 4 === 0)
      await sql(web.server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, $4, 1, 0, 1)', [
        made.body.id,
        account.user.accountId,
        day,
        i + 1,
      ])
  }
  // The last link deleted: its address answers the page of a link that no longer works.
  const [last] = (await web.http.get<{ id: string; url: string }[]>('/api/shareLinks', { token: account.token })).body
  if ((await web.http.delete(`/api/shareLinks/${last.id}`, { token: account.token })).status !== 204) throw new Error('delete failed')
  gonePath = new URL(last.url).pathname
})

/** The page's layout shift so far, once it has held still (no new shift between two readings). */
async function settledShift(page: Page) {
  await page.waitForLoadState('networkidle')
  let last = -1
  return until(() => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift), {
    what: 'the page to hold still',
    everyMs: 400,
    done: (shift) => {
      const still = shift === last
      last = shift
      return still
    },
  })
}

// Evaluated through the browser's debugging protocol, which the pages' script policy does not govern.
const AXE_SOURCE = await Bun.file(require.resolve('axe-core/axe.min.js')).text()

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it stands, with where they are. */
async function violations(page: Page) {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)
  })
}

describe('every screen', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`holds still (layout shift under 0.1) and has no serious or critical accessibility violation at ${viewport.width} px`, async () => {
      const shifts: Record<string, number> = {}
      const found: Record<string, string[]> = {}
      const check = async (name: string, page: Page) => {
        const seen = await violations(page)
        if (seen.length > 0) found[name] = seen
      }
      for (const path of [...APP_SCREENS, `/share-links/${linkId}/analytics`, '/admin', '/docs', '/pricing', '/']) {
        const { page, context } = await openPage(web.browser, web.server.url, viewport)
        await context.addInitScript(MEASURE_SHIFTS)
        await openSignedIn(page, account, path)
        shifts[path] = Number((await settledShift(page)).toFixed(3))
        await check(path, page)
        // Each tab of the admin panel.
        if (path === '/admin')
          for (const tab of ['Users', 'Audit Log']) {
            await page.getByRole('tab', { name: tab }).click()
            await page.waitForLoadState('networkidle')
            await check(`/admin ${tab}`, page)
          }
        await context.close()
      }
      // Signed out: the public pages, the API reference, and what visitors of short links get.
      for (const path of [...PUBLIC_SCREENS, '/api/docs', gonePath]) {
        const { page, context } = await openPage(web.browser, web.server.url, viewport)
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        await check(path, page)
        await context.close()
      }
      expect(Object.entries(shifts).filter(([, shift]) => shift >= 0.1)).toEqual([])
      expect(found).toEqual({})
    })
  }
})
