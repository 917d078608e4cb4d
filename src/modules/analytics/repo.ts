import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { db, tables, transaction } from '../../platform/db'

const { linkEvents, linkDailyStats } = tables

export type NewEvent = typeof linkEvents.$inferInsert
export type DailyDelta = { linkId: string; accountId: string; day: string; clicks: number; previews: number; socialClicks: number }

const CHUNK = 500

/** Writes a batch of events and adds their per-day totals, in one transaction. */
export async function writeEvents(events: NewEvent[], daily: DailyDelta[]) {
  await transaction(async (tx) => {
    for (let i = 0; i < events.length; i += CHUNK) await tx.insert(linkEvents).values(events.slice(i, i + CHUNK))
    for (let i = 0; i < daily.length; i += CHUNK)
      await tx
        .insert(linkDailyStats)
        .values(daily.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [linkDailyStats.linkId, linkDailyStats.day],
          set: {
            clicks: sql`${linkDailyStats.clicks} + excluded.clicks`,
            previews: sql`${linkDailyStats.previews} + excluded.previews`,
            socialClicks: sql`${linkDailyStats.socialClicks} + excluded.social_clicks`,
          },
        })
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

/** A link's newest events from `from` up to (not including) `until`. */
export async function recentLinkEvents(accountId: string, linkId: string, from: Date, until: Date, limit: number) {
  return db
    .select({
      type: linkEvents.type,
      occurredAt: linkEvents.occurredAt,
      platform: linkEvents.platform,
      referrerHost: linkEvents.referrerHost,
      country: linkEvents.country,
      device: linkEvents.device,
    })
    .from(linkEvents)
    .where(
      and(eq(linkEvents.accountId, accountId), eq(linkEvents.linkId, linkId), gte(linkEvents.occurredAt, from), lt(linkEvents.occurredAt, until)),
    )
    .orderBy(desc(linkEvents.occurredAt), desc(linkEvents.id))
    .limit(limit)
}
