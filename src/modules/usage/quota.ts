// The monthly preview counter, exact under concurrency: one process counts in memory (JavaScript
// runs one request's check-and-count at a time); several instances count in Redis with one atomic
// script, or, without Redis, in the database with a conditional UPDATE. While Redis is
// unreachable nothing is counted there (tryCount rejects, and crawlers get the person's redirect),
// so its count stays exact for when it returns; reads answer the database's count meanwhile.
import { RedisUnavailable, type Redis } from '../../platform/redis'
import { singleFlightBy } from '../../platform/single-flight'
import { redis, sharesDatabase } from '../../platform/topology'
import * as repo from './repo'

export interface QuotaStore {
  /** Counts one preview if the account is below limit (null: no limit); answers whether it counted. */
  tryCount(accountId: string, periodStart: Date, limit: number | null): Promise<boolean>
  current(accountId: string, periodStart: Date): Promise<number>
  /** current() for several accounts at once, keyed by repo.counterKey, in one round trip or none. */
  currentMany(keys: repo.CounterKey[]): Promise<Map<string, number>>
  /** True when counted previews still have to be added to the database by the caller. */
  readonly needsPersisting: boolean
}

const keyOf = (accountId: string, periodStart: Date) => repo.counterKey({ accountId, periodStart })

function memoryQuota(): QuotaStore {
  const counts = new Map<string, number>()
  // The first use in a period starts from what the database holds (previous runs of this process).
  const load = singleFlightBy(
    async (key: string, accountId: string, periodStart: Date) => {
      const { previews } = await repo.readCounters(accountId, periodStart)
      if (!counts.has(key)) counts.set(key, previews)
    },
    (key) => key,
  )
  const seed = (accountId: string, periodStart: Date) => {
    const key = keyOf(accountId, periodStart)
    return counts.has(key) ? undefined : load(key, accountId, periodStart)
  }
  return {
    needsPersisting: true,
    async tryCount(accountId, periodStart, limit) {
      await seed(accountId, periodStart)
      const key = keyOf(accountId, periodStart)
      const count = counts.get(key)!
      if (limit !== null && count >= limit) return false
      counts.set(key, count + 1)
      return true
    },
    async current(accountId, periodStart) {
      await seed(accountId, periodStart)
      return counts.get(keyOf(accountId, periodStart))!
    },
    async currentMany(keys) {
      // Accounts this process has not counted for yet have nothing waiting: the database is exact.
      const unseen = keys.filter((key) => !counts.has(repo.counterKey(key)))
      const stored = await repo.readPreviewsOf(unseen)
      return new Map(keys.map((key) => [repo.counterKey(key), counts.get(repo.counterKey(key)) ?? stored.get(repo.counterKey(key))!]))
    },
  }
}

/** What Redis answered, or null (as for a missing key: the database's count is read) while it is unreachable. */
async function orUnknown<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer
  } catch (error) {
    if (error instanceof RedisUnavailable) return null
    throw error
  }
}

// -1: not seeded yet; 0: at the limit; 1: counted.
const TRY_COUNT = `local c = redis.call('GET', KEYS[1])
if not c then return -1 end
local limit = tonumber(ARGV[1])
if limit >= 0 and tonumber(c) >= limit then return 0 end
redis.call('INCR', KEYS[1])
return 1`

function redisQuota(redis: Redis): QuotaStore {
  const name = (accountId: string, periodStart: Date) => `lc:quota:${keyOf(accountId, periodStart)}`
  // Redis may have restarted empty: the database's count is the starting point, set only if absent.
  const seed = async (accountId: string, periodStart: Date) => {
    const { previews } = await repo.readCounters(accountId, periodStart)
    await redis.run((client) => client.send('SET', [name(accountId, periodStart), String(previews), 'NX', 'PX', String(40 * 24 * 3600 * 1000)]))
  }
  return {
    needsPersisting: true,
    async tryCount(accountId, periodStart, limit) {
      for (;;) {
        const result = Number(await redis.run((client) => client.send('EVAL', [TRY_COUNT, '1', name(accountId, periodStart), String(limit ?? -1)])))
        if (result !== -1) return result === 1
        await seed(accountId, periodStart)
      }
    },
    async current(accountId, periodStart) {
      const value = await orUnknown(redis.run((client) => client.get(name(accountId, periodStart))))
      if (value !== null) return Number(value)
      return (await repo.readCounters(accountId, periodStart)).previews
    },
    async currentMany(keys) {
      if (keys.length === 0) return new Map()
      const names = keys.map((key) => name(key.accountId, key.periodStart))
      const values = ((await orUnknown(redis.run((client) => client.send('MGET', names)))) ?? names.map(() => null)) as (string | null)[]
      const stored = await repo.readPreviewsOf(keys.filter((_, i) => values[i] === null))
      return new Map(keys.map((key, i) => [repo.counterKey(key), values[i] === null ? stored.get(repo.counterKey(key))! : Number(values[i])]))
    },
  }
}

function databaseQuota(): QuotaStore {
  return {
    needsPersisting: false,
    tryCount: (accountId, periodStart, limit) => repo.incrementPreviewBelow(accountId, periodStart, limit),
    current: async (accountId, periodStart) => (await repo.readCounters(accountId, periodStart)).previews,
    currentMany: (keys) => repo.readPreviewsOf(keys),
  }
}

let store: QuotaStore | undefined
/** The quota's store for the topology, chosen at first use (after start, when Redis is connected). */
export function quota(): QuotaStore {
  if (store) return store
  const shared = redis()
  return (store = shared ? redisQuota(shared) : sharesDatabase ? databaseQuota() : memoryQuota())
}
