import { afterAll, beforeAll, describe, expect, it, setSystemTime } from 'bun:test'
import { createHash } from 'node:crypto'
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS } from '../../src/shared/api-keys'
import { MEMBER_MESSAGES } from '../../src/shared/members'
import { confirmAddress, invitedMember, signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

// In-process: the server shares the test's clock, so a grace period ends without waiting for it.
let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  ann = await signUp(http, 'ann')
  bob = await signUp(http, 'bob')
})
afterAll(() => server.close())

const HOUR = 3_600_000
const createKey = (who: SignedIn, body: unknown = { name: 'CI pipeline' }) => http.post('/api/apiKeys', body, { token: who.token })
const roll = (who: SignedIn, id: string, body?: unknown) => http.post(`/api/apiKeys/${id}/roll`, body, { token: who.token })
const callWithKey = (key: string) => http.get('/api/links', { token: key })
const keysOf = async (who: SignedIn) => (await http.get('/api/apiKeys', { token: who.token })).body as Record<string, unknown>[]
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** The stored keys of the account, to show a refused roll changed nothing (last use is written in the background, so left out). */
const storedKeys = (who: SignedIn) =>
  sql(server, 'select id, created_by, name, description, key_hash, last4, scopes, created_at, revoked_at, replaced_by, expires_at from api_keys where account_id = $1 order by id', [
    who.user.accountId,
  ])

describe('roll', () => {
  it('answers 201 with a new key shaped like a created one, with the same name, description and scopes; the old key gets 401 at once', async () => {
    const old = (await createKey(ann, { name: 'Deploys', description: 'The deploy bot', scopes: ['links:read', 'analytics:read'] })).body
    expect((await callWithKey(old.key)).status).toBe(200)

    const answer = await roll(ann, old.id)
    expect(answer.status).toBe(201)
    const made = answer.body
    expect(Object.keys(made).sort()).toEqual(['createdAt', 'description', 'expiresAt', 'id', 'key', 'lastUsed', 'maskedKey', 'name', 'replacedBy', 'revokedAt', 'scopes'])
    expect(made).toMatchObject({ name: 'Deploys', description: 'The deploy bot', scopes: ['links:read', 'analytics:read'], lastUsed: null, revokedAt: null, expiresAt: null, replacedBy: null })
    expect(made.id).not.toBe(old.id)
    expect(made.key).toMatch(/^lnk_[0-9A-Za-z]{40}$/)
    expect(made.key).not.toBe(old.key)
    expect(made.maskedKey).toBe(`lnk_…${made.key.slice(-4)}`)

    const refused = await callWithKey(old.key)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('Invalid or revoked API key.')
    expect((await callWithKey(made.key)).status).toBe(200)

    const listed = await keysOf(ann)
    const before = listed.find((key) => key.id === old.id)!
    expect(before.replacedBy).toBe(made.id)
    expect(before.revokedAt).toBeNull()
    expect(Date.parse(before.expiresAt as string)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(before.expiresAt as string)).toBeGreaterThan(Date.now() - 60_000)
    // The new key was used above: the listing says so.
    expect(listed.find((key) => key.id === made.id)).toEqual({ ...omitKey(made), lastUsed: expect.any(String) })
    expect(JSON.stringify(listed)).not.toContain(made.key)

    // Only the hash is kept, as for a created key.
    const [row] = await sql<Record<string, unknown>>(server, 'select * from api_keys where id = $1', [made.id])
    expect(row.key_hash).toBe(sha256(made.key))
    for (const value of Object.values(row)) expect(String(value)).not.toContain(made.key.slice(4, 20))
  })

  it('takes no body at all, or an empty one, as graceHours 0', async () => {
    for (const body of [undefined, {}]) {
      const old = (await createKey(ann, { name: 'No body' })).body
      const answer = await roll(ann, old.id, body)
      expect(answer.status).toBe(201)
      expect((await callWithKey(old.key)).status).toBe(401)
    }
  })

  it('keeps the old key working through the grace period, shows when it ends, and refuses it after', async () => {
    const old = (await createKey(ann, { name: 'Graceful' })).body
    expect((await callWithKey(old.key)).status).toBe(200)
    const rolledAt = Date.now()
    const made = (await roll(ann, old.id, { graceHours: 1 })).body
    expect((await callWithKey(old.key)).status).toBe(200)
    expect((await callWithKey(made.key)).status).toBe(200)
    const expiresAt = Date.parse((await keysOf(ann)).find((key) => key.id === old.id)!.expiresAt as string)
    expect(expiresAt).toBeGreaterThanOrEqual(rolledAt + HOUR)
    expect(expiresAt).toBeLessThan(Date.now() + HOUR + 1000)

    setSystemTime(new Date(expiresAt - 1000))
    try {
      expect((await callWithKey(old.key)).status).toBe(200)
      setSystemTime(new Date(expiresAt + 1000))
      const refused = await callWithKey(old.key)
      expect(refused.status).toBe(401)
      expect(refused.body.message).toBe('Invalid or revoked API key.')
      expect((await callWithKey(made.key)).status).toBe(200)
    } finally {
      setSystemTime()
    }
  })

  it.each([
    [24, 24 * HOUR],
    [168, 7 * 24 * HOUR],
  ])('sets the end of a %i-hour grace period', async (graceHours, ms) => {
    const old = (await createKey(ann, { name: `Grace ${graceHours}` })).body
    const rolledAt = Date.now()
    expect((await roll(ann, old.id, { graceHours })).status).toBe(201)
    const expiresAt = Date.parse((await keysOf(ann)).find((key) => key.id === old.id)!.expiresAt as string)
    expect(expiresAt - rolledAt).toBeGreaterThanOrEqual(ms)
    expect(expiresAt - rolledAt).toBeLessThan(ms + 5000)
    expect((await callWithKey(old.key)).status).toBe(200)
  })

  it('makes exactly one new key when many rolls of one key arrive at once', async () => {
    const carol = await signUp(http, 'carol')
    const old = (await createKey(carol, { name: 'Crowded' })).body
    const answers = await Promise.all(Array.from({ length: 12 }, () => roll(carol, old.id, { graceHours: 24 })))
    const made = answers.filter((answer) => answer.status === 201)
    expect(made).toHaveLength(1)
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409)
      expect(answer.body.message).toBe(API_KEY_MESSAGES.alreadyRolled)
    }
    const listed = await keysOf(carol)
    expect(listed.map((key) => key.id).sort()).toEqual([old.id, made[0].body.id].sort())
    expect(listed.find((key) => key.id === old.id)!.replacedBy).toBe(made[0].body.id)
    expect((await callWithKey(made[0].body.key)).status).toBe(200)
  })

  it('lets the new key take the old one’s place among the active keys the account may hold', async () => {
    const dave = await signUp(http, 'dave')
    const made = []
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) made.push((await createKey(dave, { name: `key ${i}` })).body)
    expect((await roll(dave, made[0].id, { graceHours: 24 })).status).toBe(201)
    const refused = await createKey(dave, { name: 'one too many' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(API_KEY_MESSAGES.tooManyKeys)
  })
})

describe('refusals change nothing', () => {
  it('refuses a key rolled already, in its grace period or after, with 409', async () => {
    const old = (await createKey(ann, { name: 'Once only' })).body
    const made = (await roll(ann, old.id, { graceHours: 24 })).body
    const stored = await storedKeys(ann)
    const again = await roll(ann, old.id, { graceHours: 1 })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This key has already been rolled. Roll the key that replaced it instead.')
    expect(await storedKeys(ann)).toEqual(stored)
    expect((await callWithKey(old.key)).status).toBe(200)

    const rolledAtOnce = (await createKey(ann, { name: 'Ended' })).body
    await roll(ann, rolledAtOnce.id)
    const after = await storedKeys(ann)
    expect((await roll(ann, rolledAtOnce.id)).status).toBe(409)
    expect(await storedKeys(ann)).toEqual(after)
    // Its replacement may be rolled in turn.
    expect((await roll(ann, made.id)).status).toBe(201)
  })

  it('refuses a revoked key with 409', async () => {
    const old = (await createKey(ann, { name: 'Revoked first' })).body
    await http.delete(`/api/apiKeys/${old.id}`, { token: ann.token })
    const stored = await storedKeys(ann)
    const answer = await roll(ann, old.id)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('This key is revoked. Create a new key instead.')
    expect(await storedKeys(ann)).toEqual(stored)
  })

  it("answers 404 for another account's key, or none, and leaves it working", async () => {
    const annKey = (await createKey(ann, { name: 'Ann keeps this' })).body
    const anns = await storedKeys(ann)
    const bobs = await storedKeys(bob)
    for (const id of [annKey.id, 'no-such-key']) {
      const answer = await roll(bob, id)
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('API key not found.')
    }
    expect(await storedKeys(ann)).toEqual(anns)
    expect(await storedKeys(bob)).toEqual(bobs)
    expect((await callWithKey(annKey.key)).status).toBe(200)
  })

  it('answers 403 to a member without the permission to manage keys; an admin may roll', async () => {
    const owner = await signUp(http, 'owner')
    // Inviting needs a confirmed address.
    await confirmAddress(http, server.dataDir, owner.email)
    const old = (await createKey(owner, { name: 'Team key' })).body
    const member = await invitedMember(http, server, owner, 'member')
    const stored = await storedKeys(owner)
    const refused = await roll(member, old.id)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(MEMBER_MESSAGES.forbidden('integrations:manage'))
    expect(await storedKeys(owner)).toEqual(stored)
    expect((await callWithKey(old.key)).status).toBe(200)

    const admin = await invitedMember(http, server, owner, 'admin')
    expect((await roll(admin, old.id)).status).toBe(201)
  })

  it('answers 401 without a session, also to an API key, before it reads the body', async () => {
    const old = (await createKey(ann, { name: 'Needs a session' })).body
    const stored = await storedKeys(ann)
    expect((await http.post(`/api/apiKeys/${old.id}/roll`, { graceHours: 1 })).status).toBe(401)
    expect((await http.post(`/api/apiKeys/${old.id}/roll`, { graceHours: 'soon' })).status).toBe(401)
    const withKey = await http.post(`/api/apiKeys/${old.id}/roll`, {}, { token: old.key })
    expect(withKey.status).toBe(401)
    expect(withKey.body.message).toBe('API keys work only with the public API. Please sign in.')
    expect(await storedKeys(ann)).toEqual(stored)
    expect((await callWithKey(old.key)).status).toBe(200)
  })

  it.each([[2], [-1], ['24'], [null], [1.5]])('refuses graceHours %p with 400 naming the allowed values', async (graceHours) => {
    const old = (await createKey(ann, { name: 'Odd grace' })).body
    const stored = await storedKeys(ann)
    const answer = await roll(ann, old.id, { graceHours })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('graceHours must be one of 0, 1, 24, 168.')
    expect(answer.body.errors[0].field).toBe('graceHours')
    expect(await storedKeys(ann)).toEqual(stored)
    expect((await callWithKey(old.key)).status).toBe(200)
  })
})

function omitKey<T extends { key?: string }>(value: T) {
  const { key: _, ...rest } = value
  return rest
}
