// The relative 'last used' time: minutes under an hour, hours up to a day, days up to 30, then a date.
import { formatDate } from './dates'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`

export function relativeTime(value: string | Date, now: Date = new Date(), locale?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const elapsed = Math.max(0, now.getTime() - date.getTime())
  if (elapsed < MINUTE) return 'Just now'
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 30 * DAY) return plural(Math.floor(elapsed / DAY), 'day')
  return formatDate(date, locale)
}
