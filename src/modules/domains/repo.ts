import { and, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { db, kit } from '../../platform/db'
import { domainTables } from './tables'

const { customDomains } = domainTables(kit)

export type DomainRow = typeof customDomains.$inferSelect
type DomainChanges = Partial<Pick<DomainRow, 'status' | 'sslStatus' | 'verificationErrors' | 'lastCheckedAt' | 'verifiedAt' | 'dnsCheckedAt'>>

export async function findDomainOfAccount(accountId: string) {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).limit(1)
  return row
}

// Several accounts may claim one name; at most one has verified it.
const verifiedFirst = sql`${customDomains.verifiedAt} is null`

/** The verified claim of hostname (whatever its status now), if any. */
export async function findVerifiedDomain(hostname: string) {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), isNotNull(customDomains.verifiedAt)))
    .limit(1)
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

/**
 * Domains due for a check: claims not yet live created after `createdAfter`, and paused domains,
 * last checked before `checkedBefore`; and verified domains whose DNS was last checked before
 * `dnsCheckedBefore` (the daily re-check).
 */
export async function findDomainsToCheck(createdAfter: Date, checkedBefore: Date, dnsCheckedBefore: Date, limit: number) {
  const notLive = or(ne(customDomains.status, 'active'), ne(customDomains.sslStatus, 'active'))
  const checkedLongAgo = or(isNull(customDomains.lastCheckedAt), lt(customDomains.lastCheckedAt, checkedBefore))
  const dnsDue = and(isNotNull(customDomains.verifiedAt), or(isNull(customDomains.dnsCheckedAt), lt(customDomains.dnsCheckedAt, dnsCheckedBefore)))
  return db
    .select()
    .from(customDomains)
    .where(or(and(notLive, checkedLongAgo, or(gte(customDomains.createdAt, createdAfter), isNotNull(customDomains.verifiedAt))), dnsDue))
    .orderBy(customDomains.lastCheckedAt)
    .limit(limit)
}

/** The claim of hostname that counts (the verified one, if any). */
export async function findClaimThatCounts(hostname: string) {
  const [row] = await db
    .select({ accountId: customDomains.accountId, status: customDomains.status })
    .from(customDomains)
    .where(eq(customDomains.hostname, hostname))
    .orderBy(verifiedFirst)
    .limit(1)
  return row
}
