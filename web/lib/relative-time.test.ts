import { describe, expect, it } from 'bun:test'
import { relativeTime } from './relative-time'

const now = new Date('2026-06-15T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('relativeTime', () => {
  it.each([
    [30_000, 'Just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [29 * DAY, '29 days ago'],
  ])('shows %p ms ago as %p', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text)
  })

  it('shows a date from 30 days on', () => {
    expect(relativeTime(ago(30 * DAY), now, 'en-US')).toBe('May 16, 2026')
  })

  it('reads ISO strings and never shows the future', () => {
    expect(relativeTime('2026-06-15T11:00:00Z', now)).toBe('1 hour ago')
    expect(relativeTime('2026-06-15T12:05:00Z', now)).toBe('Just now')
  })
})
