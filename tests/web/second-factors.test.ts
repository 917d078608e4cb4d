// Two-factor authentication in the browser: set up in Settings with an authenticator app (the test
// computes its codes from the key the page shows), the sign-in that asks for a code after the
// password, a recovery code instead, and turning it off; at desktop and phone size.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { browserAroundTests, createAccount, openSignedInPage, PASSWORD, saveScreenshot, storedSession, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Signs in with the password on /login and waits for the code step. */
async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor()
}

describe('two-factor authentication', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is set up in Settings, asked for after the password, and turned off, at ${viewport.width} px`, async () => {
      const { page, context, session } = await openSignedInPage(web, '/settings', { label: `totp-${viewport.width}`, viewport })
      await page.getByText('Off', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Set Up Authenticator' }).click()
      const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' })
      await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
      const secret = (await setup.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(page, `totp-setup-${viewport.width}.png`)
      // A wrong code says so under the field, and the dialog stays.
      await setup.getByLabel('Code from the app').fill(codeOf(secret) === '000000' ? '111111' : '000000')
      await setup.getByRole('button', { name: 'Turn On' }).click()
      await setup.getByText('That code is not right').waitFor()
      await setup.getByLabel('Code from the app').fill(codeOf(secret))
      await setup.getByRole('button', { name: 'Turn On' }).click()
      const saved = page.getByRole('dialog', { name: 'Save your recovery codes' })
      await saved.getByTestId('recovery-codes').waitFor()
      const recoveryCodes = await saved.getByTestId('recovery-codes').locator('li').allTextContents()
      expect(recoveryCodes).toHaveLength(10)
      await saveScreenshot(page, `totp-recovery-codes-${viewport.width}.png`)
      await saved.getByRole('button', { name: 'Done' }).click()
      await page.getByText('10 of 10 recovery codes left').waitFor()

      // Another browser: the password leads to the code step, not in.
      const other = await openPage(web.browser, web.server.url, viewport)
      await signInWithPassword(other.page, session.user.email)
      expect(await storedSession(other.page)).toEqual({ token: null, user: null })
      expect(await fitsWidth(other.page)).toBe(true)
      await saveScreenshot(other.page, `totp-sign-in-${viewport.width}.png`)
      await other.page.getByLabel('Authentication code').fill(codeOf(secret, 1))
      await other.page.keyboard.press('Enter')
      await other.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await other.context.close()

      // A third: a recovery code instead, which leaves nine.
      const third = await openPage(web.browser, web.server.url, viewport)
      await signInWithPassword(third.page, session.user.email)
      await third.page.getByRole('button', { name: 'Use a recovery code' }).click()
      await third.page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
      await third.page.getByRole('button', { name: 'Verify' }).click()
      await third.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await third.context.close()

      // Turned off with the password; the password alone signs in again.
      await page.reload()
      await page.getByText('9 of 10 recovery codes left').waitFor()
      await page.getByRole('button', { name: 'Turn Off' }).click()
      const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' })
      await off.getByLabel('Current password').fill(PASSWORD)
      await off.getByRole('button', { name: 'Turn Off' }).click()
      await waitForToast(page, 'Two-factor authentication is off')
      await page.getByRole('button', { name: 'Set Up Authenticator' }).waitFor()
      const last = await openPage(web.browser, web.server.url, viewport)
      await last.page.goto('/login')
      await last.page.getByLabel('Email').fill(session.user.email)
      await last.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await last.page.getByRole('button', { name: 'Sign In' }).click()
      await last.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await last.context.close()
      await context.close()
    })
  }

  it('starts over from the password when the code step is left', async () => {
    const account = await createAccount(web.server, 'totp-back')
    const http = (path: string, body: object) =>
      fetch(`${web.server.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((answer) => answer.json())
    const { secret } = await http('/auth/2fa/totp/setup', {})
    await http('/auth/2fa/totp/enable', { code: codeOf(secret) })
    const { page, context } = await openPage(web.browser, web.server.url, PHONE)
    await signInWithPassword(page, account.user.email)
    await page.getByRole('button', { name: 'Back to sign in' }).click()
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true)
    await context.close()
  })
})
