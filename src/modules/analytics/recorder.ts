// Click and preview events leave the redirect path without a database write: they wait in memory
// and are written in one transaction every FLUSH_INTERVAL_MS (or sooner when many are waiting),
// with their per-day totals added up first. Everything costly (User-Agent parsing, the country
// look-up, the visitor hash) happens here, in the batch, not per request.
//
// Breakdowns and unique visitors are rollups of many rows per event, and this runs on the thread
// that answers redirects, so they are added up in memory across flushes and written every
// ROLLUP_INTERVAL_MS, before any analytics read (flushRollups) and at a graceful stop. A crash
// loses at most that interval of them; the events and daily totals are already stored.
import { isForeignKeyViolation } from '../../platform/db'
import { onShutdown } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { agentKey, isoDay, type BreakdownDimension } from '../../shared/analytics'
import type { EventType } from '../../shared/domain'
import { existingLinkIds } from '../links/service'
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
// Events per transaction: the event loop gets a turn between them, so requests never wait long.
const WRITE_SIZE = 1000
// Past this, a database that keeps failing would eat the memory: older events are dropped.
const MAX_PENDING = 200_000

const ROLLUP_INTERVAL_MS = 10_000
// Rollup rows waiting; past this they are written at once.
const ROLLUP_SIZE = 50_000
// Visitors known to be stored already (link|day|hash), so they are not offered to the database
// again; the database's primary key still decides what counts. Bounded.
const KNOWN_VISITORS_MAX = 200_000
const knownVisitors = new Set<string>()

let pending: RecordedEvent[] = []
let flushing: Promise<void> | undefined

export function recordEvent(event: RecordedEvent) {
  pending.push(event)
  if (pending.length >= FLUSH_SIZE && !flushing) void flushEvents()
}

/** Turns a batch into rows: the events, what they add to each day's totals, breakdowns and visitors. */
export function prepare(batch: RecordedEvent[]) {
  const daily = new Map<string, repo.DailyDelta>()
  const breakdowns = new Map<string, repo.BreakdownDelta>()
  const visitors = new Map<string, repo.VisitorDelta>()
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
      count(event.linkId, 'agent', day, agentKey(agent.device, agent.browser, agent.os))
      hash = visitorHash(event.ip, event.userAgent, day)
      if (hash && !knownVisitors.has(`${key}|${hash}`)) visitors.set(`${key}|${hash}`, { linkId: event.linkId, accountId: event.accountId, day, visitorHash: hash })
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

// Rollups of stored events, not yet written.
let rollupBreakdowns = new Map<string, repo.BreakdownDelta>()
let rollupVisitors = new Map<string, repo.VisitorDelta>()
let rollingUp: Promise<void> | undefined

function addRollups(breakdowns: repo.BreakdownDelta[], visitors: repo.VisitorDelta[]) {
  for (const row of breakdowns) {
    const key = `${row.linkId}|${row.dimension}|${row.day}|${row.value}`
    const known = rollupBreakdowns.get(key)
    if (known) known.count += row.count
    else rollupBreakdowns.set(key, { ...row })
  }
  for (const row of visitors) rollupVisitors.set(`${row.linkId}|${row.day}|${row.visitorHash}`, row)
  if (rollupBreakdowns.size + rollupVisitors.size >= ROLLUP_SIZE && !rollingUp) void flushRollups()
}

/** After a commit, the batch's visitors are stored (new or not), so later batches may skip them. */
function remember(visitors: repo.VisitorDelta[]) {
  if (knownVisitors.size + visitors.length > KNOWN_VISITORS_MAX) knownVisitors.clear()
  for (const visitor of visitors) knownVisitors.add(`${visitor.linkId}|${visitor.day}|${visitor.visitorHash}`)
}

/** Runs write(rows); when a link was deleted meanwhile, writes the rows of the links still there. */
async function withoutDeletedLinks<T extends { linkId: string }>(rows: T[], write: (rows: T[]) => Promise<void>) {
  try {
    await write(rows)
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error
    const existing = await existingLinkIds([...new Set(rows.map((row) => row.linkId))])
    const kept = rows.filter((row) => existing.has(row.linkId))
    if (kept.length > 0) await write(kept)
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Writes breakdowns and new visitors of stored events, a slice per transaction so requests get
 * turns in between. A write under way is waited for first, since rows may have arrived after it began.
 */
export async function flushRollups(): Promise<void> {
  while (rollingUp) await rollingUp
  rollingUp = (async () => {
    let breakdowns = [...rollupBreakdowns.values()]
    let visitors = [...rollupVisitors.values()]
    rollupBreakdowns = new Map()
    rollupVisitors = new Map()
    try {
      while (breakdowns.length + visitors.length > 0) {
        const slice = { breakdowns: breakdowns.slice(0, WRITE_SIZE), visitors: visitors.slice(0, WRITE_SIZE) }
        await withoutDeletedLinks([...slice.breakdowns, ...slice.visitors], async (kept) => {
          const links = new Set(kept.map((row) => row.linkId))
          const keptVisitors = slice.visitors.filter((row) => links.has(row.linkId))
          await repo.writeRollups({ breakdowns: slice.breakdowns.filter((row) => links.has(row.linkId)), visitors: keptVisitors })
          remember(keptVisitors)
        })
        breakdowns = breakdowns.slice(slice.breakdowns.length)
        visitors = visitors.slice(slice.visitors.length)
        if (breakdowns.length + visitors.length > 0) await nextTurn()
      }
    } catch (error) {
      log.error('analytics rollup failed; will retry', { error, rows: breakdowns.length + visitors.length })
      if (rollupBreakdowns.size + rollupVisitors.size + breakdowns.length + visitors.length <= MAX_PENDING) addRollups(breakdowns, visitors)
    }
  })().finally(() => {
    rollingUp = undefined
  })
  return rollingUp
}

async function write(batch: RecordedEvent[]) {
  await withoutDeletedLinks(batch, async (kept) => {
    const prepared = prepare(kept)
    await repo.writeEvents(prepared)
    addRollups(prepared.breakdowns, prepared.visitors)
  })
}

/** Writes everything waiting now; concurrent callers share one flush. */
export function flushEvents(): Promise<void> {
  if (flushing) return flushing
  flushing = (async () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, WRITE_SIZE)
      pending = pending.slice(batch.length)
      try {
        await write(batch)
      } catch (error) {
        log.error('event flush failed; will retry', { error, events: batch.length })
        pending = batch.concat(pending).slice(-MAX_PENDING)
        break
      }
      if (pending.length > 0) await nextTurn()
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
const rollupTimer = setInterval(() => {
  if (!rollingUp) void flushRollups()
}, ROLLUP_INTERVAL_MS)
rollupTimer.unref()

onShutdown('flush events', async () => {
  clearInterval(timer)
  clearInterval(rollupTimer)
  await flushing
  await flushEvents()
  await rollingUp
  await flushRollups()
  if (pending.length > 0) log.error('events could not be written at shutdown', { events: pending.length })
})
