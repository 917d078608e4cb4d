import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import { db, type Db, kit, prepared } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import { authTables } from './tables'
import { accountTables } from '../accounts/tables'

const { users, memberships, userIdentities, passwordResetTokens, spentTokens } = authTables(kit)
const { accounts } = accountTables(kit)

export type UserRow = typeof users.$inferSelect

const userWithAccount = {
  user: users,
  role: memberships.role,
  accountName: accounts.name,
  plan: accounts.plan,
}
// A user's current account and their membership of it: no row once they are no longer a member.
const inCurrentAccount = and(eq(memberships.userId, users.id), eq(memberships.accountId, users.accountId))

// Every signed-in call looks its user up: prepared once. Prepared look-ups by a unique key have no
// LIMIT: SQLite runs a statement with a bound LIMIT about three times slower.
const userWithAccountById = prepared((db) =>
  db
    .select(userWithAccount)
    .from(users)
    .innerJoin(memberships, inCurrentAccount)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
)

export async function findUserWithAccount(id: string, tx?: Db) {
  const [row] = tx
    ? await tx.select(userWithAccount).from(users).innerJoin(memberships, inCurrentAccount).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, id)).limit(1)
    : await userWithAccountById().execute({ id })
  return row
}

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

export const USER_SORTS = ['createdAt', 'email', 'name', 'plan'] as const
export type UserSort = (typeof USER_SORTS)[number]

// name and plan are the account's: the admin panel lists people with their account.
const userSortColumns = { createdAt: users.createdAt, email: users.email, name: accounts.name, plan: accounts.plan }

/** A page of users with their account, searched by e-mail; the id breaks ties so pages never overlap. */
export async function listUsers(query: PageQuery<UserSort>) {
  const where = query.search ? containsText(users.email, query.search) : undefined
  const order = query.sortOrder === 'asc' ? asc : desc
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        role: memberships.role,
        isSuperAdmin: users.isSuperAdmin,
        accountId: users.accountId,
        accountName: accounts.name,
        plan: accounts.plan,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(memberships, inCurrentAccount)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(where)
      .orderBy(order(userSortColumns[query.sortBy]), order(users.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    // Every user has an account (foreign key), so the count needs no join.
    db.select({ total: count() }).from(users).where(where),
  ])
  return { rows, total: Number(total) }
}

/** A query of the accounts with a member whose e-mail contains the text (for the admin search). */
export const accountIdsWithEmailContaining = (text: string) =>
  db.select({ id: memberships.accountId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(containsText(users.email, text))

export async function findOwnerEmails(accountId: string) {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
  return rows.map((row) => row.email)
}

export async function countUsers() {
  const [{ total }] = await db.select({ total: count() }).from(users)
  return Number(total)
}

/** How many users each of these accounts has (accounts without users are left out). */
export async function countUsersByAccount(accountIds: string[], tx: Db = db) {
  if (accountIds.length === 0) return []
  return tx
    .select({ accountId: memberships.accountId, total: count() })
    .from(memberships)
    .where(inArray(memberships.accountId, accountIds))
    .groupBy(memberships.accountId)
}

// ---- memberships ------------------------------------------------------------------------------

export type MembershipRow = typeof memberships.$inferSelect

const membershipOf = (accountId: string, userId: string) => and(eq(memberships.accountId, accountId), eq(memberships.userId, userId))

export async function insertMembership(values: typeof memberships.$inferInsert, tx: Db = db) {
  await tx.insert(memberships).values(values)
}

export async function findMembership(accountId: string, userId: string, tx: Db = db) {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(membershipOf(accountId, userId))
    .limit(1)
  return row
}

/** The accounts a user belongs to, oldest membership first. */
export function membershipsOfUser(userId: string, tx: Db = db) {
  return tx
    .select({ accountId: memberships.accountId, accountName: accounts.name, plan: accounts.plan, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId))
}

/** An account's people, oldest membership first. */
export function membersOfAccount(accountId: string, tx: Db = db) {
  return tx
    .select({ userId: users.id, email: users.email, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.id))
}

export async function setMembershipRole(accountId: string, userId: string, role: MembershipRow['role'], tx: Db = db) {
  await tx.update(memberships).set({ role }).where(membershipOf(accountId, userId))
}

export async function deleteMembership(accountId: string, userId: string, tx: Db = db) {
  await tx.delete(memberships).where(membershipOf(accountId, userId))
}

/** Makes the account the user's current one, in one statement, only while they are its member. */
export async function setCurrentAccount(userId: string, accountId: string, tx: Db = db) {
  const isMember = tx
    .select({ one: sql`1` })
    .from(memberships)
    .where(membershipOf(accountId, userId))
  const rows = await tx
    .update(users)
    .set({ accountId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), exists(isMember)))
    .returning({ id: users.id })
  return rows.length > 0
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
