// Tells every instance that something changed (a link edited, a plan moved), so in-process caches
// stay true. Handlers run at once in this process; the message also reaches the other instances
// through Redis pub/sub (REDIS_URL) and, on PostgreSQL, LISTEN/NOTIFY. With both, each message
// goes both ways and is delivered once: a Redis outage then loses no message.
import { pgChannel } from './db'
import type { Running } from './lifecycle'
import { log } from './log'
import { RedisUnavailable } from './redis'
import { listenToRedis, redis, sharesDatabase, topology } from './topology'

type Handler = (payload: string) => void
type Envelope = { from: string; id: number; topic: string; payload: string }
type Transport = { name: string; send(message: string): Promise<unknown>; listen(receive: (message: string) => void): Promise<unknown>; close(): void }

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

function redisTransport(): Transport {
  let listening: ReturnType<typeof listenToRedis> | undefined
  return {
    name: 'redis',
    send: (message) => redis()!.run((client) => client.publish(CHANNEL, message)),
    listen: (receive) => (listening = listenToRedis(CHANNEL, receive)).ready,
    close: () => listening?.close(),
  }
}

// Made when the bus connects, from the topology.
let transports: Transport[] = []

// Messages heard already, by sender: each may arrive once over each transport. Bounded.
const SEEN_MAX = 10_000
const seen = new Set<string>()
let nextId = 0

/**
 * Starts hearing the other instances, if there may be any; resolves once the subscriptions are
 * live (or Redis is found unreachable: it subscribes when it comes back).
 */
export async function connectBus(): Promise<Running> {
  transports = [...(topology === 'redis' ? [redisTransport()] : []), ...(sharesDatabase ? [{ name: 'postgres', ...pgChannel(CHANNEL) }] : [])]
  const receive = (message: string) => {
    const { from, id, topic, payload } = JSON.parse(message) as Envelope
    if (from === instanceId) return
    const key = `${from}:${id}`
    if (seen.has(key)) return
    if (seen.size >= SEEN_MAX) seen.clear()
    seen.add(key)
    deliver(topic, payload)
  }
  await Promise.all(transports.map((transport) => transport.listen(receive)))
  return {
    stop() {
      for (const transport of transports) transport.close()
      transports = []
    },
  }
}

export function subscribe(topic: string, handler: Handler) {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
}

export function publish(topic: string, payload: string) {
  deliver(topic, payload)
  const message = JSON.stringify({ from: instanceId, id: ++nextId, topic, payload } satisfies Envelope)
  for (const transport of transports)
    transport.send(message).catch((error) => {
      // Expected during an outage; the other transport, if any, carries the message.
      if (error instanceof RedisUnavailable) log.warn('bus publish skipped: redis unreachable', { topic })
      else log.error('bus publish failed', { topic, transport: transport.name, error })
    })
}
