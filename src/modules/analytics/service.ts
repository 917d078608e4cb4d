// What the recorded events add up to.
import { totalApiCalls } from '../usage/service'
import * as repo from './repo'

export type LinkTotals = { clicks: number; previews: number }

/** Clicks and previews per link id of the account, since `since` (whole UTC days) or all time. */
export async function linkTotals(accountId: string, since?: Date): Promise<Map<string, LinkTotals>> {
  const rows = await repo.totalsByLink(accountId, since?.toISOString().slice(0, 10))
  return new Map(rows.map((row) => [row.linkId, { clicks: Number(row.clicks), previews: Number(row.previews) }]))
}

export async function dashboardStats(accountId: string) {
  const [totals, apiCalls] = await Promise.all([linkTotals(accountId), totalApiCalls(accountId)])
  const clicksByLinkId: Record<string, number> = {}
  let totalClicks = 0
  let totalPreviews = 0
  for (const [linkId, { clicks, previews }] of totals) {
    clicksByLinkId[linkId] = clicks
    totalClicks += clicks
    totalPreviews += previews
  }
  return { totalClicks, totalPreviews, totalApiCalls: apiCalls, clicksByLinkId }
}

/** Clicks on every link of every account (admin panel); events still waiting in memory follow within a moment. */
export const totalClicksAll = () => repo.totalClicks()
