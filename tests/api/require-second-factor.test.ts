// An account whose owner requires a second factor of every member: only the owner sets it, and only
// with a factor of their own; a member without one may then only set one up, sign out or switch
// accounts, while the public API's keys work on. And a super admin's reset of a user's second
// factors (a lost phone): they go, the user is told, the panel and the account's log record it.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { MEMBER_MESSAGES, SECOND_FACTOR_REQUIRED } from '../../src/shared/members'
import { confirmAddress, grantSuperAdmin, invitedMember, PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { readOutbox, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
})
afterAll(() => server.close())

const as = (who: SignedIn) => ({ token: who.token })
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()
const requireSecondFactor = (who: SignedIn, requireSecondFactor: boolean) => http.patch('/api/auth/account', { requireSecondFactor }, as(who))
const storedRequirement = async (accountId: string) =>
  Boolean((await sql<{ required: unknown }>(server, 'select require_second_factor as required from accounts where id = $1', [accountId]))[0]?.required)

/** Sets up an authenticator app for the signed-in person; answers its secret. */
async function setUpAuthenticator(who: SignedIn) {
  const setup = await http.post('/api/auth/2fa/totp/setup', {}, as(who))
  expect(setup.status).toBe(200)
  const enabled = await http.post('/api/auth/2fa/totp/enable', { code: codeOf(setup.body.secret) }, as(who))
  expect(enabled.status).toBe(200)
  return setup.body.secret as string
}

/** An owner (address confirmed, so they may invite) with an authenticator, and an admin and a member without a second factor. */
async function team(label: string) {
  const owner = await signUp(http, `${label}-owner`)
  await confirmAddress(http, server.dataDir, owner.email)
  await setUpAuthenticator(owner)
  const admin = await invitedMember(http, server, owner, 'admin', `${label}-admin`)
  const member = await invitedMember(http, server, owner, 'member', `${label}-member`)
  return { owner, admin, member }
}

const expectSecondFactorRequired = (answer: { status: number; body: unknown }, call: string) =>
  expect([call, answer.status, answer.body]).toEqual([call, 403, { message: MEMBER_MESSAGES.secondFactorRequired, code: SECOND_FACTOR_REQUIRED }])

describe('requiring a second factor of every member', () => {
  it("is the owner's alone to set, and only once they have a second factor themselves", async () => {
    const owner = await signUp(http, 'req-owner')
    await confirmAddress(http, server.dataDir, owner.email)
    const admin = await invitedMember(http, server, owner, 'admin', 'req-admin')
    const member = await invitedMember(http, server, owner, 'member', 'req-member')

    const byAdmin = await requireSecondFactor(admin, true)
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.body.message).toBe(MEMBER_MESSAGES.secondFactorOwnerOnly)
    expect((await requireSecondFactor(member, true)).status).toBe(403)
    const withoutOwnFactor = await requireSecondFactor(owner, true)
    expect(withoutOwnFactor.status).toBe(400)
    expect(withoutOwnFactor.body.message).toBe(MEMBER_MESSAGES.ownSecondFactorFirst)
    expect(withoutOwnFactor.body.errors).toEqual([{ field: 'requireSecondFactor', message: MEMBER_MESSAGES.ownSecondFactorFirst }])
    expect(await storedRequirement(owner.user.accountId)).toBe(false)

    await setUpAuthenticator(owner)
    const turnedOn = await requireSecondFactor(owner, true)
    expect(turnedOn.status).toBe(200)
    expect(turnedOn.body.user).toMatchObject({ secondFactorRequired: true, mustSetUpSecondFactor: false })
    expect(await storedRequirement(owner.user.accountId)).toBe(true)
    // The admin, without a second factor, may no longer rename it; the owner's rename keeps the requirement.
    const renamed = await http.patch('/api/auth/account', { name: 'Secure team' }, as(admin))
    expect(renamed.status).toBe(403)
    expect(renamed.body.code).toBe(SECOND_FACTOR_REQUIRED)
    expect((await http.patch('/api/auth/account', { name: 'Secure team' }, as(owner))).body.user).toMatchObject({ accountName: 'Secure team', secondFactorRequired: true })

    const log = await http.get('/api/audit-log?action=account', as(owner))
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['account.renamed', 'account.second_factor_required'])
    expect(log.body.entries[1]).toMatchObject({
      actor: { type: 'user', id: owner.user.id },
      target: { type: 'account', id: owner.user.accountId },
      changes: { requireSecondFactor: { from: false, to: true } },
    })
  })

  it('refuses a member without one every app call but setting one up and leaving, until they set one up', async () => {
    const { owner, admin, member } = await team('block')
    const hasSecondFactor = async () =>
      Object.fromEntries((await http.get('/api/members', as(owner))).body.members.map((each: { email: string; hasSecondFactor: boolean }) => [each.email, each.hasSecondFactor]))
    expect(await hasSecondFactor()).toEqual({ [owner.email]: true, [admin.email]: false, [member.email]: false })
    expect((await requireSecondFactor(owner, true)).status).toBe(200)

    for (const [method, path, body] of [
      ['GET', '/api/shareLinks'],
      ['POST', '/api/shareLinks', { targetUrl: 'https://example.com/x', title: 'Blocked' }],
      ['GET', '/api/members'],
      ['GET', '/api/usage'],
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/auth/email-status'],
      ['POST', '/api/invitations/nothing/accept'],
    ] as [string, string, unknown?][])
      expectSecondFactorRequired(await http.call(method, path, body, as(member)), `${method} ${path}`)

    const me = await http.get('/api/auth/me', as(member))
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ secondFactorRequired: true, mustSetUpSecondFactor: true })
    expect((await http.get('/api/auth/2fa', as(member))).status).toBe(200)
    expect((await http.get('/api/auth/passkeys', as(member))).status).toBe(200)
    expect((await http.get('/api/auth/accounts', as(member))).status).toBe(200)
    // Signing in again opens the same door, no wider.
    const again = await http.post('/api/auth/login', { email: member.email, password: PASSWORD })
    expect(again.body.user).toMatchObject({ mustSetUpSecondFactor: true })
    expectSecondFactorRequired(await http.get('/api/shareLinks', { token: again.body.token }), 'GET /api/shareLinks after signing in again')
    expect((await http.post('/api/auth/logout', undefined, { token: again.body.token })).status).toBe(204)

    await setUpAuthenticator(member)
    expect((await http.get('/api/shareLinks', as(member))).status).toBe(200)
    expect((await http.post('/api/shareLinks', { targetUrl: 'https://example.com/x', title: 'Now allowed' }, as(member))).status).toBe(201)
    expect((await http.get('/api/auth/me', as(member))).body.user).toMatchObject({ secondFactorRequired: true, mustSetUpSecondFactor: false })
    expect(await hasSecondFactor()).toEqual({ [owner.email]: true, [admin.email]: false, [member.email]: true })
  })

  it('lets a blocked member move to an account of their own, where nothing is required', async () => {
    const { owner, member } = await team('switch')
    const own = await signUp(http, 'switch-elsewhere')
    await confirmAddress(http, server.dataDir, own.email)
    // The member also belongs to an account that asks nothing of them.
    const invited = await http.post('/api/members/invitations', { email: member.email, role: 'member' }, as(own))
    expect(invited.status).toBe(201)
    const token = await waitForMail(() => readOutbox(server.dataDir).filter((mail) => mail.to.includes(member.email) && mail.text.includes(own.email)).at(-1)?.text.match(/\/invite\?token=([\w-]+)/)?.[1])
    const joined = await http.post(`/api/invitations/${token}/accept`, undefined, as(member))
    expect(joined.status).toBe(200)
    const switchedBack = await http.post('/api/auth/switch-account', { accountId: owner.user.accountId }, { token: joined.body.token })
    expect(switchedBack.status).toBe(200)
    expect((await requireSecondFactor(owner, true)).status).toBe(200)
    expectSecondFactorRequired(await http.get('/api/shareLinks', { token: joined.body.token }), 'GET /api/shareLinks in the strict account')

    const accounts = await http.get('/api/auth/accounts', { token: joined.body.token })
    expect(accounts.body.map((account: { accountId: string }) => account.accountId).sort()).toEqual([owner.user.accountId, own.user.accountId].sort())
    const moved = await http.post('/api/auth/switch-account', { accountId: own.user.accountId }, { token: joined.body.token })
    expect(moved.status).toBe(200)
    expect(moved.body.user).toMatchObject({ accountId: own.user.accountId, secondFactorRequired: false, mustSetUpSecondFactor: false })
    expect((await http.get('/api/shareLinks', { token: joined.body.token })).status).toBe(200)
  })

  it('lifts the block once the owner turns it off again, which needs no second factor of anyone', async () => {
    const { owner, admin } = await team('lift')
    expect((await requireSecondFactor(owner, true)).status).toBe(200)
    expectSecondFactorRequired(await http.get('/api/shareLinks', as(admin)), 'GET /api/shareLinks while required')
    expect((await requireSecondFactor(admin, false)).status).toBe(403)
    expect(await storedRequirement(owner.user.accountId)).toBe(true)

    const turnedOff = await requireSecondFactor(owner, false)
    expect(turnedOff.status).toBe(200)
    expect(turnedOff.body.user).toMatchObject({ secondFactorRequired: false })
    expect((await http.get('/api/shareLinks', as(admin))).status).toBe(200)
    expect((await http.get('/api/auth/me', as(admin))).body.user).toMatchObject({ secondFactorRequired: false, mustSetUpSecondFactor: false })
    const log = await http.get('/api/audit-log?action=account', as(owner))
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['account.second_factor_optional', 'account.second_factor_required'])
    expect(log.body.entries[0].changes).toEqual({ requireSecondFactor: { from: true, to: false } })
  })

  it("leaves the public API to its keys: a blocked member's key works on", async () => {
    const { owner, admin } = await team('keys')
    const key = await http.post('/api/apiKeys', { name: 'Deploys' }, as(admin))
    expect(key.status).toBe(201)
    expect((await requireSecondFactor(owner, true)).status).toBe(200)
    expectSecondFactorRequired(await http.get('/api/apiKeys', as(admin)), 'GET /api/apiKeys with the session')
    const withKey = await http.get('/api/links', { token: key.body.key })
    expect(withKey.status).toBe(200)
  })
})

describe("a super admin resetting a user's second factors", () => {
  let superAdmin: SignedIn
  beforeAll(async () => {
    superAdmin = await signUp(http, 'reset-staff')
    await grantSuperAdmin(server, superAdmin.email)
  })

  const reset = (userId: string, who: SignedIn | null = superAdmin) => http.post(`/api/admin/users/${userId}/reset-second-factors`, undefined, who ? as(who) : undefined)
  const listed = async (email: string) => (await http.get(`/api/admin/users?search=${encodeURIComponent(email)}`, as(superAdmin))).body.users[0]
  const factorRows = async (userId: string) =>
    Promise.all(['totp_factors', 'recovery_codes', 'passkeys'].map(async (table) => (await sql(server, `select user_id from ${table} where user_id = $1`, [userId])).length))

  it('removes their authenticator, passkeys and recovery codes, so the password alone signs them in; ends nothing else', async () => {
    const person = await signUp(http, 'lost-phone')
    await setUpAuthenticator(person)
    const now = dbTime(server, new Date())
    await sql(server, 'insert into passkeys (id, user_id, name, public_key, counter, created_at) values ($1, $2, $3, $4, 0, $5)', [`cred-${person.user.id}`, person.user.id, 'Old phone', 'key', now])
    expect(await factorRows(person.user.id)).toEqual([1, 10, 1])
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).body.twoFactorRequired).toBe(true)
    expect(await listed(person.email)).toMatchObject({ id: person.user.id, hasSecondFactor: true })

    expect((await reset(person.user.id)).status).toBe(204)
    expect(await factorRows(person.user.id)).toEqual([0, 0, 0])
    const signedIn = await http.post('/api/auth/login', { email: person.email, password: PASSWORD })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.token).toBeString()
    expect((await http.get('/api/auth/me', as(person))).status).toBe(200)
    expect(await listed(person.email)).toMatchObject({ id: person.user.id, hasSecondFactor: false })
    // They may set one up again at once.
    await setUpAuthenticator(person)

    const mail = await waitForMail(() => readOutbox(server.dataDir).find((each) => each.to.includes(person.email) && each.subject === 'Your Linkcard two-factor sign-in was reset'))
    expect(mail.text).toContain("Linkcard's staff reset the two-factor sign-in of your Linkcard account")
    expect(mail.text).toContain('Set up two-factor authentication again under Settings.')
  })

  it("is recorded in the panel's log, and in the account's as Linkcard staff", async () => {
    const person = await signUp(http, 'reset-audit')
    await setUpAuthenticator(person)
    expect((await reset(person.user.id)).status).toBe(204)
    const panel = (await http.get('/api/admin/audit-log?limit=100', as(superAdmin))).body.entries
    expect(panel.find((entry: { targetId: string }) => entry.targetId === person.user.id)).toMatchObject({
      actorUserId: superAdmin.user.id,
      actorEmail: superAdmin.email,
      action: 'security.two_factor_reset',
      targetType: 'user',
      details: { email: person.email },
    })
    const own = (await http.get('/api/audit-log?action=security.two_factor_reset', as(person))).body.entries
    expect(own).toHaveLength(1)
    expect(own[0]).toMatchObject({ actor: { type: 'admin', id: null, name: 'Linkcard staff' }, target: { type: 'user', id: person.user.id }, address: null })
  })

  it('is for super admins alone, and answers 404 for an unknown user', async () => {
    const person = await signUp(http, 'reset-guarded')
    await setUpAuthenticator(person)
    expect((await reset(person.user.id, null)).status).toBe(401)
    const byOther = await reset(person.user.id, person)
    expect(byOther.status).toBe(403)
    expect(byOther.body.message).toBe('Super admin access is required.')
    expect(await factorRows(person.user.id)).toEqual([1, 10, 0])
    const unknown = await reset('no-such-user')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('User not found.')
  })
})
