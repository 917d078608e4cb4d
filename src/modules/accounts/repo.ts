import { eq } from 'drizzle-orm'
import { db, tables, type Db } from '../../platform/db'
import type { Plan } from '../../shared/domain'

const { accounts } = tables

export type AccountRow = typeof accounts.$inferSelect

export async function insertAccount(name: string, tx: Db = db) {
  const [row] = await tx.insert(accounts).values({ name }).returning()
  return row
}

export async function findAccount(id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1)
  return row
}

export async function findAccountByStripeCustomer(customerId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.stripeCustomerId, customerId)).limit(1)
  return row
}

export async function updateAccount(
  id: string,
  changes: Partial<Pick<AccountRow, 'plan' | 'name' | 'billingPeriodStart' | 'billingPeriodEnd' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'subscriptionStatus'>>,
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
