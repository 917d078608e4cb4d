// The second factors' rows: authenticator secrets (sealed by the caller) and recovery codes (hashed).
import { and, count, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm'
import { db, type Db, kit, transaction } from '../../platform/db'
import { authTables } from './tables'

const { totpFactors, recoveryCodes, passkeys } = authTables(kit)

export async function findTotpFactor(userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1)
  return row
}

/** A new, unconfirmed secret for the user, replacing an earlier unconfirmed one; none while one is confirmed. */
export async function startTotpFactor(userId: string, sealedSecret: string) {
  return transaction(async (tx) => {
    const [current] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1)
    if (current?.confirmedAt) return false
    if (current) await tx.update(totpFactors).set({ secret: sealedSecret, lastStep: 0, createdAt: new Date() }).where(eq(totpFactors.userId, userId))
    else await tx.insert(totpFactors).values({ userId, secret: sealedSecret })
    return true
  })
}

/**
 * Takes a code's time step as used, and confirms the factor when asked: true for the one caller,
 * on whichever instance, whose step is past the last one used. A replayed code finds it taken.
 */
export async function takeTotpStep(userId: string, step: number, { confirm = false } = {}, tx: Db = db) {
  const rows = await tx
    .update(totpFactors)
    .set({ lastStep: step, ...(confirm && { confirmedAt: new Date() }) })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step), confirm ? isNull(totpFactors.confirmedAt) : undefined))
    .returning({ userId: totpFactors.userId })
  return rows.length > 0
}

export async function replaceRecoveryCodes(userId: string, codeHashes: string[], tx: Db) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })))
}

/** Marks an unused recovery code of the user used: true for the one caller that did. */
export async function spendRecoveryCode(userId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return rows.length > 0
}

export async function countUnusedRecoveryCodes(userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.left ?? 0
}

export async function removeTotpFactor(userId: string, { keepRecoveryCodes }: { keepRecoveryCodes: boolean }, alsoInTransaction: (tx: Db) => Promise<void>) {
  await transaction(async (tx) => {
    if (!keepRecoveryCodes) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    const removed = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ userId: totpFactors.userId })
    if (removed.length > 0) await alsoInTransaction(tx)
  })
}

export async function removeRecoveryCodes(userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}

/** Of these users, the ones with a confirmed authenticator or a passkey: one query for them all. */
export async function usersWithSecondFactor(userIds: string[], tx: Db = db) {
  if (userIds.length === 0) return []
  const rows = await tx
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(inArray(totpFactors.userId, userIds), isNotNull(totpFactors.confirmedAt)))
    .union(tx.select({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, userIds)))
  return rows.map((row) => row.userId)
}

/** Every second factor of the user: their authenticator (set up or not), passkeys and recovery codes. */
export async function removeSecondFactors(userId: string, tx: Db) {
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId))
  await tx.delete(passkeys).where(eq(passkeys.userId, userId))
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}
