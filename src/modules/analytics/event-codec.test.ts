import { describe, expect, it } from 'bun:test'
import { decodeEvent, encodeEvent } from './event-codec'
import type { RecordedEvent } from './writer'

const event = (overrides: Partial<RecordedEvent> = {}): RecordedEvent => ({
  linkId: 'link-1',
  accountId: 'account-1',
  type: 'click',
  at: 1_795_000_000_123,
  referrer: 'https://t.co/abc?x=1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  platform: null,
  ip: '203.0.113.9',
  country: null,
  ...overrides,
})

describe('event codec', () => {
  it('carries events across unchanged, nulls included', () => {
    for (const original of [event(), event({ type: 'preview', platform: 'slack', referrer: null, ip: null, country: 'DE', userAgent: null })])
      expect(decodeEvent(encodeEvent(original))).toEqual(original)
  })

  it('drops separator characters smuggled into a header', () => {
    const decoded = decodeEvent(encodeEvent(event({ userAgent: 'bad\x1fagent\x1fhere', referrer: 'x\x1fy' })))
    expect(decoded.userAgent).toBe('badagenthere')
    expect(decoded.referrer).toBe('xy')
    expect(decoded.ip).toBe('203.0.113.9')
  })
})
