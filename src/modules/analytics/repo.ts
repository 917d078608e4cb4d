import { and, asc, desc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm'
import { db, isPostgres, tables, transaction } from '../../platform/db'
import type { BreakdownDimension } from '../../shared/analytics'

const { linkEvents, linkDailyStats, linkDailyBreakdowns, linkDailyVisitors } = tables

export type NewEvent = typeof linkEvents.$inferInsert
export type DailyDelta = { linkId: string; accountId: string; day: string; clicks: number; previews: number; socialClicks: number }
export type BreakdownDelta = typeof linkDailyBreakdowns.$inferInsert & { count: number }
export type VisitorDelta = typeof linkDailyVisitors.$inferInsert & { accountId: string }

const CHUNK = 500

function* chunks<T>(rows: T[]) {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK)
}

const p = sql.placeholder
const addDaily = {
  clicks: sql`${linkDailyStats.clicks} + excluded.clicks`,
  previews: sql`${linkDailyStats.previews} + excluded.previews`,
  socialClicks: sql`${linkDailyStats.socialClicks} + excluded.social_clicks`,
}
const addUniques = { uniqueVisitors: sql`${linkDailyStats.uniqueVisitors} + excluded.unique_visitors` }
const addCount = { count: sql`${linkDailyBreakdowns.count} + excluded.count` }
const breakdownKey = [linkDailyBreakdowns.linkId, linkDailyBreakdowns.dimension, linkDailyBreakdowns.day, linkDailyBreakdowns.value]

/**
 * The writes below run on the event writer's thread. SQLite spends most of a long
 * multi-row statement parsing it, so there each row runs one statement prepared once, synchronously
 * (inside the same connection's transaction); PostgreSQL gets one round trip per chunk of rows instead.
 * Prepared on first use: the tables exist only after the migrations.
 */
let sqliteStatements: ReturnType<typeof prepareSqliteStatements> | undefined
function prepareSqliteStatements() {
  return {
    event: db
      .insert(linkEvents)
      .values({
        linkId: p('linkId'),
        accountId: p('accountId'),
        type: p('type'),
        occurredAt: p('occurredAt'),
        referrerHost: p('referrerHost'),
        platform: p('platform'),
        country: p('country'),
        device: p('device'),
        browser: p('browser'),
        os: p('os'),
        count: p('count'),
      })
      .prepare(),
    daily: db
      .insert(linkDailyStats)
      .values({ linkId: p('linkId'), accountId: p('accountId'), day: p('day'), clicks: p('clicks'), previews: p('previews'), socialClicks: p('socialClicks') })
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

/** Writes a batch of events, in one transaction. */
export async function writeEvents(events: NewEvent[]) {
  const prepared = statements()
  await transaction(async (tx) => {
    if (prepared) for (const row of events) prepared.event.run(row)
    else for (const rows of chunks(events)) await tx.insert(linkEvents).values(rows)
  })
}

type NewVisitors = { linkId: string; accountId: string; day: string; uniqueVisitors: number }[]

/**
 * Adds per-day totals, breakdown counts and visitors of stored events, in one transaction. A visitor counts
 * towards the day's unique visitors only when their hash is new for the link and day: the primary
 * key decides, so repeated writes and several instances never count one twice.
 */
export async function writeRollups(batch: { daily: DailyDelta[]; breakdowns: BreakdownDelta[]; visitors: VisitorDelta[] }) {
  const prepared = statements()
  await transaction(async (tx) => {
    const fresh = new Map<string, NewVisitors[number]>()
    const counted = (row: VisitorDelta) => {
      const key = `${row.linkId}|${row.day}`
      const total = fresh.get(key) ?? { linkId: row.linkId, accountId: row.accountId, day: row.day, uniqueVisitors: 0 }
      total.uniqueVisitors++
      fresh.set(key, total)
    }
    if (prepared) {
      for (const row of batch.daily) prepared.daily.run(row)
      for (const row of batch.visitors) if (prepared.visitor.all(row).length > 0) counted(row)
      for (const row of fresh.values()) prepared.uniques.run(row)
      for (const row of batch.breakdowns) prepared.breakdown.run(row)
      return
    }
    for (const rows of chunks(batch.daily))
      await tx.insert(linkDailyStats).values(rows).onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addDaily })
    for (const rows of chunks(batch.visitors)) {
      const inserted = await tx
        .insert(linkDailyVisitors)
        .values(rows.map(({ linkId, day, visitorHash }) => ({ linkId, day, visitorHash })))
        .onConflictDoNothing()
        .returning({ linkId: linkDailyVisitors.linkId, day: linkDailyVisitors.day, visitorHash: linkDailyVisitors.visitorHash })
      const byKey = new Map(rows.map((row) => [`${row.linkId}|${row.day}|${row.visitorHash}`, row]))
      for (const row of inserted) counted(byKey.get(`${row.linkId}|${row.day}|${row.visitorHash}`)!)
    }
    for (const rows of chunks([...fresh.values()]))
      await tx.insert(linkDailyStats).values(rows).onConflictDoUpdate({ target: [linkDailyStats.linkId, linkDailyStats.day], set: addUniques })
    for (const rows of chunks(batch.breakdowns)) await tx.insert(linkDailyBreakdowns).values(rows).onConflictDoUpdate({ target: breakdownKey, set: addCount })
  })
}

/** Clicks and previews per link of an account, from `sinceDay` (YYYY-MM-DD) on, or all time. */
export async function totalsByLink(accountId: string, sinceDay?: string) {
  return db
    .select({
      linkId: linkDailyStats.linkId,
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
    })
    .from(linkDailyStats)
    .where(sinceDay ? and(eq(linkDailyStats.accountId, accountId), gte(linkDailyStats.day, sinceDay)) : eq(linkDailyStats.accountId, accountId))
    .groupBy(linkDailyStats.linkId)
}


/** Every click ever recorded, from the per-day totals. */
export async function totalClicks() {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)` }).from(linkDailyStats)
  return Number(row.total)
}

/** One link's clicks and previews, all time and in the days from `fromDay` to `toDay` (inclusive). */
export async function linkTotalsWithPeriod(accountId: string, linkId: string, fromDay: string, toDay: string) {
  const inPeriod = sql`${linkDailyStats.day} >= ${fromDay} and ${linkDailyStats.day} <= ${toDay}`
  const [row] = await db
    .select({
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
      clicksInPeriod: sql<number>`coalesce(sum(case when ${inPeriod} then ${linkDailyStats.clicks} else 0 end), 0)`,
      previewsInPeriod: sql<number>`coalesce(sum(case when ${inPeriod} then ${linkDailyStats.previews} else 0 end), 0)`,
    })
    .from(linkDailyStats)
    .where(and(eq(linkDailyStats.accountId, accountId), eq(linkDailyStats.linkId, linkId)))
  return row
}

/** A link's newest event rows from `from` up to (not including) `until`; each stands for `count` events. */
export async function recentLinkEvents(accountId: string, linkId: string, from: Date, until: Date, limit: number) {
  return db
    .select({
      type: linkEvents.type,
      occurredAt: linkEvents.occurredAt,
      platform: linkEvents.platform,
      referrerHost: linkEvents.referrerHost,
      country: linkEvents.country,
      device: linkEvents.device,
      count: linkEvents.count,
    })
    .from(linkEvents)
    .where(
      and(eq(linkEvents.accountId, accountId), eq(linkEvents.linkId, linkId), gte(linkEvents.occurredAt, from), lt(linkEvents.occurredAt, until)),
    )
    .orderBy(desc(linkEvents.occurredAt), desc(linkEvents.id))
    .limit(limit)
}

/** Clicks and previews of the account per day, from `fromDay` to `toDay` (days without any are absent). */
export async function accountDays(accountId: string, fromDay: string, toDay: string) {
  return db
    .select({
      day: linkDailyStats.day,
      clicks: sql<number>`coalesce(sum(${linkDailyStats.clicks}), 0)`,
      previews: sql<number>`coalesce(sum(${linkDailyStats.previews}), 0)`,
    })
    .from(linkDailyStats)
    .where(and(eq(linkDailyStats.accountId, accountId), gte(linkDailyStats.day, fromDay), lte(linkDailyStats.day, toDay)))
    .groupBy(linkDailyStats.day)
}

/** One link's daily totals from `fromDay` to `toDay` (days without any are absent). */
export async function linkDays(linkId: string, fromDay: string, toDay: string) {
  return db
    .select({
      day: linkDailyStats.day,
      clicks: linkDailyStats.clicks,
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
  return db
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

/** A page of a link's raw event rows from `from` up to (not including) `until`, oldest first, after the cursor; each stands for `count` events. */
export async function linkEventsPage(linkId: string, from: Date, until: Date, after: { at: Date; id: number } | undefined, limit: number) {
  const range = and(eq(linkEvents.linkId, linkId), gte(linkEvents.occurredAt, from), lt(linkEvents.occurredAt, until))
  const cursor = after && or(gt(linkEvents.occurredAt, after.at), and(eq(linkEvents.occurredAt, after.at), gt(linkEvents.id, after.id)))
  return db
    .select({
      id: linkEvents.id,
      occurredAt: linkEvents.occurredAt,
      type: linkEvents.type,
      platform: linkEvents.platform,
      referrerHost: linkEvents.referrerHost,
      country: linkEvents.country,
      device: linkEvents.device,
      browser: linkEvents.browser,
      os: linkEvents.os,
      count: linkEvents.count,
    })
    .from(linkEvents)
    .where(cursor ? and(range, cursor) : range)
    .orderBy(asc(linkEvents.occurredAt), asc(linkEvents.id))
    .limit(limit)
}

/** Deletes up to `limit` raw event rows older than `before`; answers how many went. */
export async function deleteEventsBefore(before: Date, limit: number) {
  const oldest = db.select({ id: linkEvents.id }).from(linkEvents).where(lt(linkEvents.occurredAt, before)).limit(limit)
  const deleted = await db.delete(linkEvents).where(sql`${linkEvents.id} in (${oldest})`).returning({ id: linkEvents.id })
  return deleted.length
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
