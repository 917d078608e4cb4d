import { describe, expect, it } from 'bun:test'
import { decodeBatch, EventBatch } from './event-codec'
import type { RecordedEvent } from './writer'

const LINUX = 'Mozilla/5.0 (X11; Linux x86_64)'

const event = (overrides: Partial<RecordedEvent> = {}): RecordedEvent => ({
  linkId: 'link-1',
  accountId: 'account-1',
  type: 'click',
  at: 1_795_000_000_123,
  referrer: 'https://t.co/abc?x=1',
  userAgent: LINUX,
  platform: null,
  ip: '203.0.113.9',
  country: null,
  ...overrides,
})

/** A batch of these events, across and back. */
function roundTrip(events: RecordedEvent[], repeats: number[] = []) {
  const batch = new EventBatch()
  events.forEach((e, i) => {
    batch.add(e)
    for (let n = 0; n < (repeats[i] ?? 0); n++) batch.repeatLast()
  })
  const encoded = batch.encode()
  return { encoded, decoded: decodeBatch(structuredClone(encoded)) }
}

describe('event batches', () => {
  it('carry events across unchanged, nulls included, with how many times each happened', () => {
    const events = [
      event(),
      event({ type: 'preview', platform: 'slack', referrer: null, ip: null, country: 'DE', userAgent: null }),
      event({ at: 1_795_000_000_124, userAgent: 'Mozilla/5.0 (iPhone)' }),
    ]
    const { decoded } = roundTrip(events, [2, 0, 0])
    expect(decoded).toEqual([
      { ...events[0], count: 3 },
      { ...events[1], count: 1 },
      { ...events[2], count: 1 },
    ])
    expect(roundTrip([]).decoded).toEqual([])
  })

  it('carry each distinct User-Agent once', () => {
    const phone = 'Mozilla/5.0 (iPhone)'
    const { encoded, decoded } = roundTrip([event(), event({ userAgent: phone }), event({ ip: '203.0.113.10' }), event({ userAgent: phone })])
    expect(encoded.userAgents).toEqual([LINUX, phone])
    expect(decoded.map((e) => e.userAgent)).toEqual([LINUX, phone, LINUX, phone])
  })

  it('drop separator characters smuggled into a header, so no field spills into the next; User-Agents travel apart, untouched', () => {
    const smuggled = event({ userAgent: 'bad\x1fagent\x1ehere', referrer: 'x\x1ey\x1f', country: 'D\x1fE' })
    const [decoded, next] = roundTrip([smuggled, event()]).decoded
    expect(decoded.userAgent).toBe('bad\x1fagent\x1ehere')
    expect(decoded.referrer).toBe('xy')
    expect(decoded.country).toBe('DE')
    expect(decoded.ip).toBe('203.0.113.9')
    expect(next).toEqual({ ...event(), count: 1 })
  })
})
