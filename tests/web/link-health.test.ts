// A link's health in the Share Links list: the "Needs attention" badge with its reason and when
// it was checked, the filter, and "Check now", on a wide screen and on a phone.
import { afterAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE } from '../helpers/browser'
import { browserAroundTests, createAccount, openLinkList, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

let isBroken = true
const site = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const { pathname } = new URL(request.url)
    if (pathname === '/flaky' && isBroken) return new Response('gone', { status: 404 })
    return new Response('<!doctype html><title>A page</title>', { headers: { 'content-type': 'text/html' } })
  },
})
afterAll(() => site.stop(true))

const web = browserAroundTests(() => ({ FETCH_ALLOWED_HOSTS: `127.0.0.1:${site.port}` }))

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('link health in the list', () => {
  it('shows what needs attention, filters it, and checks a link again, at 1440 and 390 px', async () => {
    const account = await createAccount(web.server, 'health')
    const make = async (title: string, path: string) => (await web.http.post('/api/shareLinks', { title, targetUrl: `http://127.0.0.1:${site.port}${path}` }, { token: account.token })).body
    await make('Steady page', '/steady')
    const flaky = await make('Flaky page', '/flaky')

    for (const viewport of [DESKTOP, PHONE]) {
      isBroken = true
      expect((await web.http.post(`/api/shareLinks/${flaky.id}/check`, undefined, { token: account.token })).body.status).toBe('broken')
      const { page, context } = await openLinkList(web, account, viewport)
      const item = (title: string) => page.getByTestId(viewport === DESKTOP ? 'link-row' : 'link-card').filter({ hasText: title })
      await item('Steady page').waitFor()
      const note = item('Flaky page').getByTestId('link-health')
      await note.waitFor()
      expect(await note.textContent()).toMatch(/Needs attention.*HTTP 404 Not Found.*checked/)
      expect(await item('Steady page').getByTestId('link-health').count()).toBe(0)
      await saveScreenshot(page, `link-health-${viewport.width}.png`)

      await choose(page, 'Status', 'Needs attention')
      await item('Steady page').waitFor({ state: 'detached' })
      expect(await item('Flaky page').count()).toBe(1)
      // Nothing runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)

      // Fixed at the target and checked now: the link leaves the list of those that need attention.
      isBroken = false
      await item('Flaky page').getByRole('button', { name: /^More actions for/ }).click()
      await page.getByRole('menuitem', { name: 'Check now', exact: true }).click()
      await waitForToast(page, 'Checked: the link and its card work')
      await page.getByText('No links match your filters').waitFor()
      await context.close()
    }
  })
})
