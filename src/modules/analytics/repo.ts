import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQLWrapper } from 'drizzle-orm'
import { db, type Db, isForeignKeyViolation, isPostgres, kit, reads, transaction, unindexed } from '../../platform/db'
import type { BreakdownDimension } from '../../shared/analytics'
import { chunkEvents, journalEvents, journalText, toChunks, type ChunkEvent, type NewChunk, type StoredEvent } from './event-chunks'
import { rollupsOf, type Rollups, type VisitorDelta } from './rollups'
import { analyticsTables } from './tables'
import { linkTables } from '../links/tables'

const { linkEventChunks, eventJournal, linkDailyStats, linkDailyBreakdowns, linkDailyVisitors } = analyticsTables(kit)
const { shareLinks, linkTags } = linkTables(kit)

const SLICE = 500

function* slices<T>(rows: T[]) {
  for (let i = 0; i < rows.length; i += SLICE) yield rows.slice(i, i + SLICE)
}

const p = sql.placeholder
const addDaily = {
  clicks: sql`${linkDailyStats.clicks} + excluded.clicks`,
  scans: sql`${linkDailyStats.scans} + excluded.scans`,
  previews: sql`${linkDailyStats.previews} + excluded.previews`,
  socialClicks: sql`${linkDailyStats.socialClicks} + excluded.social_clicks`,
}
const addUniques = { uniqueVisitors: sql`${linkDailyStats.uniqueVisitors} + excluded.unique_visitors` }
const addCount = { count: sql`${linkDailyBreakdowns.count} + excluded.count` }
const breakdownKey = [linkDailyBreakdowns.linkId, linkDailyBreakdowns.dimension, linkDailyBreakdowns.day, linkDailyBreakdowns.value]

/**
 * The writes below run on the event writer's thread. SQLite spends most of a long
 * multi-row statement parsing it, so there each row runs one statement prepared once, synchronously
 * (inside the same connection's transaction); PostgreSQL gets one round trip per slice of rows instead.
 * Prepared on first use: the tables exist only after the migrations.
 */
let sqliteStatements: ReturnType<typeof prepareSqliteStatements> | undefined
function prepareSqliteStatements() {
  return {
    chunk: db
      .insert(linkEventChunks)
      .values({ linkId: p('linkId'), accountId: p('accountId'), firstAt: p('firstAt'), lastAt: p('lastAt'), count: p('count'), events: p('events') })
      .prepare(),
    daily: db
      .insert(linkDailyStats)
      .values({ linkId: p('linkId'), accountId: p('accountId'), day: p('day'), clicks: p('clicks'), scans: p('scans'), previews: p('previews'), socialClicks: p('socialClicks') })
      .onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addDaily })
      .prepare(),
    visitor: db
      .insert(linkDailyVisitors)
      .values({ linkId: p('linkId'), day: p('day'), visitorHash: p('visitorHash') })
      .onConflictDoNothing()
      .returning({ linkId: linkDailyVisitors.linkId, day: linkDailyVisitors.day })
      .prepare(),
    uniques: db
      .insert(linkDailyStats)
      .values({ linkId: p('linkId'), accountId: p('accountId'), day: p('day'), uniqueVisitors: p('uniqueVisitors') })
      .onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addUniques })
      .prepare(),
    breakdown: db
      .insert(linkDailyBreakdowns)
      .values({ linkId: p('linkId'), dimension: p('dimension'), day: p('day'), value: p('value'), count: p('count') })
      .onConflictDoUpdate({ target: breakdownKey, set: addCount })
      .prepare(),
  }
}
const statements = () => (isPostgres ? undefined : (sqliteStatements ??= prepareSqliteStatements()))

/** Stores a batch of events as one journal row; answers the row's id. */
export async function writeJournal(events: StoredEvent[]) {
  const [row] = await db.insert(eventJournal).values({ writtenAt: new Date(), events: journalText(events) }).returning({ id: eventJournal.id })
  return Number(row.id)
}

/** Ids of journal rows written before `before`: left by a writer that stopped, or one that keeps failing. */
export async function orphanedJournalRows(before: Date, limit: number) {
  const rows = await db.select({ id: eventJournal.id }).from(eventJournal).where(lt(eventJournal.writtenAt, before)).orderBy(asc(eventJournal.id)).limit(limit)
  return rows.map((row) => Number(row.id))
}

/**
 * Moves journal rows into chunks and adds what their events add up to, in one transaction, and
 * answers how many events moved. A row another writer moved first is gone, so no event is stored
 * or counted twice; events of links deleted since are dropped.
 */
export async function moveJournalToChunks(ids: number[]) {
  if (ids.length === 0) return 0
  return transaction(async (tx) => {
    const taken = await tx.delete(eventJournal).where(inArray(eventJournal.id, ids)).returning({ events: eventJournal.events })
    const events = taken.flatMap((row) => journalEvents(row.events))
    return insertMoved(tx, toChunks(events), rollupsOf(events))
  })
}

const movedElsewhere = new Error('Another writer moved a journal row first.')

/**
 * Replaces journal rows with their events as `chunks` and adds `rollups`, what they add up to
 * (the writer still held both), in one transaction. Answers false, and changes nothing, when
 * another writer moved one of the rows first.
 */
export async function replaceJournalRows(ids: number[], chunks: NewChunk[], rollups: Rollups) {
  try {
    await transaction(async (tx) => {
      const deleted = await tx.delete(eventJournal).where(inArray(eventJournal.id, ids)).returning({ id: eventJournal.id })
      if (deleted.length < ids.length) throw movedElsewhere
      await insertMoved(tx, chunks, rollups)
    })
    return true
  } catch (error) {
    if (error === movedElsewhere) return false
    throw error
  }
}

type NewVisitors = { linkId: string; accountId: string; day: string; uniqueVisitors: number }[]

/**
 * Stores the chunks and rollups of links that still exist; answers how many events the chunks hold.
 * A visitor counts towards the day's unique visitors only when their hash is new for the link and
 * day: the primary key decides, so repeated writes and several instances never count one twice.
 */
async function insertMoved(tx: Db, chunks: NewChunk[], { daily, breakdowns, visitors }: Rollups) {
  const fresh = new Map<string, NewVisitors[number]>()
  const counted = (row: VisitorDelta) => {
    const key = `${row.linkId}|${row.day}`
    const total = fresh.get(key) ?? { linkId: row.linkId, accountId: row.accountId, day: row.day, uniqueVisitors: 0 }
    total.uniqueVisitors++
    fresh.set(key, total)
  }
  const prepared = statements()
  if (prepared) {
    // In SQLite a failed statement undoes itself alone: a row of a link deleted meanwhile is
    // dropped without a look-up of every other link first.
    const run = (write: () => unknown) => {
      try {
        write()
        return true
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error
        return false
      }
    }
    let stored = 0
    for (const chunk of chunks) if (run(() => prepared.chunk.run(chunk))) stored += chunk.count
    for (const row of daily) run(() => prepared.daily.run(row))
    for (const row of visitors) run(() => prepared.visitor.all(row).length > 0 && counted(row))
    for (const row of fresh.values()) run(() => prepared.uniques.run(row))
    for (const row of breakdowns) run(() => prepared.breakdown.run(row))
    return stored
  }
  const existing = new Set<string>()
  for (const part of slices([...new Set([...chunks, ...daily].map((row) => row.linkId))])) {
    const rows = await tx.select({ id: shareLinks.id }).from(shareLinks).where(inArray(shareLinks.id, part))
    for (const row of rows) existing.add(row.id)
  }
  const kept = <T extends { linkId: string }>(rows: T[]) => rows.filter((row) => existing.has(row.linkId))
  const keptChunks = kept(chunks)
  for (const part of slices(keptChunks)) await tx.insert(linkEventChunks).values(part)
  for (const rows of slices(kept(daily)))
    await tx.insert(linkDailyStats).values(rows).onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addDaily })
  for (const rows of slices(kept(visitors))) {
    const inserted = await tx
      .insert(linkDailyVisitors)
      .values(rows.map(({ linkId, day, visitorHash }) => ({ linkId, day, visitorHash })))
      .onConflictDoNothing()
      .returning({ linkId: linkDailyVisitors.linkId, day: linkDailyVisitors.day, visitorHash: linkDailyVisitors.visitorHash })
    const byKey = new Map(rows.map((row) => [`${row.linkId}|${row.day}|${row.visitorHash}`, row]))
    for (const row of inserted) counted(byKey.get(`${row.linkId}|${row.day}|${row.visitorHash}`)!)
  }
  for (const rows of slices([...fresh.values()]))
    await tx.insert(linkDailyStats).values(rows).onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addUniques })
  for (const rows of slices(kept(breakdowns))) await tx.insert(linkDailyBreakdowns).values(rows).onConflictDoUpdate({ target: breakdownKey, set: addCount })
  return keptChunks.reduce((sum, chunk) => sum + chunk.count, 0)
}

/** Clicks, scans and previews per link of an account, from `sinceDay` (YYYY-MM-DD) on, or all time; only of `linkIds` when given. */
export async function totalsByLink(accountId: string, sinceDay?: string, linkIds?: string[]) {
  if (linkIds?.length === 0) return []
  // Of given links: their own rows, by the primary key, not every row of the account.
  const conditions = [linkIds ? eq(unindexed(linkDailyStats.accountId), accountId) : eq(linkDailyStats.accountId, accountId)]
  if (sinceDay) conditions.push(gte(linkDailyStats.day, sinceDay))
  if (linkIds) conditions.push(inArray(linkDailyStats.linkId, linkIds))
  return reads
    .select({
      linkId: linkDailyStats.linkId,
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      scans: sql<number>`coalesce(sum(${linkDailyStats.scans}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
    })
    .from(linkDailyStats)
    .where(and(...conditions))
    .groupBy(linkDailyStats.linkId)
}

/** Clicks per day of these links of the account, from `sinceDay` on: only the days with any. */
export async function dailyClicksByLink(accountId: string, linkIds: string[], sinceDay: string) {
  if (linkIds.length === 0) return []
  return reads
    .select({ linkId: linkDailyStats.linkId, day: linkDailyStats.day, clicks: linkDailyStats.clicks })
    .from(linkDailyStats)
    .where(and(eq(unindexed(linkDailyStats.accountId), accountId), inArray(linkDailyStats.linkId, linkIds), gte(linkDailyStats.day, sinceDay), gt(linkDailyStats.clicks, 0)))
}

/**
 * A statement of clicks and previews per link of the account, from `sinceDay` on or of all time,
 * with the columns link_id, clicks and previews: for another module to order its own rows by.
 */
export function countsByLinkSql(accountId: string, sinceDay?: string) {
  const since = sinceDay ? sql` and ${linkDailyStats.day} >= ${sinceDay}` : sql``
  return sql`select ${linkDailyStats.linkId} as link_id, sum(${linkDailyStats.clicks}) as clicks, sum(${linkDailyStats.previews}) as previews
    from ${linkDailyStats} where ${linkDailyStats.accountId} = ${accountId}${since} group by ${linkDailyStats.linkId}`
}

/** The account's clicks, scans and previews of all time. */
export async function accountTotals(accountId: string) {
  const [row] = await reads
    .select({
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      scans: sql<number>`coalesce(sum(${linkDailyStats.scans}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
    })
    .from(linkDailyStats)
    .where(eq(linkDailyStats.accountId, accountId))
  return { clicks: Number(row?.clicks ?? 0), scans: Number(row?.scans ?? 0), previews: Number(row?.previews ?? 0) }
}

/** Every click ever recorded, from the per-day totals. */
export async function totalClicks() {
  const [row] = await reads.select({ total: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)` }).from(linkDailyStats)
  return Number(row.total)
}

/** One link's clicks, scans and previews, all time and in the days from `fromDay` to `toDay` (inclusive). */
export async function linkTotalsWithPeriod(accountId: string, linkId: string, fromDay: string, toDay: string) {
  const inPeriod = sql`${linkDailyStats.day} >= ${fromDay} and ${linkDailyStats.day} <= ${toDay}`
  const [row] = await reads
    .select({
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      scans: sql<number>`coalesce(sum(${linkDailyStats.scans}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
      clicksInPeriod: sql<number>`coalesce(sum(case when ${inPeriod} then ${linkDailyStats.clicks} else 0 end), 0)`,
      scansInPeriod: sql<number>`coalesce(sum(case when ${inPeriod} then ${linkDailyStats.scans} else 0 end), 0)`,
      previewsInPeriod: sql<number>`coalesce(sum(case when ${inPeriod} then ${linkDailyStats.previews} else 0 end), 0)`,
    })
    .from(linkDailyStats)
    .where(and(eq(linkDailyStats.accountId, accountId), eq(linkDailyStats.linkId, linkId)))
  return row
}

// A read's chunks hold up to 5,000 events: a few milliseconds to parse and order.
const CHUNKS_PER_READ = 5
const inRange = (event: ChunkEvent, from: Date, until: Date) => event.occurredAt >= from && event.occurredAt < until
const byTime = (a: ChunkEvent, b: ChunkEvent) => a.occurredAt.getTime() - b.occurredAt.getTime()

/** A link's newest events from `from` up to (not including) `until`, newest first; each stands for `count` alike. */
export async function recentLinkEvents(accountId: string, linkId: string, from: Date, until: Date, limit: number) {
  const c = linkEventChunks
  const range = and(eq(c.accountId, accountId), eq(c.linkId, linkId), gte(c.lastAt, from), lt(c.firstAt, until))
  let events: ChunkEvent[] = []
  let after: { lastAt: Date; id: number } | undefined
  for (;;) {
    // The `<=` lets the database start at `after` in the link's index, rather than read and sort every chunk again.
    const cursor = after && and(lte(c.lastAt, after.lastAt), or(lt(c.lastAt, after.lastAt), lt(c.id, after.id)))
    const page = await reads
      .select({ id: c.id, firstAt: c.firstAt, lastAt: c.lastAt, events: c.events })
      .from(c)
      .where(cursor ? and(range, cursor) : range)
      .orderBy(desc(c.lastAt), desc(c.id))
      .limit(CHUNKS_PER_READ)
    for (const chunk of page) for (const event of chunkEvents(chunk)) if (inRange(event, from, until)) events.push(event)
    events = events.sort((a, b) => byTime(b, a)).slice(0, limit)
    if (page.length < CHUNKS_PER_READ) return events
    // Chunks come newest last event first: once the limit is reached, those left hold nothing newer.
    const last = page[page.length - 1]
    after = { lastAt: last.lastAt, id: Number(last.id) }
    if (events.length === limit && events[limit - 1].occurredAt >= last.lastAt) return events
  }
}

/** Whose rollups a read adds up: all the account's links, or those with one of its tags (the caller has checked it is the account's). */
export type LinkScope = { accountId: string; tagId?: string }

/** The daily totals of the scope's links. */
function dailyOf({ accountId, tagId }: LinkScope) {
  if (!tagId) return eq(linkDailyStats.accountId, accountId)
  // A tag's links by the primary key (link, day), not every row of the account.
  const tagged = reads.select({ id: linkTags.linkId }).from(linkTags).where(eq(linkTags.tagId, tagId))
  return and(eq(unindexed(linkDailyStats.accountId), accountId), inArray(linkDailyStats.linkId, tagged))
}

/** The scope's links, for tables keyed by link alone. */
function linksOf({ accountId, tagId }: LinkScope) {
  const own = eq(shareLinks.accountId, accountId)
  if (!tagId) return reads.select({ id: shareLinks.id }).from(shareLinks).where(own)
  return reads
    .select({ id: shareLinks.id })
    .from(linkTags)
    .innerJoin(shareLinks, eq(shareLinks.id, linkTags.linkId))
    .where(and(eq(linkTags.tagId, tagId), own))
}

const sumOf = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`

/**
 * `linkId` among the scope's links. PostgreSQL is given them as an array, which it looks up by
 * the rows' key, link by link: as a subquery it hashes it and reads every account's rows instead
 * (a year of 100,000 links' breakdowns: 5 s against 0.5 s).
 */
const amongLinksOf = (linkId: typeof linkDailyBreakdowns.linkId, scope: LinkScope) => (isPostgres ? sql`${linkId} = any(array(${linksOf(scope)}))` : inArray(linkId, linksOf(scope)))

/** The scope's clicks, scans, previews, social clicks and visitors per day, from `fromDay` to `toDay` (days without any are absent). */
export async function accountDays(scope: LinkScope, fromDay: string, toDay: string) {
  const s = linkDailyStats
  return reads
    .select({
      day: s.day,
      clicks: sumOf(s.clicks),
      scans: sumOf(s.scans),
      previews: sumOf(s.previews),
      socialClicks: sumOf(s.socialClicks),
      uniqueVisitors: sumOf(s.uniqueVisitors),
    })
    .from(s)
    .where(and(dailyOf(scope), gte(s.day, fromDay), lte(s.day, toDay)))
    .groupBy(s.day)
}

/** Each value of these breakdowns of the scope's links with its count over the days, in no particular order. */
export async function accountBreakdowns(scope: LinkScope, dimensions: BreakdownDimension[], fromDay: string, toDay: string) {
  const b = linkDailyBreakdowns
  return reads
    .select({ dimension: b.dimension, value: b.value, count: sumOf(b.count) })
    .from(b)
    .where(and(amongLinksOf(b.linkId, scope), inArray(b.dimension, dimensions), gte(b.day, fromDay), lte(b.day, toDay)))
    .groupBy(b.dimension, b.value)
}

/**
 * The scope's `limit` links with the most clicks from `fromDay` to `toDay` (then most previews),
 * with their counts and what names them; links without either are left out.
 */
export async function topLinks(scope: LinkScope, fromDay: string, toDay: string, limit: number) {
  const s = linkDailyStats
  const [clicks, previews] = [sumOf(s.clicks), sumOf(s.previews)]
  const ranked = reads
    .select({ linkId: s.linkId, clicks: clicks.as('clicks'), scans: sumOf(s.scans).as('scans'), previews: previews.as('previews') })
    .from(s)
    .where(and(dailyOf(scope), gte(s.day, fromDay), lte(s.day, toDay)))
    .groupBy(s.linkId)
    .having(sql`${clicks} + ${previews} > 0`)
    .orderBy(desc(clicks), desc(previews), asc(s.linkId))
    .limit(limit)
    .as('ranked')
  return reads
    .select({
      id: shareLinks.id,
      slug: shareLinks.slug,
      alias: shareLinks.alias,
      domain: shareLinks.domain,
      title: shareLinks.title,
      clicks: ranked.clicks,
      scans: ranked.scans,
      previews: ranked.previews,
    })
    .from(ranked)
    .innerJoin(shareLinks, eq(shareLinks.id, ranked.linkId))
    .orderBy(desc(ranked.clicks), desc(ranked.previews), asc(ranked.linkId))
}

/** One link's daily totals from `fromDay` to `toDay` (days without any are absent). */
export async function linkDays(linkId: string, fromDay: string, toDay: string) {
  return reads
    .select({
      day: linkDailyStats.day,
      clicks: linkDailyStats.clicks,
      scans: linkDailyStats.scans,
      previews: linkDailyStats.previews,
      socialClicks: linkDailyStats.socialClicks,
      uniqueVisitors: linkDailyStats.uniqueVisitors,
    })
    .from(linkDailyStats)
    .where(and(eq(linkDailyStats.linkId, linkId), gte(linkDailyStats.day, fromDay), lte(linkDailyStats.day, toDay)))
    .orderBy(asc(linkDailyStats.day))
}

/** Each value of one breakdown of a link with its count over the days, in no particular order. */
export async function breakdownTotals(linkId: string, dimension: BreakdownDimension, fromDay: string, toDay: string) {
  return reads
    .select({ value: linkDailyBreakdowns.value, count: sql<number>`sum(${linkDailyBreakdowns.count})` })
    .from(linkDailyBreakdowns)
    .where(
      and(
        eq(linkDailyBreakdowns.linkId, linkId),
        eq(linkDailyBreakdowns.dimension, dimension),
        gte(linkDailyBreakdowns.day, fromDay),
        lte(linkDailyBreakdowns.day, toDay),
      ),
    )
    .groupBy(linkDailyBreakdowns.value)
}

/** The last UTC day each crawler platform fetched the link's card, as its counted previews tell. */
export async function lastPreviewDays(linkId: string) {
  const b = linkDailyBreakdowns
  return reads
    .select({ platform: b.value, day: sql<string>`max(${b.day})` })
    .from(b)
    .where(and(eq(b.linkId, linkId), eq(b.dimension, 'platform'), ne(b.value, '')))
    .groupBy(b.value)
}

/**
 * A link's events from `from` up to (not including) `until`, oldest first, read a few chunks at a
 * time. Chunks of several writers may overlap in time, so events wait until no chunk left can hold
 * an older one.
 */
export async function* linkEventsInOrder(linkId: string, from: Date, until: Date) {
  const c = linkEventChunks
  const range = and(eq(c.linkId, linkId), gte(c.lastAt, from), lt(c.firstAt, until))
  let waiting: ChunkEvent[] = []
  let after: { firstAt: Date; id: number } | undefined
  for (;;) {
    // The `>=` lets the database start at `after` in the link's index, rather than read and sort every chunk again.
    const cursor = after && and(gte(c.firstAt, after.firstAt), or(gt(c.firstAt, after.firstAt), gt(c.id, after.id)))
    const page = await reads
      .select({ id: c.id, firstAt: c.firstAt, events: c.events })
      .from(c)
      .where(cursor ? and(range, cursor) : range)
      .orderBy(asc(c.firstAt), asc(c.id))
      .limit(CHUNKS_PER_READ)
    for (const chunk of page) for (const event of chunkEvents(chunk)) if (inRange(event, from, until)) waiting.push(event)
    // Stable: events of one millisecond keep the order they were stored in.
    waiting.sort(byTime)
    if (page.length < CHUNKS_PER_READ) {
      yield* waiting
      return
    }
    const last = page[page.length - 1]
    after = { firstAt: last.firstAt, id: Number(last.id) }
    const ready = waiting.findIndex((event) => event.occurredAt >= last.firstAt)
    const cut = ready === -1 ? waiting.length : ready
    yield* waiting.slice(0, cut)
    waiting = waiting.slice(cut)
  }
}

/** Deletes up to `limit` chunks whose events are all older than `before`; answers how many chunks and events went. */
export async function deleteEventsBefore(before: Date, limit: number) {
  const oldest = db.select({ id: linkEventChunks.id }).from(linkEventChunks).where(lt(linkEventChunks.lastAt, before)).limit(limit)
  const deleted = await db.delete(linkEventChunks).where(sql`${linkEventChunks.id} in (${oldest})`).returning({ count: linkEventChunks.count })
  return { chunks: deleted.length, events: deleted.reduce((sum, row) => sum + row.count, 0) }
}

/** Deletes up to `limit` remembered visitor hashes of days before `beforeDay`; answers how many went. */
export async function deleteVisitorsBefore(beforeDay: string, limit: number) {
  const oldest = db
    .select({ linkId: linkDailyVisitors.linkId, day: linkDailyVisitors.day, visitorHash: linkDailyVisitors.visitorHash })
    .from(linkDailyVisitors)
    .where(lt(linkDailyVisitors.day, beforeDay))
    .limit(limit)
  const deleted = await db
    .delete(linkDailyVisitors)
    .where(sql`(${linkDailyVisitors.linkId}, ${linkDailyVisitors.day}, ${linkDailyVisitors.visitorHash}) in (${oldest})`)
    .returning({ day: linkDailyVisitors.day })
  return deleted.length
}
