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

const RECENT_EVENTS = 50
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * One link's totals for the public stats call: all-time clicks and previews, those in the days
 * `from` to `to` (YYYY-MM-DD, UTC, both included) and the period's 50 newest events. The caller
 * has checked that the link is the account's.
 */
export async function linkStats(accountId: string, linkId: string, from: string, to: string) {
  const start = new Date(`${from}T00:00:00.000Z`)
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS)
  const [totals, events] = await Promise.all([
    repo.linkTotalsWithPeriod(accountId, linkId, from, to),
    repo.recentLinkEvents(accountId, linkId, start, end, RECENT_EVENTS),
  ])
  return {
    linkId,
    totalClicks: Number(totals?.clicks ?? 0),
    totalPreviews: Number(totals?.previews ?? 0),
    clicksInPeriod: Number(totals?.clicksInPeriod ?? 0),
    previewsInPeriod: Number(totals?.previewsInPeriod ?? 0),
    from,
    to,
    recentEvents: events.map((event) => ({
      type: event.type,
      occurredAt: event.occurredAt.toISOString(),
      platform: event.platform,
      referrerHost: event.referrerHost,
      country: event.country,
      device: event.device,
    })),
  }
}
