// The Audit Log screen: an account's changes with who made them (a person, or an API key by name),
// what changed and from where; filtered by person, kind and day, paged, exported as CSV; for owners
// and admins only, reached from the account menu; at desktop and phone width.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { MEMBER_MESSAGES } from '../../src/shared/members'
import { confirmAddress, invitedMember } from '../helpers/accounts'
import { DESKTOP, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { until } from '../helpers/until'
import { browserAroundTests, closeWithEscape, createAccount, openSignedInPage, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const entries = (page: Page) => page.getByTestId('audit-entry')
const as = (who: { token: string }) => ({ token: who.token })

/** An owner whose account has a short history: a link made and renamed, a key, and a link the key made. */
async function ownerWithHistory(label: string) {
  const http = client(web.server.url)
  const owner = await createAccount(web.server, label)
  const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/audit', title: 'First title' }, as(owner))).body
  expect((await http.patch(`/api/shareLinks/${link.id}`, { title: 'Second title' }, as(owner))).status).toBe(200)
  const key = (await http.post('/api/apiKeys', { name: 'Deploy bot' }, as(owner))).body
  expect((await http.post('/api/link', { targetUrl: 'https://example.com/by-bot', title: 'By the bot' }, { token: key.key })).status).toBe(201)
  return owner
}

/** Picks `option` in the choice labelled `label`, with the keyboard alone. */
async function chooseWithKeyboard(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).focus()
  await page.keyboard.press('Enter')
  const choice = page.getByRole('option', { name: option, exact: true })
  await choice.waitFor()
  // Each key waits for the highlight to move before the next, so a busy page cannot be overshot.
  const options = page.getByRole('option')
  const wanted = await options.evaluateAll((all, element) => all.indexOf(element as HTMLElement), await choice.elementHandle())
  const highlighted = () => options.evaluateAll((all) => all.findIndex((element) => element.hasAttribute('data-highlighted')))
  let at = await highlighted()
  while (at !== wanted) {
    const from = at
    await page.keyboard.press(from >= 0 && from > wanted ? 'ArrowUp' : 'ArrowDown')
    at = await until(highlighted, { what: `the highlight to move from option ${from} towards ${wanted}`, done: (now) => now !== from })
  }
  await page.keyboard.press('Enter')
  await page.getByRole('listbox').waitFor({ state: 'detached' })
}

describe('/audit-log', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`shows who changed what, filters it and exports it, at ${viewport.width} px`, async () => {
      const owner = await ownerWithHistory(`audit-web-${viewport.width}`)
      const { page, context } = await openSignedInPage(web, '/audit-log', { session: owner, viewport })
      await heading(page, 'Audit Log')
      await entries(page).first().waitFor()
      expect(await entries(page).count()).toBe(4)
      // Newest first: the key's link, made by the key, from the test's own address.
      const newest = entries(page).first()
      await newest.getByText('Link created').waitFor()
      await newest.getByText('Deploy bot').waitFor()
      await newest.getByText('API key', { exact: true }).waitFor()
      await newest.getByText('127.0.0.1').waitFor()
      await entries(page).nth(2).getByText('title: First title → Second title').waitFor()
      await entries(page).nth(3).getByText(owner.user.email).waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await saveScreenshot(page, `audit-log-${viewport.width}.png`, { fullPage: true })

      await chooseWithKeyboard(page, 'Person', 'Deploy bot (API key)')
      await page.getByText('1 entry match').waitFor()
      expect(await entries(page).count()).toBe(1)
      await page.getByRole('button', { name: 'Clear Filters' }).first().click()
      await page.getByText('4 entries').waitFor()
      await chooseWithKeyboard(page, 'Kind', 'API keys')
      await page.getByText('1 entry match').waitFor()
      await entries(page).first().getByText('API key created').waitFor()
      await page.getByLabel('From (UTC)').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
      await page.getByText('No entries match these filters').waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await page.getByRole('main').getByRole('button', { name: 'Clear Filters' }).last().click()
      await page.getByText('4 entries').waitFor()

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
      expect(download.suggestedFilename()).toMatch(/^linkcard-audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n')
      expect(lines[0]).toBe('createdAt,action,actorType,actorId,actorName,targetType,targetId,targetName,changes,address')
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['link.created', 'key.created', 'link.updated', 'link.created'])
      await context.close()
    })

  it('loads older entries a page at a time', async () => {
    const owner = await createAccount(web.server, 'audit-web-pages')
    const http = client(web.server.url)
    for (let i = 0; i < 55; i++) expect((await http.post('/api/tags', { name: `Tag ${String(i).padStart(2, '0')}` }, as(owner))).status).toBe(201)
    const { page, context } = await openSignedInPage(web, '/audit-log', { session: owner })
    await heading(page, 'Audit Log')
    await page.getByText('50+ entries').waitFor()
    expect(await entries(page).count()).toBe(50)
    await entries(page).first().getByText('Tag 54', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Load More' }).click()
    await page.getByText('55 entries').waitFor()
    expect(await entries(page).count()).toBe(55)
    await entries(page).last().getByText('Tag 00', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0)
    await context.close()
  })

  it('says when there is nothing yet, and when the log cannot be read, and reads it again on request', async () => {
    const owner = await createAccount(web.server, 'audit-web-empty')
    const { page, context } = await openSignedInPage(web, '/audit-log', { session: owner })
    await page.getByText('Nothing recorded yet').waitFor()
    await client(web.server.url).post('/api/tags', { name: 'First tag' }, as(owner))
    await page.route('**/api/audit-log?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Down for a moment.' }) }))
    await page.reload()
    const failed = page.getByRole('alert').filter({ hasText: 'The audit log could not be loaded.' })
    await failed.getByText('Down for a moment.').waitFor()
    await page.unroute('**/api/audit-log?*')
    await failed.getByRole('button', { name: 'Try Again' }).click()
    await entries(page).first().getByText('Tag created').waitFor()
    await context.close()
  })
})

describe('who sees it', () => {
  async function accountMenuItems(page: Page, session: Session) {
    await page.getByRole('button', { name: `Account menu for ${session.user.email}` }).click()
    const items = await page.getByRole('menuitem').allTextContents()
    await closeWithEscape(page, page.getByRole('menu'))
    return items
  }

  it('is in the account menu and the phone menu of owners and admins; others get a notice, not the log', async () => {
    const http = client(web.server.url)
    const owner = await createAccount(web.server, 'audit-web-roles')
    await confirmAddress(http, web.server.dataDir, owner.user.email)
    const ownerAsSignedIn = { token: owner.token, email: owner.user.email, password: owner.password, user: owner.user }
    const admin = await invitedMember(http, web.server, ownerAsSignedIn, 'admin', 'audit-web-admin')
    const viewer = await invitedMember(http, web.server, ownerAsSignedIn, 'viewer', 'audit-web-viewer')
    const sessionOf = async (who: { token: string }) => ({ token: who.token, user: (await http.get('/api/auth/me', as(who))).body.user }) as Session

    const asOwner = await openSignedInPage(web, '/dashboard', { session: owner })
    await heading(asOwner.page, 'Dashboard')
    expect(await accountMenuItems(asOwner.page, owner)).toContain('Audit Log')
    await asOwner.page.getByRole('button', { name: `Account menu for ${owner.user.email}` }).click()
    await asOwner.page.getByRole('menuitem', { name: 'Audit Log' }).click()
    await asOwner.page.waitForURL('**/audit-log')
    await heading(asOwner.page, 'Audit Log')
    await entries(asOwner.page).first().waitFor()
    await asOwner.context.close()

    const adminSession = await sessionOf(admin)
    const asAdmin = await openSignedInPage(web, '/dashboard', { session: adminSession, viewport: PHONE })
    await heading(asAdmin.page, 'Dashboard')
    await asAdmin.page.getByRole('button', { name: 'Open menu' }).click()
    await asAdmin.page.locator('#site-menu').getByRole('link', { name: 'Audit Log', exact: true }).click()
    await heading(asAdmin.page, 'Audit Log')
    // The admin's own joining is among what the log holds.
    await entries(asAdmin.page).filter({ hasText: 'Member joined' }).filter({ hasText: adminSession.user.email }).first().waitFor()
    expect(await fitsWidth(asAdmin.page)).toBe(true)
    await asAdmin.context.close()

    const viewerSession = await sessionOf(viewer)
    const asViewer = await openSignedInPage(web, '/dashboard', { session: viewerSession })
    await heading(asViewer.page, 'Dashboard')
    expect(await accountMenuItems(asViewer.page, viewerSession)).not.toContain('Audit Log')
    await asViewer.page.goto('/audit-log')
    await heading(asViewer.page, 'Audit Log')
    await asViewer.page.getByText(MEMBER_MESSAGES.forbidden('audit:read')).waitFor()
    expect(await entries(asViewer.page).count()).toBe(0)
    await asViewer.context.close()
  })
})
