import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { db, kit, transaction } from '../../platform/db'
import { usageTables } from './tables'

const { usageCounters } = usageTables(kit)

export type UsageDelta = { accountId: string; periodStart: Date; previews: number; apiCalls: number }

export async function readCounters(accountId: string, periodStart: Date) {
  const [row] = await db
    .select({ previews: usageCounters.previews, apiCalls: usageCounters.apiCalls })
    .from(usageCounters)
    .where(and(eq(usageCounters.accountId, accountId), eq(usageCounters.periodStart, periodStart)))
    .limit(1)
  return row ?? { previews: 0, apiCalls: 0 }
}

export type CounterKey = { accountId: string; periodStart: Date }

export const counterKey = ({ accountId, periodStart }: CounterKey) => `${accountId}@${periodStart.getTime()}`

/** Counted previews of several accounts, each in its own period, in one query; keyed by counterKey. */
export async function readPreviewsOf(keys: CounterKey[]) {
  const previews = new Map(keys.map((key) => [counterKey(key), 0]))
  if (keys.length === 0) return previews
  const accountIds = [...new Set(keys.map((key) => key.accountId))]
  const periodStarts = [...new Set(keys.map((key) => key.periodStart.getTime()))].map((time) => new Date(time))
  const rows = await db
    .select({ accountId: usageCounters.accountId, periodStart: usageCounters.periodStart, previews: usageCounters.previews })
    .from(usageCounters)
    .where(and(inArray(usageCounters.accountId, accountIds), inArray(usageCounters.periodStart, periodStarts)))
  for (const row of rows) {
    const key = counterKey(row)
    if (previews.has(key)) previews.set(key, row.previews)
  }
  return previews
}

/** Adds counted previews and API calls, in one transaction. */
export async function addDeltas(deltas: UsageDelta[]) {
  await transaction(async (tx) => {
    for (const delta of deltas)
      await tx
        .insert(usageCounters)
        .values(delta)
        .onConflictDoUpdate({
          target: [usageCounters.accountId, usageCounters.periodStart],
          set: {
            previews: sql`${usageCounters.previews} + ${delta.previews}`,
            apiCalls: sql`${usageCounters.apiCalls} + ${delta.apiCalls}`,
          },
        })
  })
}

/**
 * Counts one preview only while the account is below its limit, in one conditional UPDATE, so
 * instances sharing the database never count past it. Answers whether it was counted.
 */
export async function incrementPreviewBelow(accountId: string, periodStart: Date, limit: number | null) {
  await db.insert(usageCounters).values({ accountId, periodStart, previews: 0, apiCalls: 0 }).onConflictDoNothing()
  const where = and(eq(usageCounters.accountId, accountId), eq(usageCounters.periodStart, periodStart))
  const rows = await db
    .update(usageCounters)
    .set({ previews: sql`${usageCounters.previews} + 1` })
    .where(limit === null ? where : and(where, lt(usageCounters.previews, limit)))
    .returning({ previews: usageCounters.previews })
  return rows.length > 0
}

export async function totalApiCalls(accountId: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${usageCounters.apiCalls}), 0)` })
    .from(usageCounters)
    .where(eq(usageCounters.accountId, accountId))
  return Number(row.total)
}
