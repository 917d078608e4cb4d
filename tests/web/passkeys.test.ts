// Passkeys in the real browser, made and used by Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain): added in Settings, a sign-in of their own, the step after a password,
// and removed; at desktop and phone size. Passkeys belong to a host name, so the server's public
// address here is http://localhost, not an IP address.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { sql } from '../helpers/sql'
import { browserAroundTests, createAccount, openSignedIn, PASSWORD, saveScreenshot, storedSession, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests(() => ({ PUBLIC_URL: 'http://localhost:{port}' }))
const site = () => web.server.env.PUBLIC_URL!

/** A page on the public address with an authenticator that holds passkeys and verifies its user. */
async function withAuthenticator(viewport: typeof DESKTOP) {
  const opened = await openPage(web.browser, site(), viewport)
  const devtools = await opened.context.newCDPSession(opened.page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  const credentials = async () => (await devtools.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { ...opened, credentials }
}

type Holder = { credentials: () => Promise<unknown[]> }

/**
 * The passkeys of the browser that used them last, moved into another's (the same device, signed
 * out), their use counts with them: a copy that lags behind is a cloned key, and refused.
 */
async function carryPasskeys(from: Holder, into: { context: BrowserContext; page: Page }): Promise<Holder> {
  const devtools = await into.context.newCDPSession(into.page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  for (const credential of await from.credentials()) await devtools.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never })
  return { credentials: async () => (await devtools.send('WebAuthn.getCredentials', { authenticatorId })).credentials }
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('passkeys', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are added in Settings, sign in alone, confirm a password sign-in and are removed, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `passkey-${viewport.width}`)
      const device = await withAuthenticator(viewport)
      await openSignedIn(device.page, account, '/settings')
      await device.page.getByText('No passkeys yet.').waitFor()
      await device.page.getByRole('button', { name: 'Add Passkey' }).click()
      const adding = device.page.getByRole('dialog', { name: 'Add a passkey' })
      await adding.getByLabel('Name').fill('Test laptop')
      await adding.getByRole('button', { name: 'Continue' }).click()
      // The first second factor: recovery codes to keep, once.
      const saved = device.page.getByRole('dialog', { name: 'Save your recovery codes' })
      await saved.getByTestId('recovery-codes').waitFor()
      expect(await saved.getByTestId('recovery-codes').locator('li').count()).toBe(10)
      await saved.getByRole('button', { name: 'Done' }).click()
      await device.page.getByTestId('passkey').getByText('Test laptop').waitFor()
      expect(await device.credentials()).toHaveLength(1)
      expect(await fitsWidth(device.page)).toBe(true)
      await saveScreenshot(device.page, `passkeys-settings-${viewport.width}.png`)
      const [stored] = await sql<{ name: string; user_id: string }>(web.server, 'select name, user_id from passkeys')
        .then((rows) => rows.filter((row) => row.user_id === account.user.id))
      expect(stored!.name).toBe('Test laptop')
      const log = await fetch(`${web.server.url}/api/audit-log?action=security`, { headers: { authorization: `Bearer ${account.token}` } }).then((answer) => answer.json())
      expect(log.entries.map((entry: { action: string; target: { name: string } }) => [entry.action, entry.target.name])).toContainEqual(['security.passkey_added', 'Test laptop'])

      // Signed out, the passkey alone signs in.
      const alone = await openPage(web.browser, site(), viewport)
      const aloneKeys = await carryPasskeys(device, alone)
      await alone.page.goto('/login')
      await alone.page.getByRole('button', { name: 'Use a Passkey' }).click()
      await alone.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      expect((await storedSession(alone.page)).user.email).toBe(account.user.email)
      const usedKeys = await aloneKeys.credentials()
      await alone.context.close()

      // The password now leads to the passkey step.
      const stepped = await openPage(web.browser, site(), viewport)
      const steppedKeys = await carryPasskeys({ credentials: async () => usedKeys }, stepped)
      await stepped.page.goto('/login')
      await stepped.page.getByLabel('Email').fill(account.user.email)
      await stepped.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await stepped.page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await stepped.page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor()
      expect(await stepped.page.getByLabel('Recovery code').isVisible()).toBe(true)
      await saveScreenshot(stepped.page, `passkeys-second-step-${viewport.width}.png`)
      await stepped.page.getByRole('button', { name: 'Use a Passkey' }).click()
      await stepped.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      const lastKeys = await steppedKeys.credentials()
      await stepped.context.close()

      // Removed, it opens nothing and the password alone signs in again.
      await device.page.reload()
      await device.page.getByRole('button', { name: 'Remove Test laptop' }).click()
      await device.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
      await waitForToast(device.page, 'Passkey removed')
      await device.page.getByText('No passkeys yet.').waitFor()
      const after = await openPage(web.browser, site(), viewport)
      await carryPasskeys({ credentials: async () => lastKeys }, after)
      await after.page.goto('/login')
      await after.page.getByRole('button', { name: 'Use a Passkey' }).click()
      await waitForToast(after.page, 'Passkey sign-in failed')
      await after.page.getByLabel('Email').fill(account.user.email)
      await after.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await after.page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await after.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await after.context.close()
      await device.context.close()
    })
  }
})
