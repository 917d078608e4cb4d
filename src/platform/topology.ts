// How Linkcard is deployed, decided here once from the settings, and what follows from it:
//   single    SQLite: one process; counters and caches live in its memory
//   database  PostgreSQL: instances share counters through the database, news through LISTEN/NOTIFY
//   redis     REDIS_URL set: counters in Redis (the database or memory while it is away), news through it too
// It owns the one Redis connection for commands; the bus listens on a second, as Redis requires.
import { config } from './config'
import { connectRedis, type Redis } from './redis'

export type Topology = 'single' | 'database' | 'redis'

/** Whether instances share a PostgreSQL database: counters fall back to it, news goes through LISTEN/NOTIFY. */
export const sharesDatabase = config.database.dialect === 'postgres'

export const topology: Topology = config.redisUrl ? 'redis' : sharesDatabase ? 'database' : 'single'

let client: Redis | undefined

/** Connects to Redis when it is configured (at start); the connection then keeps itself up. */
export function connectSharedState() {
  if (!config.redisUrl) return
  client = connectRedis(config.redisUrl, 'commands')
  return {
    stop() {
      client?.close()
      client = undefined
    },
  }
}

/** The Redis connection for commands, when Redis is configured and connected at start. */
export const redis = (): Redis | undefined => client

/** A connection of its own that hears `channel` (a subscribed connection can do nothing else). */
export function listenToRedis(channel: string, listener: (message: string) => void) {
  const subscriber = connectRedis(config.redisUrl!, 'bus')
  return { ready: subscriber.subscribe(channel, listener), close: () => subscriber.close() }
}
