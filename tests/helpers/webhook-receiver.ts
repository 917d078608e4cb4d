// A local webhook receiver: it checks every message's signature with the Standard Webhooks library
// (standardwebhooks), keeps what it got and when, and answers with the status it is told to, or
// not at all while it hangs (a slow or dead receiver).
import { Webhook } from 'standardwebhooks'

export type Received = { id: string; type: string; data: any; verified: boolean; body: string; at: number }

export function startWebhookReceiver() {
  const received: Received[] = []
  let secret: string | undefined
  let status = 200
  let isHanging = false
  const held = new Set<() => void>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    // Held requests stay open as long as a sender waits.
    idleTimeout: 0,
    async fetch(request) {
      const body = await request.text()
      const headers = Object.fromEntries(request.headers)
      let verified = false
      try {
        if (secret) new Webhook(secret).verify(body, headers)
        verified = Boolean(secret)
      } catch {
        verified = false
      }
      const message = JSON.parse(body) as { type: string; data: unknown }
      received.push({ id: headers['webhook-id']!, type: message.type, data: message.data, verified, body, at: Date.now() })
      if (isHanging) await new Promise<void>((resolve) => held.add(resolve))
      return new Response(status === 200 ? 'thanks' : 'not now', { status })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    host: `127.0.0.1:${server.port}`,
    received,
    /** The secret signatures are checked with. */
    trust(value: string) {
      secret = value
    },
    /** The status every later message is answered with. */
    answer(value: number) {
      status = value
    },
    /** Keeps every later message waiting for an answer, until `release`. */
    hang() {
      isHanging = true
    },
    /** Answers the messages held and every later one at once. */
    release() {
      isHanging = false
      for (const resolve of held) resolve()
      held.clear()
    },
    of: (type: string) => received.filter((message) => message.type === type),
    stop() {
      this.release()
      server.stop(true)
    },
  }
}
