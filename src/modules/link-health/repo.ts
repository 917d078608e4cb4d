import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { db, kit, lockingRows, reads, type Db } from '../../platform/db'
import type { LinkHealthFilter } from '../../shared/link-health'
import { linkTables } from '../links/tables'
import { linkHealthTables } from './tables'

const { linkHealth, linkHealthDigests } = linkHealthTables(kit)
const { shareLinks } = linkTables(kit)

export type HealthRow = typeof linkHealth.$inferSelect

// A verdict stands for the link as it is only while it has the target and image that were checked.
const verdictIsCurrent = and(isNotNull(linkHealth.checkedAt), eq(linkHealth.checkedTarget, shareLinks.targetUrl), sql`coalesce(${linkHealth.checkedImage}, '') = coalesce(${shareLinks.ogImage}, '')`)
// Links that send visitors on: the only ones the sweep checks.
const isLive = (now: Date) => and(eq(shareLinks.isActive, true), or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)))

export async function healthRowsOf(linkIds: string[]) {
  if (linkIds.length === 0) return []
  return reads.select().from(linkHealth).where(inArray(linkHealth.linkId, linkIds))
}

/** A statement selecting the account's links (link_id) whose current target and image were last found in `status`. */
export function linkIdsInSql(accountId: string, status: LinkHealthFilter): SQL {
  const query = db
    .select({ linkId: linkHealth.linkId })
    .from(linkHealth)
    .innerJoin(shareLinks, eq(shareLinks.id, linkHealth.linkId))
    .where(and(eq(linkHealth.accountId, accountId), eq(linkHealth.status, status), verdictIsCurrent))
  return sql`${query}`
}

/**
 * Live links of any account after `after` (by id) that have no health row yet, and the last id read,
 * `limit` at a time. Walked by key, so a pass over a million links reads each once.
 */
export async function unenrolledLinksAfter(after: string, now: Date, limit: number) {
  const part = await db
    .select({ linkId: shareLinks.id, accountId: shareLinks.accountId, isActive: shareLinks.isActive, expiresAt: shareLinks.expiresAt, enrolled: linkHealth.linkId })
    .from(shareLinks)
    .leftJoin(linkHealth, eq(linkHealth.linkId, shareLinks.id))
    .where(gt(shareLinks.id, after))
    .orderBy(asc(shareLinks.id))
    .limit(limit)
  const links = part
    .filter((row) => row.enrolled === null && row.isActive && (row.expiresAt === null || row.expiresAt > now))
    .map(({ linkId, accountId }) => ({ linkId, accountId }))
  return { links, last: part.at(-1)?.linkId, isLast: part.length < limit }
}

/** Gives these links their health rows, due at `dueAt`. */
export async function enrol(links: { linkId: string; accountId: string }[], dueAt: Date) {
  if (links.length === 0) return
  await db
    .insert(linkHealth)
    .values(links.map((link) => ({ ...link, nextCheckAt: dueAt })))
    .onConflictDoNothing()
}

/**
 * Of the health rows after `after` (by link id), `limit` of them, makes due now those whose link's
 * target or image changed since its last check; answers the last id read.
 */
export async function dueChangedLinksAfter(after: string, now: Date, limit: number) {
  const part = await db.select({ linkId: linkHealth.linkId }).from(linkHealth).where(gt(linkHealth.linkId, after)).orderBy(asc(linkHealth.linkId)).limit(limit)
  const last = part.at(-1)?.linkId
  if (last !== undefined) {
    const changed = db
      .select({ linkId: linkHealth.linkId })
      .from(linkHealth)
      .innerJoin(shareLinks, eq(shareLinks.id, linkHealth.linkId))
      .where(and(gt(linkHealth.linkId, after), lte(linkHealth.linkId, last), isNotNull(linkHealth.checkedAt), gt(linkHealth.nextCheckAt, now), sql`not (${verdictIsCurrent})`))
    await db.update(linkHealth).set({ nextCheckAt: now }).where(inArray(linkHealth.linkId, changed))
  }
  return { last, isLast: part.length < limit }
}

const leaseIsFree = (now: Date) => or(isNull(linkHealth.leaseUntil), lt(linkHealth.leaseUntil, now))

/**
 * Takes the lease of up to `limit` links due by `now`, most overdue first. The update is conditional
 * on the lease being free, so two instances never take the same link.
 */
export async function claimDue(now: Date, leaseUntil: Date, limit: number) {
  const due = await db
    .select({ linkId: linkHealth.linkId })
    .from(linkHealth)
    .where(and(lte(linkHealth.nextCheckAt, now), leaseIsFree(now)))
    .orderBy(asc(linkHealth.nextCheckAt))
    .limit(limit)
  if (due.length === 0) return []
  const claimed = await db
    .update(linkHealth)
    .set({ leaseUntil })
    .where(
      and(
        inArray(
          linkHealth.linkId,
          due.map((row) => row.linkId),
        ),
        lte(linkHealth.nextCheckAt, now),
        leaseIsFree(now),
      ),
    )
    .returning({ linkId: linkHealth.linkId })
  return claimed.map((row) => row.linkId)
}

/** Takes the lease of one link for a check asked for now, giving it its row first; false while another check holds it. */
export async function claimOne(link: { linkId: string; accountId: string }, now: Date, leaseUntil: Date) {
  await db
    .insert(linkHealth)
    .values({ ...link, nextCheckAt: now })
    .onConflictDoNothing()
  const [claimed] = await db
    .update(linkHealth)
    .set({ leaseUntil })
    .where(and(eq(linkHealth.linkId, link.linkId), leaseIsFree(now)))
    .returning({ linkId: linkHealth.linkId })
  return claimed !== undefined
}

/** What a check needs of each link: where it leads, its image and card, and whether it sends anyone on. */
export async function linksToCheck(linkIds: string[]) {
  if (linkIds.length === 0) return []
  return db
    .select({
      id: shareLinks.id,
      accountId: shareLinks.accountId,
      slug: shareLinks.slug,
      alias: shareLinks.alias,
      domain: shareLinks.domain,
      title: shareLinks.title,
      targetUrl: shareLinks.targetUrl,
      ogImage: shareLinks.ogImage,
      twitterCard: shareLinks.twitterCard,
      isActive: shareLinks.isActive,
      expiresAt: shareLinks.expiresAt,
    })
    .from(shareLinks)
    .where(inArray(shareLinks.id, linkIds))
}

/** Puts links off until `nextCheckAt` without checking them (switched off or expired), their leases given back. */
export async function putOff(linkIds: string[], nextCheckAt: Date) {
  if (linkIds.length === 0) return
  await db.update(linkHealth).set({ nextCheckAt, leaseUntil: null }).where(inArray(linkHealth.linkId, linkIds))
}

/** The link's health row, held until the transaction ends (PostgreSQL). */
export async function lockedHealthRow(tx: Db, linkId: string) {
  const [row] = await lockingRows(tx.select().from(linkHealth).where(eq(linkHealth.linkId, linkId)), 'update')
  return row
}

export type Verdict = Pick<HealthRow, 'status' | 'reason' | 'targetBroken' | 'imageBroken' | 'checkedTarget' | 'checkedImage' | 'finalUrl' | 'checkedAt' | 'brokenSince' | 'nextCheckAt'>

/** Stores a check's verdict and gives the lease back. */
export async function storeVerdict(tx: Db, linkId: string, verdict: Verdict) {
  const [row] = await tx
    .update(linkHealth)
    .set({ ...verdict, leaseUntil: null })
    .where(eq(linkHealth.linkId, linkId))
    .returning()
  return row
}

/** Gives a lease back with nothing found (the check could not give a verdict), due again at `nextCheckAt`. */
export async function releaseLease(linkId: string, nextCheckAt: Date) {
  await db.update(linkHealth).set({ leaseUntil: null, nextCheckAt }).where(eq(linkHealth.linkId, linkId))
}

/** Whether another check holds the link's lease now. */
export async function isLeased(linkId: string, now: Date) {
  const [row] = await db
    .select({ linkId: linkHealth.linkId })
    .from(linkHealth)
    .where(and(eq(linkHealth.linkId, linkId), gt(linkHealth.leaseUntil, now)))
  return row !== undefined
}

/** Accounts with a link that broke since their last mail of what broke, sent before `weekAgo` (or never). */
export function accountsDueDigest(weekAgo: Date, now: Date, limit: number) {
  return db
    .selectDistinct({ accountId: linkHealth.accountId })
    .from(linkHealth)
    .innerJoin(shareLinks, eq(shareLinks.id, linkHealth.linkId))
    .leftJoin(linkHealthDigests, eq(linkHealthDigests.accountId, linkHealth.accountId))
    .where(
      and(
        eq(linkHealth.status, 'broken'),
        verdictIsCurrent,
        isLive(now),
        or(isNull(linkHealthDigests.accountId), and(lte(linkHealthDigests.sentAt, weekAgo), gt(linkHealth.brokenSince, linkHealthDigests.sentAt))),
      ),
    )
    .limit(limit)
}

/** Records the account's mail of what broke as sent now, unless one went after `weekAgo`: true when this call may send it. */
export async function claimDigest(accountId: string, weekAgo: Date, now: Date) {
  const [claimed] = await db
    .insert(linkHealthDigests)
    .values({ accountId, sentAt: now })
    .onConflictDoUpdate({ target: linkHealthDigests.accountId, set: { sentAt: now }, setWhere: lte(linkHealthDigests.sentAt, weekAgo) })
    .returning({ accountId: linkHealthDigests.accountId })
  return claimed !== undefined
}

/** The account's live links found broken, longest broken first. */
export function brokenLinksOf(accountId: string, now: Date, limit: number) {
  return db
    .select({
      id: shareLinks.id,
      slug: shareLinks.slug,
      alias: shareLinks.alias,
      domain: shareLinks.domain,
      title: shareLinks.title,
      targetUrl: shareLinks.targetUrl,
      reason: linkHealth.reason,
      brokenSince: linkHealth.brokenSince,
    })
    .from(linkHealth)
    .innerJoin(shareLinks, eq(shareLinks.id, linkHealth.linkId))
    .where(and(eq(linkHealth.accountId, accountId), eq(linkHealth.status, 'broken'), verdictIsCurrent, isLive(now)))
    .orderBy(asc(linkHealth.brokenSince), desc(linkHealth.linkId))
    .limit(limit)
}
