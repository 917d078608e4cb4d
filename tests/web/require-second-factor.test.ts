// A workspace that requires a second factor, in the browser: the owner's switch in Settings and its
// confirmation; a member without one who signs in sees only the set-up screen, on every screen,
// until they set up an authenticator; and a super admin's reset of a user's second factors. At
// desktop and phone size.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import type { Session } from '../../src/modules/auth/schema'
import { confirmAddress, grantSuperAdmin, invitedMember, PASSWORD as INVITED_PASSWORD, type SignedIn } from '../helpers/accounts'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { until } from '../helpers/until'
import { browserAroundTests, createAccount, openSignedIn, openSignedInPage, PASSWORD, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(90_000)

const web = browserAroundTests()

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const signedIn = (session: Session): SignedIn => ({ token: session.token, email: session.user.email, password: PASSWORD, user: session.user })

/** Turns an authenticator on over the API for someone signed in. */
async function setUpAuthenticator(token: string) {
  const setup = await web.http.post('/api/auth/2fa/totp/setup', {}, { token })
  const enabled = await web.http.post('/api/auth/2fa/totp/enable', { code: codeOf(setup.body.secret) }, { token })
  if (enabled.status !== 200) throw new Error(`turning the authenticator on answered ${enabled.status}`)
}

/** An owner (address confirmed, so they may invite) with a member who has no second factor. */
async function ownerWithMember(label: string) {
  const owner = await createAccount(web.server, `${label}-owner`)
  await confirmAddress(web.http, web.server.dataDir, owner.user.email)
  const member = await invitedMember(web.http, web.server, signedIn(owner), 'member', `${label}-member`)
  return { owner, member }
}

const hasSecondFactor = async (token: string) => {
  const status = (await web.http.get('/api/auth/2fa', { token })).body
  return status.totp || status.passkeys
}

describe('a workspace that requires a second factor', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is required by the owner in Settings, once they have one, knowing how many members it stops, at ${viewport.width} px`, async () => {
      const { owner } = await ownerWithMember(`switch-${viewport.width}`)
      const { page, context } = await openSignedInPage(web, '/settings', { session: owner, viewport })
      const requirement = page.getByRole('switch', { name: 'Require for every member' })
      await page.getByText('Set up two-factor authentication for yourself first, above').waitFor()
      expect(await requirement.isDisabled()).toBe(true)

      await setUpAuthenticator(owner.token)
      await page.reload()
      await until(() => requirement.isEnabled(), { what: 'the switch to be enabled once the owner has a second factor' })
      expect(await requirement.getAttribute('aria-checked')).toBe('false')
      expect(await fitsWidth(page)).toBe(true)
      await requirement.click()
      const dialog = page.getByRole('alertdialog', { name: 'Require two-factor authentication?' })
      await dialog.getByText('1 member has no second factor yet').waitFor()
      await saveScreenshot(page, `require-second-factor-confirm-${viewport.width}.png`)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect((await web.http.get('/api/auth/me', { token: owner.token })).body.user.secondFactorRequired).toBe(false)

      await requirement.click()
      await dialog.getByRole('button', { name: 'Require It' }).click()
      await waitForToast(page, 'Two-factor authentication required')
      await until(() => requirement.getAttribute('aria-checked'), { what: 'the switch to show on', done: (checked) => checked === 'true' })
      expect((await web.http.get('/api/auth/me', { token: owner.token })).body.user.secondFactorRequired).toBe(true)
      // Off again at once: it only lifts a block.
      await requirement.click()
      await waitForToast(page, 'Two-factor authentication optional')
      await until(() => web.http.get('/api/auth/me', { token: owner.token }), { what: 'the requirement to be off', done: (me) => me.body.user.secondFactorRequired === false })
      await context.close()
    })

    it(`shows a member without one only the set-up screen until they set up an authenticator, at ${viewport.width} px`, async () => {
      const { owner, member } = await ownerWithMember(`member-${viewport.width}`)
      await setUpAuthenticator(owner.token)
      expect((await web.http.patch('/api/auth/account', { requireSecondFactor: true }, { token: owner.token })).status).toBe(200)

      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      await page.goto('/login')
      await page.getByLabel('Email').fill(member.email)
      await page.getByLabel('Password', { exact: true }).fill(INVITED_PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      const setUpHeading = page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })
      await setUpHeading.waitFor()
      await page.getByText(`${owner.user.accountName} requires two-factor authentication`).waitFor()
      expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0)
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(page, `second-factor-set-up-${viewport.width}.png`, { fullPage: true })
      // Every signed-in screen is the set-up, the links too.
      await page.goto('/share-links')
      await setUpHeading.waitFor()
      expect(await page.getByRole('heading', { level: 1, name: 'Share Links' }).count()).toBe(0)

      await page.getByRole('button', { name: 'Set Up Authenticator' }).click()
      const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' })
      await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
      const secret = (await setup.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
      await setup.getByLabel('Code from the app').fill(codeOf(secret))
      await setup.getByRole('button', { name: 'Turn On' }).click()
      const saved = page.getByRole('dialog', { name: 'Save your recovery codes' })
      await saved.getByTestId('recovery-codes').waitFor()
      // The codes stay on screen until they are put away: the set-up screen does not leave under them
      // (the dialog hides it from the accessibility tree meanwhile, so it is found by its element).
      expect(await page.locator('h1', { hasText: 'Set up two-factor authentication' }).isVisible()).toBe(true)
      await saved.getByRole('button', { name: 'Done' }).click()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('heading', { level: 1, name: 'Share Links' }).waitFor()
      await page.goto('/dashboard')
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      expect(await setUpHeading.count()).toBe(0)
      await context.close()
    })

    it(`is left by signing out from the set-up screen, at ${viewport.width} px`, async () => {
      const { owner, member } = await ownerWithMember(`leave-${viewport.width}`)
      await setUpAuthenticator(owner.token)
      await web.http.patch('/api/auth/account', { requireSecondFactor: true }, { token: owner.token })
      // The session was stored before the requirement: the page learns of it from /auth/me.
      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      await openSignedIn(page, { token: member.token, user: member.user as Session['user'] }, '/dashboard')
      await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor()
      await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click()
      await until(() => page.evaluate(() => localStorage.getItem('auth_token')), { what: 'the session to be gone', done: (token) => token === null })
      expect((await web.http.get('/api/auth/me', { token: member.token })).status).toBe(401)
      await context.close()
    })
  }
})

describe("a super admin's reset of a user's second factors", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`removes them after a confirmation (Cancel keeps them), and the list shows it, at ${viewport.width} px`, async () => {
      const admin = await createAccount(web.server, `staff-${viewport.width}`)
      await grantSuperAdmin(web.server, admin.user.email)
      admin.user.isSuperAdmin = true
      const person = await createAccount(web.server, `lost-phone-${viewport.width}`)
      await setUpAuthenticator(person.token)

      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      await openSignedIn(page, admin, '/admin')
      await page.getByRole('heading', { level: 1, name: 'Super Admin Panel' }).waitFor()
      await page.getByRole('tab', { name: 'Users' }).click()
      const users = page.getByRole('tabpanel', { name: 'Users' })
      await users.getByPlaceholder('Search users...').fill(person.user.email)
      // The search applies once typing pauses: then the list holds this user alone.
      await until(() => users.getByRole('button', { name: /^View Details of / }).allTextContents(), { what: 'the list to show the one user', done: (rows) => rows.length === 1 })
      await users.getByRole('button', { name: `View Details of ${person.user.email}` }).waitFor()
      await users.getByText('On', { exact: true }).waitFor()
      await users.getByRole('button', { name: `View Details of ${person.user.email}` }).click()
      const card = page.getByRole('region', { name: `User Details: ${person.user.email}` })
      expect(await fitsWidth(page)).toBe(true)

      await card.getByRole('button', { name: 'Reset Two-Factor' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Reset two-factor sign-in?' })
      await dialog.getByText(`This removes the authenticator app, passkeys and recovery codes of ${person.user.email}`).waitFor()
      await saveScreenshot(page, `admin-reset-second-factors-${viewport.width}.png`)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await hasSecondFactor(person.token)).toBe(true)

      await card.getByRole('button', { name: 'Reset Two-Factor' }).click()
      await dialog.getByRole('button', { name: 'Reset', exact: true }).click()
      await waitForToast(page, 'Two-factor sign-in reset')
      await users.getByText('Off', { exact: true }).waitFor()
      expect(await card.getByRole('button', { name: 'Reset Two-Factor' }).isDisabled()).toBe(true)
      expect(await hasSecondFactor(person.token)).toBe(false)
      const signIn = await web.http.post('/api/auth/login', { email: person.user.email, password: PASSWORD })
      expect(signIn.body.token).toBeString()
      await context.close()
    })
  }
})
