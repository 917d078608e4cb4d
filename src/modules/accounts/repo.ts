import { asc, count, desc, eq, inArray, or, type SQLWrapper } from 'drizzle-orm'
import { db, type Db, kit, lockingRows } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import type { Plan } from '../../shared/domain'
import { accountTables } from './tables'

const { accounts } = accountTables(kit)

export type AccountRow = typeof accounts.$inferSelect

export async function insertAccount(name: string, plan: Plan, tx: Db = db) {
  const [row] = await tx.insert(accounts).values({ name, plan }).returning()
  return row
}

/**
 * Holds the account's row until the transaction ends, so work that must see the account as it is
 * (who belongs to it, how many of a thing it has) takes turns: a lock on PostgreSQL; SQLite runs one
 * write transaction at a time. False when the account is gone. "No key" update: rows that only
 * refer to the account (a new link, a user moving to it) need not wait.
 */
export async function holdAccount(accountId: string, tx: Db) {
  const query = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId))
  const rows = await lockingRows(query, 'no key update')
  return rows.length > 0
}

export async function findAccount(id: string, tx: Db = db) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1)
  return row
}

export const ACCOUNT_SORTS = ['createdAt', 'name', 'plan'] as const
export type AccountSort = (typeof ACCOUNT_SORTS)[number]

const accountSortColumns = { createdAt: accounts.createdAt, name: accounts.name, plan: accounts.plan }

/** A query of the ids of accounts that match a search text in some other way (a member's e-mail). */
export type AccountIdsMatching = (text: string) => SQLWrapper

/**
 * A page of accounts whose name contains the search text (or that `alsoMatching` finds); each sort
 * column is indexed, and the id breaks ties so pages never overlap.
 */
export async function listAccounts(query: PageQuery<AccountSort>, alsoMatching?: AccountIdsMatching) {
  const text = query.search
  const where = text ? or(containsText(accounts.name, text), alsoMatching && inArray(accounts.id, alsoMatching(text))) : undefined
  const order = query.sortOrder === 'asc' ? asc : desc
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: accounts.id,
        name: accounts.name,
        plan: accounts.plan,
        billingPeriodStart: accounts.billingPeriodStart,
        billingPeriodEnd: accounts.billingPeriodEnd,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(where)
      .orderBy(order(accountSortColumns[query.sortBy]), order(accounts.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(accounts).where(where),
  ])
  return { rows, total: Number(total) }
}

export async function countAccounts() {
  const [{ total }] = await db.select({ total: count() }).from(accounts)
  return Number(total)
}

export async function findAccountByStripeCustomer(customerId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.stripeCustomerId, customerId)).limit(1)
  return row
}

export async function updateAccount(
  id: string,
  changes: Partial<Pick<AccountRow, 'plan' | 'name' | 'billingPeriodStart' | 'billingPeriodEnd' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'subscriptionStatus' | 'brandColor' | 'brandLogo' | 'requireSecondFactor'>>,
  tx: Db = db,
) {
  const [row] = await tx
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning()
  return row
}

export async function updatePlan(id: string, plan: Plan, tx: Db = db) {
  return updateAccount(id, { plan }, tx)
}

/** Deletes the account; its users, links, keys, events and domain go with it (foreign-key cascades). */
export async function deleteAccountRow(id: string, tx: Db = db) {
  const rows = await tx.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id })
  return rows.length > 0
}
