import { beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { grantSuperAdmin } from '../helpers/accounts'
import { openPage, PHONE } from '../helpers/browser'
import { visit } from '../helpers/http'
import { until } from '../helpers/until'
import { browserAroundTests, closeWithEscape, createAccount, openSignedIn, PASSWORD, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()
let admin: Session
beforeAll(async () => {
  admin = await createAccount(web.server, 'boss')
  await grantSuperAdmin(web.server, admin.user.email)
  admin.user.isSuperAdmin = true
})

async function openAdmin(viewport?: { width: number; height: number }) {
  const opened = await openPage(web.browser, web.server.url, viewport)
  await openSignedIn(opened.page, admin, '/admin')
  await opened.page.getByRole('heading', { level: 1, name: 'Super Admin Panel' }).waitFor()
  return opened
}

async function createLink(who: Session, title: string) {
  const answer = await web.http.post('/api/shareLinks', { targetUrl: `https://example.com/${encodeURIComponent(title)}`, title }, { token: who.token })
  if (answer.status !== 201) throw new Error(`link create failed: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; url: string; title: string }
}

const tag = () => `w${Math.random().toString(36).slice(2, 8)}`

async function signUpAs(local: string) {
  const answer = await web.http.post<Session>('/api/auth/signup', { email: `${local}@example.com`, password: PASSWORD })
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}`)
  return answer.body
}

const accountsPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Accounts' })
const usersPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Users' })
const auditPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Audit Log' })

/** Whether the whole element lies within a phone's width, not in a sideways scroll. */
async function isOnPhoneScreen(locator: Locator) {
  const box = (await locator.boundingBox())!
  return box.x >= 0 && box.x + box.width <= PHONE.width
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Users' }).click()
  await usersPanel(page).getByPlaceholder('Search users...').fill(text)
}

async function searchAccounts(page: Page, text: string) {
  await accountsPanel(page).getByPlaceholder('Search accounts...').fill(text)
}

async function searchAuditLog(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Audit Log' }).click()
  await auditPanel(page).getByPlaceholder('Search audit entries...').fill(text)
}

const setPlan = async (who: Session, plan: string) => expect((await web.http.patch(`/api/admin/users/${who.user.id}/plan`, { plan }, { token: admin.token })).status).toBe(200)

describe('access', () => {
  it('tells a signed-in user without super-admin rights that access is denied', async () => {
    const person = await createAccount(web.server, 'plain')
    const { page, context } = await openPage(web.browser, web.server.url)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // Who the person is, asked once as the page loads, decides it: no admin call is made.
    let adminCalls = 0
    await page.route('**/api/admin/**', (route) => {
      adminCalls += 1
      return route.continue()
    })
    await page.route('**/api/auth/me', async (route) => {
      await held
      await route.continue()
    })
    await openSignedIn(page, person, '/admin')
    await page.getByText('Checking permissions...').waitFor()
    release()
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor()
    await page.getByText("You don't have permission to access this page.").waitFor()
    await page.getByText('Contact your administrator to request super admin access.').waitFor()
    expect(await page.getByText('Total Accounts').count()).toBe(0)
    expect(adminCalls).toBe(0)
    await context.close()
  })

  it('sends a visitor who is not signed in to /login', async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    await page.goto('/admin')
    await page.waitForURL('**/login')
    await context.close()
  })
})

describe('panel', () => {
  it('shows the four totals, the Accounts tab first, and both lists with their columns', async () => {
    const person = await createAccount(web.server, 'listed')
    const { page, context } = await openAdmin()
    const stats = (await web.http.get('/api/admin/stats', { token: admin.token })).body
    for (const [label, key] of [
      ['Total Accounts', 'totalAccounts'],
      ['Total Users', 'totalUsers'],
      ['Total Links', 'totalLinks'],
      ['Total Clicks', 'totalClicks'],
    ]) {
      await page.getByText(label, { exact: true }).waitFor()
      expect(await page.getByTestId(`stat-${key}`).textContent()).toBe(stats[key].toLocaleString('en-US'))
    }
    expect(await page.getByRole('tab', { name: 'Accounts' }).getAttribute('aria-selected')).toBe('true')
    const accounts = accountsPanel(page)
    await accounts.getByText('Accounts Management').waitFor()
    await accounts.getByText('View and manage all accounts').waitFor()
    for (const column of ['Name', 'Plan', 'Usage This Month', 'Created', 'Actions']) await accounts.getByRole('columnheader', { name: column, exact: true }).waitFor()
    const row = accounts.getByRole('row').filter({ hasText: person.user.accountName })
    await row.waitFor()
    expect(await row.getByText('Free', { exact: true }).isVisible()).toBe(true)
    const created = await page.evaluate((iso) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }), person.user.createdAt)
    expect(await row.getByRole('cell').nth(3).textContent()).toBe(created)

    await page.getByRole('tab', { name: 'Users' }).click()
    const users = usersPanel(page)
    await users.getByText('Users Management').waitFor()
    await users.getByText('View and manage all users').waitFor()
    for (const column of ['Email', 'Account', 'Role', 'Created', 'Actions']) await users.getByRole('columnheader', { name: column, exact: true }).waitFor()
    const userRow = users.getByRole('row').filter({ hasText: person.user.email })
    await userRow.getByText('owner').waitFor()
    expect(await userRow.getByRole('combobox', { name: `Plan of ${person.user.email}` }).textContent()).toBe('Free')
    await context.close()
  })

  it('shows loading texts while the stats and lists are on their way', async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/api\/admin\/(accounts|users)\?/, async (route) => {
      await held
      await route.continue()
    })
    await openSignedIn(page, admin, '/admin')
    await accountsPanel(page).getByText('Loading accounts...').waitFor()
    await page.getByRole('tab', { name: 'Users' }).click()
    await usersPanel(page).getByText('Loading users...').waitFor()
    release()
    await usersPanel(page).getByRole('columnheader', { name: 'Email' }).waitFor()
    await context.close()
  })

  it("shows 'Loading admin panel...' while the totals load, and says so when they cannot be read", async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    let calls = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // The panel's own call: who the person is comes from the session.
    await page.route('**/api/admin/stats', async (route) => {
      calls += 1
      await held
      await route.fulfill({ status: 500, body: 'down' })
    })
    await openSignedIn(page, admin, '/admin')
    await page.getByText('Loading admin panel...').waitFor()
    release()
    await page.getByText('Failed to fetch admin stats').waitFor()
    expect(calls).toBeGreaterThan(0)
    expect(await page.getByTestId('stat-totalClicks').textContent()).toBe('0')
    await accountsPanel(page).getByText('Accounts Management').waitFor()
    await context.close()
  })

  it('pages 20 at a time: Previous off on page 1, Next off on a short page; search and sort keep the page', async () => {
    const prefix = tag()
    for (let i = 0; i < 21; i++) await signUpAs(`${prefix}-${String(i).padStart(2, '0')}`)
    const { page, context } = await openAdmin()
    const accounts = accountsPanel(page)
    const previous = accounts.getByRole('button', { name: 'Previous' })
    const next = accounts.getByRole('button', { name: 'Next' })
    await searchAccounts(page, prefix)
    await accounts.getByRole('row').filter({ hasText: `${prefix}-20` }).waitFor()
    await accounts.getByText('Page 1', { exact: true }).waitFor()
    expect(await previous.isDisabled()).toBe(true)
    expect(await next.isEnabled()).toBe(true)
    expect(await accounts.getByRole('row').filter({ hasText: prefix }).count()).toBe(20)

    await next.click()
    await accounts.getByText('Page 2', { exact: true }).waitFor()
    await accounts.getByRole('row').filter({ hasText: `${prefix}-00` }).waitFor()
    expect(await accounts.getByRole('row').filter({ hasText: prefix }).count()).toBe(1)
    expect(await next.isDisabled()).toBe(true)
    expect(await previous.isEnabled()).toBe(true)

    // Oldest first: page 2 now holds the newest one.
    await accounts.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Oldest First' }).click()
    await accounts.getByRole('row').filter({ hasText: `${prefix}-20` }).waitFor()
    await accounts.getByText('Page 2', { exact: true }).waitFor()
    for (const label of ['Newest First', 'Oldest First', 'Name A-Z', 'Name Z-A', 'Plan A-Z', 'Plan Z-A']) {
      await accounts.getByRole('combobox', { name: 'Sort by' }).click()
      expect(await page.getByRole('option', { name: label, exact: true }).count()).toBe(1)
      await closeWithEscape(page, page.getByRole('listbox'))
    }
    await previous.click()
    await accounts.getByText('Page 1', { exact: true }).waitFor()
    await accounts.getByRole('row').filter({ hasText: `${prefix}-00` }).waitFor()
    await context.close()
  })

  it('shows accounts, users and their links as cards on a phone, with every field and action on screen', async () => {
    const person = await createAccount(web.server, 'pocket')
    await createLink(person, 'A link whose title is long enough to wrap on a phone')
    await setPlan(person, 'pro')
    const { page, context } = await openAdmin(PHONE)
    await searchAccounts(page, person.user.accountName)
    const accountCard = accountsPanel(page).getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: person.user.accountName })
    await accountCard.waitFor()
    expect(await accountsPanel(page).getByRole('table').count()).toBe(0)
    expect(await accountCard.locator('dt').allTextContents()).toEqual(['Plan', 'Usage This Month', 'Created'])
    expect(await isOnPhoneScreen(accountCard.getByText('Pro', { exact: true }))).toBe(true)
    expect(await isOnPhoneScreen(accountCard.getByRole('button', { name: `View Details of ${person.user.accountName}` }))).toBe(true)

    await searchUsers(page, person.user.email)
    const userCard = usersPanel(page).getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: person.user.email })
    await userCard.waitFor()
    expect(await userCard.locator('dt').allTextContents()).toEqual(['Account', 'Role', 'Two-Factor', 'Created'])
    expect(await isOnPhoneScreen(userCard.getByText('Off', { exact: true }))).toBe(true)
    expect(await isOnPhoneScreen(userCard.getByText(person.user.email))).toBe(true)
    expect(await isOnPhoneScreen(userCard.getByText('owner'))).toBe(true)
    expect(await isOnPhoneScreen(userCard.getByRole('combobox', { name: `Plan of ${person.user.email}` }))).toBe(true)
    await userCard.getByRole('button', { name: `View Details of ${person.user.email}` }).click()
    const linkCard = page
      .getByRole('region', { name: `User Details: ${person.user.email}` })
      .getByRole('list', { name: 'Links' })
      .getByRole('listitem')
      .filter({ hasText: 'A link whose title' })
    await linkCard.waitFor()
    expect(await linkCard.locator('dt').allTextContents()).toEqual(['URL', 'Created'])
    expect(await isOnPhoneScreen(linkCard.getByRole('button', { name: 'Delete link A link whose title is long enough to wrap on a phone' }))).toBe(true)

    await searchAuditLog(page, person.user.email)
    const entryCard = auditPanel(page).getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: person.user.email })
    await entryCard.waitFor()
    expect(await entryCard.locator('dt').allTextContents()).toEqual(['Admin', 'Action', 'Target', 'Details'])
    expect(await isOnPhoneScreen(entryCard.getByText(person.user.email))).toBe(true)
    expect(await isOnPhoneScreen(entryCard.getByText('Free → Pro'))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await context.close()
  })

  it('says so when a list or a card cannot be loaded', async () => {
    const person = await createAccount(web.server, 'failing')
    const { page, context } = await openPage(web.browser, web.server.url)
    await page.route(/\/api\/admin\/(accounts|users)(\?|\/[^/]+\/links)/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }))
    await openSignedIn(page, admin, '/admin')
    await accountsPanel(page).getByText('Failed to fetch accounts').waitFor()
    await page.getByRole('tab', { name: 'Users' }).click()
    await usersPanel(page).getByText('Failed to fetch users').waitFor()
    await page.unroute(/\/api\/admin\/(accounts|users)(\?|\/[^/]+\/links)/)
    await page.route(/\/api\/admin\/users\/[^/]+\/links/, (route) => route.fulfill({ status: 500, body: 'down' }))
    await page.reload()
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByRole('button', { name: `View Details of ${person.user.email}` }).click()
    await page.getByText('Failed to fetch user links').waitFor()
    await context.close()
  })
})

describe('changes', () => {
  it("changes a user's plan from the users tab at once, and says when it fails", async () => {
    const person = await createAccount(web.server, 'upgrade')
    const { page, context } = await openAdmin()
    await searchUsers(page, person.user.email)
    const plan = usersPanel(page).getByRole('combobox', { name: `Plan of ${person.user.email}` })
    await plan.click()
    for (const label of ['Free', 'Indie', 'Pro', 'Enterprise']) expect(await page.getByRole('option', { name: label, exact: true }).count()).toBe(1)
    await page.getByRole('option', { name: 'Pro', exact: true }).click()
    await waitForToast(page, 'Success', 'User plan updated successfully')
    expect((await web.http.get('/api/usage', { token: person.token })).body.plan).toBe('pro')
    await page.waitForFunction((email) => document.querySelector(`[aria-label="Plan of ${email}"]`)?.textContent === 'Pro', person.user.email)

    // Down is allowed too, with no ordering between plans.
    await plan.click()
    await page.getByRole('option', { name: 'Free', exact: true }).click()
    await waitForToast(page, 'Success', 'User plan updated successfully')
    expect((await web.http.get('/api/usage', { token: person.token })).body.plan).toBe('free')

    await page.route('**/api/admin/users/*/plan', (route) => route.fulfill({ status: 500, body: 'down' }))
    await plan.click()
    await page.getByRole('option', { name: 'Enterprise', exact: true }).click()
    const failed = await waitForToast(page, 'Error', 'Failed to update user plan')
    expect(await failed.getAttribute('data-variant')).toBe('destructive')
    expect((await web.http.get('/api/usage', { token: person.token })).body.plan).toBe('free')
    await context.close()
  })

  it("deletes a link from a user's card after confirming; the short link stops working", async () => {
    const person = await createAccount(web.server, 'linker')
    const doomed = await createLink(person, 'Doomed page')
    await createLink(person, 'Kept page')
    const { page, context } = await openAdmin()
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByRole('button', { name: `View Details of ${person.user.email}` }).click()
    const card = page.getByRole('region', { name: `User Details: ${person.user.email}` })
    await card.getByText(`Account: ${person.user.accountName}`).waitFor()
    await card.getByText("User's Links (2)").waitFor()
    for (const column of ['Title', 'URL', 'Created', 'Actions']) await card.getByRole('columnheader', { name: column, exact: true }).waitFor()
    await card.getByText('https://example.com/Doomed%20page').waitFor()

    await card.getByRole('button', { name: 'Delete link Doomed page' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('heading', { name: 'Delete Link' }).waitFor()
    await dialog.getByText('Are you sure you want to delete this link? This action cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await waitForToast(page, 'Success', 'Link deleted successfully')
    await card.getByText("User's Links (1)").waitFor()
    expect(await card.getByText('Doomed page').count()).toBe(0)
    expect((await visit(doomed.url)).status).toBe(404)
    await context.close()
  })

  it('deletes a user after confirming (Cancel keeps them), closes the card and counts one user fewer', async () => {
    const person = await createAccount(web.server, 'goner')
    const link = await createLink(person, 'Gone with the user')
    const { page, context } = await openAdmin()
    const before = Number((await page.getByTestId('stat-totalUsers').textContent())!.replace(/\D/g, ''))
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByRole('button', { name: `View Details of ${person.user.email}` }).click()
    const card = page.getByRole('region', { name: `User Details: ${person.user.email}` })
    await card.getByText("User's Links (1)").waitFor()

    await card.getByRole('button', { name: 'Delete User' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('heading', { name: 'Are you sure?' }).waitFor()
    await dialog.getByText('This will permanently delete the user and all their associated links. This action cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await web.http.get('/api/auth/me', { token: person.token })).status).toBe(200)

    await card.getByRole('button', { name: 'Delete User' }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await waitForToast(page, 'Success', 'User deleted successfully')
    await card.waitFor({ state: 'detached' })
    await usersPanel(page).getByText('No users found').waitFor()
    await page.waitForFunction((count) => document.querySelector('[data-testid="stat-totalUsers"]')?.textContent === count.toLocaleString('en-US'), before - 1)
    expect((await web.http.get('/api/auth/me', { token: person.token })).status).toBe(401)
    expect((await visit(link.url)).status).toBe(404)
    await context.close()
  })

  it('deletes an account after confirming, closes the card and refreshes the lists', async () => {
    const person = await createAccount(web.server, 'closing')
    await createLink(person, 'Account link')
    const { page, context } = await openAdmin()
    await searchAccounts(page, person.user.accountName)
    await accountsPanel(page).getByRole('button', { name: `View Details of ${person.user.accountName}` }).click()
    const card = page.getByRole('region', { name: `Account Details: ${person.user.accountName}` })
    await card.getByText('Account Links (1)').waitFor()
    await card.getByText('Free', { exact: true }).waitFor()

    await card.getByRole('button', { name: 'Delete Account' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('heading', { name: 'Are you sure?' }).waitFor()
    await dialog.getByText('This will permanently delete the account, all users, and all associated links. This action cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Delete Account' }).click()
    await waitForToast(page, 'Success', 'Account deleted successfully')
    await card.waitFor({ state: 'detached' })
    await accountsPanel(page).getByText('No accounts found').waitFor()
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByText('No users found').waitFor()
    expect((await web.http.get('/api/auth/me', { token: person.token })).status).toBe(401)
    await context.close()
  })

  it('shows an error toast when a delete fails, and keeps the card open', async () => {
    const person = await createAccount(web.server, 'sticky')
    await createLink(person, 'Sticky link')
    const { page, context } = await openAdmin()
    await page.route(/\/api\/admin\/(links|users|accounts)\/[^/]+$/, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    )
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByRole('button', { name: `View Details of ${person.user.email}` }).click()
    const card = page.getByRole('region', { name: `User Details: ${person.user.email}` })
    await card.getByRole('button', { name: 'Delete link Sticky link' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await waitForToast(page, 'Error', 'Failed to delete link')
    // A failed confirmation stays open, so it can be tried again or cancelled.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Delete User' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await waitForToast(page, 'Error', 'Failed to delete user')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })
    expect(await card.isVisible()).toBe(true)

    await page.getByRole('tab', { name: 'Accounts' }).click()
    await searchAccounts(page, person.user.accountName)
    await accountsPanel(page).getByRole('button', { name: `View Details of ${person.user.accountName}` }).click()
    const accountCard = page.getByRole('region', { name: `Account Details: ${person.user.accountName}` })
    await accountCard.getByRole('button', { name: 'Delete Account' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click()
    await waitForToast(page, 'Error', 'Failed to delete account')
    expect((await web.http.get('/api/auth/me', { token: person.token })).status).toBe(200)
    await context.close()
  })
})

describe('audit log', () => {
  it('lists the changes admins made, newest first: when, who, what and to whom', async () => {
    const person = await createAccount(web.server, 'audited')
    const link = await createLink(person, 'Audited link')
    await setPlan(person, 'pro')
    expect((await web.http.delete(`/api/admin/links/${link.id}`, { token: admin.token })).status).toBe(204)
    const recorded = (await web.http.get(`/api/admin/audit-log?search=${person.user.accountId}`, { token: admin.token })).body.entries
    const { page, context } = await openAdmin()
    // The link's deletion and the plan change both name the person's account.
    await searchAuditLog(page, person.user.accountId)
    const rows = auditPanel(page).getByRole('row').filter({ hasText: admin.user.email })
    await until(() => rows.count(), { what: "the account's two entries", done: (count) => count === 2 })
    for (const column of ['When', 'Admin', 'Action', 'Target', 'Details']) await auditPanel(page).getByRole('columnheader', { name: column, exact: true }).waitFor()
    const when = (iso: string) =>
      page.evaluate((at) => new Date(at).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }), iso)
    expect(await rows.nth(0).getByRole('cell').allTextContents()).toEqual([
      await when(recorded[0].createdAt),
      admin.user.email,
      'Link deleted',
      'Audited link',
      'https://example.com/Audited%20link',
    ])
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([await when(recorded[1].createdAt), admin.user.email, 'Plan changed', person.user.email, 'Free → Pro'])
    await context.close()
  })

  it('shows a plan change made in the Users tab at once', async () => {
    const person = await createAccount(web.server, 'replanned')
    const { page, context } = await openAdmin()
    await searchAuditLog(page, person.user.email)
    await auditPanel(page).getByText('No audit entries found').waitFor()
    await searchUsers(page, person.user.email)
    await usersPanel(page).getByRole('combobox', { name: `Plan of ${person.user.email}` }).click()
    const told = waitForToast(page, 'Success', 'User plan updated successfully')
    await page.getByRole('option', { name: 'Indie', exact: true }).click()
    await told
    await page.getByRole('tab', { name: 'Audit Log' }).click()
    const row = auditPanel(page).getByRole('row').filter({ hasText: person.user.email })
    await row.getByText('Free → Indie').waitFor()
    expect(await row.getByText('Plan changed').isVisible()).toBe(true)
    await context.close()
  })

  it('pages 20 entries at a time, searches, and sorts oldest first', async () => {
    const person = await createAccount(web.server, 'churner')
    // 21 changes: Free → Enterprise first, then Pro and Indie by turns, ending Pro → Indie.
    await setPlan(person, 'enterprise')
    for (let i = 1; i <= 20; i++) await setPlan(person, i % 2 ? 'pro' : 'indie')
    // A newer entry about someone else, which the search must leave out.
    await setPlan(await createAccount(web.server, 'bystander'), 'pro')
    const { page, context } = await openAdmin()
    const panel = auditPanel(page)
    const everyRow = panel.getByRole('row')
    const rows = everyRow.filter({ hasText: person.user.email })
    const previous = panel.getByRole('button', { name: 'Previous' })
    const next = panel.getByRole('button', { name: 'Next' })
    await searchAuditLog(page, person.user.email.toUpperCase())
    await until(() => rows.count(), { what: "a page of the person's entries only", done: (count) => count === 20 })
    expect(await everyRow.count()).toBe(21)
    expect(await rows.first().getByRole('cell').nth(4).textContent()).toBe('Pro → Indie')
    expect(await previous.isDisabled()).toBe(true)

    await next.click()
    await rows.getByText('Free → Enterprise').waitFor()
    await panel.getByText('Page 2', { exact: true }).waitFor()
    expect(await everyRow.count()).toBe(2)
    expect(await next.isDisabled()).toBe(true)

    // Sorting keeps the page: page 2 of oldest first holds the newest change.
    await panel.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Oldest First' }).click()
    await rows.getByText('Pro → Indie').waitFor()
    expect(await everyRow.count()).toBe(2)
    await previous.click()
    await rows.first().getByText('Free → Enterprise').waitFor()
    expect(await rows.count()).toBe(20)
    await context.close()
  })

  it('says when the entries are loading, when none match and when they cannot be read', async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/api\/admin\/audit-log\?/, async (route) => {
      await held
      await route.continue()
    })
    await openSignedIn(page, admin, '/admin')
    await page.getByRole('tab', { name: 'Audit Log' }).click()
    await auditPanel(page).getByText('Loading audit entries...').waitFor()
    release()
    await auditPanel(page).getByRole('columnheader', { name: 'When' }).waitFor()
    await searchAuditLog(page, `nothing-like-${tag()}`)
    await auditPanel(page).getByText('No audit entries found').waitFor()

    await page.unroute(/\/api\/admin\/audit-log\?/)
    await page.route(/\/api\/admin\/audit-log\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }))
    await page.reload()
    await page.getByRole('tab', { name: 'Audit Log' }).click()
    await auditPanel(page).getByText('Failed to fetch audit entries').waitFor()
    await context.close()
  })

  it("writes dates and times in the admin's own locale", async () => {
    const person = await createAccount(web.server, 'lokal')
    await setPlan(person, 'indie')
    const context = await web.browser.newContext({ baseURL: web.server.url, viewport: PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
    const page = await context.newPage()
    await openSignedIn(page, admin, '/admin')
    await searchAuditLog(page, person.user.email)
    const entry = auditPanel(page).getByRole('listitem').filter({ hasText: person.user.email })
    await entry.waitFor()
    // "25. Nov. 2026, 16:04" (or "0:14" past midnight): German day and month, a 24-hour clock.
    expect(await entry.locator('time').textContent()).toMatch(/^\d{1,2}\. \S+ \d{4}, \d{1,2}:\d{2}$/)
    await page.getByRole('tab', { name: 'Accounts' }).click()
    await searchAccounts(page, person.user.accountName)
    const account = accountsPanel(page).getByRole('listitem').filter({ hasText: person.user.accountName })
    await account.waitFor()
    expect(await account.locator('dd').nth(2).textContent()).toMatch(/^\d{1,2}\. \S+ \d{4}$/)
    await context.close()
  })
})
