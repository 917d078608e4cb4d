// Two instances on PostgreSQL and a Redis of their own, which is stopped under load and started
// again: every request keeps answering in bounded time, health says what is missing, nothing is
// counted twice or lost, and everything comes back by itself. Runs when TEST_DATABASE_URL points
// at PostgreSQL and redis-server is installed.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { RedisClient } from 'bun'
import { PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { client, type Client } from '../helpers/http'
import { freePort, startServer, type TestServer } from '../helpers/server'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'
import { version } from '../../package.json'

const hasRedisServer = Bun.which('redis-server') !== null
// What "bounded" means here: a request hung for good before. Sign-ins hash a password, which on a
// busy machine alone takes a second or two.
const ANSWER_WITHIN_MS = 2000
const SIGN_IN_WITHIN_MS = 5000

/** A private, empty Redis on its own port, started and stopped by the test. */
function privateRedis() {
  const port = freePort()
  let process: ReturnType<typeof Bun.spawn> | undefined
  const url = `redis://127.0.0.1:${port}`
  return {
    url,
    async start() {
      process = Bun.spawn(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdout: 'ignore', stderr: 'ignore' })
      for (const deadline = Date.now() + 5000; Date.now() < deadline; await Bun.sleep(20)) {
        const probe = new RedisClient(url, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 200 })
        try {
          await probe.connect()
          if ((await probe.send('PING', [])) === 'PONG') return
        } catch {
        } finally {
          probe.close()
        }
      }
      throw new Error('redis-server did not start')
    },
    async stop() {
      process?.kill('SIGKILL')
      await process?.exited
    },
    /** Keeps the connections open but answers nothing, as a host cut off by the network would. */
    pause: () => process?.kill('SIGSTOP'),
    resume: () => process?.kill('SIGCONT'),
  }
}

/** Fetch (as a person's browser unless told otherwise) that fails the test when no answer comes within `within` ms. */
async function timed(url: string, init: RequestInit & { headers?: Record<string, string> } = {}, within = ANSWER_WITHIN_MS) {
  const started = Date.now()
  const headers = { 'user-agent': BROWSER_UA.chromeWindows, ...init.headers }
  const answer = await fetch(url, { redirect: 'manual', ...init, headers, signal: AbortSignal.timeout(within) }).catch((error) => {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${(error as Error).message}`)
  })
  const text = await answer.text()
  expect(Date.now() - started).toBeLessThan(within)
  return { status: answer.status, headers: answer.headers, text }
}

async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await Bun.sleep(50)
    value = await read()
  }
  return value
}

describe.skipIf(!testDatabaseUrl || !hasRedisServer)('two instances on PostgreSQL when their Redis stops under load', () => {
  const redis = privateRedis()
  let databaseUrl: string
  let a: TestServer
  let b: TestServer
  let httpA: Client
  let owner: SignedIn

  beforeAll(async () => {
    await redis.start()
    databaseUrl = (await createTestDatabase())!
    const env = { REDIS_URL: redis.url, JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!' }
    ;[a, b] = await Promise.all([startServer({ databaseUrl, env }), startServer({ databaseUrl, env })])
    httpA = client(a.url)
    owner = await signUp(httpA, 'outage')
  }, 60_000)

  afterAll(async () => {
    if (process.env.SHOW_LOGS) console.log([...a.logs(), ...b.logs()].filter((line) => !line.includes('"msg":"request"')).join('\n'))
    await Promise.all([a?.close(), b?.close()])
    await dropTestDatabase(databaseUrl)
    await redis.stop()
  })

  const createLink = async (title: string, alias?: string) => {
    const answer = await httpA.post('/api/shareLinks', { targetUrl: 'https://example.com/outage', title, alias }, { token: owner.token })
    expect(answer.status).toBe(201)
    return answer.body as { id: string; slug: string; alias: string | null }
  }
  const health = async (server: TestServer) => JSON.parse((await timed(`${server.url}/api/health`)).text)
  const usage = async (server: TestServer) => (await client(server.url).get('/api/usage', { token: owner.token })).body.usageThisMonth
  const login = (server: TestServer, password: string) =>
    timed(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password }) }, SIGN_IN_WITHIN_MS)

  it('answers every request in bounded time, reports the outage, counts exactly and recovers by itself', async () => {
    const busy = await createLink('Busy')
    const before = await createLink('Counted before')
    const during = await createLink('Crawled during')
    const after = await createLink('Crawled after')
    const edited = await createLink('Edited during', `edited-${Date.now()}`)
    expect(await health(a)).toEqual({ status: 'ok', version })
    expect(await health(b)).toEqual({ status: 'ok', version })
    expect((await timed(`${a.url}/${before.slug}`, { headers: { 'user-agent': CRAWLER_UA.facebook } })).status).toBe(200)
    expect((await timed(`${b.url}/${edited.alias}`)).headers.get('location')).toBe('https://example.com/outage')

    // People click on both instances, without pause, while Redis goes away and comes back.
    let clicks = 0
    let loading = true
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const answers = await Promise.all(
          [a, b].map((server) => timed(`${server.url}/${busy.slug}`, { headers: { 'user-agent': BROWSER_UA.firefoxLinux } })),
        )
        for (const answer of answers) expect(answer.status).toBe(302)
        clicks += answers.length
        if (i % 10 === 0) expect((await login(i % 20 ? a : b, PASSWORD)).status).toBe(200)
      }
    })()
    await pollUntil(async () => clicks, (n) => n >= 40)
    await redis.stop()

    for (const server of [a, b])
      expect(await pollUntil(() => health(server), (body) => body.status === 'degraded')).toEqual({ status: 'degraded', redis: 'unreachable', version })
    expect((await login(a, PASSWORD)).status).toBe(200)
    expect((await login(b, 'wrong password')).status).toBe(401)
    // A crawler whose window cannot be counted gets the person's redirect; nothing is counted.
    for (const server of [a, b]) {
      const answer = await timed(`${server.url}/${during.slug}`, { headers: { 'user-agent': CRAWLER_UA.linkedin } })
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('https://example.com/outage')
    }
    // A window this instance saw counted stays counted: the card, and no second count.
    expect((await timed(`${a.url}/${before.slug}`, { headers: { 'user-agent': CRAWLER_UA.facebook } })).status).toBe(200)
    expect(await usage(b)).toBe(1)
    // Changes still reach the other instance (through the database).
    expect((await httpA.patch(`/api/shareLinks/${edited.id}`, { targetUrl: 'https://example.com/moved' }, { token: owner.token })).status).toBe(200)
    const moved = await pollUntil(() => timed(`${b.url}/${edited.alias}`).then((r) => r.headers.get('location')), (location) => location === 'https://example.com/moved', 5000)
    expect(moved).toBe('https://example.com/moved')
    const clicksDuring = clicks
    await pollUntil(async () => clicks, (n) => n >= clicksDuring + 40)

    await redis.start()
    for (const server of [a, b]) expect(await pollUntil(() => health(server), (body) => body.status === 'ok')).toEqual({ status: 'ok', version })
    await pollUntil(async () => clicks, (n) => n >= clicksDuring + 80)
    loading = false
    await load

    // Previews count again, on top of the database's count (Redis came back empty).
    for (const server of [b, a]) expect((await timed(`${server.url}/${after.slug}`, { headers: { 'user-agent': CRAWLER_UA.slack } })).status).toBe(200)
    expect(await pollUntil(() => usage(a), (n) => n === 2)).toBe(2)
    expect(await usage(b)).toBe(2)
    const dashboard = await pollUntil(
      async () => (await client(b.url).get('/api/dashboard-stats', { token: owner.token })).body,
      (body) => body.clicksByLinkId[busy.id] === clicks,
    )
    expect(dashboard.clicksByLinkId[busy.id]).toBe(clicks)
  }, 90_000)
})

describe.skipIf(!hasRedisServer)('one instance when its Redis stops', () => {
  const redis = privateRedis()
  let server: TestServer
  let owner: SignedIn

  beforeAll(async () => {
    await redis.start()
    server = await startServer({ env: { REDIS_URL: redis.url } })
    owner = await signUp(client(server.url), 'alone')
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await redis.stop()
  })

  const health = async () => JSON.parse((await timed(`${server.url}/api/health`)).text)
  const crawl = (slug: string) => timed(`${server.url}/${slug}`, { headers: { 'user-agent': CRAWLER_UA.discord } })

  it('keeps answering, gives crawlers the redirect uncounted, and counts again once Redis is back', async () => {
    const http = client(server.url)
    const create = async (title: string) => (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/alone', title }, { token: owner.token })).body
    const [during, after] = [await create('During'), await create('After')]
    const limited = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/alone', title: 'Limited', clickLimit: 5, fallbackUrl: 'https://example.com/ended' }, { token: owner.token })).body
    expect((await timed(`${server.url}/${limited.slug}`)).headers.get('location')).toBe('https://example.com/alone')
    expect(await health()).toEqual({ status: 'ok', version })
    await redis.stop()
    expect(await pollUntil(health, (body) => body.status === 'degraded')).toEqual({ status: 'degraded', redis: 'unreachable', version })
    expect((await crawl(during.slug)).status).toBe(302)
    expect((await timed(`${server.url}/${during.slug}`)).status).toBe(302)
    // Whether a limited link's clicks are used up is unknown: it holds to its limit, in bounded time.
    expect((await timed(`${server.url}/${limited.slug}`)).headers.get('location')).toBe('https://example.com/ended')
    const login = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: PASSWORD }) }
    expect((await timed(`${server.url}/api/auth/login`, login, SIGN_IN_WITHIN_MS)).status).toBe(200)
    expect((await http.get('/api/usage', { token: owner.token })).body.usageThisMonth).toBe(0)
    await redis.start()
    expect(await pollUntil(health, (body) => body.status === 'ok')).toEqual({ status: 'ok', version })
    expect((await crawl(after.slug)).status).toBe(200)
    expect((await timed(`${server.url}/${limited.slug}`)).headers.get('location')).toBe('https://example.com/alone')
    expect((await http.get('/api/usage', { token: owner.token })).body.usageThisMonth).toBe(1)
  }, 60_000)
  it('treats a Redis that stops answering, its connections still open, as unreachable until it answers again', async () => {
    const http = client(server.url)
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/alone', title: 'Paused' }, { token: owner.token })).body
    expect(await pollUntil(health, (body) => body.status === 'ok')).toEqual({ status: 'ok', version })
    redis.pause()
    try {
      expect(await pollUntil(health, (body) => body.status === 'degraded')).toEqual({ status: 'degraded', redis: 'unreachable', version })
      expect((await crawl(link.slug)).status).toBe(302)
      const login = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: PASSWORD }) }
      expect((await timed(`${server.url}/api/auth/login`, login, SIGN_IN_WITHIN_MS)).status).toBe(200)
    } finally {
      redis.resume()
    }
    expect(await pollUntil(health, (body) => body.status === 'ok')).toEqual({ status: 'ok', version })
    expect((await crawl(link.slug)).status).toBe(200)
  }, 60_000)
})
