import { describe, expect, it } from 'bun:test'
import { decodeEvent, encodeEvent, joinEvents, splitEvents } from './event-codec'
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
      expect(decodeEvent(encodeEvent(original), 3)).toEqual({ ...original, count: 3 })
  })

  it('carries a batch across as one string, event by event', () => {
    const batch = [event(), event({ type: 'preview', platform: 'x', referrer: null }), event({ at: 1_795_000_000_124 })]
    expect(splitEvents(joinEvents(batch.map(encodeEvent))).map((encoded) => decodeEvent(encoded))).toEqual(batch.map((e) => ({ ...e, count: 1 })))
    expect(splitEvents(joinEvents([]))).toEqual([])
  })

  it('drops separator characters smuggled into a header', () => {
    const smuggled = [event({ userAgent: 'bad\x1fagent\x1ehere', referrer: 'x\x1ey\x1f' }), event()]
    const [decoded, next] = splitEvents(joinEvents(smuggled.map(encodeEvent))).map((encoded) => decodeEvent(encoded))
    expect(decoded.userAgent).toBe('badagenthere')
    expect(decoded.referrer).toBe('xy')
    expect(decoded.ip).toBe('203.0.113.9')
    expect(next).toEqual({ ...event(), count: 1 })
  })
})
