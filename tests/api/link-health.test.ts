// Card and link health: each link's target and card image checked against local servers that
// answer as broken sites do (404, too slow, a redirect loop, a sign-in wall, images too large or
// not images), on demand and on the schedule, with webhooks told of changes of state and the
// owners mailed what broke.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../helpers/database'
import { client, type Client } from '../helpers/http'
import { readOutbox } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

const MB = 1024 * 1024

/** A PNG's signature and header (what image-size reads) of this size, padded to `bytes`. */
function png(width: number, height: number, bytes = 1024) {
  const file = new Uint8Array(bytes)
  file.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(file.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  file.set([8, 6, 0, 0, 0], 24)
  return file
}

const requested: string[] = []
let flipBroken = false
const html = (title: string) => new Response(`<!doctype html><title>${title}</title><p>${title}</p>`, { headers: { 'content-type': 'text/html; charset=utf-8' } })
const site = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(request) {
    const { pathname } = new URL(request.url)
    requested.push(pathname)
    switch (pathname) {
      case '/slow':
        await Bun.sleep(4000)
        return html('Finally')
      case '/loop':
        return new Response(null, { status: 302, headers: { location: '/loop' } })
      case '/members':
        return new Response(null, { status: 302, headers: { location: '/login?next=/members' } })
      case '/login':
        return html('Sign in to Example')
      case '/private':
        return new Response('no', { status: 401 })
      case '/flip':
        return flipBroken ? new Response('gone', { status: 404 }) : html('Back again')
      case '/img/fine.png':
        return new Response(png(1200, 630), { headers: { 'content-type': 'image/png' } })
      case '/img/heavy.png':
        return new Response(png(1200, 630, 6 * MB), { headers: { 'content-type': 'image/png' } })
      case '/img/page':
        return html('Not an image')
      case '/img/gone.png':
        return new Response('gone', { status: 404 })
      default:
        return pathname.startsWith('/ok') ? html('A fine page') : new Response('not here', { status: 404 })
    }
  },
})
const at = (path: string) => `http://127.0.0.1:${site.port}${path}`

const receiver = startWebhookReceiver()
let server: TestServer
let http: Client
let owner: SignedIn
let other: SignedIn

beforeAll(async () => {
  server = await startServer({
    env: {
      FETCH_ALLOWED_HOSTS: `127.0.0.1:${site.port},${receiver.host}`,
      LINK_HEALTH_CHECKS: 'on',
      // The schedule turns fast here so a test sees it work; a link is checked again every few seconds.
      LINK_HEALTH_INTERVAL_SECONDS: '3',
      LINK_HEALTH_CHECKS_PER_MINUTE: '600',
      LINK_HEALTH_HOST_GAP_MS: '20',
      LINK_HEALTH_TIMEOUT_SECONDS: '1',
      WEBHOOK_BATCH_SECONDS: '1',
    },
  })
  http = client(server.url)
  ;[owner, other] = await Promise.all([signUp(http, 'health'), signUp(http, 'health-other')])
  const endpoint = await http.post('/api/webhooks', { url: receiver.url, events: ['link.broken', 'link.recovered', 'card.image_broken'] }, { token: owner.token })
  expect(endpoint.status).toBe(201)
  receiver.trust(endpoint.body.secret)
})
afterAll(async () => {
  await server?.close()
  receiver.stop()
  site.stop(true)
})

async function makeLink(who: SignedIn, targetUrl: string, extra: Record<string, unknown> = {}) {
  const made = await http.post('/api/shareLinks', { targetUrl, title: `Link to ${targetUrl}`, ...extra }, { token: who.token })
  expect(made.status).toBe(201)
  return made.body as { id: string; health: { status: string; reason: string | null; checkedAt: string | null; finalUrl: string | null } }
}
const checkNow = (who: SignedIn, id: string) => http.post(`/api/shareLinks/${id}/check`, undefined, { token: who.token })
const healthOf = async (who: SignedIn, id: string) => (await http.get(`/api/shareLinks/${id}`, { token: who.token })).body.health

describe('checking a link now', () => {
  it('finds a working target and card image ok, and says where the target led', async () => {
    const link = await makeLink(owner, at('/ok'), { ogImage: at('/img/fine.png') })
    expect(link.health).toEqual({ status: 'unknown', reason: null, checkedAt: null, finalUrl: null })
    const checked = await checkNow(owner, link.id)
    expect(checked.status).toBe(200)
    expect(checked.body).toMatchObject({ status: 'ok', reason: null, finalUrl: at('/ok') })
    expect(Date.parse(checked.body.checkedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await healthOf(owner, link.id)).toEqual(checked.body)
  })

  it('finds a target broken that answers 404, loops, is too slow or asks visitors to sign in, each with its reason', async () => {
    const cases: [string, RegExp][] = [
      ['/gone', /answers HTTP 404 Not Found/],
      ['/loop', /redirects more than 5 times, likely in a loop/],
      ['/members', /sends visitors to a sign-in page/],
      ['/private', /asks visitors to sign in \(HTTP 401\)/],
      ['/slow', /took longer than 1 s/],
    ]
    for (const [path, reason] of cases) {
      const link = await makeLink(owner, at(path))
      const started = Date.now()
      const checked = await checkNow(owner, link.id)
      expect(checked.status).toBe(200)
      expect(checked.body.status).toBe('broken')
      expect(checked.body.reason).toMatch(reason)
      // The time limit holds: the slow page takes four seconds.
      expect(Date.now() - started).toBeLessThan(3500)
    }
  })

  it('finds a card image broken that is too large for a platform, not an image, or gone', async () => {
    const cases: [string, RegExp][] = [
      ['/img/heavy.png', /X shows no image over 5 MB/],
      ['/img/page', /is text\/html, not an image/],
      ['/img/gone.png', /card image answers HTTP 404/],
    ]
    for (const [path, reason] of cases) {
      const link = await makeLink(owner, at('/ok'), { ogImage: at(path) })
      const checked = await checkNow(owner, link.id)
      expect(checked.body).toMatchObject({ status: 'broken', finalUrl: at('/ok') })
      expect(checked.body.reason).toMatch(reason)
    }
  })

  it('gives no verdict on a target on a private network, which Linkcard may not reach but its people may', async () => {
    const link = await makeLink(owner, 'http://10.20.30.40/intranet')
    const checked = await checkNow(owner, link.id)
    expect(checked.status).toBe(200)
    expect(checked.body).toMatchObject({ status: 'unknown', reason: null, checkedAt: null })
  })

  it("answers 404 for another account's link, and 404 for no link", async () => {
    const mine = await makeLink(owner, at('/ok?mine'))
    const answer = await checkNow(other, mine.id)
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('Link not found.')
    expect((await checkNow(owner, 'no-such-link')).status).toBe(404)
    expect((await http.post(`/api/shareLinks/${mine.id}/check`)).status).toBe(401)
  })

  it('shows health as unknown again once the target changes, until it is checked', async () => {
    const link = await makeLink(owner, at('/gone?changing'))
    expect((await checkNow(owner, link.id)).body.status).toBe('broken')
    await http.patch(`/api/shareLinks/${link.id}`, { targetUrl: at('/ok?changed') }, { token: owner.token })
    const now = await healthOf(owner, link.id)
    // The schedule may have checked it already; a verdict on the old target never shows.
    expect(now.status === 'unknown' || (now.status === 'ok' && now.finalUrl === at('/ok?changed'))).toBe(true)
  })
})

describe('the list', () => {
  it('filters the links that need attention (health=broken) and those found ok, on the server', async () => {
    const listed = async (health: string) => {
      const answer = await http.get(`/api/shareLinks?health=${health}&limit=500`, { token: owner.token })
      expect(answer.status).toBe(200)
      return answer.body as { targetUrl: string; health: { status: string } }[]
    }
    const broken = await listed('broken')
    expect(broken.length).toBeGreaterThanOrEqual(8)
    expect(broken.every((link) => link.health.status === 'broken')).toBe(true)
    expect(broken.map((link) => link.targetUrl)).toContain(at('/gone'))
    const fine = await listed('ok')
    expect(fine.every((link) => link.health.status === 'ok')).toBe(true)
    expect(fine.map((link) => link.targetUrl)).not.toContain(at('/gone'))
    const bad = await http.get('/api/shareLinks?health=sad', { token: owner.token })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('health must be one of broken, ok.')
    expect((await http.get('/api/shareLinks?health=broken', { token: other.token })).body).toEqual([])
  })
})

describe('changes of state', () => {
  it('tell link.broken, card.image_broken and link.recovered once each, not on every check', async () => {
    const link = await makeLink(owner, at('/flip'), { ogImage: at('/img/page') })
    flipBroken = true
    expect((await checkNow(owner, link.id)).body.status).toBe('broken')
    expect((await checkNow(owner, link.id)).body.status).toBe('broken')
    const broken = await until(() => receiver.of('link.broken').filter((message) => message.data.link.id === link.id), { what: 'link.broken', done: (found) => found.length > 0 })
    expect(broken[0]!.verified).toBe(true)
    expect(broken[0]!.data.health).toMatchObject({ status: 'broken', reason: expect.stringContaining('404') })
    await until(() => receiver.of('card.image_broken').filter((message) => message.data.link.id === link.id), { what: 'card.image_broken', done: (found) => found.length > 0 })

    flipBroken = false
    await http.patch(`/api/shareLinks/${link.id}`, { ogImage: at('/img/fine.png') }, { token: owner.token })
    expect((await checkNow(owner, link.id)).body).toMatchObject({ status: 'ok', reason: null })
    const recovered = await until(() => receiver.of('link.recovered').filter((message) => message.data.link.id === link.id), { what: 'link.recovered', done: (found) => found.length > 0 })
    expect(recovered[0]!.data.health.status).toBe('ok')
    await checkNow(owner, link.id)
    await until(() => healthOf(owner, link.id), { what: 'another check', done: (health) => health.status === 'ok' })
    const told = (type: string) => receiver.of(type).filter((message) => message.data.link.id === link.id).length
    expect([told('link.broken'), told('card.image_broken'), told('link.recovered')]).toEqual([1, 1, 1])
  })
})

describe('the schedule', () => {
  it('checks new links by itself and leaves switched-off links alone', async () => {
    const off = await makeLink(owner, at('/ok/switched-off'))
    expect((await http.patch(`/api/shareLinks/${off.id}`, { isActive: false }, { token: owner.token })).status).toBe(200)
    const offRequests = () => requested.filter((path) => path === '/ok/switched-off').length
    // The schedule may have come by in the moment the link was on.
    const beforeOff = offRequests()
    const link = await makeLink(owner, at('/ok/scheduled'))
    const health = await until(() => healthOf(owner, link.id), { what: 'the scheduled check', done: (found) => found.checkedAt !== null, timeoutMs: 20_000 })
    expect(health.status).toBe('ok')
    // Checked again on the schedule: a later check.
    await until(() => healthOf(owner, link.id), { what: 'a second scheduled check', done: (found) => found.checkedAt > health.checkedAt, timeoutMs: 20_000 })
    expect(offRequests()).toBe(beforeOff)
  })

  it("mails the account's owner what broke, once a week", async () => {
    const mails = () => readOutbox(server.dataDir).filter((mail) => mail.to.includes(owner.email) && /needs? attention/.test(mail.subject))
    const [mail] = await until(mails, { what: 'the mail of what broke', done: (found) => found.length > 0, timeoutMs: 20_000 })
    expect(mail!.text).toContain(at('/gone'))
    expect(mail!.text).toContain('HTTP 404')
    expect(mail!.text).toContain('/share-links?health=broken')
    // Later turns of the schedule (a link checked again) send no second one.
    const link = await makeLink(owner, at('/gone?after-mail'))
    await until(() => healthOf(owner, link.id), { what: 'a later scheduled check', done: (found) => found.checkedAt !== null, timeoutMs: 20_000 })
    const before = (await healthOf(owner, link.id)).checkedAt
    await until(() => healthOf(owner, link.id), { what: 'yet another check', done: (found) => found.checkedAt > before, timeoutMs: 20_000 })
    expect(mails()).toHaveLength(1)
    expect(readOutbox(server.dataDir).filter((found) => found.to.includes(other.email) && /needs? attention/.test(found.subject))).toHaveLength(0)
  })

  it('limits checks on demand per account', async () => {
    const link = await makeLink(other, at('/ok/limited'))
    const answers = []
    for (let i = 0; i < 21; i++) answers.push((await checkNow(other, link.id)).status)
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(answers[20]).toBe(429)
  })
})

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL database', () => {
  it('share the schedule: each link is checked by one of them, once', async () => {
    const databaseUrl = await createTestDatabase()
    const env = {
      FETCH_ALLOWED_HOSTS: `127.0.0.1:${site.port}`,
      JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!',
      // No second round in the test's time: every request seen is a link's one check.
      LINK_HEALTH_INTERVAL_SECONDS: '3600',
      LINK_HEALTH_CHECKS_PER_MINUTE: '240',
      LINK_HEALTH_HOST_GAP_MS: '0',
    }
    const first = await startServer({ databaseUrl, env: { ...env, LINK_HEALTH_CHECKS: 'off' } })
    const firstHttp = client(first.url)
    const who = await signUp(firstHttp, 'two-instances')
    const paths = Array.from({ length: 40 }, (_, index) => `/ok/shared/${index}`)
    for (const path of paths) expect((await firstHttp.post('/api/shareLinks', { targetUrl: at(path), title: path }, { token: who.token })).status).toBe(201)
    await first.stop()
    const [a, b] = await Promise.all([startServer({ databaseUrl, env: { ...env, LINK_HEALTH_CHECKS: 'on' } }), startServer({ databaseUrl, env: { ...env, LINK_HEALTH_CHECKS: 'on' } })])
    try {
      const seen = () => requested.filter((path) => path.startsWith('/ok/shared/'))
      await until(seen, { what: 'every link checked', done: (found) => new Set(found).size === paths.length, timeoutMs: 30_000 })
      const fine = async () => (await client(a.url).get('/api/shareLinks?health=ok&limit=100', { token: who.token })).body as unknown[]
      await until(fine, { what: 'every verdict stored', done: (found) => found.length === paths.length })
      expect(seen().sort()).toEqual([...paths].sort())
    } finally {
      await Promise.all([a.close(), b.close(), first.close()])
      await dropTestDatabase(databaseUrl)
    }
  }, 60_000)
})
