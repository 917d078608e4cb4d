import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { db, kit, transaction, type Db } from '../../platform/db'
import { usageTables } from './tables'

const { usageCounters } = usageTables(kit)

export type UsageDelta = { accountId: string; periodStart: Date; previews: number; apiCalls: number }

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

/** Adds counted previews and API calls, in one transaction; answers each period's previews and notice level after. */
export async function addDeltas(deltas: UsageDelta[]) {
  return transaction(async (tx) => {
    const totals: (CounterKey & { previews: number; noticeLevel: number })[] = []
    for (const delta of deltas) {
      const [row] = await tx
        .insert(usageCounters)
        .values(delta)
        .onConflictDoUpdate({
          target: [usageCounters.accountId, usageCounters.periodStart],
          set: {
            previews: sql`${usageCounters.previews} + ${delta.previews}`,
            apiCalls: sql`${usageCounters.apiCalls} + ${delta.apiCalls}`,
          },
        })
        .returning({ previews: usageCounters.previews, noticeLevel: usageCounters.noticeLevel })
      totals.push({ accountId: delta.accountId, periodStart: delta.periodStart, ...row })
    }
    return totals
  })
}

/**
 * Marks the period's owners as told of `level` percent of the quota, if no instance has yet: one
 * conditional update, so exactly one caller gets true and sends the mail.
 */
export async function claimNotice(key: CounterKey, level: number, tx: Db = db) {
  const rows = await tx
    .update(usageCounters)
    .set({ noticeLevel: level })
    .where(and(eq(usageCounters.accountId, key.accountId), eq(usageCounters.periodStart, key.periodStart), lt(usageCounters.noticeLevel, level)))
    .returning({ level: usageCounters.noticeLevel })
  return rows.length > 0
}

export async function totalApiCalls(accountId: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${usageCounters.apiCalls}), 0)` })
    .from(usageCounters)
    .where(eq(usageCounters.accountId, accountId))
  return Number(row.total)
}
