import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { db, type Db, kit, prepared } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import { accountTables } from '../accounts/tables'
import { authTables } from '../auth/tables'
import { memberTables } from './tables'

const { memberships, invitations } = memberTables(kit)
const { users } = authTables(kit)
const { accounts } = accountTables(kit)

// ---- memberships ------------------------------------------------------------------------------

export type MembershipRow = typeof memberships.$inferSelect

const userWithAccount = {
  user: users,
  role: memberships.role,
  accountName: accounts.name,
  plan: accounts.plan,
  secondFactorRequired: accounts.requireSecondFactor,
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

/** A user with the account they work in now and their role in it; none once they are no longer its member. */
export async function findUserWithAccount(id: string, tx?: Db) {
  const [row] = tx
    ? await tx.select(userWithAccount).from(users).innerJoin(memberships, inCurrentAccount).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, id)).limit(1)
    : await userWithAccountById().execute({ id })
  return row
}

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

/** How many users each of these accounts has (accounts without users are left out). */
export async function countUsersByAccount(accountIds: string[], tx: Db = db) {
  if (accountIds.length === 0) return []
  return tx
    .select({ accountId: memberships.accountId, total: count() })
    .from(memberships)
    .where(inArray(memberships.accountId, accountIds))
    .groupBy(memberships.accountId)
}

export async function findOwnerEmails(accountId: string) {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
  return rows.map((row) => row.email)
}

/** A query of the accounts with a member whose e-mail contains the text (for the admin search). */
export const accountIdsWithEmailContaining = (text: string) =>
  db.select({ id: memberships.accountId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(containsText(users.email, text))

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
        emailVerifiedAt: users.emailVerifiedAt,
        secondFactorRequired: accounts.requireSecondFactor,
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

// ---- invitations ------------------------------------------------------------------------------

export type InvitationRow = typeof invitations.$inferSelect

/** The account's pending invitations with who sent each, oldest first. */
export const pendingInvitations = (accountId: string, now: Date) =>
  db
    .select({ invitation: invitations, invitedByEmail: users.email })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.accountId, accountId), gt(invitations.expiresAt, now)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))

export async function countPending(accountId: string, now: Date, tx: Db = db) {
  const [{ total }] = await tx
    .select({ total: count() })
    .from(invitations)
    .where(and(eq(invitations.accountId, accountId), gt(invitations.expiresAt, now)))
  return Number(total)
}

/** Stores an invitation, replacing an earlier one to the same address (its link stops working). */
export async function putInvitation(values: typeof invitations.$inferInsert, tx: Db = db) {
  const [row] = await tx
    .insert(invitations)
    .values(values)
    .onConflictDoUpdate({
      target: [invitations.accountId, invitations.email],
      set: { id: values.id!, role: values.role, tokenHash: values.tokenHash, invitedBy: values.invitedBy, expiresAt: values.expiresAt, createdAt: values.createdAt! },
    })
    .returning()
  return row
}

export async function deleteInvitation(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .delete(invitations)
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)))
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role })
  return row
}

/** Withdraws what one person invited to one account. */
export async function deleteInvitationsBy(accountId: string, invitedBy: string, tx: Db = db) {
  await tx.delete(invitations).where(and(eq(invitations.accountId, accountId), eq(invitations.invitedBy, invitedBy)))
}

/** A live invitation by its token's hash, with who sent it. */
export async function findByToken(tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, invitedByEmail: users.email })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, now)))
    .limit(1)
  return row
}

/** Takes a live invitation, atomically: a link works once. */
export async function takeByToken(tokenHash: string, now: Date, tx: Db) {
  const [row] = await tx
    .delete(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, now)))
    .returning()
  return row
}
