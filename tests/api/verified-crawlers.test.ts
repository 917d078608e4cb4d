// Previews counted on proof (CONTRACT.md, "Verified crawlers"): a crawler from its platform's own
// addresses counts with no allowance per address; a claim from another address gets the card,
// uncounted, shown as unverified; previews made on the sender's device keep the allowance. Ranges
// name loopback blocks (CRAWLER_RANGES_FILE) and reverse DNS asks a DNS server on loopback
// (DNS_RESOLVER); requests name their client address through a trusted proxy's X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREVIEW_COUNTING } from '../../src/shared/rate-limits'
import { ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { reverseName, startDnsServer, type DnsServer } from '../helpers/dns-server'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'
import { clearOfWindowEdge } from '../helpers/windows'

const WINDOW_MS = PREVIEW_COUNTING.windowMinutes * 60_000
// Meta's crawler, as these tests' ranges have it: a loopback block.
const FACEBOOK_AT = (n: number) => `127.0.0.${n}`
// Public addresses that are no platform's here: nothing is ever sent to them.
const ELSEWHERE = (n: number) => `93.184.215.${n}`
// Pinterest's crawler is checked by reverse DNS; these are public addresses the loopback DNS server answers for.
const PINTEREST_AT = (n: number) => `54.236.1.${n}`

let dns: DnsServer
let rangesFile: string

beforeAll(async () => {
  dns = await startDnsServer()
  rangesFile = join(mkdtempSync(join(tmpdir(), 'linkcard-ranges-')), 'ranges.json')
  writeFileSync(rangesFile, JSON.stringify({ facebook: ['127.0.0.0/24'] }))
  /** A Pinterest crawler's address: its PTR name under pinterest.com, which resolves back to it (or to `forward`). */
  const pinterest = (address: string, forward = address) => {
    const name = `crawl-${address.replaceAll('.', '-')}.pinterest.com`
    dns.set(reverseName(address), { PTR: name })
    dns.set(name, { A: [forward] })
  }
  pinterest(PINTEREST_AT(11))
  pinterest(PINTEREST_AT(12), '54.236.1.99')
  dns.set(reverseName(PINTEREST_AT(13)), { silent: true })
  pinterest(PINTEREST_AT(21))
  pinterest(PINTEREST_AT(22))
})
afterAll(() => dns.close())

const settings = () => ({ TRUST_PROXY: '127.0.0.1', CRAWLER_RANGES_FILE: rangesFile, DNS_RESOLVER: dns.address })

type Link = { id: string; url: string }
const newLinks = async (http: Client, who: SignedIn, count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/proof', title: 'Proof' }, { token: who.token })).body as Link))
const previewsOf = async (http: Client, who: SignedIn) => (await http.get('/api/usage', { token: who.token })).body.usageThisMonth as number
type PlatformRow = { platform: string; verifiedBy: string | null; previews: number; unverified: number }
const byPlatform = async (http: Client, who: SignedIn, link: Link) =>
  (await http.get(`/api/shareLinks/${link.id}/analytics`, { token: who.token })).body.previewsByPlatform as PlatformRow[]
const crawl = (link: Link, platform: string, from: string, base?: string) =>
  visit(base ? `${base}${new URL(link.url).pathname}` : link.url, { userAgent: CRAWLER_UA[platform], from })

describe('one instance', () => {
  let server: TestServer
  let http: Client
  beforeAll(async () => {
    server = await startServer({ env: settings() })
    http = client(server.url)
  })
  afterAll(() => server.close())

  it("counts a verified crawler's previews in full, however few its addresses", async () => {
    await clearOfWindowEdge(WINDOW_MS, 30_000)
    const owner = await signUp(http, 'verified', ownAddress())
    const links = await newLinks(http, owner, PREVIEW_COUNTING.perAddress + 10)
    const answers = await Promise.all(links.map((link) => crawl(link, 'facebook', FACEBOOK_AT(5))))
    expect(answers.map((answer) => answer.status)).toEqual(links.map(() => 200))
    expect(await previewsOf(http, owner)).toBe(links.length)
    // Refetches within the window count once, as before.
    await crawl(links[0]!, 'facebook', FACEBOOK_AT(6))
    expect(await previewsOf(http, owner)).toBe(links.length)
    expect(await byPlatform(http, owner, links[0]!)).toEqual([{ platform: 'facebook', verifiedBy: 'ranges', previews: 2, unverified: 0 }])
  })

  it('gives a crawler claimed from elsewhere the card, never counts it, and shows it as unverified', async () => {
    await clearOfWindowEdge(WINDOW_MS, 20_000)
    const owner = await signUp(http, 'spoofed', ownAddress())
    const [link] = await newLinks(http, owner, 1)
    const spoofed = await crawl(link!, 'facebook', ELSEWHERE(7))
    expect(spoofed.status).toBe(200)
    expect(await spoofed.text()).toContain('<meta property="og:title" content="Proof"')
    await crawl(link!, 'facebook', ELSEWHERE(8))
    expect(await previewsOf(http, owner)).toBe(0)
    expect(await byPlatform(http, owner, link!)).toEqual([{ platform: 'facebook', verifiedBy: 'ranges', previews: 0, unverified: 2 }])
    // The real crawler still counts the window afterwards.
    expect((await crawl(link!, 'facebook', FACEBOOK_AT(9))).status).toBe(200)
    expect(await previewsOf(http, owner)).toBe(1)
    expect(await byPlatform(http, owner, link!)).toEqual([{ platform: 'facebook', verifiedBy: 'ranges', previews: 1, unverified: 2 }])
    const csv = await fetch(`${server.url}/api/shareLinks/${link!.id}/analytics?format=csv`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect((await csv.text()).split('\r\n').filter((row) => row.includes(',preview,facebook,')).map((row) => row.split(',').at(-1))).toEqual(['true', 'true', 'false'])
  })

  it('keeps the allowance per address for previews made on the sender’s device', async () => {
    await clearOfWindowEdge(WINDOW_MS, 20_000)
    const owner = await signUp(http, 'device', ownAddress())
    const links = await newLinks(http, owner, PREVIEW_COUNTING.perAddress + 4)
    const answers = await Promise.all(links.map((link) => crawl(link, 'whatsapp', ELSEWHERE(20))))
    expect(answers.map((answer) => answer.status)).toEqual(links.map(() => 200))
    expect(await previewsOf(http, owner)).toBe(PREVIEW_COUNTING.perAddress)
    // Which of the links counted is the race's: the account's analytics count them all.
    expect((await http.get('/api/analytics', { token: owner.token })).body.previewsByPlatform).toEqual([
      { platform: 'whatsapp', verifiedBy: null, previews: PREVIEW_COUNTING.perAddress, unverified: 0 },
    ])
  })

  it('answers a crawler checked by reverse DNS at once and counts it once the name is confirmed forward', async () => {
    await clearOfWindowEdge(WINDOW_MS, 30_000)
    const owner = await signUp(http, 'reverse', ownAddress())
    const links = await newLinks(http, owner, PREVIEW_COUNTING.perAddress + 5)
    const first = await crawl(links[0]!, 'pinterest', PINTEREST_AT(11))
    expect(first.status).toBe(200)
    await until(() => previewsOf(http, owner), { what: 'the checked preview to count', done: (count) => count === 1 })
    // Known now: the rest count as they are answered, with no allowance per address.
    await Promise.all(links.slice(1).map((link) => crawl(link, 'pinterest', PINTEREST_AT(11))))
    expect(await previewsOf(http, owner)).toBe(links.length)
    expect(await byPlatform(http, owner, links[0]!)).toEqual([{ platform: 'pinterest', verifiedBy: 'reverse-dns', previews: 1, unverified: 0 }])
    // A PTR name under pinterest.com whose name does not point back is anyone's to write.
    const forged = await crawl(links[0]!, 'pinterest', PINTEREST_AT(12))
    expect(forged.status).toBe(200)
    await until(() => byPlatform(http, owner, links[0]!), { what: 'the forged claim to show as unverified', done: (rows) => rows[0]?.unverified === 1 })
    expect(await previewsOf(http, owner)).toBe(links.length)
  })

  it('answers without waiting when reverse DNS does not answer, and leaves the preview unverified', async () => {
    await clearOfWindowEdge(WINDOW_MS, 20_000)
    const owner = await signUp(http, 'silent-dns', ownAddress())
    const [link] = await newLinks(http, owner, 1)
    const started = performance.now()
    const answer = await crawl(link!, 'pinterest', PINTEREST_AT(13))
    expect(answer.status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1000)
    const rows = await until(() => byPlatform(http, owner, link!), { what: 'the unanswered check to end unverified', done: (found) => found[0]?.unverified === 1 })
    expect(rows).toEqual([{ platform: 'pinterest', verifiedBy: 'reverse-dns', previews: 0, unverified: 1 }])
    expect(await previewsOf(http, owner)).toBe(0)
  })

  it('shows verified and unverified previews apart in the account’s analytics and the stats API', async () => {
    await clearOfWindowEdge(WINDOW_MS, 20_000)
    const owner = await signUp(http, 'account-wide', ownAddress())
    const [one, two] = await newLinks(http, owner, 2)
    await crawl(one!, 'facebook', FACEBOOK_AT(30))
    await crawl(two!, 'facebook', FACEBOOK_AT(30))
    await crawl(two!, 'facebook', ELSEWHERE(31))
    await crawl(two!, 'whatsapp', ELSEWHERE(31))
    const account = (await http.get('/api/analytics', { token: owner.token })).body
    expect(account.previewsByPlatform).toEqual([
      { platform: 'facebook', verifiedBy: 'ranges', previews: 2, unverified: 1 },
      { platform: 'whatsapp', verifiedBy: null, previews: 1, unverified: 0 },
    ])
    expect(account.totals.previews).toBe(3)
    await sql(server, "update accounts set plan = 'pro' where id = $1", [owner.user.accountId])
    const { key } = (await http.post('/api/apiKeys', { name: 'Stats' }, { token: owner.token })).body
    const stats = (await http.get(`/api/stats/${two!.id}`, { token: key })).body
    expect(stats.previewsByPlatform).toEqual([
      { platform: 'facebook', verifiedBy: 'ranges', previews: 1, unverified: 1 },
      { platform: 'whatsapp', verifiedBy: null, previews: 1, unverified: 0 },
    ])
    expect(stats.recentEvents.map((event: { platform: string; unverified: boolean }) => `${event.platform}${event.unverified ? ' (unverified)' : ''}`).sort()).toEqual([
      'facebook',
      'facebook (unverified)',
      'whatsapp',
    ])
  })
})

const clusters = [
  { name: 'SQLite', instances: 1, skip: false },
  { name: 'PostgreSQL, two instances', instances: 2, redis: '', skip: !testDatabaseUrl },
  { name: 'PostgreSQL and Redis, two instances', instances: 2, redis: process.env.TEST_REDIS_URL?.trim(), skip: !testDatabaseUrl || !process.env.TEST_REDIS_URL?.trim() },
]

describe.each(clusters)('exactly, under concurrent requests, on $name', ({ instances, redis, skip }) => {
  if (skip || (instances === 1 && testDatabaseUrl)) {
    it.skip('needs its database (TEST_DATABASE_URL, TEST_REDIS_URL); SQLite runs in the SQLite pass', () => {})
    return
  }
  let databaseUrl: string | undefined
  let servers: TestServer[]
  let http: Client
  beforeAll(async () => {
    databaseUrl = instances === 2 ? await createTestDatabase({ empty: true }) : undefined
    const env = { ...settings(), REDIS_URL: redis ?? '', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!' }
    servers = await Promise.all(Array.from({ length: instances }, () => startServer({ databaseUrl, env })))
    http = client(servers[0]!.url)
  }, 60_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    if (databaseUrl) await dropTestDatabase(databaseUrl)
  })
  const base = (i: number) => servers[i % servers.length]!.url

  it('counts verified, unverified, device-made and reverse-DNS-checked previews as promised', async () => {
    await clearOfWindowEdge(WINDOW_MS, 40_000)
    const owner = await signUp(http, 'exact', ownAddress())
    const links = await newLinks(http, owner, 30)
    // Every link crawled four times at once across the instances: the real crawler twice, an impostor, a phone.
    await Promise.all(
      links.flatMap((link, i) => [
        crawl(link, 'facebook', FACEBOOK_AT(40), base(i)),
        crawl(link, 'facebook', FACEBOOK_AT(41), base(i + 1)),
        crawl(link, 'facebook', ELSEWHERE(40), base(i)),
        crawl(link, 'whatsapp', ELSEWHERE(41), base(i + 1)),
      ]),
    )
    expect(await previewsOf(http, owner)).toBe(links.length + PREVIEW_COUNTING.perAddress)
    // One crawler checked by reverse DNS, on every instance at once: counted once, after answering.
    const answers = await Promise.all(servers.flatMap((_, i) => [crawl(links[0]!, 'pinterest', PINTEREST_AT(21), base(i)), crawl(links[1]!, 'pinterest', PINTEREST_AT(22), base(i))]))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const expected = links.length + PREVIEW_COUNTING.perAddress + 2
    expect(await until(() => previewsOf(http, owner), { what: 'the checked previews to count', done: (count) => count >= expected })).toBe(expected)
    const rows = await until(() => byPlatform(http, owner, links[0]!), {
      what: "every instance's events to arrive",
      done: (found) => found.find((row) => row.platform === 'pinterest')?.previews === servers.length,
      timeoutMs: 30_000,
    })
    expect(rows.find((row) => row.platform === 'facebook')).toMatchObject({ previews: 2, unverified: 1 })
    expect(await previewsOf(http, owner)).toBe(expected)
  }, 90_000)
})
