// Tells every instance that something changed (a link edited, a plan moved), so in-process caches
// stay true. Handlers run at once in this process; the message also reaches the other instances
// through Redis pub/sub (REDIS_URL) or, on PostgreSQL without Redis, LISTEN/NOTIFY.
import { RedisClient } from 'bun'
import { config } from './config'
import { pgChannel } from './db'
import { log } from './log'

type Handler = (payload: string) => void
type Envelope = { from: string; topic: string; payload: string }
type Transport = { send(message: string): Promise<unknown>; listen(receive: (message: string) => void): Promise<unknown>; close(): void }

const handlers = new Map<string, Handler[]>()
const instanceId = crypto.randomUUID()
const CHANNEL = 'lc_bus'

function deliver(topic: string, payload: string) {
  for (const handler of handlers.get(topic) ?? []) {
    try {
      handler(payload)
    } catch (error) {
      log.error('bus handler failed', { topic, error })
    }
  }
}

function redisTransport(url: string): Transport {
  const publisher = new RedisClient(url)
  // A subscribed connection can do nothing else, so listening takes a second one.
  const subscriber = new RedisClient(url)
  return {
    send: (message) => publisher.publish(CHANNEL, message),
    listen: (receive) => subscriber.subscribe(CHANNEL, receive),
    close() {
      subscriber.close()
      publisher.close()
    },
  }
}

const transport: Transport | undefined = config.redisUrl ? redisTransport(config.redisUrl) : pgChannel?.(CHANNEL)

/** Starts hearing the other instances; resolves once the subscription is live. */
export async function connectBus() {
  await transport?.listen((message) => {
    const { from, topic, payload } = JSON.parse(message) as Envelope
    if (from !== instanceId) deliver(topic, payload)
  })
}

export function subscribe(topic: string, handler: Handler) {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
}

export function publish(topic: string, payload: string) {
  deliver(topic, payload)
  transport?.send(JSON.stringify({ from: instanceId, topic, payload } satisfies Envelope)).catch((error) => log.error('bus publish failed', { topic, error }))
}

export function closeBus() {
  transport?.close()
}
