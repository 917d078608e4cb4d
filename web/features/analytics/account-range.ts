// The days the account's analytics show, as the address keeps them (?days=7, or ?from=…&to=…), so
// a view can be reloaded, shared, and found again with Back.
import { addDays, ANALYTICS_MESSAGES, dayCount, isoDay, MAX_PERIOD_DAYS } from '../../../src/shared/analytics'

export const PRESET_DAYS = [7, 30, 90] as const
type PresetDays = (typeof PRESET_DAYS)[number]

export type AccountRange = { days: PresetDays } | { from: string; to: string }

const DEFAULT_DAYS: PresetDays = 30

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDay(new Date(`${value}T00:00:00Z`)) === value

/** What is wrong with a custom range, in the server's words, or null. */
export function rangeError(from: string, to: string): string | null {
  if (!isDay(from)) return ANALYTICS_MESSAGES.badDay('from')
  if (!isDay(to)) return ANALYTICS_MESSAGES.badDay('to')
  if (from > to) return ANALYTICS_MESSAGES.fromAfterTo
  if (dayCount(from, to) > MAX_PERIOD_DAYS) return ANALYTICS_MESSAGES.tooLong
  return null
}

/** The range and tag an address names; anything it cannot read is the default. */
export function readQuery(search: string): { range: AccountRange; tag: string | undefined } {
  const params = new URLSearchParams(search)
  const days = Number(params.get('days'))
  const [from, to] = [params.get('from'), params.get('to')]
  const range: AccountRange =
    from !== null && to !== null && rangeError(from, to) === null
      ? { from, to }
      : PRESET_DAYS.includes(days as PresetDays)
        ? { days: days as PresetDays }
        : { days: DEFAULT_DAYS }
  return { range, tag: params.get('tag') || undefined }
}

/** The address's query for a range and tag: nothing for the defaults. */
export function writeQuery(range: AccountRange, tag: string | undefined) {
  const params = new URLSearchParams()
  if ('from' in range) {
    params.set('from', range.from)
    params.set('to', range.to)
  } else if (range.days !== DEFAULT_DAYS) params.set('days', String(range.days))
  if (tag) params.set('tag', tag)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The first and last UTC day of a range; a preset ends today. */
export function rangeDays(range: AccountRange, now = new Date()): { from: string; to: string } {
  if ('from' in range) return range
  const to = isoDay(now)
  return { from: addDays(to, -(range.days - 1)), to }
}
