// Click and preview events leave the redirect path without a database write: they wait in memory
// and are written in one transaction every FLUSH_INTERVAL_MS (or sooner when many are waiting),
// with their per-day totals and breakdowns added up first. Everything costly (User-Agent parsing,
// the country look-up, the visitor hash) happens here, in the batch, not per request. A graceful
// stop writes what is left.
import { isForeignKeyViolation } from '../../platform/db'
import { onShutdown } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { isoDay, type BreakdownDimension } from '../../shared/analytics'
import type { EventType } from '../../shared/domain'
import { describeAgent, isSocialHost, referrerHost } from './classify'
import { countryOf } from './geo'
import * as repo from './repo'
import { visitorHash } from './visitor'

export type RecordedEvent = {
  linkId: string
  accountId: string
  type: EventType
  at: number
  referrer: string | null
  userAgent: string | null
  /** The crawler's platform, for previews. */
  platform: string | null
  /** The client's address: used for the country and the visitor hash, never stored. */
  ip: string | null
  /** A trusted proxy's country header, when it sent one. */
  country: string | null
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

/** Turns a batch into rows: the events, and what they add to each day's totals and breakdowns. */
export function prepare(batch: RecordedEvent[]) {
  const daily = new Map<string, repo.DailyDelta>()
  const breakdowns = new Map<string, repo.BreakdownDelta>()
  const visitors = new Map<string, repo.VisitorRow>()
  const count = (linkId: string, dimension: BreakdownDimension, day: string, value: string | null) => {
    const key = `${linkId}|${dimension}|${day}|${value ?? ''}`
    const row = breakdowns.get(key)
    if (row) row.count++
    else breakdowns.set(key, { linkId, dimension, day, value: value ?? '', count: 1 })
  }
  const events = batch.map((event) => {
    const host = referrerHost(event.referrer)
    const day = isoDay(event.at)
    const key = `${event.linkId}|${day}`
    const total = daily.get(key) ?? { linkId: event.linkId, accountId: event.accountId, day, clicks: 0, previews: 0, socialClicks: 0 }
    daily.set(key, total)
    const agent = describeAgent(event.userAgent, event.platform)
    const country = countryOf(event.ip, event.country)
    let hash: string | null = null
    if (event.type === 'click') {
      total.clicks++
      if (isSocialHost(host)) total.socialClicks++
      // Breakdowns about people count clicks; crawlers' datacentres say nothing about the audience.
      count(event.linkId, 'referrer', day, host)
      count(event.linkId, 'country', day, country)
      count(event.linkId, 'device', day, agent.device)
      count(event.linkId, 'browser', day, agent.browser)
      count(event.linkId, 'os', day, agent.os)
      hash = visitorHash(event.ip, event.userAgent, day)
      if (hash) visitors.set(`${key}|${hash}`, { linkId: event.linkId, day, visitorHash: hash })
    } else {
      total.previews++
      count(event.linkId, 'platform', day, event.platform)
    }
    return {
      linkId: event.linkId,
      accountId: event.accountId,
      type: event.type,
      occurredAt: new Date(event.at),
      referrerHost: host,
      platform: event.platform,
      country,
      device: agent.device,
      browser: agent.browser,
      os: agent.os,
      visitorHash: hash,
    }
  })
  return { events, daily: [...daily.values()], breakdowns: [...breakdowns.values()], visitors: [...visitors.values()] }
}

async function write(batch: RecordedEvent[]) {
  try {
    await repo.writeEvents(prepare(batch))
  } catch (error) {
    // A link deleted while its events waited: write the others one link at a time, drop its own.
    if (!isForeignKeyViolation(error)) throw error
    const byLink = Map.groupBy(batch, (event) => event.linkId)
    for (const events of byLink.values()) {
      try {
        await repo.writeEvents(prepare(events))
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
