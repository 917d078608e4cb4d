import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { db, kit, type Db } from '../../platform/db'
import { domainTables } from './tables'

const { customDomains, unknownPaths } = domainTables(kit)

export type DomainRow = typeof customDomains.$inferSelect
type DomainChanges = Partial<
  Pick<
    DomainRow,
    'status' | 'sslStatus' | 'verificationErrors' | 'lastCheckedAt' | 'verifiedAt' | 'dnsCheckedAt' | 'isDefault' | 'rootRedirect' | 'notFoundRedirect' | 'appleAppSiteAssociation' | 'assetLinks'
  >
>

/** The account's default domain, else its first: the one the single-domain calls speak of. */
export async function findDefaultDomain(accountId: string) {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).orderBy(desc(customDomains.isDefault), asc(customDomains.createdAt)).limit(1)
  return row
}

/** The account's domains, the default first, then in the order they were added. */
export function listDomainsOf(accountId: string) {
  return db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).orderBy(desc(customDomains.isDefault), asc(customDomains.createdAt), asc(customDomains.id))
}

export async function findAccountDomain(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.accountId, accountId), eq(customDomains.id, id)))
    .limit(1)
  return row
}

export async function countDomainsOf(accountId: string, tx: Db = db) {
  const [{ total }] = await tx.select({ total: count() }).from(customDomains).where(eq(customDomains.accountId, accountId))
  return Number(total)
}

/** Makes `id` the account's only default domain (or, null, leaves it none), in the caller's transaction. */
export async function setDefaultDomain(accountId: string, id: string | null, tx: Db) {
  await tx.update(customDomains).set({ isDefault: false }).where(and(eq(customDomains.accountId, accountId), eq(customDomains.isDefault, true)))
  if (id) await tx.update(customDomains).set({ isDefault: true }).where(and(eq(customDomains.accountId, accountId), eq(customDomains.id, id)))
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

export async function insertDomain(values: { accountId: string; hostname: string; verificationToken: string; isDefault: boolean }, tx: Db = db) {
  const [row] = await tx.insert(customDomains).values(values).returning()
  return row!
}

export async function updateDomain(id: string, changes: DomainChanges, tx: Db = db) {
  const [row] = await tx.update(customDomains).set(changes).where(eq(customDomains.id, id)).returning()
  return row
}

/** Deletes the account's domain; answers the deleted row, if there was one. */
export async function deleteAccountDomain(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .delete(customDomains)
    .where(and(eq(customDomains.accountId, accountId), eq(customDomains.id, id)))
    .returning()
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
    .select({
      id: customDomains.id,
      hostname: customDomains.hostname,
      accountId: customDomains.accountId,
      status: customDomains.status,
      rootRedirect: customDomains.rootRedirect,
      notFoundRedirect: customDomains.notFoundRedirect,
      appleAppSiteAssociation: customDomains.appleAppSiteAssociation,
      assetLinks: customDomains.assetLinks,
    })
    .from(customDomains)
    .where(eq(customDomains.hostname, hostname))
    .orderBy(verifiedFirst)
    .limit(1)
  return row
}

/** The account's domains it has proven (whatever their status now): those its links may live on. */
export async function findVerifiedHostnamesOf(accountId: string) {
  const rows = await db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.accountId, accountId), isNotNull(customDomains.verifiedAt)))
  return rows.map((row) => row.hostname)
}

export type UnknownPathHits = { domainId: string; path: string; hits: number; lastSeenAt: Date }

/** How many paths each of these domains has counted. */
export async function countUnknownPaths(domainIds: string[]) {
  if (domainIds.length === 0) return new Map<string, number>()
  const rows = await db.select({ domainId: unknownPaths.domainId, total: count() }).from(unknownPaths).where(inArray(unknownPaths.domainId, domainIds)).groupBy(unknownPaths.domainId)
  return new Map(rows.map((row) => [row.domainId, Number(row.total)]))
}

/** Adds hits to the paths' counts, a path new to its domain starting at them. A domain deleted meanwhile takes none. */
export async function addUnknownPathHits(entries: UnknownPathHits[]) {
  const live = new Set(
    (await db.select({ id: customDomains.id }).from(customDomains).where(inArray(customDomains.id, [...new Set(entries.map((entry) => entry.domainId))]))).map((row) => row.id),
  )
  const rows = entries.filter((entry) => live.has(entry.domainId))
  if (rows.length === 0) return
  await db
    .insert(unknownPaths)
    .values(rows)
    .onConflictDoUpdate({
      target: [unknownPaths.domainId, unknownPaths.path],
      set: { hits: sql`${unknownPaths.hits} + excluded.hits`, lastSeenAt: sql`excluded.last_seen_at` },
    })
}

/** Which of these paths the domain has counted already. */
export async function storedUnknownPaths(domainId: string, paths: string[]) {
  const rows = await db
    .select({ path: unknownPaths.path })
    .from(unknownPaths)
    .where(and(eq(unknownPaths.domainId, domainId), inArray(unknownPaths.path, paths)))
  return new Set(rows.map((row) => row.path))
}

/** The domain's most asked-for unknown paths, most hits first. */
export function listUnknownPaths(domainId: string, limit: number) {
  return db
    .select({ path: unknownPaths.path, hits: unknownPaths.hits, lastSeenAt: unknownPaths.lastSeenAt })
    .from(unknownPaths)
    .where(eq(unknownPaths.domainId, domainId))
    .orderBy(desc(unknownPaths.hits), desc(unknownPaths.lastSeenAt), asc(unknownPaths.path))
    .limit(limit)
}

/** Forgets paths not asked for since `before`. */
export async function deleteUnknownPathsSeenBefore(before: Date) {
  await db.delete(unknownPaths).where(lt(unknownPaths.lastSeenAt, before))
}
