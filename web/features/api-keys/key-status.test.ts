import { describe, expect, it } from 'bun:test'
import { expiresIn, keyStatus } from './key-status'

const now = Date.parse('2026-06-15T12:00:00Z')
const at = (ms: number) => new Date(now + ms).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('keyStatus', () => {
  it('tells an active key, one in its grace period, one rolled and one revoked apart', () => {
    expect(keyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active')
    expect(keyStatus({ revokedAt: null, expiresAt: at(HOUR) }, now)).toBe('ending')
    expect(keyStatus({ revokedAt: null, expiresAt: at(0) }, now)).toBe('rolled')
    expect(keyStatus({ revokedAt: at(-DAY), expiresAt: at(HOUR) }, now)).toBe('revoked')
  })
})

describe('expiresIn', () => {
  it.each([
    [20_000, 'Expires in 1 min'],
    [59 * MINUTE + 59_000, 'Expires in 59 min'],
    [HOUR, 'Expires in 1 h'],
    [DAY - 1, 'Expires in 23 h'],
    [2 * DAY - 1, 'Expires in 47 h'],
    [2 * DAY, 'Expires in 2 d'],
    [7 * DAY - 1, 'Expires in 6 d 23 h'],
  ])('shows %p ms left as %p', (left, text) => {
    expect(expiresIn(at(left), now)).toBe(text)
  })
})
