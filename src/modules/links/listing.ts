// The /share-links table: the account's links with their clicks and previews in a period, in the
// order the person chose.
import type { LinkListSort } from '../../shared/link-list'
import type { LinkWithCounts, Period } from './schema'
import { linkRowsInOrder, linksJson, listedLinkIds, listLinkRows, type LinkPageQuery, type LinkRow, type Owner } from './service'
import { LINK_PAGE_DEFAULT } from '../../shared/link-list'

type Counts = { clicks: number; scans: number; previews: number }

/** Clicks (scans among them) and previews of an account's links since a day (or ever): of these links, or of all with any. */
export type LinkTotals = (accountId: string, since: Date | undefined, linkIds?: string[]) => Promise<Map<string, Counts>>

// The counts are analytics', which is built on links: runtime.ts hands them over.
let linkTotals: LinkTotals | undefined
export function provideLinkTotals(totals: LinkTotals) {
  linkTotals = totals
}

export function totalsSource(): LinkTotals {
  if (!linkTotals) throw new Error('No link totals were provided (runtime.ts).')
  return linkTotals
}

const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { '7days': 7, '30days': 30, '90days': 90, year: 365 }

/** The first UTC day counted: today and the days before it make up the period. */
function periodStart(period: Period, now = new Date()): Date | undefined {
  if (period === 'all') return undefined
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (PERIOD_DAYS[period] - 1) * 86_400_000)
}

type ListQuery = Omit<LinkPageQuery, 'order'> & { period?: Period; sort?: LinkListSort }

/** One page of the account's links with their counts in the period. */
export async function listLinksWithCounts(owner: Owner, query: ListQuery) {
  const since = periodStart(query.period ?? 'all')
  const sort = query.sort ?? 'newest'
  const listed = sort === 'clicks' || sort === 'previews' ? await pageByCount(owner, query, since, sort) : await pageInOrder(owner, { ...query, order: sort }, since)
  const links: LinkWithCounts[] = (await linksJson(listed.rows)).map((link) => ({
    ...link,
    clicks: listed.totals.get(link.id)?.clicks ?? 0,
    scans: listed.totals.get(link.id)?.scans ?? 0,
    previews: listed.totals.get(link.id)?.previews ?? 0,
  }))
  return { total: listed.total, page: listed.page, limit: listed.limit, links }
}

/** A page the database orders; only that page's counts are read. */
async function pageInOrder(owner: Owner, query: LinkPageQuery, since: Date | undefined) {
  const listed = await listLinkRows(owner, query)
  const totals = await totalsSource()(owner.accountId, since, listed.rows.map((row) => row.id))
  return { ...listed, totals }
}

/**
 * A page ordered by clicks or previews, most first, newest first among equals. The counts are
 * analytics' (another module's tables), so the order is made here from the account's totals in
 * the period, read once, and the ids of the links the list shows.
 */
async function pageByCount(owner: Owner, query: ListQuery, since: Date | undefined, count: 'clicks' | 'previews') {
  const limit = query.limit ?? LINK_PAGE_DEFAULT
  const page = query.page ?? 1
  const [ids, totals] = await Promise.all([listedLinkIds(owner, query), totalsSource()(owner.accountId, since)])
  const countOf = (id: string) => totals.get(id)?.[count] ?? 0
  // Array sort is stable: equal counts keep the newest-first order of `ids`.
  const ranked = [...ids].sort((a, b) => countOf(b) - countOf(a))
  const rows: LinkRow[] = await linkRowsInOrder(owner, ranked.slice((page - 1) * limit, page * limit))
  return { rows, total: ids.length, page, limit, totals }
}
