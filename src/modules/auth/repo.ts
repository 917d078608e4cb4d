import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { db, type Db, kit, prepared, transaction } from '../../platform/db'
import { authTables } from './tables'

const { users, userIdentities, passwordResetTokens, spentTokens, sessions } = authTables(kit)

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

/** Sets a new password hash and ends every earlier session (pass a transaction: two statements). */
export async function updatePasswordAndRevokeSessions(id: string, passwordHash: string, tx: Db = db) {
  const now = new Date()
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id))
    .returning()
  await endSessionRowsOfUser(id, now, tx)
  return row
}

/** Bumps the token version: every session signed before ends (pass a transaction: two statements). */
export async function revokeSessionsOfUser(id: string, tx: Db = db) {
  const now = new Date()
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id))
  await endSessionRowsOfUser(id, now, tx)
}

/** The rows of the sessions a token version bump ends, marked ended: the list shows what works. */
async function endSessionRowsOfUser(userId: string, at: Date, tx: Db) {
  await tx
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
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

/** Takes an unverified account back for the address' owner: no password, no earlier session (pass a transaction). */
export async function reclaimUser(id: string, at: Date, tx: Db = db) {
  await tx
    .update(users)
    .set({ passwordHash: null, emailVerifiedAt: at, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where(eq(users.id, id))
  await endSessionRowsOfUser(id, at, tx)
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

/** Writes a session's row; a row already there (a session listed by two requests at once) stays as it is. */
export async function insertSession(values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values).onConflictDoNothing()
}

const sessionById = prepared((db) =>
  db
    .select({ userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, endedAt: sessions.endedAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
)

/** What every authenticated request reads of its session. */
export async function findSession(id: string) {
  const [row] = await sessionById().execute({ id })
  return row
}

/** The browsers and devices the user has signed in from (ended sessions count until they expire). */
export function sessionDevicesOfUser(userId: string) {
  return db.selectDistinct({ browser: sessions.browser, device: sessions.device }).from(sessions).where(eq(sessions.userId, userId))
}

/** The user's sessions that still work, the most recently used first. */
export function listLiveSessions(userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
}

/** Ends one of the user's sessions; false when they have no such session working. */
export async function endSessionOfUser(userId: string, id: string, at: Date, tx: Db = db) {
  const rows = await tx
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id), isNull(sessions.endedAt), gt(sessions.expiresAt, at)))
    .returning({ id: sessions.id })
  return rows.length > 0
}

/** Moves sessions' last use forward (never back: another instance may have written a later one). */
export async function writeSessionsLastSeen(uses: { id: string; at: Date }[]) {
  await transaction(async (tx) => {
    for (const { id, at } of uses)
      await tx
        .update(sessions)
        .set({ lastSeenAt: at })
        .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, at)))
  })
}

/** Sessions past their expiry are refused by their signature's `exp` anyway. */
export async function deleteExpiredSessions(now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}
