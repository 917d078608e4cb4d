// Tells every instance that something changed (a link edited, a plan moved), so in-process caches
// stay true. Handlers run at once in this process; with REDIS_URL the message also reaches the
// other instances through Redis pub/sub.
import { RedisClient } from 'bun'
import { config } from './config'
import { log } from './log'

type Handler = (payload: string) => void

const handlers = new Map<string, Handler[]>()
const instanceId = crypto.randomUUID()
const CHANNEL = 'lc:bus'

function deliver(topic: string, payload: string) {
  for (const handler of handlers.get(topic) ?? []) {
    try {
      handler(payload)
    } catch (error) {
      log.error('bus handler failed', { topic, error })
    }
  }
}

const publisher = config.redisUrl ? new RedisClient(config.redisUrl) : undefined
let subscriber: RedisClient | undefined

/** Starts listening to the other instances; resolves once the subscription is live. */
export async function connectBus() {
  if (!config.redisUrl || subscriber) return
  subscriber = new RedisClient(config.redisUrl)
  await subscriber.subscribe(CHANNEL, (message) => {
    const { from, topic, payload } = JSON.parse(message) as { from: string; topic: string; payload: string }
    if (from !== instanceId) deliver(topic, payload)
  })
}

export function subscribe(topic: string, handler: Handler) {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
}

export function publish(topic: string, payload: string) {
  deliver(topic, payload)
  publisher?.publish(CHANNEL, JSON.stringify({ from: instanceId, topic, payload })).catch((error) => log.error('bus publish failed', { topic, error }))
}

export function closeBus() {
  subscriber?.close()
  publisher?.close()
}
