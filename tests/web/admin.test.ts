import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { grantSuperAdmin } from '../helpers/accounts'
import { launchBrowser, openPage, PHONE } from '../helpers/browser'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { createAccount, openSignedIn, PASSWORD, waitForToast } from './support'

setDefaultTimeout(30_000)

let server: TestServer
let browser: Browser
let http: Client
let admin: Session

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  http = client(server.url)
  admin = await createAccount(server, 'boss')
  await grantSuperAdmin(server, admin.user.email)
  admin.user.isSuperAdmin = true
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function openAdmin(viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, server.url, viewport)
  await openSignedIn(opened.page, admin, '/admin')
  await opened.page.getByRole('heading', { level: 1, name: 'Super Admin Panel' }).waitFor()
  return opened
}

async function createLink(who: Session, title: string) {
  const answer = await http.post('/api/shareLinks', { targetUrl: `https://example.com/${encodeURIComponent(title)}`, title }, { token: who.token })
  if (answer.status !== 201) throw new Error(`link create failed: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; url: string; title: string }
}

const tag = () => `w${Math.random().toString(36).slice(2, 8)}`

async function signUpAs(local: string) {
  const answer = await http.post<Session>('/api/auth/signup', { email: `${local}@example.com`, password: PASSWORD })
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}`)
  return answer.body
}

const accountsPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Accounts' })
const usersPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Users' })

async function searchUsers(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Users' }).click()
  await usersPanel(page).getByPlaceholder('Search users...').fill(text)
}

async function searchAccounts(page: Page, text: string) {
  await accountsPanel(page).getByPlaceholder('Search accounts...').fill(text)
}

describe('access', () => {
  it('tells a signed-in user without super-admin rights that access is denied', async () => {
    const person = await createAccount(server, 'plain')
    const { page, context } = await openPage(browser, server.url)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/stats', async (route) => {
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
    await context.close()
  })

  it('sends a visitor who is not signed in to /login', async () => {
    const { page, context } = await openPage(browser, server.url)
    await page.goto('/admin')
    await page.waitForURL('**/login')
    await context.close()
  })
})

describe('panel', () => {
  it('shows the four totals, the Accounts tab first, and both lists with their columns', async () => {
    const person = await createAccount(server, 'listed')
    const { page, context } = await openAdmin()
    const stats = (await http.get('/api/admin/stats', { token: admin.token })).body
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
    expect(await row.getByRole('cell').nth(3).textContent()).toBe(await page.evaluate((iso) => new Date(iso).toLocaleDateString(), person.user.createdAt))

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
    const { page, context } = await openPage(browser, server.url)
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
    const { page, context } = await openPage(browser, server.url)
    let calls = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // The first call is the permission check; the second is the panel's own.
    await page.route('**/api/admin/stats', async (route) => {
      if (++calls === 1) return route.continue()
      await held
      await route.fulfill({ status: 500, body: 'down' })
    })
    await openSignedIn(page, admin, '/admin')
    await page.getByText('Loading admin panel...').waitFor()
    release()
    await page.getByText('Failed to fetch admin stats').waitFor()
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
      await page.keyboard.press('Escape')
    }
    await previous.click()
    await accounts.getByText('Page 1', { exact: true }).waitFor()
    await accounts.getByRole('row').filter({ hasText: `${prefix}-00` }).waitFor()
    await context.close()
  })

  it('fits a phone: the page never scrolls sideways', async () => {
    const { page, context } = await openAdmin(PHONE)
    await accountsPanel(page).getByRole('columnheader', { name: 'Usage This Month' }).waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })

  it('says so when a list or a card cannot be loaded', async () => {
    const person = await createAccount(server, 'failing')
    const { page, context } = await openPage(browser, server.url)
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
    const person = await createAccount(server, 'upgrade')
    const { page, context } = await openAdmin()
    await searchUsers(page, person.user.email)
    const plan = usersPanel(page).getByRole('combobox', { name: `Plan of ${person.user.email}` })
    await plan.click()
    for (const label of ['Free', 'Indie', 'Pro', 'Enterprise']) expect(await page.getByRole('option', { name: label, exact: true }).count()).toBe(1)
    await page.getByRole('option', { name: 'Pro', exact: true }).click()
    await waitForToast(page, 'Success', 'User plan updated successfully')
    expect((await http.get('/api/usage', { token: person.token })).body.plan).toBe('pro')
    await page.waitForFunction((email) => document.querySelector(`[aria-label="Plan of ${email}"]`)?.textContent === 'Pro', person.user.email)

    // Down is allowed too, with no ordering between plans.
    await plan.click()
    await page.getByRole('option', { name: 'Free', exact: true }).click()
    await waitForToast(page, 'Success', 'User plan updated successfully')
    expect((await http.get('/api/usage', { token: person.token })).body.plan).toBe('free')

    await page.route('**/api/admin/users/*/plan', (route) => route.fulfill({ status: 500, body: 'down' }))
    await plan.click()
    await page.getByRole('option', { name: 'Enterprise', exact: true }).click()
    const failed = await waitForToast(page, 'Error', 'Failed to update user plan')
    expect(await failed.getAttribute('data-variant')).toBe('destructive')
    expect((await http.get('/api/usage', { token: person.token })).body.plan).toBe('free')
    await context.close()
  })

  it("deletes a link from a user's card after confirming; the short link stops working", async () => {
    const person = await createAccount(server, 'linker')
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
    const person = await createAccount(server, 'goner')
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
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(200)

    await card.getByRole('button', { name: 'Delete User' }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await waitForToast(page, 'Success', 'User deleted successfully')
    await card.waitFor({ state: 'detached' })
    await usersPanel(page).getByText('No users found').waitFor()
    await page.waitForFunction((count) => document.querySelector('[data-testid="stat-totalUsers"]')?.textContent === count.toLocaleString('en-US'), before - 1)
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(401)
    expect((await visit(link.url)).status).toBe(404)
    await context.close()
  })

  it('deletes an account after confirming, closes the card and refreshes the lists', async () => {
    const person = await createAccount(server, 'closing')
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
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(401)
    await context.close()
  })

  it('shows an error toast when a delete fails, and keeps the card open', async () => {
    const person = await createAccount(server, 'sticky')
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
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(200)
    await context.close()
  })
})
