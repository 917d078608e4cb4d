// What the recorded events add up to: dashboard totals, a link's analytics and CSV export, the
// public stats call, and the background pruning of raw events.
import { config } from '../../platform/config'
import { fieldError } from '../../platform/errors'
import { every, type Running } from '../../platform/lifecycle'
import { singleFlight } from '../../platform/single-flight'
import { log } from '../../platform/log'
import { dropEventPartitionsBefore } from './event-partitions'
import {
  addDays,
  ANALYTICS_MESSAGES,
  dayStart,
  dayCount,
  daysBetween,
  DAY_MS,
  eventsCsvFileName,
  isoDay,
  MAX_PERIOD_DAYS,
  type BreakdownDimension,
} from '../../shared/analytics'
import { verifiedByOf } from '../../shared/crawler-platforms'
import { CARD_VERSIONS, linkPath, type CardVersionName, type LinkVariant } from '../../shared/link-rules'
import { getLinkRow, getTag, listLinkRows, shortUrlOf, type LinkRow, type Owner } from '../links/service'
import { totalApiCalls } from '../usage/service'
import { csvLine } from '../../platform/downloads'
import { flushEvents } from './recorder'
import * as repo from './repo'
import type { AccountAnalytics, LinkAnalytics, PeriodTotals } from './schema'

export type LinkTotals = { clicks: number; scans: number; previews: number }

// Every read below first has this instance's event writer store what it holds, so the numbers
// include the last moment's visits here; other instances' follow within their move interval (~10 s).

/**
 * When each crawler platform last fetched the link's card (its last counted preview: a platform's
 * fetches within one preview window count once), by platform. Read from that day's events; a day
 * whose events are pruned answers its start.
 */
export async function lastPreviewsOf(linkId: string): Promise<Map<string, Date>> {
  await flushEvents()
  const lastDays = new Map((await repo.lastPreviewDays(linkId)).map(({ platform, day }) => [platform, day]))
  const last = new Map([...lastDays].map(([platform, day]) => [platform, dayStart(day)]))
  for (const day of new Set(lastDays.values())) {
    const from = dayStart(day)
    for await (const event of repo.linkEventsInOrder(linkId, from, new Date(from.getTime() + DAY_MS)))
      if (event.type === 'preview' && !event.unverified && event.platform && lastDays.get(event.platform) === day) last.set(event.platform, event.occurredAt)
  }
  return last
}

/**
 * Clicks (scans among them) and previews per link id of the account, since `since` (whole UTC days)
 * or all time. `flush: false` leaves out storing what this instance holds first (a caller reading
 * page after page has had it stored once).
 */
export async function linkTotals(accountId: string, since?: Date, linkIds?: string[], { flush = true } = {}): Promise<Map<string, LinkTotals>> {
  if (flush) await flushEvents()
  return readLinkTotals(accountId, since, linkIds)
}

/** Clicks and previews per link of the account since `since` (or of all time), as a statement to order links by (links' listing). */
export const linkCountsSql = (accountId: string, since?: Date) => repo.countsByLinkSql(accountId, since?.toISOString().slice(0, 10))

async function readLinkTotals(accountId: string, since?: Date, linkIds?: string[]): Promise<Map<string, LinkTotals>> {
  const rows = await repo.totalsByLink(accountId, since?.toISOString().slice(0, 10), linkIds)
  return new Map(rows.map((row) => [row.linkId, { clicks: Number(row.clicks), scans: Number(row.scans), previews: Number(row.previews) }]))
}

/** Clicks per day of these links over the `days` days up to today, oldest first (the link list's trend lines). */
export async function clickTrends(accountId: string, linkIds: string[], days: number, now = new Date()): Promise<Map<string, number[]>> {
  const to = isoDay(now)
  const from = addDays(to, -(days - 1))
  const trends = new Map(linkIds.map((id) => [id, new Array<number>(days).fill(0)]))
  const index = new Map(daysBetween(from, to).map((day, i) => [day, i]))
  for (const row of await repo.dailyClicksByLink(accountId, linkIds, from)) {
    const at = index.get(row.day)
    if (at !== undefined) trends.get(row.linkId)![at] = Number(row.clicks)
  }
  return trends
}

const SERIES_DAYS = 30
// clicksByLinkId: the newest links' clicks, these many at most, whatever the account holds (the web app now
// shows the busiest links instead; the field stays for clients that read it).
const DASHBOARD_LINKS = 100
// The dashboard's busiest links of its 30 days.
const DASHBOARD_TOP_LINKS = 5

export async function dashboardStats(accountId: string, now = new Date()) {
  await flushEvents()
  const to = isoDay(now)
  const from = addDays(to, -(SERIES_DAYS - 1))
  const newest = (await listLinkRows({ accountId }, { limit: DASHBOARD_LINKS })).rows.map((row) => row.id)
  const [totals, apiCalls, days, clicksOf, busiest] = await Promise.all([
    repo.accountTotals(accountId),
    totalApiCalls(accountId),
    repo.accountDays({ accountId }, from, to),
    readLinkTotals(accountId, undefined, newest),
    topLinksOf({ accountId }, from, to, DASHBOARD_TOP_LINKS),
  ])
  const clicksByLinkId = Object.fromEntries([...clicksOf].map(([linkId, { clicks }]) => [linkId, clicks]))
  const series = seriesOf(days, from, to).map(({ day, clicks, scans, previews }) => ({ day, clicks, scans, previews }))
  return { totalClicks: totals.clicks, totalScans: totals.scans, totalPreviews: totals.previews, totalApiCalls: apiCalls, clicksByLinkId, series, topLinks: busiest }
}

/** Clicks on every link of every account (admin panel). */
export async function totalClicksAll() {
  await flushEvents()
  return repo.totalClicks()
}

const RECENT_EVENTS = 50

/** The first `limit` events that rows of identical events (see writer.ts) stand for. */
function eventsOf<T extends { count: number }>(rows: T[], limit: number) {
  const events: T[] = []
  for (const row of rows) for (let i = 0; i < row.count && events.length < limit; i++) events.push(row)
  return events
}

/**
 * One link's totals for the public stats call: all-time clicks, scans and previews, those in the days
 * `from` to `to` (YYYY-MM-DD, UTC, both included) and the period's 50 newest events. The caller
 * has checked that the link is the account's.
 */
export async function linkStats(accountId: string, linkId: string, from: string, to: string, tests: LinkTests = NO_TESTS) {
  const start = new Date(`${from}T00:00:00.000Z`)
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS)
  await flushEvents()
  const [totals, events, platforms, unverified, variants, cardVariants] = await Promise.all([
    repo.linkTotalsWithPeriod(accountId, linkId, from, to),
    repo.recentLinkEvents(accountId, linkId, start, end, RECENT_EVENTS),
    repo.breakdownTotals(linkId, 'platform', from, to),
    repo.breakdownTotals(linkId, 'unverified', from, to),
    clicksByVariant(linkId, tests.variants, from, to),
    countsByCardVersion(linkId, tests, from, to),
  ])
  return {
    linkId,
    totalClicks: Number(totals?.clicks ?? 0),
    totalScans: Number(totals?.scans ?? 0),
    totalPreviews: Number(totals?.previews ?? 0),
    clicksInPeriod: Number(totals?.clicksInPeriod ?? 0),
    scansInPeriod: Number(totals?.scansInPeriod ?? 0),
    previewsInPeriod: Number(totals?.previewsInPeriod ?? 0),
    from,
    to,
    recentEvents: eventsOf(events, RECENT_EVENTS).map((event) => ({
      type: event.type,
      isScan: Boolean(event.isScan),
      occurredAt: event.occurredAt.toISOString(),
      platform: event.platform,
      unverified: Boolean(event.unverified),
      referrerHost: event.referrerHost,
      country: event.country,
      device: event.device,
    })),
    previewsByPlatform: previewsByPlatform(platforms, unverified),
    ...(variants && { variants }),
    ...(cardVariants && { cardVariants }),
  }
}

/** What a link tests: its variants (targets) and its second card. */
type LinkTests = Pick<LinkRow, 'title' | 'variants' | 'cardVariant'>
const NO_TESTS: LinkTests = { title: '', variants: null, cardVariant: null }

/**
 * The clicks of the period sent to each of the link's variants, in the link's order; undefined for
 * a link without variants. A variant is its target: clicks of a variant since removed are not listed.
 */
async function clicksByVariant(linkId: string, variants: LinkVariant[] | null, from: string, to: string) {
  if (variants === null) return undefined
  const counts = totalsOf(await repo.breakdownTotals(linkId, 'variant', from, to))
  return variants.map(({ targetUrl }) => ({ targetUrl, clicks: counts.get(targetUrl) ?? 0 }))
}

/**
 * A card test's two versions with the previews each served in the period and the clicks counted
 * for each (people from a platform whose crawler last read it); undefined for a link without one.
 */
async function countsByCardVersion(linkId: string, { title, cardVariant }: LinkTests, from: string, to: string) {
  if (cardVariant === null) return undefined
  const counts = totalsOf(await repo.breakdownTotals(linkId, 'card', from, to))
  const titles: Record<CardVersionName, string> = { a: title, b: cardVariant.title }
  return CARD_VERSIONS.map((version) => ({ version, title: titles[version], previews: counts.get(`preview:${version}`) ?? 0, clicks: counts.get(`click:${version}`) ?? 0 }))
}

export type PeriodQuery = { from?: string; to?: string }

function parseDay(name: 'from' | 'to', value: string) {
  // new Date() rolls 2026-02-30 over to March; a real day reads back unchanged.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayStart(value) : undefined
  if (!date || Number.isNaN(date.getTime()) || isoDay(date) !== value) throw fieldError('invalid', name, ANALYTICS_MESSAGES.badDay(name))
  return value
}

const DEFAULT_PERIOD_DAYS = 30

/** The whole UTC days asked for: `to` defaults to today, `from` to 29 days before `to`. */
export function parsePeriod(query: PeriodQuery, now = new Date()) {
  const to = query.to ? parseDay('to', query.to) : isoDay(now)
  const from = query.from ? parseDay('from', query.from) : addDays(to, -(DEFAULT_PERIOD_DAYS - 1))
  if (from > to) throw fieldError('invalid', 'from', ANALYTICS_MESSAGES.fromAfterTo)
  // Counted, not listed: the period's days are made only once it is known to be short enough.
  if (dayCount(from, to) > MAX_PERIOD_DAYS) throw fieldError('invalid', 'from', ANALYTICS_MESSAGES.tooLong)
  return { from, to }
}

const TOP = 10

type Top = LinkAnalytics['top10']['referrers']

/** The ten largest counts, ties in name order (unknown first), from value → count. */
function top10(counts: Map<string, number>): Top {
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP)
    .map(([value, count]) => ({ name: value === '' ? null : value, count }))
}

const totalsOf = (rows: { value: string; count: number }[]) => new Map(rows.map((row) => [row.value, Number(row.count)]))

/** Previews by platform, counted and unverified apart, most first, with how each platform's crawler is checked. */
function previewsByPlatform(counted: { value: string; count: number }[], unverified: { value: string; count: number }[]) {
  const rows = new Map<string, { previews: number; unverified: number }>()
  const rowOf = (platform: string) => rows.get(platform) ?? rows.set(platform, { previews: 0, unverified: 0 }).get(platform)!
  for (const { value, count } of counted) if (value) rowOf(value).previews += Number(count)
  for (const { value, count } of unverified) if (value) rowOf(value).unverified += Number(count)
  return [...rows]
    .map(([platform, counts]) => ({ platform, verifiedBy: verifiedByOf(platform), ...counts }))
    .sort((a, b) => b.previews + b.unverified - (a.previews + a.unverified) || (a.platform < b.platform ? -1 : 1))
}

/** Device, browser and OS totals from the combined agent rows (`device|browser|os`). */
function splitAgents(rows: { value: string; count: number }[]) {
  const parts = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()]
  for (const row of rows)
    row.value.split('|').forEach((part, i) => {
      if (parts[i]) parts[i].set(part, (parts[i].get(part) ?? 0) + Number(row.count))
    })
  return parts
}

/**
 * A link's analytics for whole UTC days, all from the daily rollups, so a long period costs as
 * little as a short one. Another account's link is not found.
 */
export async function linkAnalytics(owner: Owner, linkId: string, query: PeriodQuery): Promise<LinkAnalytics> {
  const link = await getLinkRow(owner, linkId)
  const { from, to } = parsePeriod(query)
  // Breakdowns and visitors of stored events may still wait in memory on this instance.
  await flushEvents()
  const [days, referrers, platforms, unverified, countries, agents, variants, cardVariants] = await Promise.all([
    repo.linkDays(link.id, from, to),
    repo.breakdownTotals(link.id, 'referrer', from, to),
    repo.breakdownTotals(link.id, 'platform', from, to),
    repo.breakdownTotals(link.id, 'unverified', from, to),
    repo.breakdownTotals(link.id, 'country', from, to),
    repo.breakdownTotals(link.id, 'agent', from, to),
    clicksByVariant(link.id, link.variants, from, to),
    countsByCardVersion(link.id, link, from, to),
  ])
  const [devices, browsers, oses] = splitAgents(agents)
  return {
    linkId: link.id,
    from,
    to,
    totals: periodTotals(days),
    series: seriesOf(days, from, to),
    top10: {
      referrers: top10(totalsOf(referrers)),
      platforms: top10(totalsOf(platforms)),
      countries: top10(totalsOf(countries)),
      devices: top10(devices),
      browsers: top10(browsers),
      oses: top10(oses),
    },
    previewsByPlatform: previewsByPlatform(platforms, unverified),
    ...(variants && { variants }),
    ...(cardVariants && { cardVariants }),
  }
}

/** Clicks per preview, to two decimals; null when nothing was previewed (no ratio to speak of). */
const engagement = (clicks: number, previews: number) => (previews === 0 ? null : Math.round((clicks / previews) * 100) / 100)

type DayTotals = { day: string; clicks: number; scans: number; previews: number; socialClicks: number; uniqueVisitors: number }

/** Every day from `from` to `to`, zeros where `days` (rollup rows, or their sums per day) have none. */
function seriesOf(days: DayTotals[], from: string, to: string) {
  const byDay = new Map(days.map((row) => [row.day, row]))
  return daysBetween(from, to).map((day) => {
    const row = byDay.get(day)
    return { day, clicks: Number(row?.clicks ?? 0), scans: Number(row?.scans ?? 0), previews: Number(row?.previews ?? 0), uniqueVisitors: Number(row?.uniqueVisitors ?? 0) }
  })
}

/** What days add up to, as a period's totals. */
function periodTotals(days: DayTotals[]): PeriodTotals {
  const sum = (pick: (row: DayTotals) => number) => days.reduce((total, row) => total + Number(pick(row)), 0)
  const clicks = sum((row) => row.clicks)
  const previews = sum((row) => row.previews)
  return {
    clicks,
    scans: sum((row) => row.scans),
    previews,
    // Visitor hashes change every day, so the period's visitors are the sum of each day's.
    uniqueVisitors: sum((row) => row.uniqueVisitors),
    socialShares: sum((row) => row.socialClicks),
    engagement: engagement(clicks, previews),
  }
}

/** How much `now` differs from `before`, in percent to one decimal; null when there was nothing before to compare with. */
const percentChange = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10)

/** The scope's busiest links of the days, with their short URLs. */
async function topLinksOf(scope: repo.LinkScope, from: string, to: string, limit: number) {
  const rows = await repo.topLinks(scope, from, to, limit)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: shortUrlOf(row),
    clicks: Number(row.clicks),
    scans: Number(row.scans),
    previews: Number(row.previews),
  }))
}

const TOP_LINKS = 10
const ACCOUNT_BREAKDOWNS: BreakdownDimension[] = ['referrer', 'platform', 'unverified', 'country', 'agent']

export type AccountAnalyticsQuery = PeriodQuery & { tag?: string }

/**
 * All the account's links together, or those with one of its tags: totals for whole UTC days
 * beside those of as many days just before, every day, breakdowns and the busiest links. Read from
 * the daily rollups in three queries whatever the number of links; another account's tag, like an
 * unknown one, is not found.
 */
export async function accountAnalytics(owner: Owner, query: AccountAnalyticsQuery): Promise<AccountAnalytics> {
  const { from, to } = parsePeriod(query)
  const tagId = query.tag?.trim() || undefined
  if (tagId) await getTag(owner, tagId)
  const length = dayCount(from, to)
  const previous = { from: addDays(from, -length), to: addDays(from, -1) }
  const scope = { accountId: owner.accountId, tagId }
  await flushEvents()
  const [days, breakdowns, topLinks] = await Promise.all([
    // Both periods' days at once: the earlier period's end where this one begins.
    repo.accountDays(scope, previous.from, to),
    repo.accountBreakdowns(scope, ACCOUNT_BREAKDOWNS, from, to),
    topLinksOf(scope, from, to, TOP_LINKS),
  ])
  const totals = periodTotals(days.filter((row) => row.day >= from))
  const before = periodTotals(days.filter((row) => row.day < from))
  const byDimension = new Map<string, { value: string; count: number }[]>()
  for (const row of breakdowns) {
    const rows = byDimension.get(row.dimension)
    if (rows) rows.push(row)
    else byDimension.set(row.dimension, [row])
  }
  const rowsOf = (dimension: BreakdownDimension) => byDimension.get(dimension) ?? []
  const [devices, browsers, oses] = splitAgents(rowsOf('agent'))
  return {
    from,
    to,
    tagId: tagId ?? null,
    previous: { ...previous, totals: before },
    totals,
    change: {
      clicks: percentChange(totals.clicks, before.clicks),
      scans: percentChange(totals.scans, before.scans),
      previews: percentChange(totals.previews, before.previews),
      uniqueVisitors: percentChange(totals.uniqueVisitors, before.uniqueVisitors),
      socialShares: percentChange(totals.socialShares, before.socialShares),
    },
    series: seriesOf(
      days.filter((row) => row.day >= from),
      from,
      to,
    ),
    top10: {
      referrers: top10(totalsOf(rowsOf('referrer'))),
      platforms: top10(totalsOf(rowsOf('platform'))),
      countries: top10(totalsOf(rowsOf('country'))),
      devices: top10(devices),
      browsers: top10(browsers),
      oses: top10(oses),
    },
    previewsByPlatform: previewsByPlatform(rowsOf('platform'), rowsOf('unverified')),
    topLinks,
  }
}

const CSV_HEADER = ['time', 'type', 'platform', 'referrer', 'country', 'device', 'browser', 'os', 'scan', 'variant', 'card', 'unverified']

/**
 * A link's raw events of the period as CSV lines (header first), read a few chunks at a time so a big
 * export never sits in memory whole. Raw events are kept EVENT_RETENTION_DAYS days.
 */
export async function linkEventsCsv(owner: Owner, linkId: string, query: PeriodQuery) {
  const link = await getLinkRow(owner, linkId)
  const { from, to } = parsePeriod(query)
  const start = dayStart(from)
  const end = new Date(dayStart(to).getTime() + DAY_MS)
  await flushEvents()
  async function* lines() {
    yield csvLine(CSV_HEADER)
    for await (const event of repo.linkEventsInOrder(link.id, start, end)) {
      const line = csvLine([event.occurredAt.toISOString(), event.type, event.platform, event.referrerHost, event.country, event.device, event.browser, event.os, String(Boolean(event.isScan)), event.variant ?? null, event.card ?? null, String(Boolean(event.unverified))])
      // One line per event: an entry of identical events stands for `count` of them.
      for (let i = 0; i < event.count; i++) yield line
    }
  }
  return { filename: eventsCsvFileName(linkPath(link), from, to), lines: lines() }
}

const PRUNE_BATCH = 5000
const PRUNE_EVERY_MS = 60 * 60 * 1000
// Visitor hashes are only needed while a day can still get events (late flushes after an outage).
const VISITOR_DAYS_KEPT = 7

let stopped = false

/**
 * Deletes raw events older than EVENT_RETENTION_DAYS and visitor hashes older than a week, in
 * small batches with pauses between them so requests keep flowing. Daily totals and breakdowns
 * stay. Answers how many events went.
 */
export const pruneEvents = singleFlight(async ({ now = new Date(), batch = PRUNE_BATCH } = {}): Promise<number> => {
  const before = new Date(now.getTime() - config.eventRetentionDays * DAY_MS)
  // Whole months past retention go at once (PostgreSQL); the rest row by row.
  let events = await dropEventPartitionsBefore(before)
  for (let chunks = batch; chunks === batch && !stopped; await Bun.sleep(10)) {
    const deleted = await repo.deleteEventsBefore(before, batch)
    chunks = deleted.chunks
    events += deleted.events
  }
  const beforeDay = addDays(isoDay(now), -VISITOR_DAYS_KEPT)
  for (let n = batch; n === batch && !stopped; await Bun.sleep(10)) n = await repo.deleteVisitorsBefore(beforeDay, batch)
  if (events > 0) log.info('old events pruned', { events, retentionDays: config.eventRetentionDays })
  return events
})

const pruneInBackground = () => void pruneEvents().catch((error) => log.error('event pruning failed', { error }))

/** Prunes once now and then every hour, until stopped. */
export function startEventPruning(): Running {
  stopped = false
  const stop = every(PRUNE_EVERY_MS, pruneInBackground)
  pruneInBackground()
  return {
    async stop() {
      stopped = true
      stop()
      await pruneEvents.running?.catch(() => undefined)
    },
  }
}
