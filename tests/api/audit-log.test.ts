// The account's audit log: a day of work by the owner, an API key and a new member, read back in
// order with who acted (by e-mail, or the key by name), from which network, and what changed; its
// filters, cursor paging and CSV export; owners and admins only, one account's entries only; no call
// changes an entry; entries outlive the person who acted, and leave after AUDIT_LOG_RETENTION_DAYS;
// each is told to the account's webhooks as audit.recorded.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { join } from 'node:path'
import postgres from 'postgres'
import { AUDIT_MESSAGES } from '../../src/shared/audit'
import { MEMBER_MESSAGES } from '../../src/shared/members'
import { confirmAddress, invitedMember, PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { startDnsServer, type DnsServer } from '../helpers/dns-server'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { invitationTokenFor, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

type Entry = {
  id: string
  action: string
  actor: { type: string; id: string | null; name: string }
  target: { type: string; id: string; name: string | null }
  changes: Record<string, { from: unknown; to: unknown }> | null
  address: string | null
  createdAt: string
}

const RETENTION_DAYS = 30
// Behind a trusted proxy, each caller comes from a network of its own; IPv6 is kept as its /64.
const OWNER_FROM = { 'x-forwarded-for': '203.0.113.7' }
const KEY_FROM = { 'x-forwarded-for': '2001:db8:1:2:aa:bb:cc:dd' }

const receiver = startWebhookReceiver()
let dns: DnsServer
let server: TestServer
let http: Client
let owner: SignedIn
let member: SignedIn
let apiKey: { id: string; key: string }
let webhookSecret: string

const asOwner = () => ({ token: owner.token, headers: OWNER_FROM })
const as = (who: SignedIn) => ({ token: who.token })
const readLog = async (who: SignedIn, query = '') => http.get<{ entries: Entry[]; nextCursor: string | null; errors?: unknown }>(`/api/audit-log${query}`, as(who))
const entriesOf = async (who: SignedIn, query = '') => {
  const answer = await readLog(who, query)
  expect(answer.status).toBe(200)
  return answer.body.entries
}

beforeAll(async () => {
  dns = await startDnsServer()
  server = await startServer({
    env: { FETCH_ALLOWED_HOSTS: receiver.host, TRUST_PROXY: '127.0.0.1', DEFAULT_PLAN: 'pro', DNS_RESOLVER: dns.address, AUDIT_LOG_RETENTION_DAYS: String(RETENTION_DAYS) },
  })
  http = client(server.url)
  owner = await signUp(http, 'audit-owner')
  await confirmAddress(http, server.dataDir, owner.email)
  const endpoint = await http.post('/api/webhooks', { url: receiver.url, events: ['audit.recorded'], description: 'Audit feed' }, asOwner())
  expect(endpoint.status).toBe(201)
  webhookSecret = endpoint.body.secret
  receiver.trust(webhookSecret)
  await workADay(endpoint.body.id)
})
afterAll(async () => {
  await server?.close()
  receiver.stop()
  dns?.close()
})

/** The changes of an ordinary day, in this order: the log must read them back so. */
async function workADay(endpointId: string) {
  const ok = async (answer: Promise<{ status: number; text: string }>, status = 200) => {
    const { status: got, text } = await answer
    expect({ got, text: got === status ? '' : text }).toEqual({ got: status, text: '' })
  }
  const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/launch', title: 'Launch page' }, asOwner())).body
  await ok(http.patch(`/api/shareLinks/${link.id}`, { title: 'Launch day', targetUrl: 'https://example.com/launch-day' }, asOwner()))
  const tag = (await http.post('/api/tags', { name: 'Launch', color: 'sky' }, asOwner())).body
  await ok(http.patch(`/api/tags/${tag.id}`, { name: 'Launches' }, asOwner()))
  apiKey = (await http.post('/api/apiKeys', { name: 'CI bot' }, asOwner())).body
  const byKey = (await http.post('/api/link', { targetUrl: 'https://example.com/from-ci', title: 'From CI' }, { token: apiKey.key, headers: KEY_FROM })).body
  await ok(http.delete(`/api/link/${byKey.id}`, { token: apiKey.key, headers: KEY_FROM }), 204)
  await ok(http.post('/api/shareLinks/bulk', { action: 'deactivate', ids: [link.id] }, asOwner()))
  member = await invitedMember(http, server, owner, 'member', 'audit-member')
  await ok(http.patch(`/api/members/${member.user.id}`, { role: 'viewer' }, asOwner()))
  const domain = (await http.post('/api/domains', { hostname: `audit-${Date.now().toString(36)}.shop-audit.com` }, asOwner())).body
  await ok(http.patch(`/api/domains/${domain.id}`, { rootRedirect: 'https://example.com/' }, asOwner()))
  await ok(http.put('/api/brand', { color: '#112233', logo: null }, asOwner()))
  await ok(http.patch('/api/auth/account', { name: 'Audited Inc' }, asOwner()))
  await ok(http.delete(`/api/apiKeys/${apiKey.id}`, asOwner()), 204)
  await ok(http.delete(`/api/shareLinks/${link.id}`, asOwner()), 204)
  await ok(http.delete(`/api/tags/${tag.id}`, asOwner()), 204)
  await ok(http.patch(`/api/webhooks/${endpointId}`, { description: 'Audit feed (all changes)' }, asOwner()))
}

const DAY_OF_ACTIONS = [
  'webhook.created',
  'link.created',
  'link.updated',
  'tag.created',
  'tag.updated',
  'key.created',
  'link.created',
  'link.deleted',
  'link.updated',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'domain.added',
  'domain.changed',
  'brand.changed',
  'account.renamed',
  'key.revoked',
  'link.deleted',
  'tag.deleted',
  'webhook.updated',
]

describe('a day of work', () => {
  it('reads back every change, newest first, with who acted, from where, and what changed', async () => {
    const entries = await entriesOf(owner, '?limit=200')
    expect(entries.map((entry) => entry.action).reverse()).toEqual(DAY_OF_ACTIONS)
    const times = entries.map((entry) => entry.createdAt)
    expect(times).toEqual([...times].sort().reverse())

    const byOwner = { type: 'user', id: owner.user.id, name: owner.email }
    const byKey = { type: 'api_key', id: apiKey.id, name: 'CI bot' }
    const [first, linkChanged] = entries.slice(-3, -1).reverse()
    expect(first).toMatchObject({ actor: byOwner, address: '203.0.113.7', target: { type: 'link' }, changes: { targetUrl: { from: null, to: 'https://example.com/launch' }, title: { from: null, to: 'Launch page' } } })
    expect(linkChanged).toMatchObject({
      actor: byOwner,
      target: { type: 'link', id: first!.target.id },
      changes: { title: { from: 'Launch page', to: 'Launch day' }, targetUrl: { from: 'https://example.com/launch', to: 'https://example.com/launch-day' } },
    })
    // Only what changed: the fields sent with their old values are not there.
    expect(Object.keys(linkChanged!.changes!).sort()).toEqual(['targetUrl', 'title'])

    const ofKey = entries.filter((entry) => entry.actor.type === 'api_key')
    expect(ofKey.map((entry) => [entry.action, entry.actor, entry.address])).toEqual([
      ['link.deleted', byKey, '2001:db8:1:2::/64'],
      ['link.created', byKey, '2001:db8:1:2::/64'],
    ])
    expect(ofKey[0]!.changes).toEqual({ targetUrl: { from: 'https://example.com/from-ci', to: null }, title: { from: 'From CI', to: null } })

    const find = (action: string) => entries.find((entry) => entry.action === action)!
    expect(find('tag.updated')).toMatchObject({ target: { type: 'tag', name: 'Launches' }, changes: { name: { from: 'Launch', to: 'Launches' } } })
    expect(find('link.updated').changes).toEqual({ isActive: { from: true, to: false } })
    expect(find('key.created')).toMatchObject({ actor: byOwner, target: { type: 'key', id: apiKey.id, name: `CI bot (lnk_…${apiKey.key.slice(-4)})` } })
    expect(find('member.invited')).toMatchObject({ actor: byOwner, target: { type: 'invitation', name: member.email }, changes: { role: { from: null, to: 'member' } } })
    expect(find('member.joined')).toMatchObject({ actor: { type: 'user', id: member.user.id, name: member.email }, target: { type: 'member', id: member.user.id } })
    expect(find('member.role_changed')).toMatchObject({ target: { type: 'member', id: member.user.id, name: member.email }, changes: { role: { from: 'member', to: 'viewer' } } })
    expect(find('domain.changed').changes).toEqual({ rootRedirect: { from: null, to: 'https://example.com/' } })
    expect(find('brand.changed').changes).toEqual({ color: { from: null, to: '#112233' } })
    expect(find('account.renamed').changes).toEqual({ name: { from: owner.email.split('@')[0], to: 'Audited Inc' } })
    expect(find('key.revoked').target.id).toBe(apiKey.id)
    expect(find('webhook.updated').changes).toEqual({ description: { from: 'Audit feed', to: 'Audit feed (all changes)' } })
    // Secrets are never written: not the key, nor the webhook's signing secret.
    const stored = JSON.stringify(await sql(server, 'select * from audit_log where account_id = $1', [owner.user.accountId]))
    expect(stored).not.toContain(apiKey.key)
    expect(stored).not.toContain(webhookSecret)
    expect(stored).not.toContain('whsec_')
  })

  it('filters by person, kind or action, and period; a wrong filter is refused naming it', async () => {
    expect((await entriesOf(owner, `?actor=${apiKey.id}`)).map((entry) => entry.action)).toEqual(['link.deleted', 'link.created'])
    expect((await entriesOf(owner, `?actor=${member.user.id}`)).map((entry) => entry.action)).toEqual(['member.joined'])
    expect((await entriesOf(owner, '?action=link')).map((entry) => entry.action)).toEqual(['link.deleted', 'link.updated', 'link.deleted', 'link.created', 'link.updated', 'link.created'])
    expect((await entriesOf(owner, '?action=key.revoked')).map((entry) => entry.target.id)).toEqual([apiKey.id])
    const today = new Date().toISOString().slice(0, 10)
    const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    expect(await entriesOf(owner, `?from=${today}&to=${today}&limit=200`)).toHaveLength(DAY_OF_ACTIONS.length)
    expect(await entriesOf(owner, `?from=${dayAfter(1)}`)).toEqual([])
    expect(await entriesOf(owner, `?to=${dayAfter(-1)}`)).toEqual([])
    const people = (await http.get('/api/audit-log/actors', as(owner))).body.actors
    expect(people).toEqual(expect.arrayContaining([{ type: 'user', id: owner.user.id, name: owner.email }, { type: 'api_key', id: apiKey.id, name: 'CI bot' }, { type: 'user', id: member.user.id, name: member.email }]))

    for (const [query, field, message] of [
      ['?action=links', 'action', AUDIT_MESSAGES.action],
      ['?action=link.exploded', 'action', AUDIT_MESSAGES.action],
      ['?from=yesterday', 'from', AUDIT_MESSAGES.date],
      [`?from=${today}&to=${dayAfter(-1)}`, 'from', AUDIT_MESSAGES.range],
      ['?limit=0', 'limit', AUDIT_MESSAGES.limit],
      ['?limit=201', 'limit', AUDIT_MESSAGES.limit],
      ['?cursor=not-a-cursor', 'cursor', AUDIT_MESSAGES.cursor],
    ]) {
      const answer = await readLog(owner, query)
      expect({ query, status: answer.status, errors: answer.body.errors }).toEqual({ query, status: 400, errors: [{ field, message }] })
    }
  })

  it('pages by cursor through every entry once, newest first', async () => {
    const all = (await entriesOf(owner, '?limit=200')).map((entry) => entry.id)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: { entries: Entry[]; nextCursor: string | null } = (await readLog(owner, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body
      expect(page.entries.length).toBeLessThanOrEqual(3)
      seen.push(...page.entries.map((entry) => entry.id))
      cursor = page.nextCursor
      pages++
    } while (cursor)
    expect(seen).toEqual(all)
    expect(pages).toBe(Math.ceil(all.length / 3))
    // A filter holds across the pages too.
    const firstLinks = (await readLog(owner, '?action=link&limit=4')).body
    const restLinks = (await readLog(owner, `?action=link&limit=4&cursor=${firstLinks.nextCursor}`)).body
    expect([...firstLinks.entries, ...restLinks.entries].map((entry: Entry) => entry.action)).toEqual((await entriesOf(owner, '?action=link')).map((entry) => entry.action))
    expect(restLinks.nextCursor).toBeNull()
  })

  it('exports the entries that match as CSV, newest first', async () => {
    const answer = await fetch(`${server.url}/api/audit-log.csv?action=link`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="linkcard-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await answer.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('createdAt,action,actorType,actorId,actorName,targetType,targetId,targetName,changes,address')
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['link.deleted', 'link.updated', 'link.deleted', 'link.created', 'link.updated', 'link.created'])
    expect(lines.at(-1)).toContain(`,user,${owner.user.id},${owner.email},link,`)
    // The changes as JSON in one quoted cell (PostgreSQL keeps its keys in an order of its own).
    expect(lines.at(-1)).toMatch(/,"\{.*""targetUrl"":\{.*""to"":""https:\/\/example\.com\/launch"".*\}",203\.0\.113\.7$/)
  })
})

describe('who may read it', () => {
  it('answers owners and admins, and 403 to members and viewers', async () => {
    const admin = await invitedMember(http, server, owner, 'admin', 'audit-admin')
    expect((await readLog(admin)).status).toBe(200)
    const plainMember = await invitedMember(http, server, owner, 'member', 'audit-plain')
    for (const who of [plainMember, member]) {
      for (const path of ['/api/audit-log', '/api/audit-log/actors', '/api/audit-log.csv']) {
        const answer = await http.get(path, as(who))
        expect({ path, status: answer.status, message: answer.body.message }).toEqual({ path, status: 403, message: MEMBER_MESSAGES.forbidden('audit:read') })
      }
    }
    expect((await http.get('/api/audit-log')).status).toBe(401)
  })

  it("never shows another account's entries, whatever cursor or actor is asked for", async () => {
    const other = await signUp(http, 'audit-other')
    await http.post('/api/shareLinks', { targetUrl: 'https://example.com/other', title: 'Other' }, as(other))
    const theirs = await entriesOf(other)
    expect(theirs.map((entry) => [entry.action, entry.actor.id])).toEqual([['link.created', other.user.id]])
    const mine = await entriesOf(owner, '?limit=200')
    expect(mine.some((entry) => entry.actor.id === other.user.id)).toBe(false)
    expect(await entriesOf(other, `?actor=${owner.user.id}`)).toEqual([])
    const ownerCursor = (await readLog(owner, '?limit=1')).body.nextCursor
    expect((await entriesOf(other, `?cursor=${ownerCursor}`)).every((entry) => entry.actor.id === other.user.id)).toBe(true)
  })

  it('has no call that changes or deletes an entry', async () => {
    const [entry] = await entriesOf(owner, '?limit=1')
    for (const [method, path] of [
      ['POST', '/api/audit-log'],
      ['PUT', `/api/audit-log/${entry!.id}`],
      ['PATCH', `/api/audit-log/${entry!.id}`],
      ['DELETE', `/api/audit-log/${entry!.id}`],
      ['DELETE', '/api/audit-log'],
    ]) {
      const answer = await http.call(method!, path!, method === 'DELETE' ? undefined : { action: 'link.created' }, as(owner))
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 })
    }
    expect((await entriesOf(owner, '?limit=1'))[0]).toEqual(entry!)
  })
})

describe('keeping', () => {
  it("keeps the entries of a person who deleted themselves, under the name they acted with, and records that they left", async () => {
    const leaving = await invitedMember(http, server, owner, 'member', 'audit-leaving')
    await http.post('/api/shareLinks', { targetUrl: 'https://example.com/leaving', title: 'Made before leaving' }, as(leaving))
    const gone = await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(leaving))
    expect(gone.status).toBe(204)
    expect(await sql(server, 'select id from users where id = $1', [leaving.user.id])).toEqual([])
    const theirs = await entriesOf(owner, `?actor=${leaving.user.id}`)
    expect(theirs.map((entry) => [entry.action, entry.actor.name])).toEqual([
      ['member.left', leaving.email],
      ['link.created', leaving.email],
      ['member.joined', leaving.email],
    ])
  })

  it('deletes entries older than AUDIT_LOG_RETENTION_DAYS, in the background, and keeps the rest', async () => {
    const old = new Date(Date.now() - (RETENTION_DAYS + 1) * 86_400_000)
    const kept = new Date(Date.now() - (RETENTION_DAYS - 1) * 86_400_000)
    const insert = (id: string, at: Date) =>
      sql(
        server,
        `insert into audit_log (id, account_id, actor_type, actor_id, actor_name, action, target_type, target_id, created_at) values ($1, $2, 'user', $3, $4, 'link.created', 'link', 'l-old', $5)`,
        [id, owner.user.accountId, owner.user.id, owner.email, dbTime(server, at)],
      )
    await insert('00000000-0000-7000-8000-000000000001', old)
    await insert('00000000-0000-7000-8000-000000000002', kept)
    const before = (await entriesOf(owner, '?limit=200')).length
    // The sweep runs at start, then hourly.
    await server.restart()
    await until(() => sql(server, 'select id from audit_log where id = $1', ['00000000-0000-7000-8000-000000000001']), { what: 'the old entry to be swept', done: (rows) => rows.length === 0, timeoutMs: 30_000 })
    const after = await entriesOf(owner, '?limit=200')
    expect(after).toHaveLength(before - 1)
    expect(after.at(-1)!.id).toBe('00000000-0000-7000-8000-000000000002')
  }, 60_000)
})

describe('webhooks', () => {
  it('tell every entry as audit.recorded, signed, shaped as the API shows it', async () => {
    const told = await until(() => receiver.of('audit.recorded'), { what: "the key's link.created entry", done: (messages) => messages.some((message) => message.data.actor.name === 'CI bot') })
    const fromKey = told.find((message) => message.data.action === 'link.created' && message.data.actor.type === 'api_key')!
    expect(fromKey.verified).toBe(true)
    const [entry] = (await entriesOf(owner, `?actor=${apiKey.id}&action=link.created`))
    expect(fromKey.data).toEqual(entry!)
    await until(() => receiver.of('audit.recorded').map((message) => message.data.action), { what: 'the whole day told', done: (actions) => DAY_OF_ACTIONS.slice(1).every((action) => actions.includes(action)) })
  })
})

describe('upgrading a database with super-admin audit entries', () => {
  const dialect = testDatabaseUrl ? 'pg' : 'sqlite'
  const migrations = readMigrationFiles({ migrationsFolder: join(import.meta.dir, '../../drizzle', dialect) })
  const FROM = migrations.findIndex((migration) => migration.sql.some((statement) => /ADD (COLUMN )?["`]actor_type["`]/.test(statement)))
  let close = async () => {}
  afterAll(() => close())

  it('keeps every entry, as a super admin acting in the panel, and shows it there as before', async () => {
    expect(FROM).toBeGreaterThan(0)
    let run: (statement: string) => Promise<Record<string, unknown>[]>
    if (dialect === 'sqlite') {
      const db = new Database(':memory:')
      run = async (statement) => {
        if (/^select/i.test(statement)) return db.query(statement).all() as Record<string, unknown>[]
        db.exec(statement)
        return []
      }
      close = async () => db.close()
    } else {
      const url = await createTestDatabase({ empty: true })
      const pg = postgres(url!, { max: 1, onnotice: () => {} })
      run = async (statement) => (await pg.unsafe(statement)) as Record<string, unknown>[]
      close = async () => {
        await pg.end()
        await dropTestDatabase(url)
      }
    }
    for (const migration of migrations.slice(0, FROM)) for (const statement of migration.sql) await run(statement)
    const at = dialect === 'sqlite' ? String(Date.UTC(2026, 0, 2)) : `'2026-01-02T00:00:00Z'`
    await run(
      `insert into audit_log (id, actor_user_id, actor_email, action, target_type, target_id, details, created_at)
       values ('e1', 'u1', 'root@example.com', 'account.plan_changed', 'account', 'a1', '{"from":"free","to":"pro"}', ${at})`,
    )
    for (const migration of migrations.slice(FROM)) for (const statement of migration.sql) await run(statement)
    const rows = await run('select id, account_id, actor_type, actor_id, actor_name, action, target_type, target_id, details from audit_log')
    expect(rows.map((row): Record<string, unknown> => ({ ...row, details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details }))).toEqual([
      { id: 'e1', account_id: null, actor_type: 'admin', actor_id: 'u1', actor_name: 'root@example.com', action: 'account.plan_changed', target_type: 'account', target_id: 'a1', details: { from: 'free', to: 'pro' } },
    ])
  })
})

// An invitation mailed and not yet accepted is recorded when sent, and when withdrawn.
describe('invitations', () => {
  it('records one withdrawn', async () => {
    const email = uniqueEmail('audit-withdrawn')
    const invited = await http.post('/api/members/invitations', { email, role: 'viewer' }, asOwner())
    expect(invited.status).toBe(201)
    await waitForMail(() => invitationTokenFor(server.dataDir, email))
    expect((await http.delete(`/api/members/invitations/${invited.body.id}`, asOwner())).status).toBe(204)
    const [withdrawn, sent] = await entriesOf(owner, '?action=member&limit=2')
    expect([withdrawn!.action, sent!.action]).toEqual(['invitation.revoked', 'member.invited'])
    expect(withdrawn).toMatchObject({ target: { type: 'invitation', id: invited.body.id, name: email }, changes: { role: { from: 'viewer', to: null } } })
  })
})
