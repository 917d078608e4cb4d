// The Sessions card in Settings: where the account is signed in, this device marked, and another
// device's session ended by keyboard after a confirmation; at desktop and phone width.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { DESKTOP, PHONE } from '../helpers/browser'
import { uniqueEmail } from '../helpers/http'
import { BROWSER_UA } from '../helpers/user-agents'
import { browserAroundTests, closeWithEscape, openSignedInPage, PASSWORD, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

// Behind a (pretend) proxy that names the client's country.
const web = browserAroundTests(() => ({ TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' }))

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const sessionsCard = (page: Page) => page.getByRole('region', { name: 'Sessions' })
const sessionRows = (page: Page) => sessionsCard(page).getByTestId('session-row')

/** A new account signed up from Chrome on Windows, and a second session of it from an iPhone in Germany. */
async function accountOnTwoDevices(label: string) {
  const email = uniqueEmail(label)
  const signedUp = await web.http.post<Session>('/api/auth/signup', { email, password: PASSWORD }, { headers: { 'user-agent': BROWSER_UA.chromeWindows } })
  expect(signedUp.status).toBe(201)
  const phone = await web.http.post<Session>('/api/auth/login', { email, password: PASSWORD }, { headers: { 'user-agent': BROWSER_UA.safariIphone, 'cf-ipcountry': 'DE' } })
  expect(phone.status).toBe(200)
  return { laptop: signedUp.body, phoneToken: phone.body.token }
}

describe('/settings sessions', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`lists this device and the phone, and ends the phone's session by keyboard, at ${viewport.width} px`, async () => {
      const { laptop, phoneToken } = await accountOnTwoDevices(`sessions-${viewport.width}`)
      const { page, context } = await openSignedInPage(web, '/settings', { session: laptop, viewport })
      await sessionsCard(page).getByRole('list').waitFor()
      expect(await sessionRows(page).count()).toBe(2)
      const [current, phone] = [sessionRows(page).nth(0), sessionRows(page).nth(1)]
      expect(await current.textContent()).toContain('Chrome on Windows PC')
      expect(await current.textContent()).toContain('This device')
      expect(await current.getByRole('button').count()).toBe(0)
      expect(await phone.textContent()).toContain('Safari on iPhone')
      expect(await phone.textContent()).toContain('Germany')
      expect(await phone.textContent()).not.toContain('This device')
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(sessionsCard(page), `sessions-${viewport.width}.png`)

      // Asked first: backing out ends nothing.
      const end = phone.getByRole('button', { name: 'End the session of Safari on iPhone' })
      await end.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('alertdialog', { name: 'End the session of Safari on iPhone?' })
      await closeWithEscape(page, dialog)
      expect(await sessionRows(page).count()).toBe(2)
      expect((await web.http.get('/api/auth/me', { token: phoneToken })).status).toBe(200)

      await end.focus()
      await page.keyboard.press('Enter')
      await dialog.waitFor()
      await page.waitForFunction((element) => element?.contains(document.activeElement) ?? false, await dialog.elementHandle())
      await dialog.getByRole('button', { name: 'End Session' }).focus()
      await page.keyboard.press('Enter')
      await waitForToast(page, 'Session ended', 'Safari on iPhone is signed out.')
      await page.getByText('No other device is signed in.').waitFor()
      expect(await sessionRows(page).count()).toBe(1)
      expect((await web.http.get('/api/auth/me', { token: phoneToken })).status).toBe(401)
      expect((await web.http.get('/api/auth/me', { token: laptop.token })).status).toBe(200)
      // Signing out of every session is still offered.
      await page.getByRole('button', { name: 'Sign Out Everywhere' }).waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await context.close()
    })

  it('says when the sessions could not be loaded, and loads them on a second try', async () => {
    const { laptop } = await accountOnTwoDevices('sessions-failing')
    const { page, context } = await openSignedInPage(web, '/robots.txt', { session: laptop })
    await page.route('**/api/auth/sessions', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a moment."}' }))
    await page.goto('/settings')
    await sessionsCard(page).getByRole('alert').filter({ hasText: 'Down for a moment.' }).waitFor()
    await page.unroute('**/api/auth/sessions')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await sessionsCard(page).getByRole('list').waitFor()
    expect(await sessionRows(page).count()).toBe(2)
    await context.close()
  })
})
