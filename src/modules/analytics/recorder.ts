// Click and preview events leave the redirect path without a database write: they wait in memory
// and are written in one transaction every FLUSH_INTERVAL_MS (or sooner when many are waiting),
// with their per-day totals added up first. A graceful stop writes what is left.
import { isForeignKeyViolation } from '../../platform/db'
import { onShutdown } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import type { EventType } from '../../shared/domain'
import { isSocialHost, referrerHost } from './classify'
import * as repo from './repo'

export type RecordedEvent = {
  linkId: string
  accountId: string
  type: EventType
  at: number
  referrer: string | null
  userAgent: string | null
  /** The crawler's platform, for previews. */
  platform: string | null
}

const FLUSH_INTERVAL_MS = 100
const FLUSH_SIZE = 2000
// Past this, a database that keeps failing would eat the memory: older events are dropped.
const MAX_PENDING = 200_000

let pending: RecordedEvent[] = []
let flushing: Promise<void> | undefined

export function recordEvent(event: RecordedEvent) {
  pending.push(event)
  if (pending.length >= FLUSH_SIZE && !flushing) void flushEvents()
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10)

function prepare(batch: RecordedEvent[]) {
  const daily = new Map<string, repo.DailyDelta>()
  const events = batch.map((event) => {
    const host = referrerHost(event.referrer)
    const day = dayOf(event.at)
    const key = `${event.linkId}|${day}`
    const total = daily.get(key) ?? { linkId: event.linkId, accountId: event.accountId, day, clicks: 0, previews: 0, socialClicks: 0 }
    if (event.type === 'click') {
      total.clicks++
      if (isSocialHost(host)) total.socialClicks++
    } else total.previews++
    daily.set(key, total)
    return {
      linkId: event.linkId,
      accountId: event.accountId,
      type: event.type,
      occurredAt: new Date(event.at),
      referrerHost: host,
      platform: event.platform,
    }
  })
  return { events, daily: [...daily.values()] }
}

async function write(batch: RecordedEvent[]) {
  try {
    const { events, daily } = prepare(batch)
    await repo.writeEvents(events, daily)
  } catch (error) {
    // A link deleted while its events waited: write the others one link at a time, drop its own.
    if (!isForeignKeyViolation(error)) throw error
    const byLink = Map.groupBy(batch, (event) => event.linkId)
    for (const events of byLink.values()) {
      try {
        const prepared = prepare(events)
        await repo.writeEvents(prepared.events, prepared.daily)
      } catch (inner) {
        if (!isForeignKeyViolation(inner)) throw inner
      }
    }
  }
}

/** Writes everything waiting now; concurrent callers share one flush. */
export function flushEvents(): Promise<void> {
  if (flushing) return flushing
  flushing = (async () => {
    while (pending.length > 0) {
      const batch = pending
      pending = []
      try {
        await write(batch)
      } catch (error) {
        log.error('event flush failed; will retry', { error, events: batch.length })
        pending = batch.concat(pending).slice(-MAX_PENDING)
        break
      }
    }
  })().finally(() => {
    flushing = undefined
  })
  return flushing
}

const timer = setInterval(() => {
  if (pending.length > 0 && !flushing) void flushEvents()
}, FLUSH_INTERVAL_MS)
timer.unref()

onShutdown('flush events', async () => {
  clearInterval(timer)
  await flushing
  await flushEvents()
  if (pending.length > 0) log.error('events could not be written at shutdown', { events: pending.length })
})
