// SQL for API keys. Keys are found by the hash of the whole key; an account's keys by account first.
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { db, type Db, kit, transaction } from '../../platform/db'
import { apiKeyTables } from './tables'

const { apiKeys } = apiKeyTables(kit)

export type ApiKeyRow = typeof apiKeys.$inferSelect
export type NewApiKeyRow = typeof apiKeys.$inferInsert

export async function insertApiKey(values: NewApiKeyRow, tx: Db = db) {
  const [row] = await tx.insert(apiKeys).values(values).returning()
  return row
}

export async function listApiKeys(accountId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}

/** Keys neither revoked nor rolled: a rolled key is on its way out, beside the one that replaced it. */
export async function countActiveKeys(accountId: string, tx: Db = db) {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt), isNull(apiKeys.replacedBy)))
  return Number(row.n)
}

export async function findApiKey(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .limit(1)
  return row
}

/** The key with this hash unless it is revoked or has expired by `now`. */
export async function findActiveKeyByHash(keyHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
    .limit(1)
  return row
}

/** Sets revoked_at unless it is set already; answers the row only when this call revoked it. */
export async function revokeApiKey(accountId: string, id: string, at: Date, tx: Db = db) {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning()
  return row
}

/** Marks a key rolled, unless it is revoked or rolled already; answers the row only when this call rolled it. */
export async function markKeyRolled(accountId: string, id: string, change: { replacedBy: string; expiresAt: Date }, tx: Db) {
  const [row] = await tx
    .update(apiKeys)
    .set(change)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt), isNull(apiKeys.replacedBy)))
    .returning()
  return row
}

/** Moves last_used_at forward (never back: another instance may have written a later time). */
export async function writeLastUsed(uses: { id: string; at: Date }[]) {
  await transaction(async (tx) => {
    for (const { id, at } of uses)
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, at))))
  })
}

/** Revokes every active key a user created; answers the hashes of those this call revoked. */
export async function revokeKeysCreatedBy(userId: string, at: Date, accountId?: string, tx: Db = db) {
  return tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt), accountId === undefined ? undefined : eq(apiKeys.accountId, accountId)))
    .returning({ keyHash: apiKeys.keyHash })
}
