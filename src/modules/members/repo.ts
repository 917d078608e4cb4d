import { and, asc, count, eq, gt } from 'drizzle-orm'
import { db, type Db, kit } from '../../platform/db'
import { authTables } from '../auth/tables'
import { memberTables } from './tables'

const { invitations } = memberTables(kit)
const { users } = authTables(kit)

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

export async function deleteInvitation(accountId: string, id: string) {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)))
    .returning({ id: invitations.id })
  return rows.length > 0
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
