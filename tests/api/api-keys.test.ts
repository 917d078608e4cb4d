import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createHash } from 'node:crypto'
import { API_KEY_MESSAGES, API_KEY_SCOPES } from '../../src/shared/api-keys'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  ann = await signUp(http, 'ann')
  bob = await signUp(http, 'bob')
})
afterAll(() => server.close())

const createKey = (who: SignedIn, body: unknown = { name: 'CI pipeline' }) => http.post('/api/apiKeys', body, { token: who.token })
const keysOf = (who: SignedIn) => http.get('/api/apiKeys', { token: who.token })
const callWithKey = (key: string) => http.get('/api/links', { token: key })
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('create', () => {
  it('answers 201 with the whole key once, made of lnk_ and 40 random letters and digits', async () => {
    const answer = await createKey(ann, { name: '  Production  ', description: 'Used by the blog' })
    expect(answer.status).toBe(201)
    const key = answer.body
    expect(Object.keys(key).sort()).toEqual(['createdAt', 'description', 'expiresAt', 'id', 'key', 'lastUsed', 'maskedKey', 'name', 'replacedBy', 'revokedAt', 'scopes'])
    expect(key.scopes).toEqual([...API_KEY_SCOPES])
    expect(key.key).toMatch(/^lnk_[0-9A-Za-z]{40}$/)
    expect(key.maskedKey).toBe(`lnk_…${key.key.slice(-4)}`)
    expect(key.name).toBe('Production')
    expect(key.description).toBe('Used by the blog')
    expect(key.lastUsed).toBeNull()
    expect(key.revokedAt).toBeNull()
    expect(key.expiresAt).toBeNull()
    expect(key.replacedBy).toBeNull()
    expect(Date.parse(key.createdAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('makes a different key every time', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => createKey(ann)))
    expect(new Set(keys.map((k) => k.body.key)).size).toBe(3)
  })

  it.each([
    ['an empty name', { name: '' }, 'Please provide a name for your API key.'],
    ['a blank name', { name: '   ' }, 'Please provide a name for your API key.'],
    ['no name', {}, 'Please provide a name for your API key.'],
    ['a number as name', { name: 42 }, 'Please provide a name for your API key.'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'The name must be at most 100 characters.'],
    ['a 501-character description', { name: 'ok', description: 'x'.repeat(501) }, 'The description must be at most 500 characters.'],
  ])('refuses %s with 400 and stores nothing', async (_, body, message) => {
    const before = await sql(server, 'select count(*) as n from api_keys where account_id = $1', [ann.user.accountId])
    const answer = await createKey(ann, body)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
    expect(await sql(server, 'select count(*) as n from api_keys where account_id = $1', [ann.user.accountId])).toEqual(before)
  })

  it('keeps only the SHA-256 hash, the prefix and the last 4 characters in the database', async () => {
    const { body } = await createKey(ann, { name: 'Hash check' })
    const [row] = await sql<Record<string, unknown>>(server, 'select * from api_keys where id = $1', [body.id])
    expect(row.key_hash).toBe(sha256(body.key))
    expect(row.prefix).toBe('lnk_')
    expect(row.last4).toBe(body.key.slice(-4))
    for (const value of Object.values(row)) expect(String(value)).not.toContain(body.key.slice(4, 20))
    const everywhere = await sql(server, 'select count(*) as n from api_keys where key_hash = $1 or name = $1 or description = $1', [body.key])
    expect(Number((everywhere[0] as { n: number }).n)).toBe(0)
  })

  it('needs a session: no token is 401, an API key is 401', async () => {
    const { body } = await createKey(ann)
    expect((await http.post('/api/apiKeys', { name: 'x' })).status).toBe(401)
    const withKey = await http.post('/api/apiKeys', { name: 'x' }, { token: body.key })
    expect(withKey.status).toBe(401)
    expect(withKey.body.message).toBe('API keys work only with the public API. Please sign in.')
    expect((await http.get('/api/apiKeys', { token: body.key })).status).toBe(401)
  })

  it('allows at most 50 active keys per account and counts only active ones', async () => {
    const carol = await signUp(http, 'carol')
    const made = []
    for (let i = 0; i < 50; i++) made.push((await createKey(carol, { name: `key ${i}` })).body)
    const refused = await createKey(carol, { name: 'one too many' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('You can have at most 50 active API keys. Revoke one you no longer use first.')
    expect((await http.delete(`/api/apiKeys/${made[0].id}`, { token: carol.token })).status).toBe(204)
    expect((await createKey(carol, { name: 'now it fits' })).status).toBe(201)
  })
})

describe('scopes', () => {
  const call = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })

  it('let a key make only the calls its scopes allow, and name the scope a refused call needs', async () => {
    const made = await createKey(ann, { name: 'Read only', scopes: ['links:read', 'links:read'] })
    expect(made.status).toBe(201)
    expect(made.body.scopes).toEqual(['links:read'])
    const readOnly = made.body.key as string
    expect((await call(readOnly, 'GET', '/api/links')).status).toBe(200)
    const before = (await sql(server, 'SELECT count(*) AS n FROM share_links'))[0]
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/api/link', { targetUrl: 'https://example.com/', title: 'Not allowed' }, 'links:write'],
      ['POST', '/api/links/bulk', { links: [{ targetUrl: 'https://example.com/', title: 'Not allowed' }] }, 'links:write'],
      ['GET', '/api/stats/anything', undefined, 'analytics:read'],
      ['GET', '/api/domain', undefined, 'domains:read'],
    ]
    for (const [method, path, body, scope] of refusals) {
      const answer = await call(readOnly, method, path, body)
      expect({ path, status: answer.status }).toEqual({ path, status: 403 })
      expect(((await answer.json()) as { message: string }).message).toBe(API_KEY_MESSAGES.missingScope(scope))
      // Every answer carries the rate-limit headers, a refusal too.
      expect(answer.headers.get('x-ratelimit-remaining')).not.toBeNull()
    }
    expect((await sql(server, 'SELECT count(*) AS n FROM share_links'))[0]).toEqual(before)

    const writer = (await createKey(ann, { name: 'Writer', scopes: ['links:write', 'domains:read'] })).body.key as string
    expect((await call(writer, 'POST', '/api/link', { targetUrl: 'https://example.com/scoped', title: 'Allowed' })).status).toBe(201)
    const domain = await call(writer, 'GET', '/api/domain')
    expect(domain.status).toBe(200)
    expect(((await domain.json()) as { hasCustomDomain: boolean }).hasCustomDomain).toBe(false)
    expect((await call(writer, 'GET', '/api/links')).status).toBe(403)
    const listed = (await keysOf(ann)).body as { name: string; scopes: string[] }[]
    expect(listed.find((key) => key.name === 'Writer')!.scopes).toEqual(['links:write', 'domains:read'])
  })

  it('leave a key made before scopes with every scope', async () => {
    const made = (await createKey(bob, { name: 'Old key' })).body
    await sql(server, 'UPDATE api_keys SET scopes = NULL WHERE id = $1', [made.id])
    const listed = ((await keysOf(bob)).body as { id: string; scopes: string[] }[]).find((key) => key.id === made.id)!
    expect(listed.scopes).toEqual([...API_KEY_SCOPES])
    expect((await call(made.key, 'GET', '/api/domain')).status).toBe(200)
    expect((await call(made.key, 'POST', '/api/link', { targetUrl: 'https://example.com/old', title: 'Old key' })).status).toBe(201)
  })

  it('refuse none, or one that does not exist, with a 400 naming scopes', async () => {
    for (const scopes of [[], ['links:admin'], 'links:read', [7]]) {
      const answer = await createKey(ann, { name: 'Bad scopes', scopes })
      expect({ scopes, status: answer.status }).toEqual({ scopes, status: 400 })
      expect(answer.body.errors[0].field).toStartWith('scopes')
    }
  })
})

describe('list', () => {
  it("shows the account's keys newest first, masked, never the key", async () => {
    const dave = await signUp(http, 'dave')
    const first = (await createKey(dave, { name: 'First' })).body
    const second = (await createKey(dave, { name: 'Second' })).body
    const answer = await keysOf(dave)
    expect(answer.status).toBe(200)
    expect(answer.body.map((k: { name: string }) => k.name)).toEqual(['Second', 'First'])
    expect(answer.body[0]).toEqual(omitKey(second))
    expect(answer.text).not.toContain(first.key)
    expect(answer.text).not.toContain(second.key)
    expect(answer.body[1].maskedKey).toBe(`lnk_…${first.key.slice(-4)}`)
  })

  it("never shows another account's keys", async () => {
    const annKey = (await createKey(ann, { name: 'Only Ann' })).body
    const bobs = await keysOf(bob)
    expect(bobs.body.some((k: { id: string }) => k.id === annKey.id)).toBe(false)
  })

  it('keeps lastUsed current: at once in the listing, in the database within seconds', async () => {
    const { body } = await createKey(ann, { name: 'Used' })
    const before = Date.now()
    expect((await callWithKey(body.key)).status).toBe(200)
    const listed = (await keysOf(ann)).body.find((k: { id: string }) => k.id === body.id)
    expect(Date.parse(listed.lastUsed)).toBeGreaterThanOrEqual(before - 1000)
    const [row] = await until(() => sql<{ last_used_at: unknown }>(server, 'select last_used_at from api_keys where id = $1', [body.id]), {
      what: 'last_used_at to be written',
      done: (rows) => rows[0]?.last_used_at != null,
      timeoutMs: 15_000,
    })
    expect(new Date(row.last_used_at as string | number).getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('writes last-used times left in memory when the server stops', async () => {
    const { body } = await createKey(ann, { name: 'Used before stop' })
    // The first use is written within seconds; the second, within the minute, only at shutdown.
    await callWithKey(body.key)
    const firstUse = Date.now()
    await until(() => sql<{ last_used_at: unknown }>(server, 'select last_used_at from api_keys where id = $1', [body.id]), {
      what: 'the first use to be written',
      done: (rows) => rows[0]?.last_used_at != null,
      timeoutMs: 15_000,
    })
    // The check below allows 5 ms: the second use must come later than that, or the first would pass it.
    await until(() => Date.now(), { what: 'the clock to move past the first use', done: (now) => now - 5 > firstUse, everyMs: 1 })
    const secondUse = Date.now()
    await callWithKey(body.key)
    expect(await server.stop()).toBe(0)
    const [row] = await sql<{ last_used_at: unknown }>(server, 'select last_used_at from api_keys where id = $1', [body.id])
    expect(new Date(row.last_used_at as string | number).getTime()).toBeGreaterThanOrEqual(secondUse - 5)
    await server.restart()
  }, 30_000)
})

function omitKey<T extends { key?: string }>(value: T) {
  const { key: _, ...rest } = value
  return rest
}

describe('revoke', () => {
  it('answers 204 and the key is refused with 401 at once', async () => {
    const { body } = await createKey(ann, { name: 'Short-lived' })
    expect((await callWithKey(body.key)).status).toBe(200)
    const revoked = await http.delete(`/api/apiKeys/${body.id}`, { token: ann.token })
    expect(revoked.status).toBe(204)
    expect(revoked.text).toBe('')
    const refused = await callWithKey(body.key)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('Invalid or revoked API key.')
    const listed = (await keysOf(ann)).body.find((k: { id: string }) => k.id === body.id)
    expect(Date.parse(listed.revokedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('answers 204 again for a key already revoked and keeps the first revocation time', async () => {
    const { body } = await createKey(ann, { name: 'Twice' })
    await http.delete(`/api/apiKeys/${body.id}`, { token: ann.token })
    const [first] = await sql(server, 'select revoked_at from api_keys where id = $1', [body.id])
    expect((await http.delete(`/api/apiKeys/${body.id}`, { token: ann.token })).status).toBe(204)
    expect(await sql(server, 'select revoked_at from api_keys where id = $1', [body.id])).toEqual([first])
  })

  it("answers 404 for another account's key and leaves it working", async () => {
    const { body } = await createKey(ann, { name: 'Ann keeps this' })
    const answer = await http.delete(`/api/apiKeys/${body.id}`, { token: bob.token })
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('API key not found.')
    expect((await callWithKey(body.key)).status).toBe(200)
    expect((await http.delete('/api/apiKeys/no-such-key', { token: ann.token })).status).toBe(404)
  })

  it('needs a session', async () => {
    const { body } = await createKey(ann)
    expect((await http.delete(`/api/apiKeys/${body.id}`)).status).toBe(401)
    expect((await http.delete(`/api/apiKeys/${body.id}`, { token: body.key })).status).toBe(401)
    expect((await callWithKey(body.key)).status).toBe(200)
  })
})
