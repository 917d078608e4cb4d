import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { db, type Db, kit, prepared } from '../../platform/db'
import { authTables } from './tables'

const { users, userIdentities, passwordResetTokens, spentTokens } = authTables(kit)

export type UserRow = typeof users.$inferSelect

export async function findUserById(id: string, tx: Db = db) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserByEmail(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}

export async function insertUser(values: typeof users.$inferInsert, tx: Db = db) {
  const [row] = await tx.insert(users).values(values).returning()
  return row
}

export async function updateUser(id: string, changes: Partial<Pick<UserRow, 'email' | 'passwordHash' | 'isSuperAdmin' | 'emailVerifiedAt' | 'accountId'>>, tx: Db = db) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row
}

/** Sets a new password hash and ends every earlier session in one statement. */
export async function updatePasswordAndRevokeSessions(id: string, passwordHash: string, tx: Db = db) {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row
}

/** Bumps the token version: every session signed before ends. */
export async function revokeSessionsOfUser(id: string, tx: Db = db) {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
}

/** Marks the address verified, only while it is still the user's address. */
export async function markEmailVerified(id: string, email: string, at: Date, tx: Db = db) {
  const rows = await tx
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.email, email)))
    .returning({ id: users.id })
  return rows.length > 0
}

/** Moves the user to a new, verified address, only while `from` is still their address. */
export async function changeEmail(id: string, from: string, to: string, at: Date, tx: Db = db) {
  const rows = await tx
    .update(users)
    .set({ email: to, emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.email, from)))
    .returning({ id: users.id })
  return rows.length > 0
}

/** Takes an unverified account back for the address' owner: no password, no earlier session. */
export async function reclaimUser(id: string, at: Date, tx: Db = db) {
  await tx
    .update(users)
    .set({ passwordHash: null, emailVerifiedAt: at, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where(eq(users.id, id))
}

export async function deleteUserRow(id: string, tx: Db = db) {
  const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id })
  return rows.length > 0
}

export async function countUsers() {
  const [{ total }] = await db.select({ total: count() }).from(users)
  return Number(total)
}

/** The users whose current account this is (they move to another of theirs when it goes). */
export function usersWorkingIn(accountId: string, tx: Db = db) {
  return tx.select({ id: users.id }).from(users).where(eq(users.accountId, accountId))
}

export async function findIdentity(provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1)
  return row
}

export async function insertIdentity(provider: string, subject: string, userId: string, tx: Db = db) {
  await tx.insert(userIdentities).values({ provider, subject, userId }).onConflictDoNothing()
}

export async function insertResetToken(userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt })
}

/** Marks a valid reset token used and answers its user, atomically: a token works once. */
export async function consumeResetToken(tokenHash: string, now: Date, tx: Db = db) {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
  return row?.userId
}

export async function deleteResetTokensOfUser(userId: string, tx: Db = db) {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
}

/** A valid, unused reset token's user, without using it up. */
export async function findResetTokenOwner(tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1)
  return row?.userId
}

/** Records a token id as spent; false when it already was (a one-time code used twice). */
export async function spendToken(jti: string, expiresAt: Date) {
  const rows = await db.insert(spentTokens).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: spentTokens.jti })
  return rows.length > 0
}

const spentTokenById = prepared((db) => db.select({ jti: spentTokens.jti }).from(spentTokens).where(eq(spentTokens.jti, sql.placeholder('jti'))).prepare())

export async function isTokenSpent(jti: string) {
  return (await spentTokenById().execute({ jti })).length > 0
}

/** Spent tokens past their expiry are refused by their signature's `exp` anyway. */
export async function deleteExpiredSpentTokens(now: Date) {
  await db.delete(spentTokens).where(lt(spentTokens.expiresAt, now))
}
