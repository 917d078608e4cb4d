import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import { openPage, PHONE } from '../helpers/browser'
import { grantSuperAdmin } from '../helpers/accounts'
import { client, uniqueEmail } from '../helpers/http'
import { OAuth2Server } from 'oauth2-mock-server'
import { freePort, startServer } from '../helpers/server'
import { browserAroundTests, confirmLinkFor, createAccount, openSignedIn, openSignedInPage, outboxMails, PASSWORD, resetLinkFor, saveScreenshot, storedSession, waitForToast } from './support'
import { MEMBER_MESSAGES } from '../../src/shared/members'

setDefaultTimeout(60_000)

const web = browserAroundTests()

async function fresh(path?: string) {
  const opened = await openPage(web.browser, web.server.url)
  if (path) await opened.page.goto(path)
  return opened
}

const header = (page: Page) => page.locator('header')

/** A server whose "Test SSO" OpenID Connect provider signs `email` in, confirmed. */
async function startWithProvider(email: string) {
  const provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  const port = freePort()
  await provider.start(port, '127.0.0.1')
  provider.issuer.url = `http://127.0.0.1:${port}`
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, { sub: `sub-${email}`, email, email_verified: true }))
  const signingIn = await startServer({ env: { OIDC_ISSUER: provider.issuer.url, OIDC_CLIENT_ID: 'web-test', OIDC_CLIENT_SECRET: 'secret', OIDC_NAME: 'Test SSO' } })
  return {
    server: signingIn,
    async close() {
      await signingIn.close()
      await provider.stop()
    },
  }
}

describe('sign up', () => {
  it('creates an account, lands on the dashboard signed in, and signs out to the home page', async () => {
    const { page, context } = await fresh('/signup')
    const email = uniqueEmail('signup')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByLabel('Workspace name (optional)').fill('Acme Marketing')
    await page.getByLabel('Confirm Password').press('Enter')
    await page.waitForURL('**/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await header(page).getByText(email).first().waitFor()
    expect(await header(page).getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true)
    const stored = await storedSession(page)
    expect(stored.token).toBeTruthy()
    expect(stored.user.email).toBe(email)
    expect(stored.user.accountName).toBe('Acme Marketing')

    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'))
    await header(page).getByRole('button', { name: `Account menu for ${email}` }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    expect((await logout).status()).toBe(204)
    await page.waitForURL((url) => url.pathname === '/')
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor()
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    // The server ended the session: a copy of the token is refused.
    expect((await web.http.get('/api/auth/me', { token: stored.token! })).status).toBe(401)
    expect(await header(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    await context.close()
  })

  it('checks the passwords before sending anything', async () => {
    const { page, context } = await fresh('/signup')
    let sent = 0
    await page.route('**/api/auth/signup', (route) => {
      sent++
      return route.continue()
    })
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`)
    await page.getByRole('button', { name: 'Create Account' }).click()
    const mismatch = await waitForToast(page, 'Password mismatch', 'Passwords do not match.')
    expect(await mismatch.getAttribute('data-variant')).toBe('destructive')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm Password').fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await waitForToast(page, 'Password too short', 'Password must be at least 8 characters.')
    expect(sent).toBe(0)
    expect(page.url()).toEndWith('/signup')
    await context.close()
  })

  it("shows the server's message when the email is taken", async () => {
    const existing = await createAccount(web.server, 'taken')
    const { page, context } = await fresh('/signup')
    await page.getByLabel('Email').fill(existing.user.email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await waitForToast(page, 'Signup failed', 'An account with this email already exists.')
    expect(page.url()).toEndWith('/signup')
    await context.close()
  })
})

describe('sign in', () => {
  it('says why a login failed, then signs in with the right password', async () => {
    const account = await createAccount(web.server, 'login')
    const { page, context } = await fresh('/login')
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password')
    expect(await page.locator('main').getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup')
    expect(await page.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password')
    await page.getByLabel('Email').fill(account.user.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const failed = await waitForToast(page, 'Login failed', 'Invalid email or password.')
    expect(await failed.getAttribute('data-variant')).toBe('destructive')
    expect(page.url()).toEndWith('/login')

    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByLabel('Password').press('Enter')
    await page.waitForURL('**/dashboard')
    await header(page).getByText(account.user.email).first().waitFor()
    await context.close()
  })

  it('signs nobody in with a token in the address, and cleans it away', async () => {
    const account = await createAccount(web.server, 'handoff')
    const { page, context } = await fresh(`/login?token=${encodeURIComponent(account.token)}`)
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '')
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    await context.close()
  })

  it('signs in through an identity provider by exchanging the one-time code once', async () => {
    const email = uniqueEmail('sso')
    const sso = await startWithProvider(email)
    const { page, context } = await openPage(web.browser, sso.server.url)
    try {
      const exchanges: number[] = []
      page.on('response', (r) => r.url().endsWith('/api/auth/exchange') && exchanges.push(r.status()))
      const landed: string[] = []
      page.on('framenavigated', (frame) => frame === page.mainFrame() && landed.push(frame.url()))
      await page.goto('/login')
      await page.getByRole('link', { name: 'Continue with Test SSO' }).click()
      await waitForToast(page, 'Welcome!')
      await page.waitForURL('**/dashboard')
      expect((await storedSession(page)).user.email).toBe(email)
      const login = new URL(landed.find((url) => url.includes('/login?'))!)
      expect(login.searchParams.get('code')).toBeTruthy()
      expect(login.searchParams.get('token')).toBeNull()
      expect(exchanges).toEqual([200])
      // The code is spent: replaying the address signs nobody in.
      await page.evaluate(() => localStorage.clear())
      // Toasts last a few seconds: watched from before the page loads.
      const failed = waitForToast(page, 'Authentication failed')
      await page.goto(login.pathname + login.search)
      await failed
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '')
      expect(await storedSession(page)).toEqual({ token: null, user: null })
    } finally {
      await context.close()
      await sso.close()
    }
  })

  it("explains an identity provider's error and cleans the address", async () => {
    const { page, context } = await fresh()
    // Toasts last a few seconds: watched from before the page loads.
    const told = waitForToast(page, 'Authentication failed', 'No email found in Google account.')
    await page.goto('/login?error=no_email&provider=Google')
    const toast = await told
    expect(await toast.getAttribute('data-variant')).toBe('destructive')
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '')

    const explained = waitForToast(page, 'Authentication failed', 'Failed to sign up with your identity provider.')
    await page.goto('/signup?error=access_denied')
    await explained
    await page.waitForURL((url) => url.pathname === '/signup' && url.search === '')
    await context.close()
  })

  it('shows one button per configured identity provider, and none without any', async () => {
    const { page, context } = await fresh('/login')
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect(await page.getByRole('link', { name: /Continue with/ }).count()).toBe(0)
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify([
          { id: 'google', name: 'Google' },
          { id: 'github', name: 'GitHub' },
          { id: 'oidc', name: 'Company SSO' },
        ]) }),
    )
    await page.goto('/signup')
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor()
    expect(await page.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/api/auth/google?from=signup')
    expect(await page.getByRole('link', { name: 'Continue with GitHub' }).getAttribute('href')).toBe('/api/auth/github?from=signup')
    expect(await page.getByRole('link', { name: 'Continue with Company SSO' }).getAttribute('href')).toBe('/api/auth/oidc?from=signup')
    await context.close()
  })

  it('clears a stored session the server no longer accepts', async () => {
    const account = await createAccount(web.server, 'stale')
    const { page, context } = await fresh()
    await openSignedIn(page, { ...account, token: `${account.token}tampered` }, '/dashboard')
    await page.waitForURL('**/login')
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    await context.close()
  })
})

describe('password reset', () => {
  it('mails a link that sets a new password, then goes to sign in', async () => {
    const account = await createAccount(web.server, 'reset')
    const { page, context } = await fresh('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL('**/forgot-password')
    await page.getByLabel('Email').fill(account.user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByText('If an account exists for that email, we have sent a link to reset the password.').waitFor()

    const link = new URL(await resetLinkFor(web.server, account.user.email))
    await page.goto(link.pathname + link.search)
    await page.getByLabel('New Password').fill('brand-new-password')
    await page.getByLabel('Confirm Password').fill('brand-new-passwort')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.getByText('Passwords do not match', { exact: true }).waitFor()
    await page.getByLabel('Confirm Password').fill('brand-new-password')
    // How long the confirmation shows before sign-in, timed by the page itself: the test's own view lags under load.
    const shownFor = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let shownAt = 0
          const observer = new MutationObserver(() => {
            if (!shownAt && document.body.textContent?.includes('Your password has been reset.')) shownAt = performance.now()
            if (shownAt && location.pathname === '/login') {
              observer.disconnect()
              resolve(performance.now() - shownAt)
            }
          })
          observer.observe(document.body, { subtree: true, childList: true, characterData: true })
        }),
    )
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.getByText('Your password has been reset.', { exact: false }).waitFor()
    await page.waitForURL('**/login')
    expect(await shownFor).toBeGreaterThan(1500)

    expect((await web.http.post('/api/auth/login', { email: account.user.email, password: 'brand-new-password' })).status).toBe(200)
    expect((await web.http.post('/api/auth/login', { email: account.user.email, password: PASSWORD })).status).toBe(401)
    await context.close()
  })

  it('refuses a reset without a token', async () => {
    const { page, context } = await fresh('/reset-password')
    await page.getByText('Invalid reset link. Please request a new password reset.').waitFor()
    expect(await page.getByLabel('New Password').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true)
    await context.close()
  })

  it("shows the server's message for a used or wrong token", async () => {
    const { page, context } = await fresh('/reset-password?token=not-a-real-token')
    await page.getByLabel('New Password').fill('brand-new-password')
    await page.getByLabel('Confirm Password').fill('brand-new-password')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.getByText('This reset link is invalid or has expired. Please request a new password reset.').waitFor()
    expect(page.url()).toContain('/reset-password')
    await context.close()
  })
})

describe('email confirmation', () => {
  it('asks an unconfirmed account to confirm, resends the link, and stops asking once it is opened', async () => {
    const account = await createAccount(web.server, 'banner')
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/dashboard')
    const banner = page.getByRole('status', { name: 'Confirm your email address' })
    await banner.getByText(account.user.email).waitFor()
    await confirmLinkFor(web.server, account.user.email)
    const before = outboxMails(web.server, account.user.email).length
    await banner.getByRole('button', { name: 'Resend link' }).click()
    await waitForToast(page, 'Link sent', 'We sent you a new confirmation link.')
    expect(outboxMails(web.server, account.user.email).length).toBe(before + 1)

    const link = await confirmLinkFor(web.server, account.user.email)
    await page.goto(new URL(link).pathname + new URL(link).search)
    await page.getByText('Your email address is confirmed.').waitFor()
    await page.getByRole('link', { name: 'Go to the dashboard' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    expect(await banner.count()).toBe(0)
    await context.close()
  })

  it('says so when a confirmation link is wrong', async () => {
    const { page, context } = await fresh('/verify-email?token=made-up')
    await page.getByText('This confirmation link is invalid or has expired. Please request a new one.').waitFor()
    await context.close()
  })
})

describe('account settings', () => {
  it('shows the profile with the role capitalised', async () => {
    const account = await createAccount(web.server, 'profile')
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/settings')
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor()
    const profile = page.locator('dl')
    await profile.getByText(account.user.email).waitFor()
    await profile.getByText('Owner', { exact: true }).waitFor()
    await context.close()
  })

  it('renames the workspace, saying what is wrong with a name, on a phone', async () => {
    const account = await createAccount(web.server, 'workspace')
    const { page, context } = await openSignedInPage(web, '/settings', { session: account, viewport: PHONE })
    const card = page.getByRole('form', { name: 'Workspace' })
    const field = card.getByLabel('Workspace name')
    expect(await field.inputValue()).toBe(account.user.accountName)
    expect(await card.getByRole('button', { name: 'Save Name' }).isDisabled()).toBe(true)
    await field.fill('   ')
    await card.getByRole('button', { name: 'Save Name' }).click()
    await card.getByText(MEMBER_MESSAGES.accountName).waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    await field.fill('Northwind Growth')
    await card.getByText(MEMBER_MESSAGES.accountName).waitFor({ state: 'detached' })
    await field.press('Enter')
    await waitForToast(page, 'Workspace renamed', 'Northwind Growth')
    await page.locator('dl').getByText('Northwind Growth', { exact: true }).waitFor()
    expect((await storedSession(page)).user.accountName).toBe('Northwind Growth')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await card.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'linkcard-workspace-390.png')
    await context.close()
  })

  it('changes the email with the current password once the new address confirms, refusing the current one', async () => {
    const account = await createAccount(web.server, 'email')
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/settings')
    const form = page.locator('form').filter({ has: page.getByLabel('New Email') })
    await form.getByLabel('New Email').fill(account.user.email.toUpperCase())
    await form.getByLabel('Current Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Update Email' }).click()
    await page.getByText('The email address is the same as current.').waitFor()

    const next = uniqueEmail('changed')
    await form.getByLabel('New Email').fill(next)
    await form.getByLabel('Current Password').fill('not my password')
    await form.getByRole('button', { name: 'Update Email' }).click()
    await waitForToast(page, 'Failed to update email', 'Current password is incorrect.')

    await form.getByLabel('Current Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Update Email' }).click()
    await waitForToast(page, 'Check your inbox', `We sent a confirmation link to ${next}.`)
    expect((await storedSession(page)).user.email).toBe(account.user.email)

    const link = await confirmLinkFor(web.server, next)
    await page.goto(new URL(link).pathname + new URL(link).search)
    await page.getByText('Your email address has been changed.').waitFor()
    await header(page).getByText(next).first().waitFor()
    expect((await storedSession(page)).user.email).toBe(next)
    expect((await web.http.post('/api/auth/login', { email: next, password: PASSWORD })).status).toBe(200)
    await context.close()
  })

  it('offers to sign out everywhere, which ends every session, this one included', async () => {
    const account = await createAccount(web.server, 'everywhere')
    const other = (await web.http.post('/api/auth/login', { email: account.user.email, password: PASSWORD })).body.token
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/settings')
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out Everywhere' }).click()
    await page.waitForURL('**/login')
    await waitForToast(page, 'Signed out everywhere')
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    expect((await web.http.get('/api/auth/me', { token: account.token })).status).toBe(401)
    expect((await web.http.get('/api/auth/me', { token: other })).status).toBe(401)
    await context.close()
  })

  it('changes the password and keeps this session on the fresh token', async () => {
    const account = await createAccount(web.server, 'password')
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/settings')
    const passwordForm = page.locator('form').filter({ has: page.getByLabel('Confirm New Password') })
    await passwordForm.getByLabel('Current Password').fill(PASSWORD)
    await page.getByLabel('New Password', { exact: true }).fill('another-good-password')
    await page.getByLabel('Confirm New Password').fill('another-good-passwort')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('New passwords do not match.').waitFor()

    await page.getByLabel('Confirm New Password').fill('another-good-password')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await waitForToast(page, 'Password updated')
    const stored = await storedSession(page)
    expect(stored.token).not.toBe(account.token)
    expect((await web.http.get('/api/auth/me', { token: stored.token! })).status).toBe(200)
    expect((await web.http.get('/api/auth/me', { token: account.token })).status).toBe(401)
    // Still signed in after a reload: the stored token is the fresh one.
    await page.reload()
    await header(page).getByText(account.user.email).first().waitFor()
    expect((await web.http.post('/api/auth/login', { email: account.user.email, password: 'another-good-password' })).status).toBe(200)
    await context.close()
  })

  it('says so when the current password is wrong', async () => {
    const account = await createAccount(web.server, 'wrongpw')
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/settings')
    const passwordForm = page.locator('form').filter({ has: page.getByLabel('Confirm New Password') })
    await passwordForm.getByLabel('Current Password').fill('not-my-password')
    await page.getByLabel('New Password', { exact: true }).fill('another-good-password')
    await page.getByLabel('Confirm New Password').fill('another-good-password')
    await page.getByRole('button', { name: 'Update Password' }).click()
    const toast = await waitForToast(page, 'Failed to update password', 'Current password is incorrect.')
    expect(await toast.getAttribute('data-variant')).toBe('destructive')
    await context.close()
  })

  it('deletes the account on a phone only with the right password, then signs out and goes home', async () => {
    const { page, context, session: account } = await openSignedInPage(web, '/settings', { label: 'delete', viewport: PHONE })
    await page.getByRole('button', { name: 'Delete Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    const password = dialog.getByLabel('Current Password')
    const confirm = dialog.getByRole('button', { name: 'Delete Account' })
    await password.waitFor()
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await web.http.get('/api/auth/me', { token: account.token })).status).toBe(200)

    await page.getByRole('button', { name: 'Delete Account' }).click()
    await password.fill('not-my-password')
    await confirm.click()
    await dialog.getByText('Current password is incorrect.').waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(page.url()).pathname).toBe('/settings')
    expect((await web.http.get('/api/auth/me', { token: account.token })).status).toBe(200)
    expect((await web.http.post('/api/auth/login', { email: account.user.email, password: PASSWORD })).status).toBe(200)

    await password.fill(PASSWORD)
    const deleted = waitForToast(page, 'Account deleted')
    await confirm.click()
    await deleted
    await page.waitForURL((url) => url.pathname === '/')
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    expect((await web.http.get('/api/auth/me', { token: account.token })).status).toBe(401)
    expect((await web.http.post('/api/auth/login', { email: account.user.email, password: PASSWORD })).status).toBe(401)
    await context.close()
  })

  it('asks someone who signed up through an identity provider to type their e-mail address before deleting', async () => {
    const email = uniqueEmail('sso-delete')
    const sso = await startWithProvider(email)
    const { page, context } = await openPage(web.browser, sso.server.url)
    try {
      await page.goto('/login')
      await page.getByRole('link', { name: 'Continue with Test SSO' }).click()
      await page.waitForURL('**/dashboard')
      const { token } = await storedSession(page)
      await page.goto('/settings')
      await page.getByRole('button', { name: 'Delete Account' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
      const typed = dialog.getByLabel('Your Email Address')
      const confirm = dialog.getByRole('button', { name: 'Delete Account' })
      await dialog.getByText(`Type ${email} to confirm.`).waitFor()
      expect(await dialog.getByLabel('Current Password').count()).toBe(0)
      await typed.fill(uniqueEmail('someone-else'))
      expect(await confirm.isDisabled()).toBe(true)
      await typed.fill(email.toUpperCase())
      const deleted = waitForToast(page, 'Account deleted')
      await confirm.click()
      await deleted
      await page.waitForURL((url) => url.pathname === '/')
      expect((await client(sso.server.url).get('/api/auth/me', { token: token! })).status).toBe(401)
    } finally {
      await context.close()
      await sso.close()
    }
  })
})

describe('admin access', () => {
  it('tells a signed-in user without super-admin rights that access is denied', async () => {
    const account = await createAccount(web.server, 'notadmin')
    const { page, context } = await fresh()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // Who the person is comes from the session's one call as the page loads.
    await page.route('**/api/auth/me', async (route) => {
      await held
      await route.continue()
    })
    await openSignedIn(page, account, '/admin')
    await page.getByText('Checking permissions...').waitFor()
    release()
    await page.getByText('Access Denied').waitFor()
    await page.getByText("You don't have permission to access this page.").waitFor()
    await page.getByText('Contact your administrator to request super admin access.').waitFor()
    expect(await header(page).getByRole('link', { name: 'Admin' }).count()).toBe(0)
    await context.close()
  })

  it('opens the panel and shows the Admin link to a super admin, made one after signing in', async () => {
    const account = await createAccount(web.server, 'admin')
    await grantSuperAdmin(web.server, account.user.email)
    const { page, context } = await fresh()
    await openSignedIn(page, account, '/admin')
    await page.getByRole('heading', { level: 1, name: 'Super Admin Panel' }).waitFor()
    expect(await header(page).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin')
    await context.close()
  })
})
