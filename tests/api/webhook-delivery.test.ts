// Webhook deliveries are fair between accounts and survive a crash: one account's receiver that
// hangs takes a few of an instance's sending slots, never every account's turn, and a delivery in
// flight when the process is killed is sent again after the restart, with the same webhook-id.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

const slow = startWebhookReceiver()
const fast = startWebhookReceiver()
let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `${slow.host},${fast.host}` } })
  http = client(server.url)
})
afterAll(async () => {
  slow.release()
  await server?.close()
  slow.stop()
  fast.stop()
})

const as = (who: SignedIn) => ({ token: who.token })
async function addEndpoint(to: Client, who: SignedIn, receiver: ReturnType<typeof startWebhookReceiver>) {
  const made = await to.post('/api/webhooks', { url: receiver.url, events: ['link.created'] }, as(who))
  expect(made.status).toBe(201)
  receiver.trust(made.body.secret)
  return made.body as { id: string; secret: string }
}
const sendTests = (to: Client, who: SignedIn, endpointId: string, count: number) =>
  Promise.all(Array.from({ length: count }, async () => expect((await to.post(`/api/webhooks/${endpointId}/test`, undefined, as(who))).status).toBe(202)))

describe('webhook deliveries', () => {
  it("send another account's message at once while one account's receiver hangs", async () => {
    const hanging = await signUp(http, 'hooks-hanging')
    const prompt = await signUp(http, 'hooks-prompt')
    slow.hang()
    const slowEndpoint = await addEndpoint(http, hanging, slow)
    const fastEndpoint = await addEndpoint(http, prompt, fast)
    // More messages than an instance sends at once, all to the receiver that never answers.
    await sendTests(http, hanging, slowEndpoint.id, 30)
    await until(() => slow.received.length, { what: 'the hanging receiver to be called', done: (count) => count > 0 })

    const sentAt = Date.now()
    await sendTests(http, prompt, fastEndpoint.id, 1)
    const [message] = await until(() => fast.of('webhook.test'), { what: "the other account's test message", done: (list) => list.length > 0, timeoutMs: 40_000 })
    const latencyMs = message!.at - sentAt
    console.info(`another account's message arrived after ${latencyMs} ms`)
    expect(message!.verified).toBe(true)
    expect(latencyMs).toBeLessThan(2000)
    // The hanging account was not starved either: its receiver is being called.
    expect(new Set(slow.received.map((each) => each.id)).size).toBeGreaterThan(0)
    slow.release()
  }, 60_000)

  it('send a delivery in flight when the process is killed again after the restart, with the same id, and lose none', async () => {
    const dying = startWebhookReceiver()
    const killed = await startServer({ env: { FETCH_ALLOWED_HOSTS: dying.host } })
    try {
      const http2 = client(killed.url)
      const who = await signUp(http2, 'hooks-killed')
      const endpoint = await addEndpoint(http2, who, dying)
      dying.hang()
      await sendTests(http2, who, endpoint.id, 3)
      const inFlight = await until(() => dying.received.map((each) => each.id), { what: 'three deliveries in flight', done: (ids) => ids.length === 3 })
      await killed.kill()
      dying.release()
      await killed.restart()
      const again = await until(() => dying.received.slice(3), { what: 'the deliveries sent again', done: (list) => list.length >= 3, timeoutMs: 40_000 })
      expect(new Set(again.map((each) => each.id))).toEqual(new Set(inFlight))
      expect(again.every((each) => each.verified)).toBe(true)
      const log = await until(async () => (await http2.get(`/api/webhooks/${endpoint.id}/deliveries`, as(who))).body.deliveries as { id: string; status: string }[], {
        what: 'the deliveries to be logged as delivered',
        done: (list) => list.length === 3 && list.every((each) => each.status === 'delivered'),
      })
      expect(new Set(log.map((each) => each.id))).toEqual(new Set(inFlight))
    } finally {
      dying.release()
      await killed.close()
      dying.stop()
    }
  }, 90_000)
})
