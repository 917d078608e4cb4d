// Two instances on one PostgreSQL database, with Redis and without: what one does, the other sees,
// and the limits both enforce stay exact. Runs when TEST_DATABASE_URL points at PostgreSQL (and,
// for the Redis half, TEST_REDIS_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { PNG } from 'pngjs'
import { RedisClient } from 'bun'
import { LINK_PASSWORD_TRIES } from '../../src/shared/rate-limits'
import { PASSWORD, ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { capScenarios } from '../helpers/account-caps'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { client, uniqueEmail, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { startWebhookReceiver } from '../helpers/webhook-receiver'
import { CRAWLER_UA } from '../helpers/user-agents'
import { clearOfWindowEdge } from '../helpers/windows'

const redisUrl = process.env.TEST_REDIS_URL?.trim()
const receiver = startWebhookReceiver()
const slow = startWebhookReceiver()
const prompt = startWebhookReceiver()
afterAll(() => {
  for (const each of [receiver, slow, prompt]) each.stop()
})

async function redisCount(url: string, key: string) {
  const client = new RedisClient(url)
  try {
    return Number(await client.get(key))
  } finally {
    client.close()
  }
}

const setups = [
  { name: 'two instances on PostgreSQL and Redis', redis: redisUrl, skip: !testDatabaseUrl || !redisUrl },
  { name: 'two instances on PostgreSQL alone (database counters, LISTEN/NOTIFY)', redis: '', skip: !testDatabaseUrl },
]

describe.each(setups)('$name', ({ redis, skip }) => {
  if (skip) {
    it.skip('needs PostgreSQL (TEST_DATABASE_URL) and, for this setup, TEST_REDIS_URL', () => {})
    return
  }
  let databaseUrl: string
  let a: TestServer
  let b: TestServer
  let httpA: Client
  let httpB: Client
  let person: SignedIn

  // Instances share the database, Redis and the session signing key, as behind a load balancer.
  // Behind a trusted proxy, so crawlers can come from many client addresses.
  const sharedEnv = () => ({ REDIS_URL: redis ?? '', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!', TRUST_PROXY: '127.0.0.1', FETCH_ALLOWED_HOSTS: [receiver, slow, prompt].map((each) => each.host).join(',') })
  const signUpHere = (label: string) => signUp(httpA, label, ownAddress())

  beforeAll(async () => {
    databaseUrl = (await createTestDatabase({ empty: true }))!
    // Both start at once: the migration lock lets exactly one of them migrate.
    ;[a, b] = await Promise.all([startServer({ databaseUrl, env: sharedEnv() }), startServer({ databaseUrl, env: sharedEnv() })])
    httpA = client(a.url)
    httpB = client(b.url)
    person = await signUpHere('cluster')
  }, 60_000)

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await dropTestDatabase(databaseUrl)
  })

  const createOn = (http: Client, body: Record<string, unknown>) =>
    http.post('/api/shareLinks', { targetUrl: 'https://example.com/cluster', title: 'Cluster', ...body }, { token: person.token })
  const onA = (path: string, userAgent?: string) => visit(`${a.url}/${path}`, { userAgent })
  const onB = (path: string, userAgent?: string) => visit(`${b.url}/${path}`, { userAgent })

  it('shares sessions: a token from one instance works on the other', async () => {
    expect((await httpB.get('/api/auth/me', { token: person.token })).status).toBe(200)
  })

  it('resolves a link created on one instance on the other at once, even after a cached miss', async () => {
    const alias = `fresh-${Date.now()}`
    expect((await onB(alias)).status).toBe(404) // B now remembers the miss
    expect((await createOn(httpA, { alias })).status).toBe(201)
    expect((await onB(alias)).status).toBe(302)
  })

  it('sees an edit (its query forwarding too) and a deletion made on the other instance within a second', async () => {
    const link = (await createOn(httpA, { alias: `moving-${Date.now()}` })).body
    expect((await onB(link.alias)).headers.get('location')).toBe('https://example.com/cluster')
    await httpA.patch(`/api/shareLinks/${link.id}`, { targetUrl: 'https://example.com/moved' }, { token: person.token })
    const moved = await until(() => onB(link.alias), {
      what: 'B to send visitors to the edited target',
      done: (answer) => answer.headers.get('location') === 'https://example.com/moved',
      timeoutMs: 1000,
    })
    expect(moved.headers.get('location')).toBe('https://example.com/moved')
    // Whether visitors' query strings go on follows too.
    expect((await onB(`${link.alias}?utm_medium=email`)).headers.get('location')).toBe('https://example.com/moved?utm_medium=email')
    await httpA.patch(`/api/shareLinks/${link.id}`, { forwardQuery: false }, { token: person.token })
    const kept = await until(() => onB(`${link.alias}?utm_medium=email`), {
      what: 'B to stop passing query strings on',
      done: (answer) => answer.headers.get('location') === 'https://example.com/moved',
      timeoutMs: 1000,
    })
    expect(kept.headers.get('location')).toBe('https://example.com/moved')
    await httpA.delete(`/api/shareLinks/${link.id}`, { token: person.token })
    const gone = await until(() => onB(link.alias), { what: 'B to forget the deleted link', done: (answer) => answer.status === 404, timeoutMs: 1000 })
    expect(gone.status).toBe(404)
  })

  it("draws a link's made card image the same on both instances, and follows an edit to the next version", async () => {
    const link = (await createOn(httpA, { targetUrl: 'https://example.com/made', cardImage: 'bold' })).body
    const image = (base: string, version: number) => fetch(`${base}/api/card-image/${link.slug}/${version}.png`)
    const [fromA, fromB] = await Promise.all([image(a.url, 1), image(b.url, 1)])
    expect([fromA.status, fromB.status]).toEqual([200, 200])
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true)
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'))
    await httpA.patch(`/api/shareLinks/${link.id}`, { title: 'Retitled on A' }, { token: person.token })
    const moved = await until(() => fetch(`${b.url}/api/card-image/${link.slug}/1.png`, { redirect: 'manual' }), {
      what: 'B to send the old version on to the new one',
      done: (answer) => answer.status === 302,
      timeoutMs: 1000,
    })
    expect(moved.headers.get('location')).toBe(`/api/card-image/${link.slug}/2.png`)
    expect((await image(b.url, 2)).headers.get('etag')).not.toBe(fromA.headers.get('etag'))
  })

  it("serves an image uploaded on one instance from the other, and a brand set on one moves the other's made images on", async () => {
    const logo = new PNG({ width: 64, height: 64 })
    for (let at = 0; at < logo.data.length; at += 4) logo.data.set([16, 185, 129, 255], at)
    const answer = await fetch(`${a.url}/api/images?purpose=logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(PNG.sync.write(logo)),
    })
    expect(answer.status).toBe(201)
    const uploaded = (await answer.json()) as { url: string; size: number }
    const path = new URL(uploaded.url).pathname
    const [fromA, fromB] = await Promise.all([fetch(a.url + path), fetch(b.url + path)])
    expect([fromA.status, fromB.status]).toEqual([200, 200])
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true)

    const link = (await createOn(httpA, { targetUrl: 'https://example.com/branded', cardImage: 'classic' })).body
    expect((await fetch(`${b.url}/api/card-image/${link.slug}/1.png`)).status).toBe(200)
    expect((await httpA.put('/api/brand', { color: '#10b981', logo: uploaded.url }, { token: person.token })).status).toBe(200)
    const moved = await until(() => fetch(`${b.url}/api/card-image/${link.slug}/1.png`, { redirect: 'manual' }), {
      what: "B to send the made image on to the brand's version",
      done: (found) => found.status === 302,
      timeoutMs: 1000,
    })
    expect(moved.headers.get('location')).toBe(`/api/card-image/${link.slug}/2.png`)
    await httpA.put('/api/brand', { color: null, logo: null }, { token: person.token })
  })

  it('makes each webhook delivery once, whichever instance the change was made on', async () => {
    const endpoint = (await httpA.post('/api/webhooks', { url: receiver.url, events: ['link.created'] }, { token: person.token })).body
    receiver.trust(endpoint.secret)
    const made = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await createOn(i % 2 ? httpA : httpB, { targetUrl: `https://example.com/hooked-${i}` })).body.id as string),
    )
    const mine = () => receiver.of('link.created').filter((message) => made.includes(message.data.id))
    await until(async () => mine(), { what: 'every link.created message', done: (messages) => new Set(messages.map((message) => message.data.id)).size === made.length, timeoutMs: 30_000 })
    // Both instances' delivery loops have had time to claim every message more than once.
    await Bun.sleep(2500)
    expect(mine().length).toBe(made.length)
    expect(new Set(mine().map((message) => message.id)).size).toBe(made.length)
    expect(mine().every((message) => message.verified)).toBe(true)
    await httpA.delete(`/api/webhooks/${endpoint.id}`, { token: person.token })
  })

  it("sends another account's messages at once from either instance while one account's receiver hangs, each delivery from one instance", async () => {
    const hanging = await signUpHere('cluster-hanging')
    const waiting = await signUpHere('cluster-prompt')
    const addTo = async (who: SignedIn, to: ReturnType<typeof startWebhookReceiver>) => {
      const made = (await httpA.post('/api/webhooks', { url: to.url, events: ['link.created'] }, { token: who.token })).body
      to.trust(made.secret)
      return made.id as string
    }
    const [slowId, promptId] = [await addTo(hanging, slow), await addTo(waiting, prompt)]
    const to = (receiver: ReturnType<typeof startWebhookReceiver>, endpointId: string) => receiver.received.filter((message) => message.data.endpointId === endpointId)
    slow.hang()
    try {
      const sent = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? httpA : httpB).post(`/api/webhooks/${slowId}/test`, undefined, { token: hanging.token })))
      expect(sent.every((answer) => answer.status === 202)).toBe(true)
      // Each instance gives the hanging account a few slots, and only a few.
      await until(() => to(slow, slowId).length, { what: "both instances' slots for the hanging account to fill", done: (count) => count >= 8 })
      const sentAt = Date.now()
      for (const on of [httpA, httpB]) expect((await on.post(`/api/webhooks/${promptId}/test`, undefined, { token: waiting.token })).status).toBe(202)
      const arrived = await until(() => to(prompt, promptId), { what: "the other account's messages", done: (list) => list.length === 2, timeoutMs: 5000 })
      expect(Math.max(...arrived.map((message) => message.at)) - sentAt).toBeLessThan(2000)
      expect(arrived.every((message) => message.verified)).toBe(true)
      expect(to(slow, slowId).length).toBe(8)
      expect(new Set(to(slow, slowId).map((message) => message.id)).size).toBe(8)
    } finally {
      slow.release()
    }
  })

  it('holds the per-key rate limit exactly across both instances', async () => {
    const key = (await httpA.post('/api/apiKeys', { name: 'cluster key' }, { token: person.token })).body.key as string
    await clearOfWindowEdge(60_000, 10_000)
    const calls = Array.from({ length: 130 }, (_, i) => (i % 2 ? httpA : httpB).get('/api/links', { token: key }))
    const statuses = (await Promise.all(calls)).map((answer) => answer.status)
    expect(statuses.filter((s) => s === 200).length).toBe(100)
    expect(statuses.filter((s) => s === 429).length).toBe(30)
  }, 30_000)

  it('refuses a key on both instances as soon as it is revoked on one', async () => {
    const created = (await httpA.post('/api/apiKeys', { name: 'short-lived' }, { token: person.token })).body
    expect((await httpB.get('/api/links', { token: created.key })).status).toBe(200) // B now trusts it
    expect((await httpA.delete(`/api/apiKeys/${created.id}`, { token: person.token })).status).toBe(204)
    // B remembers a key for a minute: only the message of its revocation makes it refuse one sooner.
    // Two seconds leave room for a machine busy with both test passes.
    const refused = await until(() => httpB.get('/api/links', { token: created.key }), {
      what: 'B to refuse the revoked key',
      done: (answer) => answer.status !== 200,
      timeoutMs: 2000,
    })
    expect(refused.status).toBe(401)
  })

  it('throttles failed sign-ins across both instances', async () => {
    const email = uniqueEmail('throttled')
    await clearOfWindowEdge(15 * 60_000, 10_000)
    for (let i = 0; i < 5; i++) expect((await (i % 2 ? httpA : httpB).post('/api/auth/login', { email, password: `wrong ${i}` })).status).toBe(401)
    expect((await httpA.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429)
    expect((await httpB.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429)
  })

  it("holds a link's click limit exactly under concurrent clicks on both instances", async () => {
    const link = (await createOn(httpA, { clickLimit: 10, fallbackUrl: 'https://example.com/ended' })).body
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? onA : onB)(link.slug)))
    const places = answers.map((answer) => answer.headers.get('location'))
    expect(places.filter((place) => place === 'https://example.com/cluster').length).toBe(10)
    expect(places.filter((place) => place === 'https://example.com/ended').length).toBe(30)
  })

  it('counts the preview quota exactly under concurrent load on both instances', async () => {
    const owner = await signUpHere('cluster-quota')
    const links = await Promise.all(
      Array.from({ length: 30 }, async () => (await httpA.post('/api/shareLinks', { targetUrl: 'https://example.com/q', title: 'Q' }, { token: owner.token })).body),
    )
    const platforms = Object.values(CRAWLER_UA)
    const from = (n: number) => `203.0.113.${n % 250}`
    const requests = links.flatMap((link, i) =>
      platforms.map((ua, j) => () => visit(`${(i + j) % 2 ? a.url : b.url}/${link.slug}`, { userAgent: ua, from: from(i * platforms.length + j) })),
    )
    const statuses: number[] = []
    for (let i = 0; i < requests.length; i += 64) statuses.push(...(await Promise.all(requests.slice(i, i + 64).map((go) => go()))).map((r) => r.status))
    expect(statuses.filter((s) => s === 200).length).toBe(500)
    expect((await httpB.get('/api/usage', { token: owner.token })).body.usageThisMonth).toBe(500)
    // Past the quota, a burst of identical requests for a link and platform not yet counted, on
    // both instances, is never served as repeats of a preview the quota refused.
    const late = (await httpA.post('/api/shareLinks', { targetUrl: 'https://example.com/q', title: 'Q' }, { token: owner.token })).body
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => visit(`${i % 2 ? a.url : b.url}/${late.slug}`, { userAgent: CRAWLER_UA.facebook, from: from(i) })))
    expect(burst.filter((answer) => answer.status === 200).length).toBe(0)
    // The stored count follows in the background.
    const [row] = await until(() => sql<{ previews: number }>(b, 'select previews from usage_counters where account_id = $1', [owner.user.accountId]), {
      what: 'the stored preview count to reach 500',
      done: (rows) => Number(rows[0]?.previews) >= 500,
    })
    expect(Number(row.previews)).toBe(500)
  }, 60_000)

  it('asks the shared counter once per window: later previews there are let through at once', async () => {
    const owner = await signUpHere('cluster-window')
    const link = (await httpA.post('/api/shareLinks', { targetUrl: 'https://example.com/w', title: 'W' }, { token: owner.token })).body
    for (let i = 0; i < 3; i++) expect((await onB(link.slug, CRAWLER_UA.slack)).status).toBe(200)
    expect((await onA(link.slug, CRAWLER_UA.slack)).status).toBe(200)
    expect((await httpB.get('/api/usage', { token: owner.token })).body.usageThisMonth).toBe(1)
    // Each instance asked once: the first preview there. A window that changed meanwhile starts over.
    const windowMs = 10 * 60 * 1000
    const key = `preview:${link.id}:slack@${Math.floor(Date.now() / windowMs) * windowMs}`
    const asked = redis ? await redisCount(redis, `lc:win:${key}`) : Number((await sql<{ count: number }>(b, 'select count from window_counters where key = $1', [key]))[0]?.count)
    expect(asked).toBeLessThanOrEqual(2)
    expect(asked).toBeGreaterThan(0)
  })

  it('holds every per-account cap when the creates are spread over both instances at once', async () => {
    const results = {
      tagsThroughLinks: await capScenarios.tagsThroughLinks([httpA, httpB], a, await signUpHere('caps-tag-links')),
      tags: await capScenarios.tags([httpA, httpB], a, await signUpHere('caps-tags')),
      webhookEndpoints: await capScenarios.webhookEndpoints([httpA, httpB], a, await signUpHere('caps-webhooks'), receiver.url),
      utmPresets: await capScenarios.utmPresets([httpA, httpB], a, await signUpHere('caps-presets')),
      apiKeys: await capScenarios.apiKeys([httpA, httpB], a, await signUpHere('caps-keys')),
      imports: await capScenarios.imports([httpA, httpB], a, await signUpHere('caps-imports')),
    }
    for (const [name, { stored, cap, statuses }] of Object.entries(results)) {
      expect({ name, stored }).toEqual({ name, stored: cap })
      expect(statuses.every((status) => status < 500)).toBe(true)
    }
  }, 60_000)

  it("limits wrong passwords for a link from every address together, counted across both instances", async () => {
    await clearOfWindowEdge(LINK_PASSWORD_TRIES.linkWindowMinutes * 60_000, 60_000)
    const link = (await createOn(httpA, { password: 'two doors, one lock' })).body
    const unlock = (base: string, password: string, i: number) =>
      fetch(`${base}/api/unlock/${link.slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
        body: new URLSearchParams({ password }),
      })
    const guesses = await Promise.all(Array.from({ length: LINK_PASSWORD_TRIES.perLink + 20 }, (_, i) => unlock(i % 2 ? b.url : a.url, `guess ${i}`, i)))
    expect(guesses.filter((answer) => answer.status === 403)).toHaveLength(LINK_PASSWORD_TRIES.perLink)
    expect(guesses.filter((answer) => answer.status === 429)).toHaveLength(20)
    for (const base of [a.url, b.url]) expect((await unlock(base, 'two doors, one lock', 1000)).status).toBe(429)
  })

  it('loses no event when one instance stops gracefully under load', async () => {
    const link = (await createOn(httpA, {})).body
    let answered = 0
    let stopped = false
    const worker = async () => {
      while (!stopped) {
        const answer = await visit(`${a.url}/${link.slug}`).catch(() => undefined)
        if (!answer) return // the instance has stopped listening
        if (answer.status === 302) answered++
      }
    }
    const load = Array.from({ length: 20 }, worker)
    // Stops once the load is in full swing.
    await until(() => answered, { what: 'more than 50 answered visits', done: (n) => n > 50 })
    const exit = a.stop()
    expect(await exit).toBe(0)
    stopped = true
    await Promise.all(load)
    expect(answered).toBeGreaterThan(50)
    const [row] = await sql<{ n: number }>(b, 'select coalesce(sum(count), 0) as n from link_event_chunks where link_id = $1', [link.id])
    expect(Number(row.n)).toBe(answered)
  }, 60_000)
})
