// Webhooks: endpoints per account, messages signed per Standard Webhooks (checked by the
// standardwebhooks library at a local receiver), retried with back-off, logged, sent again on
// request, kept across a restart; clicks and previews sent in batches.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { WEBHOOK_MESSAGES, WEBHOOK_RETRY_DELAYS_S } from '../../src/shared/webhooks'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

const receiver = startWebhookReceiver()
let server: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: receiver.host, WEBHOOK_BATCH_SECONDS: '1' } })
  http = client(server.url)
  owner = await signUp(http, 'webhooks')
})
afterAll(async () => {
  await server?.close()
  receiver.stop()
})

const as = (who: SignedIn) => ({ token: who.token })
async function addEndpoint(who: SignedIn, events: string[], url = receiver.url) {
  const made = await http.post('/api/webhooks', { url, events, description: 'Test receiver' }, as(who))
  expect(made.status).toBe(201)
  receiver.trust(made.body.secret)
  return made.body as { id: string; secret: string }
}
const deliveriesOf = async (who: SignedIn, endpointId: string) => (await http.get(`/api/webhooks/${endpointId}/deliveries`, as(who))).body.deliveries as any[]
const arrived = (type: string, done: (messages: ReturnType<typeof receiver.of>) => boolean = (messages) => messages.length > 0) =>
  until(async () => receiver.of(type), { what: `a ${type} message`, done, timeoutMs: 10_000 })

describe('webhook endpoints', () => {
  it('are added with a secret, listed, changed and removed; bad input is refused naming the field', async () => {
    const made = await addEndpoint(owner, ['link.created'])
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect((await http.get(`/api/webhooks/${made.id}/secret`, as(owner))).body.secret).toBe(made.secret)
    const listed = (await http.get('/api/webhooks', as(owner))).body
    expect(listed.map((endpoint: { id: string }) => endpoint.id)).toContain(made.id)
    expect(JSON.stringify(listed)).not.toContain('whsec_')

    const changed = await http.patch(`/api/webhooks/${made.id}`, { events: ['link.created', 'link.deleted'], isActive: false }, as(owner))
    expect(changed.body).toMatchObject({ events: ['link.created', 'link.deleted'], isActive: false })

    const stored = await sql(server, 'select id, url, events, is_active from webhook_endpoints where account_id = $1 order by id', [owner.user.accountId])
    for (const [body, field, message] of [
      [{ url: 'ftp://example.com/hook', events: ['click'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: 'http://10.1.2.3/hook', events: ['click'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: 'http://[::1]:8080/hook', events: ['click'] }, 'url', WEBHOOK_MESSAGES.url],
      [{ url: `http://user:secret@${receiver.host}/hooks`, events: ['click'] }, 'url', WEBHOOK_MESSAGES.credentials],
      [{ url: `http://token@${receiver.host}/hooks`, events: ['click'] }, 'url', WEBHOOK_MESSAGES.credentials],
      [{ url: receiver.url, events: [] }, 'events', WEBHOOK_MESSAGES.events],
      [{ url: receiver.url, events: ['link.exploded'] }, 'events', WEBHOOK_MESSAGES.unknownEvent('link.exploded')],
      // Special-use names, refused whether or not DNS answers for them, trailing dots or not.
      ...[
        'http://localhost/hook',
        'http://localhost./hook',
        'http://LOCALHOST..:8080/hook',
        'https://hooks.localhost/hook',
        'https://receiver.test/hook',
        'https://receiver.test./hook',
        'https://hooks.invalid/hook',
        'https://hooks.example/hook',
        'https://example.com/hook',
        'https://hooks.example.net./hook',
        'https://www.example.org/hook',
        'https://printer.local/hook',
        'https://hooks.onion/hook',
        'https://nas.home.arpa/hook',
        'https://hooks.internal/hook',
        'http://metadata.google.internal./computeMetadata/v1/',
      ].map((url) => [{ url, events: ['click'] }, 'url', WEBHOOK_MESSAGES.specialUse] as const),
    ] as const) {
      const refused = await http.post('/api/webhooks', body, as(owner))
      expect({ body, status: refused.status, field: refused.body.errors?.[0]?.field, message: refused.body.message }).toEqual({ body, status: 400, field, message })
      const change = await http.patch(`/api/webhooks/${made.id}`, body, as(owner))
      expect({ body, status: change.status, field: change.body.errors?.[0]?.field }).toEqual({ body, status: 400, field })
    }
    expect(await sql(server, 'select id, url, events, is_active from webhook_endpoints where account_id = $1 order by id', [owner.user.accountId])).toEqual(stored)
    // Nothing to change changes nothing.
    expect((await http.patch(`/api/webhooks/${made.id}`, {}, as(owner))).body).toEqual(changed.body)
    expect((await http.delete(`/api/webhooks/${made.id}`, as(owner))).status).toBe(204)
    expect((await http.get(`/api/webhooks/${made.id}/deliveries`, as(owner))).status).toBe(404)
  })

  it("are the account's own: another account's endpoint and delivery answer 404 and change nothing", async () => {
    const made = await addEndpoint(owner, ['link.created'])
    await http.post(`/api/webhooks/${made.id}/test`, undefined, as(owner))
    const [delivery] = await until(() => deliveriesOf(owner, made.id), { what: 'the test delivery', done: (list) => list.length > 0 })
    const stranger = await signUp(http, 'webhooks-stranger')
    for (const [method, path] of [
      ['PATCH', `/api/webhooks/${made.id}`],
      ['DELETE', `/api/webhooks/${made.id}`],
      ['GET', `/api/webhooks/${made.id}/secret`],
      ['GET', `/api/webhooks/${made.id}/deliveries`],
      ['POST', `/api/webhooks/${made.id}/test`],
      ['POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`],
    ] as const) {
      const answer = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${stranger.token}`, 'content-type': 'application/json' }, body: method === 'PATCH' ? '{"isActive":false}' : undefined })
      expect({ path, method, status: answer.status }).toEqual({ path, method, status: 404 })
    }
    expect((await http.get('/api/webhooks', as(stranger))).body).toEqual([])
    expect((await http.get('/api/webhooks', as(owner))).body.find((endpoint: { id: string }) => endpoint.id === made.id).isActive).toBe(true)
    await http.delete(`/api/webhooks/${made.id}`, as(owner))
  })
})

describe('webhook messages', () => {
  it('tell of links created, changed and deleted, signed so the Standard Webhooks library verifies them', async () => {
    const endpoint = await addEndpoint(owner, ['link.created', 'link.updated', 'link.deleted'])
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/hooked', title: 'Hooked' }, as(owner))).body
    const [created] = await arrived('link.created', (messages) => messages.some((message) => message.data.id === link.id))
    expect(created).toMatchObject({ verified: true, data: { id: link.id, slug: link.slug, title: 'Hooked' } })
    await http.patch(`/api/shareLinks/${link.id}`, { title: 'Hooked again' }, as(owner))
    expect((await arrived('link.updated'))[0]).toMatchObject({ verified: true, data: { id: link.id, title: 'Hooked again' } })
    await http.delete(`/api/shareLinks/${link.id}`, as(owner))
    expect((await arrived('link.deleted'))[0]).toMatchObject({ verified: true, data: { id: link.id, slug: link.slug } })
    // Each message has an id of its own.
    const ids = receiver.received.map((message) => message.id)
    expect(new Set(ids).size).toBe(ids.length)

    // The log shows each delivery: its status, latency and body (recorded once the receiver has answered).
    const log = await until(() => deliveriesOf(owner, endpoint.id), {
      what: 'three deliveries recorded',
      done: (list) => list.length === 3 && list.every((delivery: { status: string }) => delivery.status !== 'pending'),
    })
    expect(log.map((delivery) => delivery.event)).toEqual(['link.deleted', 'link.updated', 'link.created'])
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200, lastResponse: 'thanks', lastError: null, nextAttemptAt: null })
      expect(delivery.lastLatencyMs).toBeGreaterThanOrEqual(0)
      expect(JSON.parse(delivery.body).data.id).toBe(link.id)
    }
    await http.delete(`/api/webhooks/${endpoint.id}`, as(owner))
  })

  it('retry a failed delivery with back-off, and send it again on request with the same id', async () => {
    const endpoint = await addEndpoint(owner, ['link.created'])
    receiver.answer(500)
    await http.post(`/api/webhooks/${endpoint.id}/test`, undefined, as(owner))
    const [failed] = await until(() => deliveriesOf(owner, endpoint.id), { what: 'the first attempt', done: (list) => list[0]?.attempts === 1 })
    expect(failed).toMatchObject({ status: 'pending', lastStatus: 500, lastError: 'The endpoint answered HTTP 500.', lastResponse: 'not now' })
    expect(Date.parse(failed.nextAttemptAt) - Date.parse(failed.lastAttemptAt)).toBe(WEBHOOK_RETRY_DELAYS_S[0] * 1000)

    receiver.answer(200)
    const [retried] = await until(() => deliveriesOf(owner, endpoint.id), { what: 'the retry', done: (list) => list[0]?.status === 'delivered', timeoutMs: 15_000 })
    expect(retried.attempts).toBe(2)
    const test = receiver.of('webhook.test').filter((message) => message.id === failed.id)
    expect(test.length).toBe(2)
    expect(test.every((message) => message.verified)).toBe(true)

    const again = await http.post(`/api/webhooks/deliveries/${failed.id}/redeliver`, undefined, as(owner))
    expect(again.status).toBe(200)
    await until(async () => receiver.of('webhook.test').filter((message) => message.id === failed.id), { what: 'the delivery sent again', done: (list) => list.length === 3 })
    await http.delete(`/api/webhooks/${endpoint.id}`, as(owner))
  }, 30_000)

  it('send clicks and previews once a batch, per link, without slowing the redirect', async () => {
    const endpoint = await addEndpoint(owner, ['click', 'preview.served'])
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/counted', title: 'Counted' }, as(owner))).body
    for (let i = 0; i < 3; i++) expect((await visit(link.url)).status).toBe(302)
    expect((await visit(link.url, { userAgent: CRAWLER_UA.slack })).status).toBe(200)
    const clicks = await arrived('click', (messages) => messages.reduce((sum, message) => sum + (message.data.links.find((each: { linkId: string }) => each.linkId === link.id)?.clicks ?? 0), 0) === 3)
    expect(clicks.every((message) => message.verified)).toBe(true)
    const previews = await arrived('preview.served', (messages) => messages.some((message) => message.data.links.some((each: { linkId: string }) => each.linkId === link.id)))
    expect(previews.at(-1)!.data.links.find((each: { linkId: string }) => each.linkId === link.id)).toMatchObject({ previews: 1, byPlatform: { slack: 1 } })
    await http.delete(`/api/webhooks/${endpoint.id}`, as(owner))
  })

  it("tell a split test's clicks per variant", async () => {
    const endpoint = await addEndpoint(owner, ['click'])
    const variants = [
      { targetUrl: 'https://example.com/a', weight: 1 },
      { targetUrl: 'https://example.com/b', weight: 1 },
    ]
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/split', title: 'Split', variants }, as(owner))).body
    const sentTo = new Set<string | null>()
    for (let i = 0; i < 3; i++) sentTo.add((await visit(link.url)).headers.get('location'))
    // One person (one address and browser) keeps one variant all day.
    expect(sentTo.size).toBe(1)
    const [variant] = sentTo
    const ofLink = (messages: ReturnType<typeof receiver.of>) => messages.flatMap((message) => message.data.links.filter((each: { linkId: string }) => each.linkId === link.id))
    const told = ofLink(await arrived('click', (messages) => ofLink(messages).reduce((sum, each) => sum + each.clicks, 0) === 3))
    expect(told.flatMap((each) => each.variants)).toEqual(told.map((each) => ({ targetUrl: variant, clicks: each.clicks })))
    await http.delete(`/api/webhooks/${endpoint.id}`, as(owner))
  })

  it('tell of the quota reached, at 80% and at 100% of the plan', async () => {
    const who = await signUp(http, 'webhooks-quota')
    const endpoint = await addEndpoint(who, ['quota.reached'])
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/quota', title: 'Counted' }, as(who))).body
    const stored = async () => Number((await sql<{ previews: number }>(server, 'select previews from usage_counters where account_id = $1', [who.user.accountId]))[0]?.previews ?? 0)
    const preview = async (platform: string, from: string) => {
      const before = await stored()
      expect((await visit(link.url, { userAgent: CRAWLER_UA[platform], from })).status).toBe(200)
      await until(stored, { what: 'the preview to be stored', done: (count) => count > before })
    }
    await preview('facebook', '198.51.100.21')
    await sql(server, 'update usage_counters set previews = 399 where account_id = $1', [who.user.accountId])
    await preview('slack', '198.51.100.22')
    const mine = (messages: ReturnType<typeof receiver.of>) => messages.filter((message) => message.verified && JSON.parse(message.body).data.previews >= 400)
    const [eighty] = mine(await arrived('quota.reached', (messages) => mine(messages).length === 1))
    expect(eighty!.data).toMatchObject({ percent: 80, previews: 400, limit: 500, plan: 'free' })
    await sql(server, 'update usage_counters set previews = 499 where account_id = $1', [who.user.accountId])
    await preview('linkedin', '198.51.100.23')
    const all = mine(await arrived('quota.reached', (messages) => mine(messages).length === 2))
    expect(all.map((message) => message.data.percent)).toEqual([80, 100])
    await http.delete(`/api/webhooks/${endpoint.id}`, as(who))
  })

  it('are sent on request (tests, deliveries again) at most 60 times an hour an account', async () => {
    const who = await signUp(http, 'webhooks-on-request')
    const endpoint = await addEndpoint(who, ['link.created'])
    const answers = await Promise.all(Array.from({ length: 61 }, () => http.post(`/api/webhooks/${endpoint.id}/test`, undefined, as(who))))
    expect(answers.filter((answer) => answer.status === 202).length).toBe(60)
    expect(answers.filter((answer) => answer.status === 429).length).toBe(1)
    await http.delete(`/api/webhooks/${endpoint.id}`, as(who))
  })

  it('are kept across a restart: a delivery due while the server was down is sent once it is back', async () => {
    const restarting = await startServer({ env: { FETCH_ALLOWED_HOSTS: receiver.host, WEBHOOK_BATCH_SECONDS: '1' } })
    try {
      const http2 = client(restarting.url)
      const who = await signUp(http2, 'webhooks-restart')
      const made = await http2.post('/api/webhooks', { url: receiver.url, events: ['link.created'] }, as(who))
      receiver.trust(made.body.secret)
      receiver.answer(503)
      const link = (await http2.post('/api/shareLinks', { targetUrl: 'https://example.com/restart', title: 'Across a restart' }, as(who))).body
      await until(async () => (await http2.get(`/api/webhooks/${made.body.id}/deliveries`, as(who))).body.deliveries, { what: 'the failed attempt', done: (list: any[]) => list[0]?.attempts === 1 })
      await restarting.kill()
      receiver.answer(200)
      await restarting.restart()
      const delivered = await until(() => Promise.resolve(receiver.of('link.created').filter((message) => message.data.id === link.id && message.verified)), {
        what: 'the delivery after the restart',
        done: (list) => list.length === 2,
        timeoutMs: 15_000,
      })
      expect(new Set(delivered.map((message) => message.id)).size).toBe(1)
    } finally {
      receiver.answer(200)
      await restarting.close()
    }
  }, 40_000)
})
