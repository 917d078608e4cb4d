// Safe retries of the public API's creates: `Idempotency-Key` on POST /api/link and /api/links/bulk
// (the IETF httpapi draft's rules). The same key and body answer the first answer again and make
// nothing new; another body is 422; a first call still running is 409, on any instance.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { testDatabaseUrl } from '../helpers/database'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client
let owner: SignedIn
let apiKey: string
// A target page that answers only when the test lets it: a create reading it (useOriginalMeta) runs until then.
let releasePage: () => void = () => {}
let pageRequests = 0
const page = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch() {
    pageRequests++
    await new Promise<void>((resolve) => {
      releasePage = resolve
    })
    return new Response('<html><head><title>Slow page</title></head></html>', { headers: { 'content-type': 'text/html' } })
  },
})

const keyed = (key: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': key, ...extra } })
const newKey = () => crypto.randomUUID()
const linkCount = async () => Number((await sql<{ n: number }>(server, 'select count(*) as n from share_links where account_id = $1', [owner.user.accountId]))[0]!.n)

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${page.port}` } })
  http = client(server.url)
  owner = await signUp(http, 'idempotency')
  apiKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'Retries' }, { token: owner.token })).body.key
})
afterAll(async () => {
  releasePage()
  page.stop(true)
  await server?.close()
})

describe('Idempotency-Key on POST /api/link', () => {
  it('answers a retry with the first answer and makes one link', async () => {
    const key = newKey()
    const body = { targetUrl: 'https://example.com/retried', title: 'Retried' }
    const before = await linkCount()
    const first = await http.post('/api/link', body, keyed(key))
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    // The same body with its fields in another order is the same body.
    const again = await http.post('/api/link', { title: 'Retried', targetUrl: 'https://example.com/retried' }, keyed(key))
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await linkCount()).toBe(before + 1)
    // The draft's Structured Field string is the same key.
    const quoted = await http.post('/api/link', body, keyed(`"${key}"`))
    expect(quoted.body).toEqual(first.body)
    expect(quoted.headers.get('idempotent-replayed')).toBe('true')
  })

  it('refuses the same key with another body (422) and makes nothing', async () => {
    const key = newKey()
    await http.post('/api/link', { targetUrl: 'https://example.com/one-body', title: 'One' }, keyed(key))
    const before = await linkCount()
    const other = await http.post('/api/link', { targetUrl: 'https://example.com/other-body', title: 'Other' }, keyed(key))
    expect(other.status).toBe(422)
    expect(other.body.message).toContain('another request body')
    expect(other.body.errors[0].field).toBe('Idempotency-Key')
    expect(await linkCount()).toBe(before)
  })

  it('answers 409 with Retry-After while the first call runs, then the first answer', async () => {
    const key = newKey()
    const body = { targetUrl: `http://127.0.0.1:${page.port}/slow`, useOriginalMeta: true }
    const requestsBefore = pageRequests
    const first = http.post('/api/link', body, keyed(key))
    await until(() => pageRequests > requestsBefore, { what: 'the first call reading the target page' })
    const during = await http.post('/api/link', body, keyed(key))
    expect(during.status).toBe(409)
    expect(during.headers.get('retry-after')).toBe('1')
    expect(during.body.message).toContain('still being processed')
    releasePage()
    const answered = await first
    expect(answered.status).toBe(201)
    const after = await http.post('/api/link', body, keyed(key))
    expect({ status: after.status, body: after.body }).toEqual({ status: 201, body: answered.body })
    // The page was read once: the retry ran nothing.
    expect(pageRequests).toBe(requestsBefore + 1)
  })

  it('keeps nothing of a call that failed, so its retry runs again', async () => {
    const alias = `taken-${Date.now().toString(36)}`
    const holder = await http.post('/api/link', { targetUrl: 'https://example.com/holder', title: 'Holder', alias }, keyed(newKey()))
    expect(holder.status).toBe(201)
    const key = newKey()
    const body = { targetUrl: 'https://example.com/wants-alias', title: 'Wants it', alias }
    expect((await http.post('/api/link', body, keyed(key))).status).toBe(409)
    expect((await http.delete(`/api/link/${holder.body.id}`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(204)
    const retried = await http.post('/api/link', body, keyed(key))
    expect(retried.status).toBe(201)
    expect(retried.headers.get('idempotent-replayed')).toBeNull()
  })

  it('forgets a key after 24 hours', async () => {
    const key = newKey()
    const first = await http.post('/api/link', { targetUrl: 'https://example.com/day-old', title: 'Day old' }, keyed(key))
    await sql(server, 'update idempotency_keys set expires_at = $1 where key = $2', [dbTime(server, new Date(Date.now() - 1000)), key])
    const next = await http.post('/api/link', { targetUrl: 'https://example.com/next-day', title: 'Next day' }, keyed(key))
    expect(next.status).toBe(201)
    expect(next.body.id).not.toBe(first.body.id)
  })

  it('refuses a malformed key with 400 before making anything', async () => {
    const before = await linkCount()
    for (const bad of ['x'.repeat(256), 'naïve-key', '""']) {
      const answer = await http.post('/api/link', { targetUrl: 'https://example.com/bad-key', title: 'Bad key' }, keyed(bad))
      expect({ bad, status: answer.status, field: answer.body.errors?.[0]?.field }).toEqual({ bad, status: 400, field: 'Idempotency-Key' })
    }
    expect(await linkCount()).toBe(before)
  })

  it("keeps each account's keys, and each operation's, apart", async () => {
    const key = newKey()
    const mine = await http.post('/api/link', { targetUrl: 'https://example.com/shared-key', title: 'Mine' }, keyed(key))
    const other = await signUp(http, 'idempotency-other')
    const otherKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'Other' }, { token: other.token })).body.key
    const theirs = await http.post('/api/link', { targetUrl: 'https://example.com/shared-key', title: 'Mine' }, { headers: { authorization: `Bearer ${otherKey}`, 'idempotency-key': key } })
    expect(theirs.status).toBe(201)
    expect(theirs.body.id).not.toBe(mine.body.id)
    // The bulk create with the same key is a call of its own.
    const bulk = await http.post('/api/links/bulk', { links: [{ targetUrl: 'https://example.com/shared-key-bulk', title: 'Bulk' }] }, keyed(key))
    expect(bulk.status).toBe(200)
    expect(bulk.body.created).toBe(1)
  })
})

describe('Idempotency-Key on POST /api/links/bulk', () => {
  it('answers a retried bulk create with its first answer and makes each link once', async () => {
    const key = newKey()
    const body = { links: Array.from({ length: 5 }, (_, i) => ({ targetUrl: `https://example.com/bulk-retry/${i}`, title: `Bulk ${i}` })) }
    const before = await linkCount()
    const first = await http.post('/api/links/bulk', body, keyed(key))
    expect(first.body.created).toBe(5)
    const again = await http.post('/api/links/bulk', body, keyed(key))
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await linkCount()).toBe(before + 5)
    expect((await http.post('/api/links/bulk', { links: body.links.slice(1) }, keyed(key))).status).toBe(422)
  })

  it.skipIf(!testDatabaseUrl)('holds on a second instance of the same database: its retry gets the first answer', async () => {
    const second = await startServer({ databaseUrl: server.databaseUrl })
    try {
      const key = newKey()
      const body = { targetUrl: 'https://example.com/two-instances', title: 'Two instances' }
      const first = await http.post('/api/link', body, keyed(key))
      const again = await client(second.url).post('/api/link', body, keyed(key))
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.body).toEqual(first.body)
    } finally {
      await second.close()
    }
  })
})
