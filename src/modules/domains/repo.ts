import { and, eq, gte, isNull, lt, ne, or } from 'drizzle-orm'
import { db, tables } from '../../platform/db'

const { customDomains, accounts } = tables

export type DomainRow = typeof customDomains.$inferSelect
type DomainChanges = Partial<Pick<DomainRow, 'status' | 'sslStatus' | 'verificationErrors' | 'lastCheckedAt' | 'verifiedAt'>>

export async function findDomainOfAccount(accountId: string) {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).limit(1)
  return row
}

export async function findDomainByHostname(hostname: string) {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.hostname, hostname)).limit(1)
  return row
}

export async function insertDomain(values: { accountId: string; hostname: string; verificationToken: string }) {
  const [row] = await db.insert(customDomains).values(values).returning()
  return row
}

export async function updateDomain(id: string, changes: DomainChanges) {
  const [row] = await db.update(customDomains).set(changes).where(eq(customDomains.id, id)).returning()
  return row
}

/** Deletes the account's domain; answers the deleted row, if there was one. */
export async function deleteDomainOfAccount(accountId: string) {
  const [row] = await db.delete(customDomains).where(eq(customDomains.accountId, accountId)).returning()
  return row
}

export async function deleteDomain(id: string) {
  await db.delete(customDomains).where(eq(customDomains.id, id))
}

/** Domains not yet fully live, created after `createdAfter`, last checked before `checkedBefore`. */
export async function findDomainsToCheck(createdAfter: Date, checkedBefore: Date, limit: number) {
  return db
    .select()
    .from(customDomains)
    .where(
      and(
        or(ne(customDomains.status, 'active'), ne(customDomains.sslStatus, 'active')),
        gte(customDomains.createdAt, createdAfter),
        or(isNull(customDomains.lastCheckedAt), lt(customDomains.lastCheckedAt, checkedBefore)),
      ),
    )
    .orderBy(customDomains.lastCheckedAt)
    .limit(limit)
}

/** The verified domain at hostname with its account's plan. */
export async function findDomainWithPlan(hostname: string) {
  const [row] = await db
    .select({ accountId: customDomains.accountId, status: customDomains.status, plan: accounts.plan })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
    .where(eq(customDomains.hostname, hostname))
    .limit(1)
  return row
}
