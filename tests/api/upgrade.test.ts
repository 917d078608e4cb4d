// A database written by release 528eca0 opens under this code and serves every link, key, account
// and total it held. The data was written by that release itself, driven over HTTP, and what it
// answered then is what this code must answer now (tests/fixtures/release-528eca0/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { API_KEY_SCOPES } from '../../src/shared/api-keys'
import { verifiedByOf } from '../../src/shared/crawler-platforms'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { SignJWT } from 'jose'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const fixtures = join(import.meta.dir, '../fixtures/release-528eca0')

type Link = { id: string; slug: string; alias: string | null; url: string; targetUrl: string; title: string; isActive: boolean; expiresAt: string | null }
type Stats = { totalClicks: number; totalPreviews: number; clicksInPeriod: number; previewsInPeriod: number; recentEvents: unknown[] }
type Account = { email: string; me: { user: { id: string; accountId: string; plan: string } }; links: Link[] }
/** What release 528eca0 answered about the data it wrote (one run per database kind). */
type Release = {
  publicUrl: string
  day: string
  password: string
  apiKey: string
  revokedApiKey: string
  owner: Account & {
    apiKeys: { id: string }[]
    usage: { plan: string; usageThisMonth: number; usageLimit: number; billingPeriodStart: string; billingPeriodEnd: string }
    dashboard: { totalClicks: number; totalPreviews: number; totalApiCalls: number; clicksByLinkId: Record<string, number> }
    analytics: Record<string, { totals: object }>
  }
  second: Account
  publicApi: { links: Link[]; stats: Record<string, Stats> }
  ids: Record<'alias' | 'custom' | 'expiring' | 'expired' | 'inactive' | 'fromApi', string>
}

const release: Release = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8'))[testDatabaseUrl ? 'postgres' : 'sqlite']

let dataDir: string
let databaseUrl: string | undefined
let server: TestServer
let http: Client
let ownerToken: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkcard-upgrade-'))
  // DATA_DIR keeps the secret that signs sessions and keys visitor hashes, so it comes along.
  if (testDatabaseUrl) {
    cpSync(join(fixtures, 'pg'), dataDir, { recursive: true })
    databaseUrl = await createTestDatabase({ empty: true })
    // pg_dump writes psql meta-commands (\restrict) that only psql understands; the rest is plain SQL.
    const dump = readFileSync(join(fixtures, 'pg.sql'), 'utf8').replace(/^\\.*$/gm, '')
    const admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe(dump)
    } finally {
      await admin.end()
    }
  } else cpSync(join(fixtures, 'sqlite'), dataDir, { recursive: true })
  // Raw events older than the retention would be pruned at start; the old ones are part of what is checked.
  server = await startServer({ dataDir, databaseUrl, env: { EVENT_RETENTION_DAYS: '36500' } })
  http = client(server.url)
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
  await dropTestDatabase(databaseUrl)
})

/** The old answer as this server spells it: short links and QR codes name the server that answers. */
const here = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(release.publicUrl, server.url))
const as = (token: string) => ({ token })
const period = `from=${release.day}&to=${release.day}`

async function signIn(email: string, password = release.password) {
  return http.post('/api/auth/login', { email, password })
}

describe('accounts', () => {
  it('signs both accounts in with the passwords set under the old release, and no other password', async () => {
    for (const account of [release.owner, release.second]) {
      const answer = await signIn(account.email)
      expect(answer.status).toBe(200)
      expect(answer.body.user).toMatchObject(account.me.user)
      const me = await http.get('/api/auth/me', as(answer.body.token))
      expect(me.body.user).toMatchObject(account.me.user)
      expect((await signIn(account.email, `${release.password}!`)).status).toBe(401)
    }
    ownerToken = (await signIn(release.owner.email)).body.token
  })
})

/**
 * A session token as the old release signed it at sign-in (its src/modules/auth/tokens.ts), with
 * the secret it kept in DATA_DIR: no `jti`. `expiresAt` as SignJWT's setExpirationTime takes it.
 */
async function oldReleaseSession(userId: string, { expiresAt = '30d' as string | number, secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim(), issuedAt = Math.floor(Date.now() / 1000) } = {}) {
  const [{ token_version: version }] = await sql<{ token_version: number }>(server, 'select token_version from users where id = $1', [userId])
  return new SignJWT({ ver: Number(version), typ: 'session' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('linkcard')
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret))
}

describe('sessions signed in under the old release', () => {
  it('go on working until they expire', async () => {
    const token = await oldReleaseSession(release.second.me.user.id)
    expect(JSON.parse(atob(token.split('.')[1])).jti).toBeUndefined()
    const me = await http.get('/api/auth/me', as(token))
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject(release.second.me.user)
    expect((await http.get('/api/shareLinks?period=all', as(token))).status).toBe(200)
    const expired = await oldReleaseSession(release.second.me.user.id, { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresAt: Math.floor(Date.now() / 1000) - 3600 })
    expect((await http.get('/api/auth/me', as(expired))).status).toBe(401)
    const forged = await oldReleaseSession(release.second.me.user.id, { secret: 'x'.repeat(64) })
    expect((await http.get('/api/auth/me', as(forged))).status).toBe(401)
  })

  it('end one by one when signed out, and all together with every session', async () => {
    const userId = release.second.me.user.id
    const [phone, laptop] = [await oldReleaseSession(userId), await oldReleaseSession(userId, { issuedAt: Math.floor(Date.now() / 1000) - 60 })]
    expect(phone).not.toBe(laptop)
    expect((await http.post('/api/auth/logout', undefined, as(phone))).status).toBe(204)
    expect((await http.get('/api/auth/me', as(phone))).status).toBe(401)
    expect((await http.get('/api/auth/me', as(laptop))).status).toBe(200)
    expect((await http.post('/api/auth/logout-everywhere', undefined, as(laptop))).status).toBe(204)
    expect((await http.get('/api/auth/me', as(laptop))).status).toBe(401)
    // Signing in again gives a session of today's kind.
    const again = await signIn(release.second.email)
    expect(again.status).toBe(200)
    expect(JSON.parse(atob(again.body.token.split('.')[1])).jti).toBeString()
  })
})

describe('links', () => {
  it("lists every link of each account with the fields and counts it had, and none of the other's", async () => {
    const own = await http.get('/api/shareLinks?period=all', as(ownerToken))
    expect(own.status).toBe(200)
    expect(own.body).toHaveLength(release.owner.links.length)
    expect(own.body).toMatchObject(here(release.owner.links))
    const second = (await signIn(release.second.email)).body.token
    const theirs = await http.get('/api/shareLinks?period=all', as(second))
    expect(theirs.body).toHaveLength(release.second.links.length)
    expect(theirs.body).toMatchObject(here(release.second.links))
  })
})

// Previews are told verified or not by platform since: the old release's platform breakdown, none unverified.
const previewsByPlatformOf = (id: string) =>
  ((release.owner.analytics[id] as unknown as { top10: { platforms: { name: string; count: number }[] } }).top10.platforms ?? []).map(({ name, count }) => ({
    platform: name,
    verifiedBy: verifiedByOf(name),
    previews: count,
    unverified: 0,
  }))

// Before any visit or key call below, which would add to them.
describe('totals', () => {
  it("keeps the dashboard's clicks, previews and API calls, per link too", async () => {
    const answer = await http.get('/api/dashboard-stats', as(ownerToken))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject(release.owner.dashboard)
  })

  it("answers each link's analytics of that day as the old release did: totals, visitors, breakdowns", async () => {
    for (const [id, expected] of Object.entries(release.owner.analytics)) {
      const answer = await http.get(`/api/shareLinks/${id}/analytics?${period}`, as(ownerToken))
      expect(answer.status).toBe(200)
      // QR code scans are told apart since: none before.
      const { totals, series } = expected as { totals: object; series: object[] }
      expect(answer.body).toEqual({ ...expected, totals: { ...totals, scans: 0 }, series: series.map((day) => ({ ...day, scans: 0 })), previewsByPlatform: previewsByPlatformOf(id) })
    }
    expect(release.owner.analytics[release.ids.custom].totals).toMatchObject({ clicks: 2, previews: 4 })
  })

  it("keeps the plan, its billing period and the previews counted in it", async () => {
    const answer = await http.get('/api/usage', as(ownerToken))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(release.owner.usage)
    expect(release.owner.usage.usageThisMonth).toBeGreaterThan(0)
  })

  it('keeps the API keys, the revoked one revoked, each with every scope (as made before scopes)', async () => {
    const answer = await http.get('/api/apiKeys', as(ownerToken))
    expect(answer.status).toBe(200)
    // Keys made before rolling gain its fields, empty.
    expect(answer.body).toEqual(release.owner.apiKeys.map((key: object) => ({ ...key, scopes: [...API_KEY_SCOPES], expiresAt: null, replacedBy: null })))
  })
})

describe('the public API with the key made under the old release', () => {
  let calls = 0
  const withKey = async (path: string) => {
    const answer = await http.get(path, as(release.apiKey))
    if (answer.status === 200) calls += 1
    return answer
  }

  it('lists the links', async () => {
    const answer = await withKey('/api/links')
    expect(answer.status).toBe(200)
    // Fields added since, empty on every link made before them.
    const added = { twitterPlayer: null, twitterApp: null, themeColor: null, formerAliases: [], tags: [], fallbackUrl: null, clickLimit: null, hasPassword: false, iosUrl: null, androidUrl: null, geoTargets: null, variants: null, forwardQuery: true, domain: null, appLink: false, platformCards: null, cardVariant: null, cardImage: null, cardImageUrl: null, cardVersion: 1, importedFrom: null, health: { status: 'unknown', reason: null, checkedAt: null, finalUrl: null } }
    expect(answer.body).toEqual(here(release.publicApi.links).map((link: object) => ({ ...link, ...added })))
  })

  it("answers each link's stats, recent events included, as the old release did", async () => {
    for (const [id, expected] of Object.entries(release.publicApi.stats)) {
      const answer = await withKey(`/api/stats/${id}?${period}`)
      expect(answer.status).toBe(200)
      // QR code scans, and unverified previews, are told apart since: none before.
      const recentEvents = (expected as Stats).recentEvents.map((event) => ({ ...(event as object), isScan: false, unverified: false }))
      expect(answer.body).toEqual({ ...expected, totalScans: 0, scansInPeriod: 0, recentEvents, previewsByPlatform: previewsByPlatformOf(id) })
    }
  })

  it('refuses the key revoked under the old release', async () => {
    const answer = await http.get('/api/links', as(release.revokedApiKey))
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('Invalid or revoked API key.')
  })

  it('adds its calls to the API calls counted before', async () => {
    const expected = release.owner.dashboard.totalApiCalls + calls
    await until(async () => (await http.get('/api/dashboard-stats', as(ownerToken))).body.totalApiCalls, {
      what: `${expected} API calls in all (${calls} of them now)`,
      done: (total) => calls > 0 && total === expected,
    })
  })
})

describe('short links', () => {
  const link = (key: keyof Release['ids']) => release.owner.links.find((l) => l.id === release.ids[key])!

  it('sends visitors from the alias, in any letter case, and from the slugs on to the targets', async () => {
    const aliased = link('alias')
    for (const path of [aliased.alias!, aliased.alias!.toLowerCase()]) {
      const answer = await visit(`${server.url}/${path}`)
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe(aliased.targetUrl)
    }
    for (const key of ['custom', 'expiring', 'fromApi'] as const) {
      const answer = await visit(`${server.url}/${link(key).slug}`)
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe(link(key).targetUrl)
    }
  })

  it('keeps the expired link expired and the switched-off link off', async () => {
    expect((await visit(`${server.url}/${link('expired').slug}`)).status).toBe(410)
    expect((await visit(`${server.url}/${link('inactive').slug}`)).status).toBe(404)
  })

  it('shows crawlers the preview card the old release stored', async () => {
    const custom = link('custom')
    const answer = await visit(`${server.url}/${custom.slug}`, { userAgent: CRAWLER_UA.slack })
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html).toContain('<meta property="og:title" content="A custom card"')
    expect(html).toContain('<meta property="og:description" content="Written for the preview"')
    expect(html).toContain('<meta property="og:image" content="https://example.com/card.png"')
  })
})

describe('new links', () => {
  it('makes a new link beside the old ones, and keeps the old alias taken in any letter case', async () => {
    const made = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/after-upgrade', title: 'After the upgrade' }, as(ownerToken))
    expect(made.status).toBe(201)
    expect(release.owner.links.map((l) => l.slug)).not.toContain(made.body.slug)
    const redirect = await visit(made.body.url)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('https://example.com/after-upgrade')
    const listed = await http.get('/api/shareLinks', as(ownerToken))
    expect(listed.body.map((l: Link) => l.id)).toEqual([made.body.id, ...release.owner.links.map((l) => l.id)])
    const taken = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/other', title: 'Other', alias: 'LAUNCH-528' }, as(ownerToken))
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('This alias is already taken.')
  })

  it('makes a link through the public API with the old key', async () => {
    const made = await http.post('/api/link', { targetUrl: 'https://example.com/api-after-upgrade', title: 'API after the upgrade' }, as(release.apiKey))
    expect(made.status).toBe(201)
    expect(made.body.existing).toBe(false)
    expect((await visit(made.body.url)).headers.get('location')).toBe('https://example.com/api-after-upgrade')
  })
})

describe.skipIf(!testDatabaseUrl)('raw events on PostgreSQL', () => {
  it('moves them in place into month partitions, ids carrying on', async () => {
    const partitioned = await sql<{ strategy: string }>(server, "select partstrat as strategy from pg_partitioned_table where partrelid = 'link_event_chunks'::regclass")
    expect(partitioned).toEqual([{ strategy: 'r' }])
    // The old release's four chunks, of the 25th of November 2026, all in that month's table.
    const moved = await sql<{ id: string; partition: string }>(server, 'select id, tableoid::regclass::text as partition from link_event_chunks where id <= 4 order by id')
    expect(moved.map((row) => ({ id: Number(row.id), partition: row.partition }))).toEqual([1, 2, 3, 4].map((id) => ({ id, partition: 'link_event_chunks_2026_11' })))
    const link = release.owner.links.find((l) => l.id === release.ids.alias)!
    await visit(`${server.url}/${link.alias ?? link.slug}`)
    const newest = await until(() => sql<{ id: string }>(server, 'select max(id) as id from link_event_chunks'), { what: 'the visit stored', done: (rows) => Number(rows[0]!.id) > 4 })
    expect(Number(newest[0]!.id)).toBeGreaterThan(4)
    const [ids] = await sql<{ rows: string; ids: string }>(server, 'select count(*) as rows, count(distinct id) as ids from link_event_chunks')
    expect(Number(ids!.ids)).toBe(Number(ids!.rows))
  })
})
