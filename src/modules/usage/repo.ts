import { and, eq, lt, sql } from 'drizzle-orm'
import { db, tables, transaction } from '../../platform/db'

const { usageCounters } = tables

export type UsageDelta = { accountId: string; periodStart: Date; previews: number; apiCalls: number }

export async function readCounters(accountId: string, periodStart: Date) {
  const [row] = await db
    .select({ previews: usageCounters.previews, apiCalls: usageCounters.apiCalls })
    .from(usageCounters)
    .where(and(eq(usageCounters.accountId, accountId), eq(usageCounters.periodStart, periodStart)))
    .limit(1)
  return row ?? { previews: 0, apiCalls: 0 }
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
