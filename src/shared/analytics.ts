// Analytics periods and value sets, shared by the server (validation, rollups) and the web app
// (period picker, labels). Periods are whole UTC days, both ends included.

export const DAY_MS = 24 * 60 * 60 * 1000

/** The period picker of a link's analytics: today and the days before it. */
export const ANALYTICS_PERIODS = ['7days', '30days', '90days', 'year'] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]
const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7days': 7, '30days': 30, '90days': 90, year: 365 }
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30days'

/** Longest period one analytics call answers (a year and a bit, for year-on-year views). */
export const MAX_PERIOD_DAYS = 400

/** What an event's device is: a person's device class, or a crawler or other bot. */
const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other', 'bot'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

/**
 * How a link's breakdowns are kept per day. 'agent' holds device, browser and OS together
 * (`device|browser|os`): one row instead of three per kind of visitor, as events are written on
 * the thread that answers redirects.
 */
const BREAKDOWN_DIMENSIONS = ['referrer', 'platform', 'unverified', 'country', 'agent', 'variant', 'card'] as const
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number]

export const agentKey = (device: string | null, browser: string | null, os: string | null) => `${device ?? ''}|${browser ?? ''}|${os ?? ''}`

export const ANALYTICS_MESSAGES = {
  badDay: (name: string) => `${name} must be a real date written YYYY-MM-DD.`,
  fromAfterTo: 'from must not be after to.',
  tooLong: `The period can be at most ${MAX_PERIOD_DAYS} days.`,
  badFormat: 'format must be json or csv.',
} as const

/** The UTC day (YYYY-MM-DD) of a moment. */
export const isoDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10)

/** Midnight UTC at the start of a YYYY-MM-DD day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number) => isoDay(dayStart(day).getTime() + days * DAY_MS)

/** How many days `from` to `to` covers, both included, counted without listing them. */
export const dayCount = (from: string, to: string) => Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let at = dayStart(from).getTime(), end = dayStart(to).getTime(); at <= end; at += DAY_MS) days.push(isoDay(at))
  return days
}

/** The days a picker period covers: today (UTC) and the days before it. */
export function periodRange(period: AnalyticsPeriod, now: Date = new Date()): { from: string; to: string } {
  const to = isoDay(now)
  return { from: addDays(to, -(ANALYTICS_PERIOD_DAYS[period] - 1)), to }
}

/** The name of a link's raw-event export: `linkcard-<alias or slug>-<from>-to-<to>.csv`. */
export const eventsCsvFileName = (path: string, from: string, to: string) => `linkcard-${path}-${from}-to-${to}.csv`
