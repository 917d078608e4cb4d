import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { grantSuperAdmin, PASSWORD, runCommand, ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let admin: SignedIn
let someone: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  admin = await signUp(http, 'admin')
  someone = await signUp(http, 'someone')
  await grantSuperAdmin(server, admin.email)
})
afterAll(() => server.close())

const asAdmin = () => ({ token: admin.token })
const get = (path: string) => http.get(path, asAdmin())
const del = (path: string) => http.delete(path, asAdmin())
const setPlan = (userId: string, plan: unknown) => http.patch(`/api/admin/users/${userId}/plan`, { plan }, asAdmin())

const randomTag = () => `t${Math.random().toString(36).slice(2, 8)}`

/** Signs up a person whose account is named `name` (the e-mail's local part). */
async function signUpNamed(name: string): Promise<SignedIn> {
  const email = `${name}@example.com`
  const answer = await http.post('/api/auth/signup', { email, password: PASSWORD })
  if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${answer.text}`)
  return { token: answer.body.token, user: answer.body.user, email, password: PASSWORD }
}

async function createLink(who: SignedIn, extra: Record<string, unknown> = {}) {
  const answer = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/page', title: 'A page', ...extra }, { token: who.token })
  if (answer.status !== 201) throw new Error(`link create failed: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; url: string; slug: string; title: string }
}

/** Moves a signed-up person into another account as a member (there is no invitation call yet). */
async function makeMemberOf(person: SignedIn, owner: SignedIn) {
  const emptied = person.user.accountId
  await sql(server, 'update users set account_id = $1 where id = $2', [owner.user.accountId, person.user.id])
  await sql(server, 'delete from accounts where id = $1', [emptied])
  await sql(server, `insert into memberships (account_id, user_id, role, created_at) values ($1, $2, 'member', $3)`, [owner.user.accountId, person.user.id, dbTime(server, new Date())])
  person.user.accountId = owner.user.accountId
}

async function auditEntries() {
  const answer = await get('/api/admin/audit-log?limit=100')
  expect(answer.status).toBe(200)
  return answer.body.entries as { actorUserId: string; actorEmail: string; action: string; targetType: string; targetId: string; details: Record<string, unknown>; createdAt: string }[]
}

const ROUTES: [string, string][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/accounts'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/x/links'],
  ['GET', '/api/admin/accounts/x/links'],
  ['PATCH', '/api/admin/users/x/plan'],
  ['DELETE', '/api/admin/links/x'],
  ['POST', '/api/admin/users/x/reset-second-factors'],
  ['DELETE', '/api/admin/users/x'],
  ['DELETE', '/api/admin/accounts/x'],
  ['GET', '/api/admin/audit-log'],
]

describe('access', () => {
  it('answers 401 without a session on every admin call', async () => {
    for (const [method, path] of ROUTES) {
      const answer = await http.call(method, path, method === 'PATCH' ? { plan: 'pro' } : undefined)
      expect([method, path, answer.status]).toEqual([method, path, 401])
      expect(answer.body.message).toBe('Please sign in.')
    }
  })

  it('answers 403 to a signed-in user who is not a super admin, before looking at the input', async () => {
    for (const [method, path] of ROUTES) {
      const answer = await http.call(method, `${path}?limit=500&sortBy=nope`, method === 'PATCH' ? { plan: 'bogus' } : undefined, { token: someone.token })
      expect([method, path, answer.status]).toEqual([method, path, 403])
      expect(answer.body.message).toBe('Super admin access is required.')
    }
  })

  it('changes nothing when a normal user tries to delete or re-plan', async () => {
    const victim = await signUp(http, 'victim')
    const link = await createLink(victim)
    expect((await http.delete(`/api/admin/links/${link.id}`, { token: someone.token })).status).toBe(403)
    expect((await http.delete(`/api/admin/users/${victim.user.id}`, { token: someone.token })).status).toBe(403)
    expect((await http.delete(`/api/admin/accounts/${victim.user.accountId}`, { token: someone.token })).status).toBe(403)
    expect((await http.patch(`/api/admin/users/${victim.user.id}/plan`, { plan: 'enterprise' }, { token: someone.token })).status).toBe(403)
    expect((await visit(link.url)).status).toBe(302)
    expect((await http.get('/api/auth/me', { token: victim.token })).body.user.plan).toBe('free')
  })

  it('lets the super admin in once granted, and takes it away when revoked', async () => {
    const later = await signUp(http, 'later')
    expect((await http.get('/api/admin/stats', { token: later.token })).status).toBe(403)
    await grantSuperAdmin(server, later.email)
    expect((await http.get('/api/admin/stats', { token: later.token })).status).toBe(200)
    expect((await http.get('/api/auth/me', { token: later.token })).body.user.isSuperAdmin).toBe(true)
    expect((await runCommand(server, ['grant-admin', '--revoke', later.email])).code).toBe(0)
    expect((await http.get('/api/admin/stats', { token: later.token })).status).toBe(403)
  })
})

describe('stats', () => {
  it('counts every account, user and link, and every recorded click', async () => {
    const person = await signUp(http, 'stats')
    const link = await createLink(person)
    const first = await get('/api/admin/stats')
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['totalAccounts', 'totalClicks', 'totalLinks', 'totalUsers'])
    const [{ n: accounts }] = await sql<{ n: number }>(server, 'select count(*) as n from accounts')
    const [{ n: users }] = await sql<{ n: number }>(server, 'select count(*) as n from users')
    const [{ n: links }] = await sql<{ n: number }>(server, 'select count(*) as n from share_links')
    expect(first.body.totalAccounts).toBe(Number(accounts))
    expect(first.body.totalUsers).toBe(Number(users))
    expect(first.body.totalLinks).toBe(Number(links))

    await visit(link.url)
    await visit(link.url)
    // Clicks reach the database in the background a moment later.
    let totalClicks = first.body.totalClicks
    for (let i = 0; i < 100 && totalClicks < first.body.totalClicks + 2; i++) {
      await Bun.sleep(50)
      totalClicks = (await get('/api/admin/stats')).body.totalClicks
    }
    expect(totalClicks).toBe(first.body.totalClicks + 2)
  })
})

describe('account and user lists', () => {
  const COUNT = 26
  const PLAN_CYCLE = ['free', 'indie', 'pro', 'enterprise'] as const
  let tag: string
  // In creation order; names are a permutation, so name order differs from creation order.
  let people: SignedIn[]
  let names: string[]

  beforeAll(async () => {
    tag = randomTag()
    people = []
    names = []
    for (let i = 0; i < COUNT; i++) {
      const name = `${tag}-${String((i * 7) % COUNT).padStart(2, '0')}`
      names.push(name)
      people.push(await signUpNamed(name))
    }
    for (let i = 0; i < COUNT; i++) {
      const plan = PLAN_CYCLE[(i * 3) % 4]
      if (plan !== 'free') expect((await setPlan(people[i].user.id, plan)).status).toBe(200)
      people[i].user.plan = plan
    }
  }, 60_000)

  const ids = (rows: { id: string }[]) => rows.map((row) => row.id)
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

  function expectedAccounts(sortBy: string, sortOrder: 'asc' | 'desc') {
    const rows = people.map((p, i) => ({ id: p.user.accountId, created: i, name: names[i], plan: p.user.plan }))
    const key = (row: (typeof rows)[number]) => (sortBy === 'createdAt' ? row.created : sortBy === 'name' ? row.name : row.plan)
    rows.sort((a, b) => {
      const ka = key(a)
      const kb = key(b)
      return ka < kb ? -1 : ka > kb ? 1 : byId(a.id, b.id)
    })
    if (sortOrder === 'desc') rows.reverse()
    return ids(rows)
  }

  function expectedUsers(sortBy: string, sortOrder: 'asc' | 'desc') {
    const rows = people.map((p, i) => ({ id: p.user.id, created: i, email: p.email, name: names[i], plan: p.user.plan }))
    const key = (row: (typeof rows)[number]) => (sortBy === 'createdAt' ? row.created : sortBy === 'email' ? row.email : sortBy === 'name' ? row.name : row.plan)
    rows.sort((a, b) => {
      const ka = key(a)
      const kb = key(b)
      return ka < kb ? -1 : ka > kb ? 1 : byId(a.id, b.id)
    })
    if (sortOrder === 'desc') rows.reverse()
    return ids(rows)
  }

  it('lists accounts newest first, 20 to a page by default, with the total', async () => {
    const first = await get(`/api/admin/accounts?search=${tag}`)
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(COUNT)
    expect(first.body.accounts).toHaveLength(20)
    const second = await get(`/api/admin/accounts?search=${tag}&page=2`)
    expect(second.body.accounts).toHaveLength(COUNT - 20)
    expect(second.body.total).toBe(COUNT)
    expect([...ids(first.body.accounts), ...ids(second.body.accounts)]).toEqual(expectedAccounts('createdAt', 'desc'))
    const beyond = await get(`/api/admin/accounts?search=${tag}&page=3`)
    expect(beyond.body).toEqual({ accounts: [], total: COUNT })

    const row = first.body.accounts.find((a: { id: string }) => a.id === people[COUNT - 1].user.accountId)
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'id', 'name', 'plan', 'usageThisMonth', 'userCount'])
    expect(row).toMatchObject({ name: names[COUNT - 1], plan: people[COUNT - 1].user.plan, usageThisMonth: 0, userCount: 1 })
    expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt)
  })

  it('pages with any limit up to 100 without overlap', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 6; page++) {
      const answer = await get(`/api/admin/accounts?search=${tag}&limit=5&page=${page}&sortBy=name&sortOrder=asc`)
      expect(answer.status).toBe(200)
      expect(answer.body.accounts.length).toBe(page < 6 ? 5 : 1)
      seen.push(...ids(answer.body.accounts))
    }
    expect(seen).toEqual(expectedAccounts('name', 'asc'))
    const all = await get(`/api/admin/accounts?search=${tag}&limit=100`)
    expect(all.body.accounts).toHaveLength(COUNT)
  })

  for (const sortBy of ['createdAt', 'name', 'plan'])
    for (const sortOrder of ['asc', 'desc'] as const)
      it(`sorts accounts by ${sortBy} ${sortOrder}`, async () => {
        const answer = await get(`/api/admin/accounts?search=${tag}&limit=100&sortBy=${sortBy}&sortOrder=${sortOrder}`)
        expect(answer.status).toBe(200)
        expect(ids(answer.body.accounts)).toEqual(expectedAccounts(sortBy, sortOrder))
      })

  it('searches account names case-insensitively, taking % and _ literally', async () => {
    const one = await get(`/api/admin/accounts?search=${encodeURIComponent(`  ${names[3].toUpperCase()} `)}`)
    expect(one.body.total).toBe(1)
    expect(ids(one.body.accounts)).toEqual([people[3].user.accountId])
    for (const wildcard of ['%', '_', `${tag}%`, `${tag}_0`]) {
      const answer = await get(`/api/admin/accounts?search=${encodeURIComponent(wildcard)}`)
      expect([wildcard, answer.body.total]).toEqual([wildcard, 0])
    }
    expect((await get(`/api/admin/accounts?search=nothing-like-${tag}`)).body).toEqual({ accounts: [], total: 0 })
  })

  it("finds an account by a member's e-mail too", async () => {
    const answer = await get(`/api/admin/accounts?search=${encodeURIComponent(people[5].email.toUpperCase())}`)
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(1)
    expect(ids(answer.body.accounts)).toEqual([people[5].user.accountId])
    expect(answer.body.accounts[0].name).toBe(names[5])
  })

  it('lists users with their account, newest first, paged with the total', async () => {
    const first = await get(`/api/admin/users?search=${tag}`)
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(COUNT)
    expect(first.body.users).toHaveLength(20)
    const second = await get(`/api/admin/users?search=${tag}&page=2`)
    expect([...ids(first.body.users), ...ids(second.body.users)]).toEqual(expectedUsers('createdAt', 'desc'))
    const newest = first.body.users[0]
    const person = people[COUNT - 1]
    expect(newest).toEqual({
      id: person.user.id,
      email: person.email,
      role: 'owner',
      isSuperAdmin: false,
      accountId: person.user.accountId,
      accountName: names[COUNT - 1],
      plan: person.user.plan,
      emailVerified: false,
      secondFactorRequired: false,
      hasSecondFactor: false,
      createdAt: (person.user as SignedIn['user'] & { createdAt: string }).createdAt,
    })
  })

  for (const sortBy of ['createdAt', 'email', 'name', 'plan'])
    for (const sortOrder of ['asc', 'desc'] as const)
      it(`sorts users by ${sortBy} ${sortOrder}`, async () => {
        const answer = await get(`/api/admin/users?search=${tag}&limit=100&sortBy=${sortBy}&sortOrder=${sortOrder}`)
        expect(answer.status).toBe(200)
        expect(ids(answer.body.users)).toEqual(expectedUsers(sortBy, sortOrder))
      })

  it('searches users by e-mail, case-insensitively', async () => {
    const answer = await get(`/api/admin/users?search=${encodeURIComponent(people[5].email.toUpperCase())}`)
    expect(ids(answer.body.users)).toEqual([people[5].user.id])
    expect(answer.body.total).toBe(1)
    expect((await get(`/api/admin/users?search=${encodeURIComponent('@example.com_')}`)).body.total).toBe(0)
  })

  it('defaults to ascending order when sorting by a name without an order', async () => {
    const answer = await get(`/api/admin/accounts?search=${tag}&limit=100&sortBy=name`)
    expect(ids(answer.body.accounts)).toEqual(expectedAccounts('name', 'asc'))
  })
})

describe('bad list queries', () => {
  const cases: [string, string, string][] = [
    ['/api/admin/accounts?limit=101', 'limit', 'limit must be a whole number from 1 to 100.'],
    ['/api/admin/accounts?limit=0', 'limit', 'limit must be a whole number from 1 to 100.'],
    ['/api/admin/users?limit=ten', 'limit', 'limit must be a whole number from 1 to 100.'],
    ['/api/admin/accounts?page=0', 'page', 'page must be a whole number of 1 or more.'],
    ['/api/admin/users?page=-1', 'page', 'page must be a whole number of 1 or more.'],
    ['/api/admin/accounts?page=1.5', 'page', 'page must be a whole number of 1 or more.'],
    ['/api/admin/accounts?sortBy=email', 'sortBy', 'sortBy must be one of: createdAt, name, plan.'],
    ['/api/admin/users?sortBy=usage', 'sortBy', 'sortBy must be one of: createdAt, email, name, plan.'],
    ['/api/admin/accounts?sortOrder=up', 'sortOrder', 'sortOrder must be asc or desc.'],
    ['/api/admin/users?sortOrder=DESC', 'sortOrder', 'sortOrder must be asc or desc.'],
    [`/api/admin/users?search=${'x'.repeat(201)}`, 'search', 'search must be at most 200 characters.'],
    ['/api/admin/audit-log?limit=1000', 'limit', 'limit must be a whole number from 1 to 100.'],
    ['/api/admin/audit-log?page=0', 'page', 'page must be a whole number of 1 or more.'],
    ['/api/admin/audit-log?sortBy=action', 'sortBy', 'sortBy must be one of: createdAt.'],
    ['/api/admin/audit-log?sortOrder=newest', 'sortOrder', 'sortOrder must be asc or desc.'],
    [`/api/admin/audit-log?search=${'x'.repeat(201)}`, 'search', 'search must be at most 200 characters.'],
  ]
  for (const [path, field, message] of cases)
    it(`answers 400 for ${path.slice(0, 60)}`, async () => {
      const answer = await get(path)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(message)
      expect(answer.body.errors).toEqual([{ field, message }])
    })

  it('checks the query of the link lists too', async () => {
    const answer = await get(`/api/admin/users/${someone.user.id}/links?sortBy=clicks`)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('sortBy must be one of: createdAt, title.')
  })
})

describe('links of a user and of an account', () => {
  it("lists the links a user created and every link of an account, newest first, with totals", async () => {
    const owner = await signUp(http, 'owner')
    const member = await signUp(http, 'member')
    await makeMemberOf(member, owner)
    const a = await createLink(owner, { title: 'Alpha' })
    const b = await createLink(member, { title: 'Bravo', targetUrl: 'https://example.org/b' })
    const c = await createLink(owner, { title: 'Charlie' })

    const ofOwner = await get(`/api/admin/users/${owner.user.id}/links`)
    expect(ofOwner.status).toBe(200)
    expect(ofOwner.body.total).toBe(2)
    expect(ofOwner.body.shareLinks.map((l: { id: string }) => l.id)).toEqual([c.id, a.id])
    expect(ofOwner.body.shareLinks[0]).toMatchObject({ id: c.id, title: 'Charlie', targetUrl: 'https://example.com/page', url: c.url })
    expect(typeof ofOwner.body.shareLinks[0].createdAt).toBe('string')

    const ofMember = await get(`/api/admin/users/${member.user.id}/links`)
    expect(ofMember.body).toMatchObject({ total: 1, shareLinks: [{ id: b.id, title: 'Bravo' }] })

    const ofAccount = await get(`/api/admin/accounts/${owner.user.accountId}/links`)
    expect(ofAccount.body.total).toBe(3)
    expect(ofAccount.body.shareLinks.map((l: { id: string }) => l.id)).toEqual([c.id, b.id, a.id])

    const paged = await get(`/api/admin/accounts/${owner.user.accountId}/links?limit=2&page=2`)
    expect(paged.body).toMatchObject({ total: 3, shareLinks: [{ id: a.id }] })
    const byTitle = await get(`/api/admin/accounts/${owner.user.accountId}/links?sortBy=title&sortOrder=desc`)
    expect(byTitle.body.shareLinks.map((l: { title: string }) => l.title)).toEqual(['Charlie', 'Bravo', 'Alpha'])
    const searched = await get(`/api/admin/accounts/${owner.user.accountId}/links?search=example.org`)
    expect(searched.body).toMatchObject({ total: 1, shareLinks: [{ id: b.id }] })

    const none = await get(`/api/admin/users/${someone.user.id}/links`)
    expect(none.body).toEqual({ shareLinks: [], total: 0 })
  })

  it('answers 404 for an unknown user or account', async () => {
    const user = await get('/api/admin/users/no-such-user/links')
    expect(user.status).toBe(404)
    expect(user.body.message).toBe('User not found.')
    const account = await get('/api/admin/accounts/no-such-account/links')
    expect(account.status).toBe(404)
    expect(account.body.message).toBe('Account not found.')
  })
})

describe('usage this month', () => {
  it("shows the account's counted previews this period, the same number /api/usage shows", async () => {
    const person = await signUp(http, 'usage')
    const link = await createLink(person)
    for (const ua of [CRAWLER_UA.facebook, CRAWLER_UA.slack, CRAWLER_UA.discord]) expect((await visit(link.url, { userAgent: ua })).status).toBe(200)
    const usage = (await http.get('/api/usage', { token: person.token })).body.usageThisMonth
    expect(usage).toBe(3)
    const search = encodeURIComponent(person.email.split('@')[0])
    const answer = await get(`/api/admin/accounts?search=${search}`)
    expect(answer.body.accounts).toHaveLength(1)
    expect(answer.body.accounts[0].usageThisMonth).toBe(3)
  })

  it('reads the count kept in Redis when instances share one', async () => {
    const shared = await startServer({ env: { REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' } })
    try {
      const web = client(shared.url)
      const boss = await signUp(web, 'redisadmin', ownAddress())
      await grantSuperAdmin(shared, boss.email)
      const person = await signUp(web, 'redisusage', ownAddress())
      const link = (await web.post('/api/shareLinks', { targetUrl: 'https://example.com/r', title: 'R' }, { token: person.token })).body
      for (const ua of [CRAWLER_UA.x, CRAWLER_UA.linkedin]) expect((await visit(link.url, { userAgent: ua })).status).toBe(200)
      expect((await web.get('/api/usage', { token: person.token })).body.usageThisMonth).toBe(2)
      const answer = await web.get(`/api/admin/accounts?search=${encodeURIComponent(person.email.split('@')[0])}`, { token: boss.token })
      expect(answer.body.accounts.map((a: { usageThisMonth: number }) => a.usageThisMonth)).toEqual([2])
    } finally {
      await shared.close()
    }
  })
})

describe('plan changes', () => {
  it('moves the plan in any direction, visible to the user at once, and answers the updated user', async () => {
    const person = await signUp(http, 'plans')
    expect((await http.get('/api/usage', { token: person.token })).body).toMatchObject({ plan: 'free', usageLimit: 500 })
    for (const [plan, usageLimit] of [['pro', 50000], ['free', 500], ['enterprise', null], ['indie', 5000]] as const) {
      const answer = await setPlan(person.user.id, plan)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ id: person.user.id, email: person.email, plan, accountId: person.user.accountId })
      expect((await http.get('/api/usage', { token: person.token })).body).toMatchObject({ plan, usageLimit })
    }
    const entries = (await auditEntries()).filter((e) => e.targetId === person.user.accountId && e.action === 'account.plan_changed')
    expect(entries.map((e) => [e.details.from, e.details.to])).toEqual([
      ['enterprise', 'indie'],
      ['free', 'enterprise'],
      ['pro', 'free'],
      ['free', 'pro'],
    ])
    expect(entries[0]).toMatchObject({ actorUserId: admin.user.id, actorEmail: admin.email, targetType: 'account', details: { userId: person.user.id, email: person.email } })
  })

  it('refuses an unknown plan with 400 and keeps the plan', async () => {
    const person = await signUp(http, 'badplan')
    for (const body of [{ plan: 'platinum' }, { plan: 'PRO' }, {}, { plan: 3 }]) {
      const answer = await http.patch(`/api/admin/users/${person.user.id}/plan`, body, asAdmin())
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('plan must be one of: free, indie, pro, enterprise.')
    }
    expect((await http.get('/api/auth/me', { token: person.token })).body.user.plan).toBe('free')
  })

  it('answers 404 for an unknown user', async () => {
    const answer = await setPlan('no-such-user', 'pro')
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('User not found.')
  })
})

describe('deleting', () => {
  it('deletes one link: it stops resolving at once and the deletion is audited', async () => {
    const person = await signUp(http, 'dellink')
    const link = await createLink(person, { alias: `gone-${randomTag()}` })
    const kept = await createLink(person)
    expect((await visit(link.url)).status).toBe(302)
    const answer = await del(`/api/admin/links/${link.id}`)
    expect(answer.status).toBe(204)
    expect(answer.text).toBe('')
    expect((await visit(link.url)).status).toBe(404)
    expect((await visit(`${server.url}/${link.slug}`)).status).toBe(404)
    expect((await visit(kept.url)).status).toBe(302)
    const [entry] = (await auditEntries()).filter((e) => e.targetId === link.id)
    expect(entry).toMatchObject({ action: 'link.deleted', targetType: 'link', actorEmail: admin.email, details: { accountId: person.user.accountId, slug: link.slug, title: 'A page' } })
    expect((await del(`/api/admin/links/${link.id}`)).status).toBe(404)
  })

  it("deletes a user with the account's last seat: their links, the account and their sessions go", async () => {
    const person = await signUp(http, 'lastuser')
    const links = [await createLink(person), await createLink(person, { alias: `last-${randomTag()}` })]
    for (const link of links) expect((await visit(link.url)).status).toBe(302)
    const answer = await del(`/api/admin/users/${person.user.id}`)
    expect(answer.status).toBe(204)
    for (const link of links) expect((await visit(link.url)).status).toBe(404)
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(401)
    expect(await sql(server, 'select id from accounts where id = $1', [person.user.accountId])).toHaveLength(0)
    expect(await sql(server, 'select id from share_links where account_id = $1', [person.user.accountId])).toHaveLength(0)
    expect((await get(`/api/admin/accounts/${person.user.accountId}/links`)).status).toBe(404)
    const [entry] = (await auditEntries()).filter((e) => e.targetId === person.user.id)
    expect(entry).toMatchObject({ action: 'user.deleted', targetType: 'user', actorUserId: admin.user.id, details: { email: person.email, accountDeleted: true, linksDeleted: 2 } })
  })

  it('deletes a user who shares an account: their links go, the account and the others stay', async () => {
    const owner = await signUp(http, 'stayowner')
    const member = await signUp(http, 'leaver')
    await makeMemberOf(member, owner)
    const ownersLink = await createLink(owner)
    const membersLink = await createLink(member)
    expect((await visit(membersLink.url)).status).toBe(302)
    expect((await del(`/api/admin/users/${member.user.id}`)).status).toBe(204)
    expect((await visit(membersLink.url)).status).toBe(404)
    expect((await visit(ownersLink.url)).status).toBe(302)
    expect((await http.get('/api/auth/me', { token: owner.token })).status).toBe(200)
    expect((await http.get('/api/auth/me', { token: member.token })).status).toBe(401)
    const left = await get(`/api/admin/accounts/${owner.user.accountId}/links`)
    expect(left.body).toMatchObject({ total: 1, shareLinks: [{ id: ownersLink.id }] })
    const [entry] = (await auditEntries()).filter((e) => e.targetId === member.user.id)
    expect(entry.details).toMatchObject({ accountDeleted: false, linksDeleted: 1, accountId: owner.user.accountId })
  })

  it('deletes an account with all its users and links, which stop resolving at once', async () => {
    const owner = await signUp(http, 'doomed')
    const member = await signUp(http, 'doomedmember')
    await makeMemberOf(member, owner)
    const links = [await createLink(owner), await createLink(member, { alias: `doomed-${randomTag()}` })]
    for (const link of links) expect((await visit(link.url)).status).toBe(302)
    const answer = await del(`/api/admin/accounts/${owner.user.accountId}`)
    expect(answer.status).toBe(204)
    for (const link of links) expect((await visit(link.url)).status).toBe(404)
    for (const who of [owner, member]) expect((await http.get('/api/auth/me', { token: who.token })).status).toBe(401)
    expect(await sql(server, 'select id from users where account_id = $1', [owner.user.accountId])).toHaveLength(0)
    const [entry] = (await auditEntries()).filter((e) => e.targetId === owner.user.accountId)
    expect(entry).toMatchObject({ action: 'account.deleted', targetType: 'account', details: { name: owner.email.split('@')[0], plan: 'free', usersDeleted: 2 } })
  })

  it('answers 404 for unknown ids and writes nothing to the audit log', async () => {
    const before = (await auditEntries()).length
    for (const path of ['/api/admin/links/nope', '/api/admin/users/nope', '/api/admin/accounts/nope']) {
      const answer = await del(path)
      expect([path, answer.status]).toEqual([path, 404])
    }
    expect((await del('/api/admin/users/nope')).body.message).toBe('User not found.')
    expect((await del('/api/admin/accounts/nope')).body.message).toBe('Account not found.')
    expect((await auditEntries()).length).toBe(before)
  })

  it('refuses to delete the acting super admin or their own account', async () => {
    const self = await del(`/api/admin/users/${admin.user.id}`)
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('You cannot delete your own user here.')
    const own = await del(`/api/admin/accounts/${admin.user.accountId}`)
    expect(own.status).toBe(400)
    expect(own.body.message).toBe('You cannot delete your own account here.')
    expect((await get('/api/admin/stats')).status).toBe(200)
  })
})

describe('self-service deletion', () => {
  it("takes the links a member created with them, keeps the account's other links, and writes no audit entry", async () => {
    const owner = await signUp(http, 'selfowner')
    const member = await signUp(http, 'selfmember')
    await makeMemberOf(member, owner)
    const ownersLink = await createLink(owner)
    const membersLink = await createLink(member)
    expect((await visit(membersLink.url)).status).toBe(302)
    const before = (await auditEntries()).length
    expect((await http.call('DELETE', '/api/auth/delete-account', { currentPassword: member.password }, { token: member.token })).status).toBe(204)
    expect((await visit(membersLink.url)).status).toBe(404)
    expect((await visit(ownersLink.url)).status).toBe(302)
    expect((await auditEntries()).length).toBe(before)
  })
})

describe('audit log', () => {
  it('lists admin changes newest first, paged', async () => {
    const person = await signUp(http, 'audited')
    await setPlan(person.user.id, 'pro')
    await setPlan(person.user.id, 'free')
    const answer = await get('/api/admin/audit-log?limit=2')
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBeGreaterThanOrEqual(2)
    expect(answer.body.entries.map((e: { details: { to: string } }) => e.details.to)).toEqual(['free', 'pro'])
    const [newest] = answer.body.entries
    expect(Object.keys(newest).sort()).toEqual(['action', 'actorEmail', 'actorUserId', 'createdAt', 'details', 'id', 'targetId', 'targetType'])
    const next = await get('/api/admin/audit-log?limit=2&page=2')
    expect(next.body.entries.map((e: { id: string }) => e.id)).not.toContain(newest.id)
  })

  describe('search', () => {
    type Entry = { id: string; action: string; targetId: string; details: Record<string, unknown> }
    const search = async (text: string, more = '') => {
      const answer = await get(`/api/admin/audit-log?search=${encodeURIComponent(text)}${more}`)
      expect(answer.status).toBe(200)
      return answer.body as { entries: Entry[]; total: number }
    }
    let tag: string
    let people: SignedIn[]
    let doomed: { id: string }
    // Oldest first, as they were made.
    let made: string[]

    beforeAll(async () => {
      tag = randomTag()
      people = [await signUpNamed(`${tag}-ann`), await signUpNamed(`${tag}-bob`)]
      for (const plan of ['indie', 'pro', 'enterprise']) expect((await setPlan(people[0].user.id, plan)).status).toBe(200)
      expect((await setPlan(people[1].user.id, 'pro')).status).toBe(200)
      doomed = await createLink(people[1], { title: `Launch notes ${tag}` })
      expect((await del(`/api/admin/links/${doomed.id}`)).status).toBe(204)
      made = (await search(tag)).entries.map((e) => e.id).reverse()
    })

    it("finds the entries about a person by their e-mail, in the details, case-insensitively, newest first", async () => {
      const found = await search(people[0].email.toUpperCase())
      expect(found.total).toBe(3)
      expect(found.entries.map((e) => e.details.to)).toEqual(['enterprise', 'pro', 'indie'])
      expect(found.entries.every((e) => e.targetId === people[0].user.accountId)).toBe(true)
    })

    it('finds entries by the target, the action and the acting admin', async () => {
      expect((await search(doomed.id)).entries.map((e) => e.action)).toEqual(['link.deleted'])
      expect((await search(`Launch NOTES ${tag}`)).entries.map((e) => e.targetId)).toEqual([doomed.id])
      // The link's deletion keeps the account it belonged to.
      expect((await search(people[1].user.accountId)).entries.map((e) => e.action)).toEqual(['link.deleted', 'account.plan_changed'])
      const deletions = await search('LINK.DELETED', '&limit=100')
      expect(deletions.entries.map((e) => e.id)).toContain(made[4])
      expect(deletions.entries.every((e) => e.action === 'link.deleted')).toBe(true)
      expect((await search(admin.email, '&limit=5')).entries.map((e) => e.id)).toEqual(made.toReversed())
    })

    it('pages a search with its total, oldest first on request, without overlap', async () => {
      expect(made).toHaveLength(5)
      const seen: string[] = []
      for (const page of [1, 2, 3]) {
        const answer = await search(tag, `&limit=2&page=${page}&sortOrder=asc`)
        expect(answer.total).toBe(5)
        expect(answer.entries).toHaveLength(page < 3 ? 2 : 1)
        seen.push(...answer.entries.map((e) => e.id))
      }
      expect(seen).toEqual(made)
      expect((await search(tag, '&page=2')).entries).toEqual([])
    })

    it('takes % and _ literally, and finds nothing for unknown text', async () => {
      for (const text of ['%', `${tag}_ann`, `${tag}%`]) expect([text, (await search(text)).total]).toEqual([text, 0])
      expect(await search(`nothing-like-${tag}`)).toEqual({ entries: [], total: 0 })
    })
  })
})
