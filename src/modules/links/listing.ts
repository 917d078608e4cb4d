// The /share-links table: the account's links with their clicks and previews in a period, in the
// order the person chose.
import type { LinkListSort } from '../../shared/link-list'
import type { LinkWithCounts, Period } from './schema'
import type { SQL } from 'drizzle-orm'
import { linksJson, listLinkRows, listLinkRowsByCount, type LinkPageQuery, type Owner } from './service'
import { handoverOf } from '../../platform/handover'

type Counts = { clicks: number; scans: number; previews: number }

/** Clicks (scans among them) and previews of an account's links since a day (or ever): of these links, or of all with any. */
export type LinkTotals = (accountId: string, since: Date | undefined, linkIds?: string[], options?: { flush?: boolean }) => Promise<Map<string, Counts>>
/** The same counts as a statement with the columns link_id, clicks and previews, for the database to order links by. */
type LinkCountsSql = (accountId: string, since: Date | undefined) => SQL
/** Clicks per day of these links over the last `days` days, oldest first. */
type ClickTrends = (accountId: string, linkIds: string[], days: number) => Promise<Map<string, number[]>>

// The counts are analytics', which is built on links: runtime.ts hands them over.
const linkCounts = handoverOf<{ totals: LinkTotals; countsSql: LinkCountsSql; trends: ClickTrends }>('link counts')
export const provideLinkCounts = linkCounts.provide
const countsSource = linkCounts.get

export const totalsSource = (): LinkTotals => countsSource().totals

const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { '7days': 7, '30days': 30, '90days': 90, year: 365 }

/** The first UTC day counted: today and the days before it make up the period. */
function periodStart(period: Period, now = new Date()): Date | undefined {
  if (period === 'all') return undefined
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (PERIOD_DAYS[period] - 1) * 86_400_000)
}

// The days of each link's trend line in the list.
const TREND_DAYS = 14

type ListQuery = Omit<LinkPageQuery, 'order'> & { period?: Period; sort?: LinkListSort }

/** One page of the account's links with their counts in the period. */
export async function listLinksWithCounts(owner: Owner, query: ListQuery) {
  const since = periodStart(query.period ?? 'all')
  const sort = query.sort ?? 'newest'
  const listed = sort === 'clicks' || sort === 'previews' ? await pageByCount(owner, query, since, sort) : await pageInOrder(owner, { ...query, order: sort }, since)
  const ids = listed.rows.map((row) => row.id)
  // A click limit counts every click ever: read apart when the period is shorter.
  const limited = listed.rows.filter((row) => row.clickLimit !== null).map((row) => row.id)
  const [json, trends, everClicked] = await Promise.all([
    linksJson(listed.rows),
    countsSource().trends(owner.accountId, ids, TREND_DAYS),
    since && limited.length > 0 ? totalsSource()(owner.accountId, undefined, limited, { flush: false }) : listed.totals,
  ])
  const links: LinkWithCounts[] = json.map((link) => ({
    ...link,
    clicks: listed.totals.get(link.id)?.clicks ?? 0,
    scans: listed.totals.get(link.id)?.scans ?? 0,
    previews: listed.totals.get(link.id)?.previews ?? 0,
    clicksTowardLimit: link.clickLimit === null ? null : (everClicked.get(link.id)?.clicks ?? 0),
    trend: trends.get(link.id) ?? [],
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
 * analytics' (another module's tables): it hands over the statement that adds them up, and the
 * database orders the links by it, so only the page is read.
 */
async function pageByCount(owner: Owner, query: ListQuery, since: Date | undefined, count: 'clicks' | 'previews') {
  const listed = await listLinkRowsByCount(owner, query, countsSource().countsSql(owner.accountId, since), count)
  const totals = await totalsSource()(owner.accountId, since, listed.rows.map((row) => row.id))
  return { ...listed, totals }
}
