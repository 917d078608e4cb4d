// Getting around once signed in: the app's own navigation and account menu, at desktop and phone
// size; sign-in screens and sign-up buttons that send a signed-in person on; and the way back to
// the screen that asked for a sign-in.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { openPage, PHONE } from '../helpers/browser'
import { sql } from '../helpers/sql'
import { browserAroundTests, closeWithEscape, createAccount, openSignedIn, openSignedInPage, PASSWORD, storedSession } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const header = (page: Page) => page.locator('header')
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()

async function onPlan(plan: string): Promise<Session> {
  const session = await createAccount(web.server, `nav-${plan}`)
  await sql(web.server, 'update accounts set plan = $1 where id = $2', [plan, session.user.accountId])
  return { ...session, user: { ...session.user, plan: plan as Session['user']['plan'] } }
}

describe('signed in, the header', () => {
  it("offers the app's screens and an account menu on the e-mail, and marks where you are", async () => {
    const { page, context, session } = await openSignedInPage(web, '/dashboard', { label: 'nav-desktop' })
    await heading(page, 'Dashboard')
    // Who the person is comes from one call: a page load asks no admin call it would be refused.
    const adminCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/')) adminCalls.push(request.url())
    })
    await page.reload()
    await heading(page, 'Dashboard')
    const nav = header(page).getByRole('navigation', { name: 'Main' }).first()
    for (const [name, href, title] of [
      ['Links', '/share-links', 'Share Links'],
      ['API Keys', '/api-keys', 'API Keys'],
      ['Webhooks', '/webhooks', 'Webhooks'],
      ['Members', '/members', 'Members'],
      ['Billing', '/billing', 'Plans & Billing'],
      ['Dashboard', '/dashboard', 'Dashboard'],
    ]) {
      await nav.getByRole('link', { name, exact: true }).click()
      await page.waitForURL(`**${href}`)
      await heading(page, title)
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page')
    }
    expect(adminCalls).toEqual([])
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0)
    // The free plan has no custom domain: no Domains entry.
    expect(await nav.getByRole('link', { name: 'Domains' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Pricing' }).count()).toBe(0)

    const menu = header(page).getByRole('button', { name: `Account menu for ${session.user.email}` })
    await menu.click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await page.waitForURL('**/settings')
    await heading(page, 'Settings')
    // The keyboard opens it too, and Escape closes it.
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Billing' }).waitFor()
    await closeWithEscape(page, page.getByRole('menu'))
    await menu.click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor()
    expect(await storedSession(page)).toEqual({ token: null, user: null })
    await context.close()
  })

  it('lists Domains where the plan has a custom domain', async () => {
    const session = await onPlan('pro')
    const { page, context } = await openSignedInPage(web, '/dashboard', { session })
    await header(page).getByRole('link', { name: 'Domains', exact: true }).click()
    await heading(page, 'Custom Domains')
    await page.getByTestId('custom-domain-card').getByLabel('Hostname').waitFor()
    await context.close()
  })

  it('folds the same screens, Settings and Sign Out into the menu on a phone', async () => {
    const session = await onPlan('indie')
    const { page, context } = await openSignedInPage(web, '/dashboard', { session, viewport: PHONE })
    await heading(page, 'Dashboard')
    expect(await header(page).getByRole('link', { name: 'Links', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.locator('#site-menu')
    for (const name of ['Dashboard', 'Links', 'API Keys', 'Webhooks', 'Members', 'Billing', 'Domains', 'Docs', 'Settings'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true)
    await menu.getByText(session.user.email).waitFor()
    await menu.getByRole('link', { name: 'API Keys', exact: true }).click()
    await heading(page, 'API Keys')
    expect(await menu.isVisible()).toBe(false)
    // Escape closes the menu, and the keyboard is back on its button.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.waitFor()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu')
    // Nothing in the header is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  })
})

describe('signed in, the way in', () => {
  it('sends a signed-in person from /login and /signup, Start Building and Get Started to the app', async () => {
    const session = await createAccount(web.server, 'nav-signed-in')
    const { page, context } = await openPage(web.browser, web.server.url)
    for (const path of ['/login', '/signup']) {
      await openSignedIn(page, session, path)
      await heading(page, 'Dashboard')
      expect(new URL(page.url()).pathname).toBe('/dashboard')
    }
    await page.goto('/')
    expect(await page.getByRole('link', { name: 'Start Building' }).getAttribute('href')).toBe('/dashboard')
    await page.goto('/pricing')
    await heading(page, 'Pricing')
    const startOf = (plan: string) => page.locator(`article[data-plan="${plan}"]`).getByRole('link', { name: 'Get Started' }).getAttribute('href')
    // The plans may be drawn before the session is read: wait for the signed-in address (a busy machine may take a while).
    await page.locator('article[data-plan="free"] a[href="/dashboard"]').waitFor({ timeout: 30_000 }).catch(() => undefined)
    expect(await startOf('free')).toBe('/dashboard')
    expect(await startOf('indie')).toBe('/billing')
    expect(await startOf('pro')).toBe('/billing')
    await context.close()
  })
})

describe('signing in', () => {
  it('returns to the screen that asked for it, with its query', async () => {
    const session = await createAccount(web.server, 'nav-return')
    const { page, context } = await openPage(web.browser, web.server.url)
    await page.goto('/share-links?status=active')
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(session.user.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL((url) => url.pathname === '/share-links' && url.search === '?status=active')
    await heading(page, 'Share Links')

    // Once back, a later sign-in starts at the dashboard again.
    await header(page).getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/login')
    await page.getByLabel('Email').fill(session.user.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/dashboard')
    await context.close()
  })

  it('returns there after signing up too, on a phone', async () => {
    const { page, context } = await openPage(web.browser, web.server.url, PHONE)
    await page.goto('/api-keys')
    await page.waitForURL('**/login')
    await page.getByRole('link', { name: 'Sign up' }).click()
    await page.getByLabel('Email').fill(`nav-new-${Date.now()}@example.com`)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/api-keys')
    await heading(page, 'API Keys')
    await context.close()
  })
})

// Every server-rendered page: the blog and how-to indexes and each article.
const CONTENT_PAGES = ['blog', 'how-to'].flatMap((section) => [
  `/${section}/`,
  ...readdirSync(join(import.meta.dir, '../../content', section))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/${section}/${file.slice(0, -3)}/`),
])

describe('blog and how-to pages', () => {
  it("carry the product's header and footer, with the visitor's signed-in state", async () => {
    const { page, context } = await openPage(web.browser, web.server.url)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/blog/')
    await header(page).getByRole('link', { name: 'Get Started' }).waitFor()
    await page.locator('footer').getByRole('link', { name: 'Documentation' }).waitFor()
    // Header links load the app's pages.
    await header(page).getByRole('link', { name: 'Pricing', exact: true }).click()
    await heading(page, 'Pricing')

    const session = await createAccount(web.server, 'nav-blog')
    await openSignedIn(page, session, '/how-to/')
    await header(page).getByRole('button', { name: `Account menu for ${session.user.email}` }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await page.waitForURL('**/settings')
    await heading(page, 'Settings')
    expect(errors).toEqual([])
    await context.close()
  })

  it('fit a phone, with the header folded into its menu', async () => {
    const { page, context } = await openPage(web.browser, web.server.url, PHONE)
    for (const path of CONTENT_PAGES) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.getByRole('button', { name: 'Open menu' }).waitFor()
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect({ path, width }).toEqual({ path, width: PHONE.width })
    }
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('#site-menu').getByRole('link', { name: 'Docs', exact: true }).click()
    await heading(page, 'API Documentation')
    await context.close()
  })
})
