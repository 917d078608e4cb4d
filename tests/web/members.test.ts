// The Members screen and the invitation link: invited by the dialog, joined by signing up or by
// signing in, roles changed and members removed, accounts switched from the header, and each
// account's members in the admin panel; at desktop and phone width.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { MEMBER_MESSAGES } from '../../src/shared/members'
import { confirmAddress, grantSuperAdmin } from '../helpers/accounts'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { client, uniqueEmail } from '../helpers/http'
import { invitationTokenFor, waitForMail } from '../helpers/outbox'
import { browserAroundTests, createAccount, openSignedIn, openSignedInPage, PASSWORD, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

/** An account whose address is confirmed, as inviting needs. */
async function confirmedAccount(label: string) {
  const session = await createAccount(web.server, label)
  await confirmAddress(client(web.server.url), web.server.dataDir, session.user.email)
  return session
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function createLink(who: Session, title: string) {
  const answer = await client(web.server.url).post('/api/shareLinks', { targetUrl: 'https://example.com/members', title }, { token: who.token })
  expect(answer.status).toBe(201)
}

/** Invites `email` through the dialog on /members and answers the mailed token. */
async function inviteThroughDialog(page: Page, email: string, role: 'Admin' | 'Member' | 'Viewer') {
  await page.getByRole('button', { name: 'Invite Member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite Member' })
  await dialog.getByLabel('Email').fill('not an address')
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await dialog.getByText('Please enter a valid email address').waitFor()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Role').click()
  await page.getByRole('option', { name: role, exact: true }).click()
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await waitForToast(page, 'Invitation sent')
  return waitForMail(() => invitationTokenFor(web.server.dataDir, email))
}

describe('/members and /invite', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`invite someone new, who signs up from the link and sees the account's links as a viewer, at ${viewport.width} px`, async () => {
      const owner = await confirmedAccount(`members-owner-${viewport.width}`)
      await createLink(owner, 'The team’s launch')
      const { page, context } = await openSignedInPage(web, '/members', { session: owner, viewport: viewport })
      await heading(page, 'Members')
      await page.getByText('Only you so far.').waitFor()
      await page.getByText('No one invited yet').waitFor()
      // The roles table is the one the server checks.
      const roles = page.getByRole('table')
      expect(await roles.getByRole('columnheader').allTextContents()).toEqual(['Can', 'Owner', 'Admin', 'Member', 'Viewer'])
      // Every role's column in view, on a phone too: the table does not scroll sideways.
      expect(await roles.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true)

      const email = uniqueEmail(`joiner-${viewport.width}`)
      const token = await inviteThroughDialog(page, email, 'Viewer')
      const pending = page.getByTestId('invitation-row')
      await pending.getByText(email).waitFor()
      expect(await pending.getByText('Viewer').count()).toBe(1)
      await saveScreenshot(page, `linkcard-members-${viewport.width}.png`, { fullPage: true })
      expect(await fitsWidth(page)).toBe(true)

      // The invited person, in a browser of their own.
      const invited = await openPage(web.browser, web.server.url, viewport)
      await invited.page.goto(`/invite?token=${token}`)
      await invited.page.getByRole('heading', { name: 'Join a Linkcard account' }).waitFor()
      await invited.page.getByText(`invited ${email} to join`).waitFor()
      expect(await invited.page.getByLabel('Email').inputValue()).toBe(email)
      await invited.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await invited.page.getByLabel('Confirm Password').fill(PASSWORD)
      await saveScreenshot(invited.page, `linkcard-invite-${viewport.width}.png`, { fullPage: true })
      expect(await fitsWidth(invited.page)).toBe(true)
      await invited.page.getByRole('button', { name: 'Create Account and Join' }).click()
      await heading(invited.page, 'Share Links')
      await invited.page.getByText('The team’s launch').first().waitFor()
      // A viewer looks: no creating, editing or deleting, and no keys or billing in the menu.
      expect(await invited.page.getByRole('button', { name: 'Create Link' }).count()).toBe(0)
      expect(await invited.page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
      if (viewport === PHONE) await invited.page.getByRole('button', { name: 'Open menu' }).click()
      const nav = invited.page.getByRole('navigation', { name: 'Main' }).locator('visible=true')
      await nav.getByRole('link', { name: 'Members', exact: true }).waitFor()
      expect(await nav.getByRole('link', { name: 'API Keys', exact: true }).count()).toBe(0)
      expect(await nav.getByRole('link', { name: 'Billing', exact: true }).count()).toBe(0)
      await invited.context.close()

      // The owner sees them join, changes their role and removes them.
      await page.reload()
      const row = page.getByTestId('member-row').filter({ hasText: email })
      await row.getByRole('combobox', { name: `Role of ${email}` }).click()
      await page.getByRole('option', { name: 'Member', exact: true }).click()
      await waitForToast(page, 'Role changed', `${email} is now a member.`)
      await row.getByRole('button', { name: `Remove ${email}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
      await waitForToast(page, 'Member removed')
      await page.getByText('Only you so far.').waitFor()
      await context.close()
    })

  it('let someone with an account sign in from the link, join, and switch between their accounts from the header', async () => {
    const owner = await confirmedAccount('switch-owner')
    await createLink(owner, 'Owner’s link')
    const person = await createAccount(web.server, 'switch-person')
    await createLink(person, 'My own link')
    expect((await web.http.post('/api/members/invitations', { email: person.user.email, role: 'member' }, { token: owner.token })).status).toBe(201)
    const token = await waitForMail(() => invitationTokenFor(web.server.dataDir, person.user.email))

    const { page, context } = await openPage(web.browser, web.server.url)
    await page.goto(`/invite?token=${token}`)
    await page.getByRole('link', { name: 'Sign In to Accept' }).click()
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(person.user.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL('**/invite?token=*')
    await page.getByRole('button', { name: `Join ${owner.user.accountName}` }).click()
    await waitForToast(page, `Welcome to ${owner.user.accountName}`)
    await heading(page, 'Share Links')
    await page.getByText('Owner’s link').first().waitFor()
    expect(await page.getByText('My own link').count()).toBe(0)
    // A member may not manage keys or webhooks: those screens say so, with nothing to press.
    for (const [path, title] of [
      ['/api-keys', "API keys are managed by the account's owners and admins"],
      ['/webhooks', "Webhooks are managed by the account's owners and admins"],
    ]) {
      await page.goto(path)
      await page.getByRole('heading', { name: title }).waitFor()
      await page.getByText(`You are a member in ${owner.user.accountName}.`, { exact: false }).waitFor()
      expect(await page.getByRole('button', { name: /Create|Add Endpoint/ }).count()).toBe(0)
      expect(await page.getByText(/Failed to fetch|could not be loaded/).count()).toBe(0)
    }
    await page.goto('/share-links')
    await heading(page, 'Share Links')

    // Back to their own account from the menu on their e-mail.
    await page.getByRole('button', { name: `Account menu for ${person.user.email}` }).click()
    await page.getByRole('menuitem', { name: new RegExp(`^${person.user.accountName}`) }).click()
    await waitForToast(page, `Now in ${person.user.accountName}`)
    await heading(page, 'Dashboard')
    // With two accounts, the menu's button names the one in use.
    await page.getByRole('button', { name: `Account menu for ${person.user.email}` }).getByText(person.user.accountName, { exact: true }).waitFor()
    await page.goto('/share-links')
    await page.getByText('My own link').first().waitFor()
    expect(await page.getByText('Owner’s link').count()).toBe(0)
    await saveScreenshot(page, 'linkcard-switched.png')
    await context.close()
  })

  it('tell an owner whose address is unconfirmed how to confirm it before any invitation form, on a phone', async () => {
    const { page, context, session } = await openSignedInPage(web, '/members', { label: 'unconfirmed-owner', viewport: PHONE })
    await heading(page, 'Members')
    await page.getByRole('button', { name: 'Invite Member' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm your address first' })
    await dialog.getByText(MEMBER_MESSAGES.confirmFirst).waitFor()
    await dialog.getByText(`linkcard confirm-email ${session.user.email}`).waitFor()
    expect(await dialog.getByLabel('Email').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await saveScreenshot(page, 'linkcard-invite-confirm-first-390.png')
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })

  it('show a signed-in stranger that the invitation is for someone else', async () => {
    const owner = await confirmedAccount('stranger-owner')
    const email = uniqueEmail('meant-for')
    await client(web.server.url).post('/api/members/invitations', { email, role: 'admin' }, { token: owner.token })
    const token = await waitForMail(() => invitationTokenFor(web.server.dataDir, email))
    const { page, context, session: stranger } = await openSignedInPage(web, `/invite?token=${token}`, { label: 'stranger', viewport: PHONE })
    await page.getByText(`You are signed in as ${stranger.user.email}. This invitation is for ${email}`).waitFor()
    await page.goto('/invite?token=nothing-here')
    await page.getByText('This invitation link is not valid any more. Ask for a new one.').waitFor()
    await context.close()
  })

  it("list an account's members in the admin panel", async () => {
    const admin = await createAccount(web.server, 'members-boss')
    await grantSuperAdmin(web.server, admin.user.email)
    const { page, context } = await openPage(web.browser, web.server.url)
    await openSignedIn(page, { ...admin, user: { ...admin.user, isSuperAdmin: true } }, '/admin')
    await heading(page, 'Super Admin Panel')
    await page.getByRole('tabpanel', { name: 'Accounts' }).getByPlaceholder('Search accounts...').fill(admin.user.email)
    await page.getByRole('button', { name: `View Details of ${admin.user.accountName}` }).click()
    const card = page.getByRole('region', { name: `Account Details: ${admin.user.accountName}` })
    const member = card.getByTestId('admin-member-row')
    await member.getByText(admin.user.email).waitFor()
    expect(await member.getByText('Owner').count()).toBe(1)
    await context.close()
  })
})
