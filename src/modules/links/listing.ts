// The /share-links table: the account's links with their clicks and previews in a period.
import type { LinkWithCounts, Period } from './schema'
import { listLinkRows, toLinkJson, type LinkPageQuery, type Owner } from './service'

/** Clicks and previews of some of an account's links since a day (or ever). */
export type LinkTotals = (accountId: string, since: Date | undefined, linkIds: string[]) => Promise<Map<string, { clicks: number; previews: number }>>

// The counts are analytics', which is built on links: runtime.ts hands them over.
let linkTotals: LinkTotals | undefined
export function provideLinkTotals(totals: LinkTotals) {
  linkTotals = totals
}

const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { '7days': 7, '30days': 30, '90days': 90, year: 365 }

/** The first UTC day counted: today and the days before it make up the period. */
function periodStart(period: Period, now = new Date()): Date | undefined {
  if (period === 'all') return undefined
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (PERIOD_DAYS[period] - 1) * 86_400_000)
}

/** One page of the account's links with their counts in the period; only that page's counts are read. */
export async function listLinksWithCounts(owner: Owner, query: LinkPageQuery & { period?: Period }) {
  const listed = await listLinkRows(owner, query)
  if (!linkTotals) throw new Error('No link totals were provided (runtime.ts).')
  const totals = await linkTotals(owner.accountId, periodStart(query.period ?? 'all'), listed.rows.map((row) => row.id))
  const links: LinkWithCounts[] = listed.rows.map((row) => ({
    ...toLinkJson(row),
    clicks: totals.get(row.id)?.clicks ?? 0,
    previews: totals.get(row.id)?.previews ?? 0,
  }))
  return { ...listed, links }
}
