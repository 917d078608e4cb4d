import { describe, expect, it } from 'bun:test'
import { Dictionary, type EncodedBatch, EventBatch, EventReader } from './event-codec'
import type { RecordedEvent } from './writer'

const LINUX = 'Mozilla/5.0 (X11; Linux x86_64)'
const PHONE = 'Mozilla/5.0 (iPhone)'

const event = (overrides: Partial<RecordedEvent> = {}): RecordedEvent => ({
  linkId: 'link-1',
  accountId: 'account-1',
  type: 'click',
  isScan: false,
  at: 1_795_000_000_123,
  referrer: 'https://t.co/abc?x=1',
  userAgent: LINUX,
  platform: null,
  ip: '203.0.113.9',
  country: null,
  ...overrides,
})

/** Both threads' halves, and a way to send a batch across as postMessage would. */
function channel(maxWords?: number) {
  const dictionary = new Dictionary(maxWords)
  const reader = new EventReader()
  const sent: EncodedBatch[] = []
  const send = (events: RecordedEvent[], repeats: number[] = []) => {
    const batch = new EventBatch(dictionary, 2)
    events.forEach((e, i) => {
      batch.add(e)
      for (let n = 0; n < (repeats[i] ?? 0); n++) batch.repeatLast()
    })
    const encoded = batch.encode()
    dictionary.trim()
    sent.push(encoded)
    return reader.read(structuredClone(encoded, { transfer: [encoded.rows.buffer] }))
  }
  return { dictionary, send, sent }
}

describe('event batches', () => {
  it('carry events across unchanged, nulls included, with how many times each happened', () => {
    const { send } = channel()
    const events = [
      event(),
      event({ type: 'preview', platform: 'slack', referrer: null, ip: null, country: 'DE', userAgent: null }),
      event({ at: 1_795_000_000_124, userAgent: PHONE }),
    ]
    expect(send(events, [2, 0, 0])).toEqual([
      { ...events[0], count: 3 },
      { ...events[1], count: 1 },
      { ...events[2], count: 1 },
    ])
    expect(send([])).toEqual([])
  })

  it('tell a scan from a plain click and a preview', () => {
    const { send } = channel()
    const events = [event({ isScan: true }), event(), event({ type: 'preview', platform: 'x' })]
    expect(send(events).map((e) => [e.type, e.isScan])).toEqual([
      ['click', true],
      ['click', false],
      ['preview', false],
    ])
  })

  it("carry a click's variant, and none on events without one", () => {
    const { send } = channel()
    const events = [event({ variant: 'https://example.com/b' }), event({ variant: 'https://example.com/a' }), event()]
    expect(send(events).map((e) => e.variant)).toEqual(['https://example.com/b', 'https://example.com/a', undefined])
  })

  it("carry a card test's version on previews and clicks, and none on events without one", () => {
    const { send } = channel()
    const events = [event({ type: 'preview', platform: 'x', card: 'b' }), event({ card: 'a' }), event()]
    expect(send(events).map((e) => e.card)).toEqual(['b', 'a', undefined])
  })

  it('tell an unverified preview from a counted one', () => {
    const { send } = channel()
    const events = [event({ type: 'preview', platform: 'facebook', unverified: true }), event({ type: 'preview', platform: 'facebook' })]
    expect(send(events).map((e) => e.unverified)).toEqual([true, undefined])
  })

  it('send each string once, with the first batch that uses it', () => {
    const { send, sent } = channel()
    send([event(), event({ userAgent: PHONE }), event({ ip: '203.0.113.10' }), event({ userAgent: PHONE })])
    expect(sent[0].words).toEqual(['link-1', 'account-1', 'https://t.co/abc?x=1', LINUX, '203.0.113.9', PHONE, '203.0.113.10'])
    expect(send([event({ userAgent: PHONE }), event({ country: 'FR' })])).toEqual([
      { ...event({ userAgent: PHONE }), count: 1 },
      { ...event({ country: 'FR' }), count: 1 },
    ])
    expect(sent[1].words).toEqual(['FR'])
    expect(sent.map((batch) => batch.reset)).toEqual([true, false])
  })

  it('keep strings exactly as sent, separators and all', () => {
    const { send } = channel()
    const odd = event({ userAgent: 'bad\x1fagent\x1ehere', referrer: 'x\x1ey\x1f', country: 'D\x1fE' })
    expect(send([odd, event()])).toEqual([
      { ...odd, count: 1 },
      { ...event(), count: 1 },
    ])
  })

  it('start the dictionary over when it is full, and both threads forget together', () => {
    const { send, sent } = channel(4)
    send([event({ ip: '198.51.100.1' }), event({ ip: '198.51.100.2' })])
    const after = [event({ ip: '198.51.100.3' }), event({ ip: '198.51.100.2' })]
    expect(send(after)).toEqual(after.map((e) => ({ ...e, count: 1 })))
    expect(sent[1].reset).toBe(true)
    expect(sent[1].words).toEqual(['link-1', 'account-1', 'https://t.co/abc?x=1', LINUX, '198.51.100.3', '198.51.100.2'])
  })

  it('send every string again to a writer that took over', () => {
    const { dictionary, send } = channel()
    send([event()])
    dictionary.resend()
    const fresh = new EventReader()
    const batch = new EventBatch(dictionary, 1)
    batch.add(event({ userAgent: PHONE }))
    expect(fresh.read(batch.encode())).toEqual([{ ...event({ userAgent: PHONE }), count: 1 }])
  })
})
