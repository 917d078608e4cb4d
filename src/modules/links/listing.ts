// The /share-links table: the account's links with their clicks and previews in a period.
import { linkTotals } from '../analytics/service'
import type { LinkWithCounts, Period } from './schema'
import { listLinkRows, toLinkJson, type Owner } from './service'

const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { '7days': 7, '30days': 30, '90days': 90, year: 365 }

/** The first UTC day counted: today and the days before it make up the period. */
export function periodStart(period: Period, now = new Date()): Date | undefined {
  if (period === 'all') return undefined
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (PERIOD_DAYS[period] - 1) * 86_400_000)
}

export async function listLinksWithCounts(owner: Owner, period: Period): Promise<LinkWithCounts[]> {
  const [rows, totals] = await Promise.all([listLinkRows(owner), linkTotals(owner.accountId, periodStart(period))])
  return rows.map((row) => ({ ...toLinkJson(row), clicks: totals.get(row.id)?.clicks ?? 0, previews: totals.get(row.id)?.previews ?? 0 }))
}
