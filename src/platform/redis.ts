// Connections to Redis (REDIS_URL) that never make a request wait on Redis for long. Bun's client
// would queue commands while Redis is away and retry its connection a few times, then give up for
// good; here a command fails at once when Redis is unreachable (or after COMMAND_TIMEOUT_MS when it
// does not answer), callers fall back, and a new connection is tried every RECONNECT_MS until
// Redis answers again. Subscriptions are made again on each new connection.
import { RedisClient } from 'bun'
import { log } from './log'
import { singleFlight } from './single-flight'

const COMMAND_TIMEOUT_MS = 500
// How late a timeout may fire before the process, not Redis, is taken to have been slow.
const LATE_MS = 50
const CONNECT_TIMEOUT_MS = 1000
const RECONNECT_MS = 1000

/** Redis did not answer: the caller falls back or answers without it. */
export class RedisUnavailable extends Error {
  constructor(cause?: unknown) {
    super('Redis is unreachable.', { cause })
  }
}

export type Redis = {
  /** Runs commands on the connection; rejects with RedisUnavailable at once when it is down, or when no answer comes in time. */
  run<T>(commands: (client: RedisClient) => Promise<T>): Promise<T>
  /** Whether the last connection attempt succeeded and the connection has not dropped since. */
  readonly connected: boolean
  /** Asks Redis itself (PING), in bounded time. */
  ping(): Promise<boolean>
  /** Hears a channel on this connection (it can then do nothing else), also after reconnecting. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>
  close(): void
}

export function connectRedis(url: string, name: string): Redis {
  let client: RedisClient | undefined
  let retry: Timer | undefined
  let closed = false
  // Said once an outage, not once a retry.
  let saidDown = false
  const subscriptions = new Map<string, (message: string) => void>()
  // Channels each connection hears already: a listener added twice would hear every message twice.
  const subscribedOn = new WeakMap<RedisClient, Set<string>>()
  const subscribeOn = async (on: RedisClient, channel: string) => {
    const done = subscribedOn.get(on) ?? new Set()
    subscribedOn.set(on, done)
    if (done.has(channel)) return
    done.add(channel)
    await on.subscribe(channel, subscriptions.get(channel)!)
  }

  const scheduleRetry = () => {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, RECONNECT_MS)
    retry.unref()
  }

  /** The connection `lost` is gone (dropped, or not answering): a new one is tried. */
  const drop = (lost: RedisClient) => {
    if (client !== lost) return
    client = undefined
    lost.close()
    log.warn('redis connection lost; retrying', { connection: name })
    saidDown = true
    scheduleRetry()
  }

  const connect = singleFlight(async () => {
    const fresh = new RedisClient(url, { enableOfflineQueue: false, autoReconnect: false, connectionTimeout: CONNECT_TIMEOUT_MS })
    fresh.onclose = () => drop(fresh)
    try {
      await fresh.connect()
      for (const channel of subscriptions.keys()) await subscribeOn(fresh, channel)
    } catch (error) {
      fresh.close()
      if (!saidDown) log.warn('redis unreachable; retrying', { connection: name, error: (error as Error).message })
      saidDown = true
      scheduleRetry()
      return
    }
    if (closed) return fresh.close()
    client = fresh
    // It may have closed before it was the connection in use.
    if (!fresh.connected) return drop(fresh)
    if (saidDown) log.info('redis reachable again', { connection: name })
    saidDown = false
  })

  async function run<T>(commands: (client: RedisClient) => Promise<T>): Promise<T> {
    const current = client
    if (!current) throw new RedisUnavailable()
    if (!current.connected) {
      drop(current)
      throw new RedisUnavailable()
    }
    let timer: Timer | undefined
    const armedAt = performance.now()
    let isSecondLook = false
    const timeout = new Promise<never>((_, reject) => {
      const expire = () => {
        // A process too busy to run its timers on time was too busy to read the reply as well: a
        // timer this late gives the reply one more turn of the loop before Redis is called gone.
        if (!isSecondLook && performance.now() - armedAt > COMMAND_TIMEOUT_MS + LATE_MS) {
          isSecondLook = true
          timer = setTimeout(expire, LATE_MS)
          return
        }
        // A Redis that stops answering (paused, or cut off without the connection closing) is
        // treated as gone: later commands fail at once until a new connection answers.
        drop(current)
        reject(new RedisUnavailable())
      }
      timer = setTimeout(expire, COMMAND_TIMEOUT_MS)
    })
    try {
      return await Promise.race([commands(current), timeout])
    } catch (error) {
      if (error instanceof RedisUnavailable) throw error
      // A server's error reply is a bug to report; a dropped or closed connection is an outage.
      if ((error as { code?: string }).code === 'ERR_REDIS_SERVER_ERROR') throw error
      throw new RedisUnavailable(error)
    } finally {
      clearTimeout(timer)
    }
  }

  void connect()

  return {
    run,
    get connected() {
      return client?.connected ?? false
    },
    async ping() {
      try {
        return (await run((c) => c.send('PING', []))) === 'PONG'
      } catch {
        return false
      }
    },
    async subscribe(channel, listener) {
      subscriptions.set(channel, listener)
      await connect.running
      // Unreachable now: the next connection subscribes.
      if (client) await subscribeOn(client, channel).catch(() => undefined)
    },
    close() {
      closed = true
      clearTimeout(retry)
      const last = client
      client = undefined
      last?.close()
    },
  }
}
