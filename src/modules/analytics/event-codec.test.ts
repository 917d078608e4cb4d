import { describe, expect, it } from 'bun:test'
import { decodeEvents, encodeEvent } from './event-codec'
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
  it('carries a batch across unchanged, nulls included', () => {
    const batch = [event(), event({ type: 'preview', platform: 'slack', referrer: null, ip: null, country: 'DE', userAgent: null })]
    expect(decodeEvents(batch.map(encodeEvent).join(''))).toEqual(batch)
  })

  it('drops separator characters smuggled into a header', () => {
    const [decoded] = decodeEvents(encodeEvent(event({ userAgent: 'bad\x1eagent\x1fhere' })))
    expect(decoded.userAgent).toBe('badagenthere')
    expect(decoded.ip).toBe('203.0.113.9')
  })

  it('reads an empty batch as no events', () => {
    expect(decodeEvents('')).toEqual([])
  })
})
