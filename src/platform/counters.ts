// Counters: fixed windows for rate limits and de-duplication, and counts bounded by a limit (the
// monthly preview quota) that start from what was persisted. One process keeps them in memory;
// several instances share them through Redis (REDIS_URL) or, without Redis, through the database,
// so a limit holds exactly however many instances answer. While Redis is unreachable, rate limits
// count where they would without it (the database, or memory on SQLite), so sign-ins and API calls
// still answer at once; counts made during the outage are not carried over when it ends.
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { db, kit } from './db'
import { every, type Running } from './lifecycle'
import { RedisUnavailable, type Redis } from './redis'
import { singleFlightBy } from './single-flight'
import { platformTables } from './tables'
import { redis, sharesDatabase } from './topology'

type WindowCount = { count: number; resetAt: number }

interface CounterStore {
  /** Drops counters whose window has passed, now and then. */
  sweep?(): void
  /** Adds amount to key's counter in the current window and answers the new count. */
  hit(key: string, windowMs: number, amount?: number): Promise<WindowCount>
  /** The current window's count without changing it. */
  peek(key: string, windowMs: number): Promise<WindowCount>
  /** Forgets key's counter in the current window. */
  clear(key: string, windowMs: number): Promise<void>
  /**
   * Adds one to key's count unless it has reached limit (null: no limit), and answers whether it
   * did. A count the store does not hold starts from seed() (what was persisted) and lives ttlMs.
   */
  hitBelow(key: string, limit: number | null, seed: () => Promise<number>, ttlMs: number): Promise<boolean>
  /** The counts hitBelow keeps, null for a key the store does not hold or cannot reach now. */
  read(keys: string[]): Promise<(number | null)[]>
}

const windowOf = (windowMs: number, now = Date.now()) => {
  const start = Math.floor(now / windowMs) * windowMs
  return { start, resetAt: start + windowMs }
}
const windowKey = (key: string, windowMs: number) => `${key}@${windowOf(windowMs).start}`

function memoryStore(): CounterStore {
  const counters = new Map<string, WindowCount>()
  const seed = singleFlightBy(
    async (key: string, seed: () => Promise<number>, ttlMs: number) => {
      const count = await seed()
      if (!counters.has(key)) counters.set(key, { count, resetAt: Date.now() + ttlMs })
    },
    (key) => key,
  )
  return {
    sweep() {
      const now = Date.now()
      for (const [key, value] of counters) if (value.resetAt <= now) counters.delete(key)
    },
    async hit(key, windowMs, amount = 1) {
      const id = windowKey(key, windowMs)
      const entry = counters.get(id) ?? { count: 0, resetAt: windowOf(windowMs).resetAt }
      entry.count += amount
      counters.set(id, entry)
      return { ...entry }
    },
    async peek(key, windowMs) {
      return { count: counters.get(windowKey(key, windowMs))?.count ?? 0, resetAt: windowOf(windowMs).resetAt }
    },
    async clear(key, windowMs) {
      counters.delete(windowKey(key, windowMs))
    },
    async hitBelow(key, limit, startFrom, ttlMs) {
      if (!counters.has(key)) await seed(key, startFrom, ttlMs)
      const entry = counters.get(key)!
      if (limit !== null && entry.count >= limit) return false
      entry.count += 1
      return true
    },
    async read(keys) {
      return keys.map((key) => counters.get(key)?.count ?? null)
    },
  }
}

// INCRBY and the expiry in one atomic step, so a crash between them cannot leave an immortal key.
const INCREMENT = `local c = redis.call('INCRBY', KEYS[1], ARGV[1])
if c == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return c`

// -1: not seeded yet; 0: at the limit; 1: counted.
const INCREMENT_BELOW = `local c = redis.call('GET', KEYS[1])
if not c then return -1 end
local limit = tonumber(ARGV[1])
if limit >= 0 and tonumber(c) >= limit then return 0 end
redis.call('INCR', KEYS[1])
return 1`

function redisStore(redis: Redis): CounterStore {
  const name = (key: string, windowMs: number) => `lc:win:${windowKey(key, windowMs)}`
  return {
    async hit(key, windowMs, amount = 1) {
      const { resetAt } = windowOf(windowMs)
      const count = await redis.run((client) => client.send('EVAL', [INCREMENT, '1', name(key, windowMs), String(amount), String(windowMs + 1000)]))
      return { count: Number(count), resetAt }
    },
    async peek(key, windowMs) {
      const value = await redis.run((client) => client.get(name(key, windowMs)))
      return { count: Number(value ?? 0), resetAt: windowOf(windowMs).resetAt }
    },
    async clear(key, windowMs) {
      await redis.run((client) => client.del(name(key, windowMs)))
    },
    async hitBelow(key, limit, seed, ttlMs) {
      for (;;) {
        const result = Number(await redis.run((client) => client.send('EVAL', [INCREMENT_BELOW, '1', `lc:${key}`, String(limit ?? -1)])))
        if (result !== -1) return result === 1
        // Redis may have restarted empty: the persisted count is the start, set only if still absent.
        const count = await seed()
        await redis.run((client) => client.send('SET', [`lc:${key}`, String(count), 'NX', 'PX', String(ttlMs)]))
      }
    },
    async read(keys) {
      if (keys.length === 0) return []
      try {
        const values = (await redis.run((client) => client.send('MGET', keys.map((key) => `lc:${key}`)))) as (string | null)[]
        return values.map((value) => (value === null ? null : Number(value)))
      } catch (error) {
        if (error instanceof RedisUnavailable) return keys.map(() => null)
        throw error
      }
    },
  }
}

/** `primary`, or `fallback` for each call that finds Redis unreachable. */
function withFallback(primary: CounterStore, fallback: CounterStore): CounterStore {
  const either =
    <A extends unknown[], R>(call: (store: CounterStore) => (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await call(primary)(...args)
      } catch (error) {
        if (!(error instanceof RedisUnavailable)) throw error
        return call(fallback)(...args)
      }
    }
  return {
    hit: either((store) => store.hit),
    peek: either((store) => store.peek),
    clear: either((store) => store.clear),
    hitBelow: either((store) => store.hitBelow),
    read: either((store) => store.read),
  }
}

function databaseStore(): CounterStore {
  const { windowCounters } = platformTables(kit)
  return {
    sweep() {
      db.delete(windowCounters)
        .where(lt(windowCounters.resetAt, new Date()))
        .catch(() => undefined)
    },
    async hit(key, windowMs, amount = 1) {
      const { resetAt } = windowOf(windowMs)
      const [row] = await db
        .insert(windowCounters)
        .values({ key: windowKey(key, windowMs), count: amount, resetAt: new Date(resetAt) })
        .onConflictDoUpdate({ target: windowCounters.key, set: { count: sql`${windowCounters.count} + ${amount}` } })
        .returning({ count: windowCounters.count })
      return { count: row.count, resetAt }
    },
    async peek(key, windowMs) {
      const [row] = await db
        .select({ count: windowCounters.count })
        .from(windowCounters)
        .where(sql`${windowCounters.key} = ${windowKey(key, windowMs)}`)
      return { count: row?.count ?? 0, resetAt: windowOf(windowMs).resetAt }
    },
    async clear(key, windowMs) {
      await db.delete(windowCounters).where(sql`${windowCounters.key} = ${windowKey(key, windowMs)}`)
    },
    async hitBelow(key, limit, seed, ttlMs) {
      const held = eq(windowCounters.key, key)
      // One conditional UPDATE counts, so instances sharing the database never count past the limit.
      for (;;) {
        const counted = await db
          .update(windowCounters)
          .set({ count: sql`${windowCounters.count} + 1` })
          .where(limit === null ? held : and(held, lt(windowCounters.count, limit)))
          .returning({ count: windowCounters.count })
        if (counted.length > 0) return true
        const [row] = await db.select({ count: windowCounters.count }).from(windowCounters).where(held)
        // Held and at the limit: refused. Held below it: another instance seeded it meanwhile, so count again.
        if (row && limit !== null && row.count >= limit) return false
        if (!row) await db.insert(windowCounters).values({ key, count: await seed(), resetAt: new Date(Date.now() + ttlMs) }).onConflictDoNothing()
      }
    },
    async read(keys) {
      if (keys.length === 0) return []
      const rows = await db.select({ key: windowCounters.key, count: windowCounters.count }).from(windowCounters).where(inArray(windowCounters.key, keys))
      const counts = new Map(rows.map((row) => [row.key, row.count]))
      return keys.map((key) => counts.get(key) ?? null)
    },
  }
}

/** Where counters live: made at start, from the topology; until then using one says so. */
let stores: { counters: CounterStore; exact: CounterStore; local: CounterStore } | undefined

/** Chooses the counter stores for the topology (the Redis connection is made before) and sweeps the local one. */
export function startCounters(): Running {
  // Instances on PostgreSQL count in the database without Redis (or while it is away); SQLite in memory.
  const local = sharesDatabase ? databaseStore() : memoryStore()
  const shared = redis()
  stores = shared ? { counters: withFallback(redisStore(shared), local), exact: redisStore(shared), local } : { counters: local, exact: local, local }
  const stop = every(60_000, () => stores?.local.sweep?.())
  return {
    stop() {
      stop()
      stores = undefined
    },
  }
}

const started = () => {
  if (!stores) throw new Error('Counters are not started: startCounters() runs at start.')
  return stores
}

const storeOf = (pick: (chosen: NonNullable<typeof stores>) => CounterStore): CounterStore => ({
  hit: (key, windowMs, amount) => pick(started()).hit(key, windowMs, amount),
  peek: (key, windowMs) => pick(started()).peek(key, windowMs),
  clear: (key, windowMs) => pick(started()).clear(key, windowMs),
  hitBelow: (key, limit, seed, ttlMs) => pick(started()).hitBelow(key, limit, seed, ttlMs),
  read: (keys) => pick(started()).read(keys),
})

/** Rate limits and throttles: they answer in bounded time whatever happens to Redis. */
export const counters = storeOf((chosen) => chosen.counters)

/**
 * Counters that must stay exact across instances (the preview quota, and a preview's window, which
 * decides what the quota counts): with Redis configured, a call that changes a count rejects with
 * RedisUnavailable while it is unreachable.
 */
export const exactCounters = storeOf((chosen) => chosen.exact)

export type RateRule = { limit: number; windowMs: number }
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetAt: number; retryAfter: number }

/**
 * Counts `amount` (one request, or the links a bulk call makes) against every rule and answers the
 * tightest one: the first rule exceeded, otherwise the rule with the fewest left (what
 * X-RateLimit-* headers report).
 */
export async function consumeRate(key: string, rules: RateRule[], amount = 1): Promise<RateDecision> {
  const results = await Promise.all(rules.map(async (rule) => ({ rule, ...(await counters.hit(`${key}:${rule.windowMs}`, rule.windowMs, amount)) })))
  const decisions = results.map(({ rule, count, resetAt }) => ({
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
  }))
  const denied = decisions.filter((d) => !d.allowed).sort((a, b) => b.resetAt - a.resetAt)[0]
  return denied ?? decisions.sort((a, b) => a.remaining - b.remaining)[0]
}

export type GuessLimit = { key: string; limit: number; windowMs: number }
export type Guess =
  | { allowed: true; settle(failed: boolean): Promise<void> }
  | { allowed: false; over: GuessLimit[]; retryAfter: number }

/**
 * A guess at something secret (a password, a token), counted against every limit before it is
 * checked, so concurrent guesses cannot all slip through. One a limit refuses is taken back from
 * every counter, so refused guesses never fill the wider limits; `settle(failed)` keeps the count
 * of a failure and takes back a success's.
 */
export async function countGuess(limits: GuessLimit[]): Promise<Guess> {
  const counts = await Promise.all(limits.map(({ key, windowMs }) => counters.hit(key, windowMs)))
  const giveBack = () => Promise.all(limits.map(({ key, windowMs }) => counters.hit(key, windowMs, -1))).then(() => undefined)
  const exceeded = limits.flatMap((limit, i) => (counts[i]!.count > limit.limit ? [{ limit, resetAt: counts[i]!.resetAt }] : []))
  if (exceeded.length > 0) {
    await giveBack()
    const resetAt = Math.max(...exceeded.map((each) => each.resetAt))
    return { allowed: false, over: exceeded.map((each) => each.limit), retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) }
  }
  return {
    allowed: true,
    async settle(failed) {
      if (!failed) await giveBack()
    },
  }
}
