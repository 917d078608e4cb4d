// Members: invitations mailed and accepted (by signing up or in), roles and what each may do,
// removal, leaving, ownership handed over, switching accounts, and the account's isolation.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { can, MEMBER_MESSAGES, MEMBER_ROLES, PERMISSIONS, type MemberRole, type Permission } from '../../src/shared/members'
import { confirmAddress, grantSuperAdmin, invitedMember, PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, uniqueEmail, visit, type Client } from '../helpers/http'
import { invitationTokenFor, readOutbox, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  owner = await confirmedSignUp('team-owner')
})
afterAll(() => server.close())

const as = (who: SignedIn) => ({ token: who.token })
/** Someone who signed up and confirmed their address (inviting needs it). */
async function confirmedSignUp(label: string) {
  const who = await signUp(http, label)
  await confirmAddress(http, server.dataDir, who.email)
  return who
}
const membersOf = async (who: SignedIn) => (await http.get('/api/members', as(who))).body as { members: { userId: string; email: string; role: MemberRole; isYou: boolean }[]; invitations: { id: string; email: string; role: string }[] }
const linkIds = async (who: SignedIn) => ((await http.get('/api/shareLinks?limit=500', as(who))).body as { id: string }[]).map((link) => link.id)
const createLink = async (who: SignedIn, title = 'Team link') => (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/team', title }, as(who))).body as { id: string; url: string }
const invite = async (by: SignedIn, email: string, role: string) => http.post('/api/members/invitations', { email, role }, as(by))

describe('invitations', () => {
  it('are mailed with a one-time link; signing up from it joins the account with the role, the address confirmed', async () => {
    const email = uniqueEmail('invitee')
    const made = await invite(owner, email, 'member')
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ email, role: 'member', invitedBy: owner.email })
    const token = await waitForMail(() => invitationTokenFor(server.dataDir, email))
    const mail = readOutbox(server.dataDir).find((each) => each.to.includes(email))!
    expect(mail.subject).toBe(`Join ${owner.email.split('@')[0]} on Linkcard`)
    expect(mail.text).toContain(`${owner.email} invited you to join the Linkcard account ${owner.email.split('@')[0]} as a member.`)
    expect((await membersOf(owner)).invitations.map((each) => each.email)).toContain(email)

    const preview = await http.get(`/api/invitations/${token}`)
    expect(preview.body).toMatchObject({ email, role: 'member', accountName: owner.email.split('@')[0], hasUser: false })

    const ownersLink = await createLink(owner)
    const joined = await http.post(`/api/invitations/${token}/signup`, { password: PASSWORD })
    expect(joined.status).toBe(201)
    expect(joined.body.user).toMatchObject({ email, role: 'member', accountId: owner.user.accountId })
    const member: SignedIn = { token: joined.body.token, user: joined.body.user, email, password: PASSWORD }
    // The account's links are theirs to see; the address is confirmed by the link.
    expect(await linkIds(member)).toContain(ownersLink.id)
    expect((await http.get('/api/auth/email-status', as(member))).body.emailVerified).toBe(true)
    // They have no account of their own: one membership.
    expect((await http.get('/api/auth/accounts', as(member))).body).toEqual([{ accountId: owner.user.accountId, accountName: owner.email.split('@')[0], plan: 'free', role: 'member', isCurrent: true }])
    // The link worked once; the invitation is gone from the list.
    expect((await http.post(`/api/invitations/${token}/signup`, { password: PASSWORD })).status).toBe(404)
    expect((await http.get(`/api/invitations/${token}`)).status).toBe(404)
    expect((await membersOf(owner)).invitations.map((each) => each.email)).not.toContain(email)
    // And they can sign in as anyone can.
    expect((await http.post('/api/auth/login', { email, password: PASSWORD })).body.user.accountId).toBe(owner.user.accountId)
  })

  it('are accepted by a signed-in user of that address, who then switches between their accounts', async () => {
    const someone = await signUp(http, 'has-own-account')
    const ownLink = await createLink(someone, 'My own')
    const teamLink = await createLink(owner, 'The team’s')
    await invite(owner, someone.email.toUpperCase(), 'viewer')
    const token = await waitForMail(() => invitationTokenFor(server.dataDir, someone.email))
    expect((await http.get(`/api/invitations/${token}`)).body.hasUser).toBe(true)

    // Someone else, signed in, cannot take it.
    const stranger = await signUp(http, 'not-invited')
    const refused = await http.post(`/api/invitations/${token}/accept`, undefined, as(stranger))
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(MEMBER_MESSAGES.wrongInvitee(someone.email))
    expect((await http.get('/api/auth/accounts', as(stranger))).body).toHaveLength(1)
    // Signing up again with a known address is refused: they sign in instead.
    expect((await http.post(`/api/invitations/${token}/signup`, { password: PASSWORD })).status).toBe(409)

    const accepted = await http.post(`/api/invitations/${token}/accept`, undefined, as(someone))
    expect(accepted.status).toBe(200)
    expect(accepted.body.user).toMatchObject({ accountId: owner.user.accountId, role: 'viewer' })
    // Sessions are the person's: the one they had now works in the team account too.
    expect(await linkIds(someone)).toContain(teamLink.id)
    expect(await linkIds(someone)).not.toContain(ownLink.id)
    const accounts = (await http.get('/api/auth/accounts', as(someone))).body as { accountId: string; role: string; isCurrent: boolean }[]
    expect(accounts.map(({ accountId, role, isCurrent }) => ({ accountId, role, isCurrent }))).toEqual([
      { accountId: someone.user.accountId, role: 'owner', isCurrent: false },
      { accountId: owner.user.accountId, role: 'viewer', isCurrent: true },
    ])
    const back = await http.post('/api/auth/switch-account', { accountId: someone.user.accountId }, as(someone))
    expect(back.body.user).toMatchObject({ accountId: someone.user.accountId, role: 'owner' })
    expect(await linkIds(someone)).toEqual([ownLink.id])
    // An account they do not belong to is not theirs to switch to.
    expect((await http.post('/api/auth/switch-account', { accountId: stranger.user.accountId }, as(someone))).status).toBe(404)
    expect((await http.get('/api/auth/me', as(someone))).body.user.accountId).toBe(someone.user.accountId)
  })

  it('are sent only from a confirmed address, and at most 5 a day from one account to one address, which no other account uses up', async () => {
    const unconfirmed = await signUp(http, 'unconfirmed-inviter')
    const refused = await invite(unconfirmed, uniqueEmail('x'), 'member')
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.confirmFirst })
    expect(await sql(server, 'select id from invitations where account_id = $1', [unconfirmed.user.accountId])).toHaveLength(0)
    const target = uniqueEmail('flooded')
    // A stranger sends the address six (replacing) invitations: their sixth is refused...
    const stranger = await confirmedSignUp('stranger')
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await invite(stranger, target, 'viewer')).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // ...and every other account may still invite the address.
    const teams = await Promise.all(Array.from({ length: 3 }, (_, i) => confirmedSignUp(`team-${i}`)))
    for (const team of teams) expect((await invite(team, target, 'member')).status).toBe(201)
  })

  it('refuse bad input and members already in, name the field, and can be withdrawn', async () => {
    for (const [body, field] of [
      [{ email: 'not an address', role: 'member' }, 'email'],
      [{ email: uniqueEmail('x'), role: 'owner' }, 'role'],
      [{ email: uniqueEmail('x'), role: 'god' }, 'role'],
      [{ email: uniqueEmail('x') }, 'role'],
    ] as const) {
      const answer = await http.post('/api/members/invitations', body, as(owner))
      expect({ status: answer.status, field: answer.body.errors?.[0]?.field }).toEqual({ status: 400, field })
    }
    const already = await invite(owner, owner.email, 'admin')
    expect({ status: already.status, message: already.body.message }).toEqual({ status: 409, message: MEMBER_MESSAGES.alreadyMember })

    const email = uniqueEmail('withdrawn')
    const first = (await invite(owner, email, 'member')).body
    const firstToken = await waitForMail(() => invitationTokenFor(server.dataDir, email))
    // Inviting again replaces the first: its link stops working.
    const second = (await invite(owner, email, 'admin')).body
    const secondToken = await waitForMail(() => {
      const token = invitationTokenFor(server.dataDir, email)
      return token !== firstToken ? token : undefined
    })
    expect((await http.get(`/api/invitations/${firstToken}`)).status).toBe(404)
    expect((await http.get(`/api/invitations/${secondToken}`)).body.role).toBe('admin')
    expect((await membersOf(owner)).invitations.filter((each) => each.email === email)).toHaveLength(1)
    expect(second.id).not.toBe(first.id)
    expect((await http.delete(`/api/members/invitations/${second.id}`, as(owner))).status).toBe(204)
    expect((await http.get(`/api/invitations/${secondToken}`)).status).toBe(404)
    expect((await http.get('/api/invitations/not-a-token')).status).toBe(404)
    // The token is kept only as a hash.
    expect(JSON.stringify(await sql(server, 'select * from invitations'))).not.toContain(secondToken)
  })
})

describe('roles', () => {
  // One call for each permission; a role the table allows gets past the check, any other gets 403 naming it.
  const calls: Record<Permission, (who: SignedIn) => Promise<{ status: number; body: any }>> = {
    'links:read': (who) => http.get('/api/shareLinks', as(who)),
    'links:write': (who) => http.post('/api/shareLinks', { targetUrl: 'https://example.com/role', title: 'By role' }, as(who)),
    'integrations:manage': (who) => http.post('/api/apiKeys', { name: 'By role' }, as(who)),
    'domains:manage': (who) => http.put('/api/brand', { color: '#112233', logo: null }, as(who)),
    'members:manage': (who) => invite(who, uniqueEmail('by-role'), 'viewer'),
    'audit:read': (who) => http.get('/api/audit-log', as(who)),
    'billing:manage': (who) => http.post('/api/billing/portal', undefined, as(who)),
  }

  it('allow each role what the table says, and answer 403 naming the permission otherwise', async () => {
    const people: Record<MemberRole, SignedIn> = {
      owner,
      admin: await invitedMember(http, server, owner, 'admin'),
      member: await invitedMember(http, server, owner, 'member'),
      viewer: await invitedMember(http, server, owner, 'viewer'),
    }
    const seen: string[] = []
    for (const role of MEMBER_ROLES)
      for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
        const answer = await calls[permission](people[role])
        const allowed = can(role, permission)
        seen.push(`${role} ${permission} ${allowed ? 'allowed' : 'refused'}`)
        if (allowed) expect({ role, permission, status: answer.status }).not.toMatchObject({ status: 403 })
        else expect({ role, permission, status: answer.status, message: answer.body.message }).toEqual({ role, permission, status: 403, message: MEMBER_MESSAGES.forbidden(permission) })
      }
    // The table itself, as the product promises it.
    expect(seen.filter((line) => line.startsWith('viewer') && line.endsWith('allowed'))).toEqual(['viewer links:read allowed'])
    expect(seen.filter((line) => line.startsWith('member') && line.endsWith('allowed'))).toEqual(['member links:read allowed', 'member links:write allowed'])
    expect(seen.filter((line) => line.endsWith('billing:manage allowed'))).toEqual(['owner billing:manage allowed'])
    // A viewer changes nothing: no link of theirs was made.
    expect(await sql(server, 'select id from share_links where created_by = $1', [people.viewer.user.id])).toHaveLength(0)
  })

  it('are changed by admins below them and by the owner; the owner only by a transfer', async () => {
    const admin = await invitedMember(http, server, owner, 'admin', 'role-admin')
    const otherAdmin = await invitedMember(http, server, owner, 'admin', 'role-admin2')
    const member = await invitedMember(http, server, owner, 'member', 'role-member')
    const roleOf = async (who: SignedIn) => (await membersOf(owner)).members.find((each) => each.userId === who.user.id)?.role

    expect((await http.patch(`/api/members/${member.user.id}`, { role: 'viewer' }, as(admin))).status).toBe(200)
    expect(await roleOf(member)).toBe('viewer')
    // The new role counts at once.
    expect((await calls['links:write'](member)).status).toBe(403)
    const onAdmin = await http.patch(`/api/members/${otherAdmin.user.id}`, { role: 'viewer' }, as(admin))
    expect({ status: onAdmin.status, message: onAdmin.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.adminsOnlyByOwner })
    const onOwner = await http.patch(`/api/members/${owner.user.id}`, { role: 'viewer' }, as(admin))
    expect({ status: onOwner.status, message: onOwner.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.ownerStays })
    expect((await http.patch(`/api/members/${otherAdmin.user.id}`, { role: 'member' }, as(owner))).status).toBe(200)
    expect(await roleOf(otherAdmin)).toBe('member')
    expect((await http.patch(`/api/members/${member.user.id}`, { role: 'owner' }, as(owner))).status).toBe(400)
    // A role left out is refused, not filled in.
    expect((await http.patch(`/api/members/${member.user.id}`, {}, as(owner))).status).toBe(400)
    // Only the owner makes admins, by invitation or by a change.
    const promoting = await http.patch(`/api/members/${member.user.id}`, { role: 'admin' }, as(admin))
    expect({ status: promoting.status, message: promoting.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.adminsOnlyByOwner })
    expect((await invite(admin, uniqueEmail('would-be-admin'), 'admin')).status).toBe(403)
    expect((await http.patch(`/api/members/${admin.user.id}`, { role: 'member' }, as(member))).status).toBe(403)
    expect(await roleOf(admin)).toBe('admin')
  })
})

describe('members', () => {
  it('are removed: their session no longer reaches the account, their keys stop, their links stay', async () => {
    const leaver = await invitedMember(http, server, owner, 'admin', 'removed')
    const link = await createLink(leaver, 'Made by a leaver')
    const key = (await http.post('/api/apiKeys', { name: 'Leaver’s key' }, as(leaver))).body.key as string
    expect((await http.get('/api/links', { token: key })).status).toBe(200)

    expect((await http.delete(`/api/members/${leaver.user.id}`, as(owner))).status).toBe(204)
    // Their session still signs them in, to a new account of their own, empty.
    const me = (await http.get('/api/auth/me', as(leaver))).body.user
    expect(me.accountId).not.toBe(owner.user.accountId)
    expect(me.role).toBe('owner')
    expect(await linkIds(leaver)).toEqual([])
    expect((await http.get(`/api/shareLinks/${link.id}`, as(leaver))).status).toBe(404)
    expect((await http.post('/api/auth/switch-account', { accountId: owner.user.accountId }, as(leaver))).status).toBe(404)
    expect((await http.get('/api/links', { token: key })).status).toBe(401)
    // The link is the account's.
    expect(await linkIds(owner)).toContain(link.id)
    expect((await visit(link.url)).status).toBe(302)
    expect((await http.delete(`/api/members/${leaver.user.id}`, as(owner))).status).toBe(404)
  })

  it('lose what their role allowed: a demoted admin’s keys stop, a removed admin’s invitations are withdrawn', async () => {
    const demoted = await invitedMember(http, server, owner, 'admin', 'demoted')
    const key = (await http.post('/api/apiKeys', { name: 'Demoted’s key' }, as(demoted))).body.key as string
    const invitee = uniqueEmail('invited-by-demoted')
    expect((await invite(demoted, invitee, 'viewer')).status).toBe(201)
    const token = await waitForMail(() => invitationTokenFor(server.dataDir, invitee))
    expect((await http.patch(`/api/members/${demoted.user.id}`, { role: 'member' }, as(owner))).status).toBe(200)
    expect((await http.get('/api/links', { token: key })).status).toBe(401)
    expect((await http.get(`/api/invitations/${token}`)).status).toBe(404)

    const removed = await invitedMember(http, server, owner, 'admin', 'removed-admin')
    const second = uniqueEmail('second-address')
    expect((await invite(removed, second, 'viewer')).status).toBe(201)
    const secondToken = await waitForMail(() => invitationTokenFor(server.dataDir, second))
    expect((await http.delete(`/api/members/${removed.user.id}`, as(owner))).status).toBe(204)
    expect((await http.post(`/api/invitations/${secondToken}/signup`, { password: PASSWORD })).status).toBe(404)
  })

  it('who delete their user take their links in the accounts they are in, not in those they left', async () => {
    const former = await invitedMember(http, server, owner, 'member', 'former')
    const left = await createLink(former, 'Made before leaving')
    expect((await http.delete(`/api/members/${former.user.id}`, as(owner))).status).toBe(204)
    const own = await createLink(former, 'In their own account')
    expect((await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(former))).status).toBe(204)
    expect(await linkIds(owner)).toContain(left.id)
    expect(await sql(server, 'select id from share_links where id = $1', [own.id])).toHaveLength(0)

    // The keys a deleted user made stop with them, in the accounts that stay.
    const admin = await invitedMember(http, server, owner, 'admin', 'deleting-admin')
    const key = (await http.post('/api/apiKeys', { name: 'Outlives me?' }, as(admin))).body.key as string
    expect((await http.get('/api/links', { token: key })).status).toBe(200)
    expect((await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(admin))).status).toBe(204)
    expect((await http.get('/api/links', { token: key })).status).toBe(401)
  })

  it('who are found working in an account they left (a switch that raced a removal) are moved to one of theirs, not locked out', async () => {
    const person = await invitedMember(http, server, owner, 'member', 'raced')
    await sql(server, 'delete from memberships where account_id = $1 and user_id = $2', [owner.user.accountId, person.user.id])
    const me = await http.get('/api/auth/me', as(person))
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ role: 'owner' })
    expect(me.body.user.accountId).not.toBe(owner.user.accountId)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

  it('leave by themselves; a viewer cannot remove anyone; the owner can be neither removed nor leave', async () => {
    const viewer = await invitedMember(http, server, owner, 'viewer', 'leaving')
    const member = await invitedMember(http, server, owner, 'member', 'staying')
    expect((await http.delete(`/api/members/${member.user.id}`, as(viewer))).status).toBe(403)
    expect((await http.delete(`/api/members/${owner.user.id}`, as(owner))).status).toBe(403)
    const admin = await invitedMember(http, server, owner, 'admin', 'not-owner')
    expect((await http.delete(`/api/members/${owner.user.id}`, as(admin))).status).toBe(403)
    expect((await http.delete(`/api/members/${viewer.user.id}`, as(viewer))).status).toBe(204)
    const left = (await membersOf(owner)).members.map((each) => each.userId)
    expect(left).not.toContain(viewer.user.id)
    expect(left).toContain(member.user.id)
  })

  it('take the ownership when the owner hands it over; the former owner becomes an admin', async () => {
    const founder = await confirmedSignUp('founder')
    const heir = await invitedMember(http, server, founder, 'member', 'heir')
    const denied = await http.post('/api/members/transfer', { userId: founder.user.id }, as(heir))
    expect({ status: denied.status, message: denied.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.ownerOnly })
    // A member handing the account to themselves is told the role they lack, not that they own it.
    const toSelf = await http.post('/api/members/transfer', { userId: heir.user.id }, as(heir))
    expect({ status: toSelf.status, message: toSelf.body.message }).toEqual({ status: 403, message: MEMBER_MESSAGES.ownerOnly })
    const byOwner = await http.post('/api/members/transfer', { userId: founder.user.id }, as(founder))
    expect({ status: byOwner.status, message: byOwner.body.message }).toEqual({ status: 400, message: MEMBER_MESSAGES.transferToSelf })
    // The owner of a shared account cannot delete their user before handing it over.
    const deleting = await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(founder))
    expect({ status: deleting.status, message: deleting.body.message }).toEqual({ status: 409, message: MEMBER_MESSAGES.ownsSharedAccount })
    expect((await http.post('/api/members/transfer', { userId: 'nobody' }, as(founder))).status).toBe(404)

    expect((await http.post('/api/members/transfer', { userId: heir.user.id }, as(founder))).status).toBe(204)
    const roles = Object.fromEntries((await membersOf(heir)).members.map((each) => [each.email, each.role]))
    expect(roles).toEqual({ [founder.email]: 'admin', [heir.email]: 'owner' })
    expect((await http.post('/api/members/transfer', { userId: heir.user.id }, as(founder))).status).toBe(403)
    // Now the former owner can go; the account stays with its new owner.
    expect((await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(founder))).status).toBe(204)
    expect((await membersOf(heir)).members.map((each) => each.email)).toEqual([heir.email])
  })

  it('keep exactly one owner whatever races: two transfers at once, a transfer beside a removal', async () => {
    const founder = await confirmedSignUp('racing-founder')
    const [first, second] = [await invitedMember(http, server, founder, 'member', 'racing-a'), await invitedMember(http, server, founder, 'member', 'racing-b')]
    const admin = await invitedMember(http, server, founder, 'admin', 'racing-admin')
    const owners = async () => (await sql<{ user_id: string }>(server, "select user_id from memberships where account_id = $1 and role = 'owner'", [founder.user.accountId])).map((row) => row.user_id)

    const [toFirst, toSecond, removal] = await Promise.all([
      http.post('/api/members/transfer', { userId: first.user.id }, as(founder)),
      http.post('/api/members/transfer', { userId: second.user.id }, as(founder)),
      http.delete(`/api/members/${first.user.id}`, as(admin)),
    ])
    expect([toFirst.status, toSecond.status].filter((status) => status === 204)).toHaveLength(1)
    expect([toFirst, toSecond, removal].every((answer) => answer.status < 500)).toBe(true)
    const [owner] = await owners()
    expect(await owners()).toHaveLength(1)
    // Whoever owns it now is still a member, and the founder stepped down to admin.
    expect((await membersOf(founder)).members.find((each) => each.userId === owner)?.role).toBe('owner')
    expect((await membersOf(founder)).members.find((each) => each.isYou)?.role).toBe('admin')
  })

  it('keep the account whole when a deletion races a transfer, or a join races the account going', async () => {
    for (let round = 0; round < 5; round++) {
      const founder = await confirmedSignUp(`whole-founder-${round}`)
      const heir = await invitedMember(http, server, founder, 'admin', `whole-heir-${round}`)
      const [deleted, transferred] = await Promise.all([
        http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(heir)),
        http.post('/api/members/transfer', { userId: heir.user.id }, as(founder)),
      ])
      expect([deleted.status, transferred.status].every((status) => status < 500)).toBe(true)
      expect(await sql(server, "select user_id from memberships where account_id = $1 and role = 'owner'", [founder.user.accountId])).toHaveLength(1)

      // The only member deletes their user while someone accepts their invitation: the joiner stays a user.
      const alone = await confirmedSignUp(`whole-alone-${round}`)
      const joiner = await signUp(http, `whole-joiner-${round}`)
      await invite(alone, joiner.email, 'member')
      const token = await waitForMail(() => invitationTokenFor(server.dataDir, joiner.email))
      const [gone, accepted] = await Promise.all([
        http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(alone)),
        http.post(`/api/invitations/${token}/accept`, undefined, as(joiner)),
      ])
      expect([gone.status, accepted.status].every((status) => status < 500)).toBe(true)
      expect((await http.post('/api/auth/login', { email: joiner.email, password: PASSWORD })).status).toBe(200)
      for (const { account_id } of await sql<{ account_id: string }>(server, 'select account_id from memberships where user_id = $1', [joiner.user.id]))
        expect(await sql(server, "select user_id from memberships where account_id = $1 and role = 'owner'", [account_id])).toHaveLength(1)
    }
  }, 60_000)

  it('answer many changes to one account at once, without waiting on each other for ever', async () => {
    const busy = await confirmedSignUp('busy-owner')
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => invite(busy, uniqueEmail(`busy-${i}`), 'viewer')),
      ...Array.from({ length: 8 }, () => http.post('/api/shareLinks', { targetUrl: 'https://example.com/busy', title: 'Busy' }, as(busy))),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([...Array(12).fill(201), ...Array(8).fill(201)])
    expect((await membersOf(busy)).invitations).toHaveLength(12)
  }, 30_000)

  it("of another account are out of reach: its members, invitations and people answer 404 and change nothing", async () => {
    const other = await confirmedSignUp('other-team')
    const theirMember = await invitedMember(http, server, other, 'member', 'their-member')
    const pending = (await invite(other, uniqueEmail('their-invitee'), 'viewer')).body
    for (const [method, path, body] of [
      ['PATCH', `/api/members/${theirMember.user.id}`, { role: 'viewer' }],
      ['DELETE', `/api/members/${theirMember.user.id}`, undefined],
      ['DELETE', `/api/members/invitations/${pending.id}`, undefined],
      ['POST', '/api/members/transfer', { userId: theirMember.user.id }],
    ] as const) {
      const answer = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) })
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 })
    }
    const theirs = await membersOf(other)
    expect(theirs.members.map((each) => [each.email, each.role])).toEqual([[other.email, 'owner'], [theirMember.email, 'member']])
    expect(theirs.invitations.map((each) => each.id)).toEqual([pending.id])
    expect((await membersOf(owner)).members.map((each) => each.userId)).not.toContain(theirMember.user.id)
  })

  it('are listed per account in the admin panel', async () => {
    const admin = await confirmedSignUp('members-admin')
    await grantSuperAdmin(server, admin.email)
    const viewer = await invitedMember(http, server, admin, 'viewer', 'admin-panel')
    const listed = await http.get(`/api/admin/accounts/${admin.user.accountId}/members`, as(admin))
    expect(listed.body.map((each: { email: string; role: string }) => [each.email, each.role])).toEqual([[admin.email, 'owner'], [viewer.email, 'viewer']])
    expect((await http.get(`/api/admin/accounts/${admin.user.accountId}/members`, as(viewer))).status).toBe(403)
    expect((await http.get('/api/admin/accounts/nope/members', as(admin))).status).toBe(404)
  })
})

describe('the workspace name', () => {
  it("is asked at sign-up, the address's local part when left out, and refused when too long or over lines, creating nothing", async () => {
    const email = uniqueEmail('named')
    const named = await http.post('/api/auth/signup', { email, password: PASSWORD, accountName: '  Acme Marketing  ' })
    expect(named.status).toBe(201)
    expect(named.body.user.accountName).toBe('Acme Marketing')
    // Left out or blank: the address's local part.
    const blank = await http.post('/api/auth/signup', { email: uniqueEmail('blank-name'), password: PASSWORD, accountName: '   ' })
    expect(blank.body.user.accountName).toBe(blank.body.user.email.split('@')[0])
    const plain = await signUp(http, 'unnamed')
    expect((await http.get('/api/auth/me', as(plain))).body.user.accountName).toBe(plain.email.split('@')[0])
    for (const accountName of ['x'.repeat(61), 'two\nlines']) {
      const refusedEmail = uniqueEmail('refused-name')
      const refused = await http.post('/api/auth/signup', { email: refusedEmail, password: PASSWORD, accountName })
      expect(refused.status).toBe(400)
      // A line break is refused as every control character is, in those words.
      expect(refused.body.errors[0].field).toBe('accountName')
      if (accountName.length > 60) expect(refused.body.errors[0].message).toBe(MEMBER_MESSAGES.accountName)
      expect((await http.post('/api/auth/login', { email: refusedEmail, password: PASSWORD })).status).toBe(401)
    }
  })

  it('is changed by owners and admins, for every member, and refused to members and viewers', async () => {
    const boss = await confirmedSignUp('rename-owner')
    const [admin, member] = [await invitedMember(http, server, boss, 'admin'), await invitedMember(http, server, boss, 'member')]
    const renamed = await http.patch('/api/auth/account', { name: ' Northwind Team ' }, as(boss))
    expect(renamed.status).toBe(200)
    expect(renamed.body.user.accountName).toBe('Northwind Team')
    expect((await http.patch('/api/auth/account', { name: 'By the admin' }, as(admin))).status).toBe(200)
    expect((await http.get('/api/auth/me', as(member))).body.user.accountName).toBe('By the admin')
    const refused = await http.patch('/api/auth/account', { name: 'By a member' }, as(member))
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(MEMBER_MESSAGES.forbidden('domains:manage'))
    expect((await http.patch('/api/auth/account', { name: '' }, as(boss))).body.errors[0]).toEqual({ field: 'name', message: MEMBER_MESSAGES.accountName })
    expect((await http.get('/api/auth/me', as(boss))).body.user.accountName).toBe('By the admin')
  })
})
