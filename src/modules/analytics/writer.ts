// The event writer: runs in its own thread (writer-worker.ts), so the thread answering redirects
// never parses a User-Agent, looks up a country, hashes a visitor or writes a row. Events arrive
// in batches and are stored every WRITE_INTERVAL_MS as one journal row; a failed write is retried
// after RETRY_DELAY_MS. Every MOVE_INTERVAL_MS, before any read of raw events on this instance
// and at a graceful stop, the journal's rows are regrouped by link into chunks (event-chunks.ts):
// the writer holds what it put in the journal, as numbers, so it reads back only rows it no
// longer holds (another writer's, or its own after a failure).
//
// What events add up to (per-day totals, breakdowns, unique visitors) is one row per link and day
// or more, as many rows as events when traffic spreads over many links, so it is added up in
// memory as events arrive and written every ROLLUP_INTERVAL_MS, before any analytics read on this
// instance (flushRollups) and at a graceful stop. A crash loses at most that interval of rollups;
// the raw events are already in the journal.
import { isForeignKeyViolation } from '../../platform/db'
import { log } from '../../platform/log'
import { agentKey, isoDay, type BreakdownDimension } from '../../shared/analytics'
import type { EventType } from '../../shared/domain'
import { describeAgent, isSocialHost, referrerHost } from './classify'
import { ChunkBuilder, sameKind, type StoredEvent } from './event-chunks'
import { countryOf } from './geo'
import * as repo from './repo'
import { visitorHash } from './visitor'

/** What the redirect path knows about a visit; everything else is derived here. */
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

/** Identical events recorded one after another in the same millisecond arrive as one with their number. */
export type CountedEvent = RecordedEvent & { count: number }

const WRITE_INTERVAL_MS = 100
const RETRY_DELAY_MS = 1000
// Events per journal row, and rollup rows (upserts, slower each) per transaction, at most: the
// request thread's own writes (new links, sign-ups) never wait long for SQLite's one write lock.
const EVENTS_PER_WRITE = 5000
const ROLLUP_ROWS_PER_WRITE = 500
// Regrouping the journal: the longer the interval, the fewer chunk rows a link gets.
const MOVE_INTERVAL_MS = 10_000
const JOURNAL_ROWS_PER_MOVE = 100
// Events held in memory for the next move, at most; past this, rows are read back from the journal.
const HELD_EVENTS_MAX = 1_000_000
// A journal row older than this was left by a writer that stopped (or keeps failing): any writer moves it.
const ORPHANED_AFTER_MS = 60_000
// Past this, a database that keeps failing would eat the memory: older events are dropped.
const MAX_PENDING = 200_000

const ROLLUP_INTERVAL_MS = 10_000
// Rollup rows waiting; past this they are written at once.
const ROLLUP_SIZE = 50_000
// Visitors known to be stored already (link|day|hash), so they are not offered to the database
// again; the database's primary key still decides what counts. Bounded.
const KNOWN_VISITORS_MAX = 200_000
const knownVisitors = new Set<string>()

// Events classified and waiting to be stored.
let pending: StoredEvent[] = []
let flushing: Promise<void> | undefined
// After a failed write, when to try again.
let retryAt = 0
const mayWrite = () => !flushing && Date.now() >= retryAt

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
  referrer: string | null
  platform: string | null
  countryHeader: string | null
  referrerHost: string | null
  social: boolean
  country: string | null
  device: string | null
  browser: string | null
  os: string | null
  agentName: string
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
    if (profile.type === event.type && profile.referrer === event.referrer && profile.platform === event.platform && profile.countryHeader === event.country)
      return profile
  const host = referrerHost(event.referrer)
  const agent = describeAgent(event.userAgent, event.platform)
  const profile: Profile = {
    type: event.type,
    referrer: event.referrer,
    platform: event.platform,
    countryHeader: event.country,
    referrerHost: host,
    social: isSocialHost(host),
    country: countryOf(event.ip, event.country),
    ...agent,
    agentName: agentKey(agent.device, agent.browser, agent.os),
    // Unique visitors count people: crawlers have none.
    visitorHash: event.type === 'click' ? visitorHash(event.ip, event.userAgent, day) : null,
  }
  known.push(profile)
  profileCount++
  return profile
}

/**
 * What one link's events add to one day, waiting to be written: totals, and how many events of
 * each profile, which become breakdown values ('' when unknown) and visitors when written.
 */
type LinkDay = {
  linkId: string
  accountId: string
  day: string
  clicks: number
  previews: number
  socialClicks: number
  profiles: Map<Profile, number>
  /** The profiles' breakdown values and visitors once rollups are taken, and rows a failed write put back. */
  breakdowns: Record<BreakdownDimension, Map<string, number>>
  visitors: Set<string>
}

// Rollups waiting, by day and link, and about how many rows they will write.
let rollups = new Map<string, Map<string, LinkDay>>()
let rollupRows = 0
let rollingUp: Promise<void> | undefined

function linkDay(linkId: string, accountId: string, day: string) {
  let links = rollups.get(day)
  if (!links) rollups.set(day, (links = new Map()))
  let row = links.get(linkId)
  if (!row) {
    const breakdowns = { referrer: new Map(), platform: new Map(), country: new Map(), agent: new Map() }
    links.set(linkId, (row = { linkId, accountId, day, clicks: 0, previews: 0, socialClicks: 0, profiles: new Map(), breakdowns, visitors: new Set() }))
    rollupRows++
  }
  return row
}

function addBreakdown(row: LinkDay, dimension: BreakdownDimension, value: string | null, count: number) {
  const values = row.breakdowns[dimension]
  values.set(value ?? '', (values.get(value ?? '') ?? 0) + count)
}

/** Adds a link-day's profiles to its breakdowns and visitors. */
function addProfiles(row: LinkDay) {
  for (const [profile, count] of row.profiles) {
    if (profile.type === 'click') {
      // Breakdowns about people count clicks; crawlers' datacentres say nothing about the audience.
      addBreakdown(row, 'referrer', profile.referrerHost, count)
      addBreakdown(row, 'country', profile.country, count)
      addBreakdown(row, 'agent', profile.agentName, count)
      const hash = profile.visitorHash
      if (hash && !knownVisitors.has(`${row.linkId}|${row.day}|${hash}`)) row.visitors.add(hash)
    } else addBreakdown(row, 'platform', profile.platform, count)
  }
  row.profiles.clear()
}

/**
 * Classifies a batch, adds it to the rollups waiting and answers the events to store. An event
 * alike in everything stored (type, millisecond, referrer, platform, country, agent) to its link's
 * one before becomes one with it and their number: a busy link's visitors differ only in who they
 * are, which the day's visitors keep, so one entry stands for a crowd.
 */
function prepare(batch: CountedEvent[]): StoredEvent[] {
  const stored: StoredEvent[] = []
  const lastOfLink = new Map<string, StoredEvent>()
  for (const event of batch) {
    const day = dayOf(event.at)
    const profile = profileOf(event, day)
    const rollup = linkDay(event.linkId, event.accountId, day)
    if (event.type === 'click') {
      rollup.clicks += event.count
      if (profile.social) rollup.socialClicks += event.count
    } else rollup.previews += event.count
    const counted = rollup.profiles.get(profile)
    if (counted === undefined) rollupRows++
    rollup.profiles.set(profile, (counted ?? 0) + event.count)
    const last = lastOfLink.get(event.linkId)
    if (last && last.at === event.at && sameKind(last, profile)) {
      last.count += event.count
      continue
    }
    const { type, referrerHost, platform, country, device, browser, os } = profile
    const entry: StoredEvent = { linkId: event.linkId, accountId: event.accountId, type, at: event.at, referrerHost, platform, country, device, browser, os, count: event.count }
    lastOfLink.set(event.linkId, entry)
    stored.push(entry)
  }
  if (rollupRows >= ROLLUP_SIZE && !rollingUp) void flushRollups()
  return stored
}

type Rollups = { daily: repo.DailyDelta[]; breakdowns: repo.BreakdownDelta[]; visitors: repo.VisitorDelta[] }

/** The rollups waiting, as rows to write; they are no longer waiting. */
function takeRollups(): Rollups {
  const taken: Rollups = { daily: [], breakdowns: [], visitors: [] }
  // In key order (the tables' keys start with the link, then the day): each transaction's rows then
  // land on neighbouring pages of the tables, rather than each on a page of its own.
  const rows = [...rollups.values()].flatMap((links) => [...links.values()])
  rows.sort((a, b) => (a.linkId < b.linkId ? -1 : a.linkId > b.linkId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  for (const row of rows) {
    addProfiles(row)
    const { linkId, accountId, day, clicks, previews, socialClicks, breakdowns, visitors } = row
    taken.daily.push({ linkId, accountId, day, clicks, previews, socialClicks })
    for (const [dimension, values] of Object.entries(breakdowns) as [BreakdownDimension, Map<string, number>][])
      for (const [value, count] of values) taken.breakdowns.push({ linkId, dimension, day, value, count })
    for (const visitorHash of visitors) taken.visitors.push({ linkId, accountId, day, visitorHash })
  }
  rollups = new Map()
  rollupRows = 0
  return taken
}

/** Puts rows that could not be written back with the rollups waiting; `accounts` names each link's account. */
function restoreRollups({ daily, breakdowns, visitors }: Rollups, accounts: Map<string, string>) {
  for (const row of daily) {
    const rollup = linkDay(row.linkId, row.accountId, row.day)
    rollup.clicks += row.clicks
    rollup.previews += row.previews
    rollup.socialClicks += row.socialClicks
  }
  for (const row of breakdowns) addBreakdown(linkDay(row.linkId, accounts.get(row.linkId)!, row.day), row.dimension, row.value, row.count)
  for (const row of visitors) linkDay(row.linkId, row.accountId, row.day).visitors.add(row.visitorHash)
  rollupRows += breakdowns.length + visitors.length
}

/** After a commit, the batch's visitors are stored (new or not), so later batches may skip them. */
function remember(visitors: repo.VisitorDelta[]) {
  if (knownVisitors.size + visitors.length > KNOWN_VISITORS_MAX) knownVisitors.clear()
  for (const visitor of visitors) knownVisitors.add(`${visitor.linkId}|${visitor.day}|${visitor.visitorHash}`)
}

/** Runs write(rows); when a link was deleted while its rows waited, writes the other links' rows. */
async function withoutDeletedLinks<T extends { linkId: string }>(rows: T[], write: (rows: T[]) => Promise<void>) {
  try {
    await write(rows)
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error
    for (const linkRows of Map.groupBy(rows, (row) => row.linkId).values()) {
      try {
        await write(linkRows)
      } catch (inner) {
        if (!isForeignKeyViolation(inner)) throw inner
      }
    }
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Writes the rollups waiting, a slice per transaction. A write under way is waited for
 * first, since rows may have arrived after it began.
 */
export async function flushRollups(): Promise<void> {
  while (rollingUp) await rollingUp
  rollingUp = (async () => {
    let rest = takeRollups()
    const accounts = new Map(rest.daily.map((row) => [row.linkId, row.accountId]))
    const size = (rows: Rollups) => rows.daily.length + rows.breakdowns.length + rows.visitors.length
    try {
      while (size(rest) > 0) {
        const slice: Rollups = {
          daily: rest.daily.slice(0, ROLLUP_ROWS_PER_WRITE),
          breakdowns: rest.breakdowns.slice(0, ROLLUP_ROWS_PER_WRITE),
          visitors: rest.visitors.slice(0, ROLLUP_ROWS_PER_WRITE),
        }
        await withoutDeletedLinks([...slice.daily, ...slice.breakdowns, ...slice.visitors], async (kept) => {
          const links = new Set(kept.map((row) => row.linkId))
          const stillThere = <T extends { linkId: string }>(rows: T[]) => rows.filter((row) => links.has(row.linkId))
          const visitors = stillThere(slice.visitors)
          await repo.writeRollups({ daily: stillThere(slice.daily), breakdowns: stillThere(slice.breakdowns), visitors })
          remember(visitors)
        })
        rest = { daily: rest.daily.slice(slice.daily.length), breakdowns: rest.breakdowns.slice(slice.breakdowns.length), visitors: rest.visitors.slice(slice.visitors.length) }
        if (size(rest) > 0) await nextTurn()
      }
    } catch (error) {
      log.error('analytics rollup failed; will retry', { error, rows: size(rest) })
      if (rollupRows + size(rest) <= MAX_PENDING) restoreRollups(rest, accounts)
    }
  })().finally(() => {
    rollingUp = undefined
  })
  return rollingUp
}

// Journal rows this writer stored and has not moved into chunks yet. The newest have their events
// held here too (up to HELD_EVENTS_MAX), so moving those reads nothing back.
let journalRows: number[] = []
let held = { rows: [] as number[], chunks: new ChunkBuilder() }
let moving: Promise<void> | undefined

/** Stores a batch in the journal, holding its events for the next move while there is room. */
async function writeJournalRow(batch: StoredEvent[]) {
  const id = await repo.writeJournal(batch)
  if (held.chunks.size + batch.length > HELD_EVENTS_MAX) journalRows.push(id)
  else {
    held.rows.push(id)
    held.chunks.add(batch)
  }
}

/** Moves the journal rows whose events are held; any it could not are read back by the next move. */
async function moveHeldRows() {
  const { rows, chunks } = held
  held = { rows: [], chunks: new ChunkBuilder() }
  let moved = false
  try {
    moved = await repo.replaceJournalRows(rows, chunks.rows())
  } finally {
    if (!moved) journalRows.unshift(...rows)
  }
}

/**
 * Moves this writer's journal rows into chunks, then any a stopped writer left behind. A move
 * under way is waited for first, since rows may have been stored after it began.
 */
export async function moveJournal(): Promise<void> {
  while (moving) await moving
  moving = (async () => {
    try {
      if (held.rows.length > 0) await moveHeldRows()
      while (journalRows.length > 0) {
        const ids = journalRows.slice(0, JOURNAL_ROWS_PER_MOVE)
        await repo.moveJournalToChunks(ids)
        journalRows = journalRows.slice(ids.length)
      }
      const orphanedBefore = new Date(Date.now() - ORPHANED_AFTER_MS)
      for (;;) {
        const ids = await repo.orphanedJournalRows(orphanedBefore, JOURNAL_ROWS_PER_MOVE)
        if (ids.length === 0) break
        await repo.moveJournalToChunks(ids)
      }
    } catch (error) {
      // The rows stay in the journal: the next move tries again.
      log.error('moving events into chunks failed; will retry', { error, rows: journalRows.length })
    }
  })().finally(() => {
    moving = undefined
  })
  return moving
}

/** Stores every event waiting now and moves it into chunks, where readers find it. */
export async function flushEvents() {
  await writeEvents()
  await moveJournal()
}

/**
 * Stores every event waiting now in the journal. Events arriving meanwhile wait for the next
 * write, so each row holds as many as possible; a caller arriving during a write waits for one of its own.
 */
function writeEvents(): Promise<void> {
  if (flushing) return flushing.then(writeEvents)
  flushing = (async () => {
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
  })().finally(() => {
    flushing = undefined
  })
  return flushing
}

const timer = setInterval(() => {
  if (pending.length > 0 && mayWrite()) void writeEvents()
}, WRITE_INTERVAL_MS)
timer.unref()
const moveTimer = setInterval(() => {
  if (!moving) void moveJournal()
}, MOVE_INTERVAL_MS)
moveTimer.unref()
const rollupTimer = setInterval(() => {
  if (!rollingUp) void flushRollups()
}, ROLLUP_INTERVAL_MS)
rollupTimer.unref()

/** Writes everything and stops the timers: the last thing before the process exits. */
export async function finishWriting() {
  clearInterval(timer)
  clearInterval(moveTimer)
  clearInterval(rollupTimer)
  await flushing
  await flushEvents()
  await rollingUp
  await flushRollups()
  if (pending.length > 0) log.error('events could not be written at shutdown', { events: pending.length })
  if (journalRows.length > 0) log.error('stored events left in the journal at shutdown; another start moves them', { rows: journalRows.length })
}
