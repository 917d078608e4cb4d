import { and, eq, lt } from 'drizzle-orm'
import { db, kit } from '../../platform/db'
import { idempotencyTables } from './tables'

const { idempotencyKeys } = idempotencyTables(kit)

export type KeyRow = typeof idempotencyKeys.$inferSelect
type KeyOf = Pick<KeyRow, 'accountId' | 'operation' | 'key'>

const isKey = (of: KeyOf) => and(eq(idempotencyKeys.accountId, of.accountId), eq(idempotencyKeys.operation, of.operation), eq(idempotencyKeys.key, of.key))

/** Writes the key's row as running; false when a row for it is already there (on any instance). */
export async function claimKey(values: Omit<KeyRow, 'status' | 'answer'>) {
  const rows = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

export async function findKey(of: KeyOf) {
  const [row] = await db.select().from(idempotencyKeys).where(isKey(of)).limit(1)
  return row
}

/** Takes over a running row last started at `startedAt` (its call stopped answering); false when another call took it first. */
export async function retakeKey(of: KeyOf, startedAt: Date, now: Date) {
  const rows = await db
    .update(idempotencyKeys)
    .set({ startedAt: now })
    .where(and(isKey(of), eq(idempotencyKeys.startedAt, startedAt)))
    .returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

export async function finishKey(of: KeyOf, status: number, answer: string) {
  await db.update(idempotencyKeys).set({ status, answer }).where(isKey(of))
}

export async function releaseKey(of: KeyOf) {
  await db.delete(idempotencyKeys).where(isKey(of))
}

export async function deleteExpiredKeys(now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now))
}
