// The event writer: runs in its own thread (writer-worker.ts), so the thread answering redirects
// never parses a User-Agent, looks up a country, hashes a visitor or writes a row. Events arrive
// in batches and are stored every WRITE_INTERVAL_MS as one journal row; a failed write is retried
// after RETRY_DELAY_MS. Every MOVE_INTERVAL_MS, before any analytics read on this instance and at
// a graceful stop, the journal's rows are regrouped by link into chunks (event-chunks.ts), and
// what their events add up to (per-day totals, breakdowns, unique visitors: rollups.ts) is added
// in the same transaction. So totals count exactly the events that left the journal, and a
// process killed at any moment loses only events not yet in the journal: its rows are moved, and
// counted, by the next writer to start (or by any other after ORPHANED_AFTER_MS). The writer holds
// what it put in the journal, as numbers, so it reads back only rows it no longer holds (another
// writer's, or its own after a failure).
import { every } from '../../platform/lifecycle'
import { queuedFlight } from '../../platform/single-flight'
import { log } from '../../platform/log'
import { isoDay } from '../../shared/analytics'
import type { EventType } from '../../shared/domain'
import type { CardVersionName } from '../../shared/link-rules'
import { describeAgent, referrerHost } from './classify'
import { ChunkBuilder, sameKind, type StoredEvent } from './event-chunks'
import { countryOf } from './geo'
import * as repo from './repo'
import { RollupBuilder } from './rollups'
import { visitorHash } from './visitor'

/** What the redirect path knows about a visit; everything else is derived here. */
export type RecordedEvent = {
  linkId: string
  accountId: string
  type: EventType
  /** A click from the link's QR code (its marker in the address). */
  isScan: boolean
  at: number
  referrer: string | null
  userAgent: string | null
  /** The crawler's platform, for previews. */
  platform: string | null
  /** The client's address: used for the country and the visitor hash, never stored. */
  ip: string | null
  /** A trusted proxy's country header, when it sent one. */
  country: string | null
  /** The target of the link's variant a click was sent to, when the link splits people between variants. */
  variant?: string
  /** The version of a card test's card a preview served, or a click's platform had last read. */
  card?: CardVersionName
  /** A preview served to a request that claimed a platform's crawler from an address not the platform's: never counted. */
  unverified?: boolean
}

/** Identical events recorded one after another in the same millisecond arrive as one with their number. */
export type CountedEvent = RecordedEvent & { count: number }

const WRITE_INTERVAL_MS = 50
const RETRY_DELAY_MS = 1000
// Events per journal row at most: the request thread's own writes (new links, sign-ups) never
// wait long for SQLite's one write lock.
const EVENTS_PER_WRITE = 5000
// Regrouping the journal: the longer the interval, the fewer chunk rows a link gets.
const MOVE_INTERVAL_MS = 10_000
const JOURNAL_ROWS_PER_MOVE = 100
// Events held in memory for the next move, at most; past this, rows are read back from the journal.
const HELD_EVENTS_MAX = 1_000_000
// A journal row older than this was left by a writer that stopped (or keeps failing): any writer moves it.
const ORPHANED_AFTER_MS = 60_000
// Past this, a database that keeps failing would eat the memory: older events are dropped.
const MAX_PENDING = 200_000

// Link-days whose rollups are held; past this the held rows are moved at once.
const HELD_ROLLUPS_MAX = 50_000
// Visitors already named by an event on its way to the journal (link|day|hash), so a returning
// visitor is not named again; the database's primary key still decides what counts. Bounded.
const OFFERED_VISITORS_MAX = 200_000
const offeredVisitors = new Set<string>()

// Events classified and waiting to be stored.
let pending: StoredEvent[] = []
// After a failed write, when to try again.
let retryAt = 0
const mayWrite = () => !writeEvents.running && Date.now() >= retryAt

export function enqueueEvents(events: CountedEvent[]) {
  for (const event of prepare(events)) pending.push(event)
  if (pending.length >= EVENTS_PER_WRITE && mayWrite()) void writeEvents()
}

// Events come in time order: a day's name is made once a day, not once an event.
let lastDayNumber = Number.NaN
let lastDay = ''
function dayOf(at: number) {
  const dayNumber = Math.floor(at / 86_400_000)
  if (dayNumber !== lastDayNumber) {
    lastDayNumber = dayNumber
    lastDay = isoDay(at)
  }
  return lastDay
}

/**
 * What an event says beyond its link and time, worked out once: visits from one client and
 * source repeat endlessly, so each kind is classified (agent, country, referrer, visitor hash)
 * the first time it is seen on a day and then only looked up.
 */
type Profile = {
  type: EventType
  isScan: boolean
  referrer: string | null
  platform: string | null
  countryHeader: string | null
  referrerHost: string | null
  country: string | null
  device: string | null
  browser: string | null
  os: string | null
  visitorHash: string | null
}

// The day's profiles, by User-Agent, then address; a handful per pair (type, referrer, ...). Bounded.
const PROFILES_MAX = 50_000
let profiles = new Map<string, Map<string, Profile[]>>()
let profileCount = 0
let profilesDay = ''

function profileOf(event: CountedEvent, day: string): Profile {
  if (day !== profilesDay || profileCount >= PROFILES_MAX) {
    profiles = new Map()
    profileCount = 0
    profilesDay = day
  }
  let byAddress = profiles.get(event.userAgent ?? '')
  if (!byAddress) profiles.set(event.userAgent ?? '', (byAddress = new Map()))
  let known = byAddress.get(event.ip ?? '')
  if (!known) byAddress.set(event.ip ?? '', (known = []))
  for (const profile of known)
    if (profile.type === event.type && profile.isScan === event.isScan && profile.referrer === event.referrer && profile.platform === event.platform && profile.countryHeader === event.country)
      return profile
  const host = referrerHost(event.referrer)
  const agent = describeAgent(event.userAgent, event.platform)
  const profile: Profile = {
    type: event.type,
    isScan: event.isScan,
    referrer: event.referrer,
    platform: event.platform,
    countryHeader: event.country,
    referrerHost: host,
    country: countryOf(event.ip, event.country),
    ...agent,
    // Unique visitors count people: crawlers have none.
    visitorHash: event.type === 'click' ? visitorHash(event.ip, event.userAgent, day) : null,
  }
  known.push(profile)
  profileCount++
  return profile
}

/** The visitor's hash if no event on its way to the journal named it for the link and day yet. */
function newVisitor(linkId: string, day: string, hash: string | null) {
  if (!hash) return undefined
  const key = `${linkId}|${day}|${hash}`
  if (offeredVisitors.has(key)) return undefined
  if (offeredVisitors.size >= OFFERED_VISITORS_MAX) offeredVisitors.clear()
  offeredVisitors.add(key)
  return hash
}

/**
 * Classifies a batch and answers the events to store. An event alike in everything stored (type,
 * millisecond, referrer, platform, country, agent) to its link's one before becomes one with it
 * and their number: a busy link's visitors differ only in who they are, which the entry's new
 * visitors keep, so one entry stands for a crowd.
 */
function prepare(batch: CountedEvent[]): StoredEvent[] {
  const stored: StoredEvent[] = []
  const lastOfLink = new Map<string, StoredEvent>()
  for (const event of batch) {
    const day = dayOf(event.at)
    const profile = profileOf(event, day)
    const visitor = newVisitor(event.linkId, day, profile.visitorHash)
    const last = lastOfLink.get(event.linkId)
    if (last && last.at === event.at && last.variant === event.variant && last.card === event.card && !last.unverified === !event.unverified && sameKind(last, profile)) {
      last.count += event.count
      if (visitor) (last.visitors ??= []).push(visitor)
      continue
    }
    const { type, referrerHost, platform, country, device, browser, os } = profile
    const entry: StoredEvent = { linkId: event.linkId, accountId: event.accountId, type, at: event.at, referrerHost, platform, country, device, browser, os, count: event.count }
    if (profile.isScan) entry.isScan = true
    if (event.variant) entry.variant = event.variant
    if (event.card) entry.card = event.card
    if (event.unverified) entry.unverified = true
    if (visitor) entry.visitors = [visitor]
    lastOfLink.set(event.linkId, entry)
    stored.push(entry)
  }
  return stored
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

// Journal rows this writer stored and has not moved into chunks yet. The newest have their events
// (and what they add up to) held here too, up to HELD_EVENTS_MAX, so moving those reads nothing back.
let journalRows: number[] = []
const nothingHeld = () => ({ rows: [] as number[], chunks: new ChunkBuilder(), rollups: new RollupBuilder() })
let held = nothingHeld()

/** Stores a batch in the journal, holding its events for the next move while there is room. */
async function writeJournalRow(batch: StoredEvent[]) {
  const id = await repo.writeJournal(batch)
  if (held.chunks.size + batch.length > HELD_EVENTS_MAX) journalRows.push(id)
  else {
    held.rows.push(id)
    held.chunks.add(batch)
    held.rollups.add(batch)
    if (held.rollups.size >= HELD_ROLLUPS_MAX && !moveJournal.running) void moveJournal()
  }
}

/** Moves the journal rows whose events are held; any it could not are read back by the next move. */
async function moveHeldRows() {
  const { rows, chunks, rollups } = held
  held = nothingHeld()
  let moved = false
  try {
    moved = await repo.replaceJournalRows(rows, chunks.rows(), rollups.take())
  } finally {
    if (!moved) journalRows.unshift(...rows)
  }
}

// Journal rows written before this writer started are no live writer's on a lone instance (a
// killed process left them): they are moved at once. With several instances a running one may
// lose such a row to this writer, which is harmless: whoever deletes a row moves it.
const startedAt = Date.now()

/**
 * Moves this writer's journal rows into chunks, then any a stopped writer left behind. A move
 * under way is waited for first, since rows may have been stored after it began.
 */
export const moveJournal = queuedFlight(async (): Promise<void> => {
  try {
    if (held.rows.length > 0) await moveHeldRows()
    while (journalRows.length > 0) {
      const ids = journalRows.slice(0, JOURNAL_ROWS_PER_MOVE)
      await repo.moveJournalToChunks(ids)
      journalRows = journalRows.slice(ids.length)
    }
    const orphanedBefore = new Date(Math.max(startedAt, Date.now() - ORPHANED_AFTER_MS))
    for (;;) {
      const ids = await repo.orphanedJournalRows(orphanedBefore, JOURNAL_ROWS_PER_MOVE)
      if (ids.length === 0) break
      await repo.moveJournalToChunks(ids)
    }
    lastMovedAt = Date.now()
  } catch (error) {
    // The rows stay in the journal: the next move tries again.
    log.error('moving events into chunks failed; will retry', { error, rows: journalRows.length })
  }
})

// When this writer last had the journal moved whole (Unix ms), for the metrics.
let lastMovedAt: number | undefined

/** What waits in this writer, for the metrics: events not yet in the journal (the oldest's time), journal rows not yet moved. */
export const writerBacklog = () => ({ writing: pending.length, oldestWaitingAt: pending[0]?.at, journalRows: held.rows.length + journalRows.length, lastMovedAt })
export type WriterBacklog = ReturnType<typeof writerBacklog>

/** Stores every event waiting now and moves it into chunks and totals, where readers find it. */
export async function flushEvents() {
  await writeEvents()
  await moveJournal()
}

/**
 * Stores every event waiting now in the journal. Events arriving meanwhile wait for the next
 * write, so each row holds as many as possible; a caller arriving during a write waits for one of its own.
 */
const writeEvents = queuedFlight(async (): Promise<void> => {
  let waiting = pending.length
  while (waiting > 0) {
    const batch = pending.slice(0, Math.min(waiting, EVENTS_PER_WRITE))
    pending = pending.slice(batch.length)
    waiting -= batch.length
    try {
      await writeJournalRow(batch)
    } catch (error) {
      log.error('event flush failed; will retry', { error, events: batch.length })
      pending = batch.concat(pending).slice(-MAX_PENDING)
      retryAt = Date.now() + RETRY_DELAY_MS
      break
    }
    if (waiting > 0) await nextTurn()
  }
})

let stopTimers = () => {}

/** Writes what arrives every WRITE_INTERVAL_MS and moves the journal every MOVE_INTERVAL_MS. */
export function startWriting() {
  const stopWrites = every(WRITE_INTERVAL_MS, () => {
    if (pending.length > 0 && mayWrite()) void writeEvents()
  })
  const stopMoves = every(MOVE_INTERVAL_MS, () => {
    if (!moveJournal.running) void moveJournal()
  })
  stopTimers = () => {
    stopWrites()
    stopMoves()
  }
}

/** Writes everything and stops the timers: the last thing before the thread ends. */
export async function finishWriting() {
  stopTimers()
  await writeEvents.running
  await flushEvents()
  if (pending.length > 0) log.error('events could not be written at shutdown', { events: pending.length })
  if (journalRows.length > 0) log.error('stored events left in the journal at shutdown; another start moves them', { rows: journalRows.length })
}
