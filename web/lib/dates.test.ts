import { describe, expect, it } from 'bun:test'
import { formatDate, formatDateTime } from './dates'

describe('dates', () => {
  it("show a day in the reader's locale, the month short", () => {
    const instant = '2026-11-25T15:04:00Z'
    expect(formatDate(instant, 'en-US')).toBe(new Date(instant).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }))
    expect(formatDate(instant, 'en-US')).toMatch(/^Nov 2[56], 2026$/)
    expect(formatDate(instant, 'de-DE')).toMatch(/^2[56]\. Nov\. 2026$/)
  })

  it('add the minute where it matters', () => {
    expect(formatDateTime('2026-11-25T15:04:00Z', 'en-US')).toMatch(/^Nov 2[56], 2026, \d{1,2}:04\s?[AP]M$/)
  })
})
