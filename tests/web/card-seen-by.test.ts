// The link's page says which card each platform holds (version and when it was fetched) and offers
// the way to a refreshed one: a button for Facebook's re-scrape (a local stand-in of its Graph API
// here), the platform's own tool, or what to wait for.
import { afterAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE } from '../helpers/browser'
import { startGraphStandIn } from '../helpers/facebook-graph'
import { visit } from '../helpers/http'
import { CRAWLER_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openSignedInPage, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const TOKEN = '42|secret-of-the-browser-test'
const graph = startGraphStandIn(TOKEN)

const web = browserAroundTests(() => ({ FACEBOOK_APP_TOKEN: TOKEN, FACEBOOK_GRAPH_URL: graph.url }))
afterAll(() => graph.stop())

const row = (page: Page, platform: string) => page.locator(`[data-testid="seen-by-row"][data-platform="${platform}"]`)
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('seen by, on the link’s page', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows each platform's version and the way to refresh it, and refreshes Facebook's, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `seen-by-${viewport.width}`)
      const made = await web.http.post('/api/shareLinks', { targetUrl: 'https://example.com/launch', title: 'Launch' }, { token: account.token })
      await visit(made.body.url, { userAgent: CRAWLER_UA.linkedin })
      await web.http.patch(`/api/shareLinks/${made.body.id}`, { title: 'Launch day' }, { token: account.token })
      await visit(made.body.url, { userAgent: CRAWLER_UA.whatsapp })

      const { page, context } = await openSignedInPage(web, `/share-links/${made.body.id}/analytics`, { session: account, viewport: viewport })
      await page.getByTestId('seen-by').waitFor()
      expect(await page.getByTestId('card-seen-by').textContent()).toContain('version 2')
      expect(await row(page, 'linkedin').textContent()).toContain('Fetched version 1')
      await row(page, 'linkedin').getByText('Older than version 2').waitFor()
      expect(await row(page, 'whatsapp').textContent()).toContain('Fetched version 2')
      await row(page, 'whatsapp').getByText('Current').waitFor()
      expect(await row(page, 'x').textContent()).toContain('Not fetched yet')

      const inspector = row(page, 'linkedin').getByRole('link', { name: 'Refresh on LinkedIn' })
      expect(await inspector.getAttribute('href')).toBe(`https://www.linkedin.com/post-inspector/inspect/${encodeURIComponent(made.body.url)}`)
      expect(await inspector.getAttribute('target')).toBe('_blank')
      await row(page, 'x').getByText('X reads a card again about a week').waitFor()

      graph.calls.length = 0
      await row(page, 'facebook').getByRole('button', { name: 'Refresh on Facebook' }).click()
      await waitForToast(page, 'Facebook is reading the card again')
      expect(graph.calls.map((call) => call.get('id'))).toEqual([made.body.url])
      expect(await fitsWidth(page)).toBe(true)
      await page.getByTestId('card-seen-by').scrollIntoViewIfNeeded()
      await saveScreenshot(page.getByTestId('card-seen-by'), `linkcard-seen-by-${viewport.width}.png`)
      await context.close()
    })
  }
})
