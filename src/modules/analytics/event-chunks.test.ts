import { describe, expect, it } from 'bun:test'
import { isoDay } from '../../shared/analytics'
import { ChunkBuilder, chunkEvents, journalEvents, journalText, toChunks, type StoredEvent } from './event-chunks'
import { rollupsOf } from './rollups'

const T = 1_795_000_000_000

const stored = (overrides: Partial<StoredEvent> = {}): StoredEvent => ({
  linkId: 'link-1',
  accountId: 'account-1',
  type: 'click',
  at: T,
  referrerHost: 't.co',
  platform: null,
  country: 'DE',
  device: 'mobile',
  browser: 'Safari',
  os: 'iOS',
  count: 1,
  ...overrides,
})

describe('the journal format', () => {
  it('gives back every event of a batch as it was, hostile strings included', () => {
    const batch = [
      stored(),
      stored({ linkId: 'link-2', type: 'preview', platform: 'x', referrerHost: null, country: null, count: 7 }),
      stored({ os: '"],[1,"x' }),
      // Alike in kind to the first, on another link and earlier.
      stored({ linkId: 'link-2', accountId: 'account-1', at: T - 5 }),
      stored({ linkId: 'link-3', accountId: 'account-2', at: T + 9 }),
    ]
    expect(journalEvents(journalText(batch))).toEqual(batch)
  })

  it("keeps each event's new visitors with it until it is rolled up, never in a chunk", () => {
    const batch = [stored({ count: 3, visitors: ['hash-a', 'hash-b'] }), stored({ at: T + 1 }), stored({ at: T + 2, visitors: ['"],[0,"x'] })]
    expect(journalEvents(journalText(batch))).toEqual(batch)
    const [chunk] = toChunks(batch)
    expect(chunk.events).not.toContain('hash-a')
  })

  it('names each link and kind of event once, however many events a row holds', () => {
    const batch = Array.from({ length: 1000 }, (_, i) => stored({ linkId: `link-${i % 10}`, at: T + i, count: 1 + (i % 3) }))
    const text = journalText(batch)
    expect(journalEvents(text)).toEqual(batch)
    expect(text.split('Safari')).toHaveLength(2)
    expect(text.split('link-7')).toHaveLength(2)
    expect(text.split('account-1')).toHaveLength(2)
  })

  it('reads rows that named each link with its account in full, as the version before did', () => {
    const olderRow = JSON.stringify({
      links: [['link-1', 'account-1'], ['link-2', 'account-2']],
      kinds: [['click', 't.co', null, 'DE', 'mobile', 'Safari', 'iOS']],
      since: T,
      events: [0, 0, 0, 1, 1, 0, 5, 2],
    })
    expect(journalEvents(olderRow)).toEqual([stored(), stored({ linkId: 'link-2', accountId: 'account-2', at: T + 5, count: 2 })])
  })

  it('reads rows stored an entry an event, as older versions did', () => {
    const older = JSON.stringify([['link-1', 'account-1', T, 'click', 't.co', null, 'DE', 'mobile', 'Safari', 'iOS', 3]])
    expect(journalEvents(older)).toEqual([stored({ count: 3 })])
    const olderChunk = { firstAt: new Date(T).toISOString(), events: JSON.stringify([[0, 'click', 't.co', null, 'DE', 'mobile', 'Safari', 'iOS', 3], [7, 'preview', null, 'x', null, 'bot', null, null, 1]]) }
    expect(chunkEvents(olderChunk)).toEqual([
      { occurredAt: new Date(T), type: 'click', referrerHost: 't.co', platform: null, country: 'DE', device: 'mobile', browser: 'Safari', os: 'iOS', count: 3 },
      { occurredAt: new Date(T + 7), type: 'preview', referrerHost: null, platform: 'x', country: null, device: 'bot', browser: null, os: null, count: 1 },
    ])
  })
})

describe('unverified previews', () => {
  const claimed = stored({ type: 'preview', platform: 'facebook', referrerHost: null, unverified: true, count: 2 })
  const counted = stored({ type: 'preview', platform: 'facebook', referrerHost: null, at: T + 1 })

  it('keep their mark through the journal and the chunks, apart from counted previews alike', () => {
    expect(journalEvents(journalText([claimed, counted]))).toEqual([claimed, counted])
    const [chunk] = toChunks([claimed, counted])
    expect(chunkEvents(chunk).map((event) => [event.unverified, event.count])).toEqual([
      [true, 2],
      [undefined, 1],
    ])
  })

  it('add up apart from the previews: by the platform they claimed, never in the totals', () => {
    const { daily, breakdowns } = rollupsOf([claimed, counted])
    expect(daily[0]).toMatchObject({ previews: 1 })
    expect(breakdowns.filter((row) => row.dimension === 'unverified')).toEqual([{ linkId: 'link-1', dimension: 'unverified', day: isoDay(T), value: 'facebook', count: 2 }])
    expect(breakdowns.filter((row) => row.dimension === 'platform')).toEqual([{ linkId: 'link-1', dimension: 'platform', day: isoDay(T), value: 'facebook', count: 1 }])
  })

  it('read rows written before they were told apart as counted', () => {
    const older = JSON.stringify({ kinds: [['preview', null, 'facebook', 'DE', 'mobile', 'Safari', 'iOS', 0, null, 'a']], events: [0, 0, 3] })
    expect(chunkEvents({ firstAt: T, events: older })[0]).toMatchObject({ type: 'preview', platform: 'facebook', card: 'a', count: 3 })
    expect(chunkEvents({ firstAt: T, events: older })[0]!.unverified).toBeUndefined()
  })
})

describe('scans', () => {
  it('come back from the journal and from chunks as scans, apart from plain clicks of the same kind', () => {
    const batch = [stored({ isScan: true }), stored({ at: T + 1 }), stored({ at: T + 2, isScan: true, count: 4 })]
    expect(journalEvents(journalText(batch))).toEqual(batch)
    const [chunk] = toChunks(batch)
    expect(chunkEvents(chunk).map((event) => [event.isScan ?? false, event.count])).toEqual([
      [true, 1],
      [false, 1],
      [true, 4],
    ])
  })

  it('are absent from rows stored before scans were told apart: their kinds read as plain clicks', () => {
    const row = JSON.stringify({ accounts: ['account-1'], links: [['link-1', 0]], kinds: [['click', 't.co', null, 'DE', 'mobile', 'Safari', 'iOS']], since: T, events: [0, 0, 0, 2] })
    expect(journalEvents(row)).toEqual([stored({ count: 2 })])
    const chunk = { firstAt: new Date(T).toISOString(), events: JSON.stringify({ kinds: [['click', 't.co', null, 'DE', 'mobile', 'Safari', 'iOS']], events: [0, 0, 3] }) }
    const [read] = chunkEvents(chunk)
    expect(read).toEqual({ occurredAt: new Date(T), type: 'click', referrerHost: 't.co', platform: null, country: 'DE', device: 'mobile', browser: 'Safari', os: 'iOS', count: 3 })
    expect(read.isScan).toBeUndefined()
  })

  it('add up to the daily scans, counted among the clicks', () => {
    const { daily } = rollupsOf([stored({ isScan: true, count: 2 }), stored({ at: T + 1 }), stored({ at: T + 2, type: 'preview', platform: 'x' })])
    expect(daily).toEqual([{ linkId: 'link-1', accountId: 'account-1', day: isoDay(T), clicks: 3, scans: 2, previews: 1, socialClicks: 3 }])
  })
})

describe('variants', () => {
  const A = 'https://example.com/a'
  const B = 'https://example.com/b?x="1",y'
  it('come back from the journal and from chunks with their clicks, scans among them', () => {
    const batch = [stored({ variant: A }), stored({ at: T + 1, variant: B, isScan: true }), stored({ at: T + 2 }), stored({ at: T + 3, variant: A, count: 3 })]
    expect(journalEvents(journalText(batch))).toEqual(batch)
    const [chunk] = toChunks(batch)
    expect(chunkEvents(chunk).map((event) => [event.variant, event.isScan ?? false, event.count])).toEqual([
      [A, false, 1],
      [B, true, 1],
      [undefined, false, 1],
      [A, false, 3],
    ])
  })

  it("keep a card test's version beside a variant or alone, and add up the previews and clicks of each", () => {
    const batch = [stored({ card: 'b' }), stored({ at: T + 1, variant: A, card: 'a' }), stored({ at: T + 2, type: 'preview', platform: 'x', card: 'b', count: 2 })]
    expect(journalEvents(journalText(batch))).toEqual(batch)
    const [chunk] = toChunks(batch)
    expect(chunkEvents(chunk).map((event) => [event.type, event.variant, event.card])).toEqual([
      ['click', undefined, 'b'],
      ['click', A, 'a'],
      ['preview', undefined, 'b'],
    ])
    const { breakdowns } = rollupsOf(batch)
    expect(breakdowns.filter((row) => row.dimension === 'card').map(({ value, count }) => [value, count])).toEqual([
      ['click:b', 1],
      ['click:a', 1],
      ['preview:b', 2],
    ])
  })

  it("add up to each variant's clicks of the day, previews apart", () => {
    const { breakdowns } = rollupsOf([stored({ variant: A, count: 2 }), stored({ at: T + 1, variant: B }), stored({ at: T + 2 }), stored({ at: T + 3, type: 'preview', platform: 'x' })])
    expect(breakdowns.filter((row) => row.dimension === 'variant').map(({ value, count }) => [value, count])).toEqual([
      [A, 2],
      [B, 1],
    ])
  })
})

describe('chunks', () => {
  it('hold one link each, its events in time order, with the first and last time and the total count', () => {
    const chunks = toChunks([
      stored({ at: T + 30 }),
      stored({ linkId: 'link-2', at: T + 5, type: 'preview', platform: 'linkedin', count: 3 }),
      stored({ at: T + 10, count: 4 }),
      stored({ at: T + 20, referrerHost: null }),
    ])
    expect(chunks).toHaveLength(2)
    const first = chunks.find((chunk) => chunk.linkId === 'link-1')!
    expect(first).toMatchObject({ accountId: 'account-1', firstAt: new Date(T + 10), lastAt: new Date(T + 30), count: 6 })
    expect(chunkEvents(first).map((event) => [event.occurredAt.getTime(), event.referrerHost, event.count])).toEqual([
      [T + 10, 't.co', 4],
      [T + 20, null, 1],
      [T + 30, 't.co', 1],
    ])
    const second = chunks.find((chunk) => chunk.linkId === 'link-2')!
    expect(chunkEvents(second)).toEqual([
      { occurredAt: new Date(T + 5), type: 'preview', referrerHost: 't.co', platform: 'linkedin', country: 'DE', device: 'mobile', browser: 'Safari', os: 'iOS', count: 3 },
    ])
  })

  it('split a busy link into rows of at most 1 000 entries, losing none', () => {
    const events = Array.from({ length: 2500 }, (_, i) => stored({ at: T + 2500 - i, count: 2 }))
    const chunks = toChunks(events)
    expect(chunks.map((chunk) => chunkEvents(chunk).length)).toEqual([1000, 1000, 500])
    expect(chunks.reduce((sum, chunk) => sum + chunk.count, 0)).toBe(5000)
    // Consecutive and in order: each chunk starts after the one before ends.
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].firstAt.getTime()).toBeGreaterThan(chunks[i - 1].lastAt.getTime())
  })

  it('name each kind of event once, and give back kinds that alternate', () => {
    const kinds = [stored(), stored({ referrerHost: null, os: '"],[1,"x' }), stored({ type: 'preview', platform: 'x', device: 'bot', browser: null, os: null })]
    const events = Array.from({ length: 300 }, (_, i) => ({ ...kinds[i % 3], at: T + i }))
    const [chunk] = toChunks(events)
    expect(chunk.events.split('Safari')).toHaveLength(3)
    expect(chunkEvents(chunk)).toEqual(events.map(({ linkId, accountId, at, ...rest }) => ({ occurredAt: new Date(at), ...rest })))
  })

  it('gather a link\'s events from batch after batch into its rows, each row naming only its own kinds', () => {
    const builder = new ChunkBuilder()
    const busy = (from: number, overrides: Partial<StoredEvent>) => Array.from({ length: 600 }, (_, i) => stored({ at: T + from + i, ...overrides }))
    builder.add([...busy(0, {}), stored({ linkId: 'link-2', at: T })])
    builder.add([...busy(600, { browser: 'Firefox' }), stored({ linkId: 'link-2', at: T + 1, count: 5 })])
    expect(builder.size).toBe(1202)
    const chunks = builder.rows()
    const busyRows = chunks.filter((chunk) => chunk.linkId === 'link-1')
    expect(busyRows.map((chunk) => chunkEvents(chunk).length)).toEqual([1000, 200])
    expect(busyRows[1].events).not.toContain('Safari')
    expect(chunkEvents(busyRows[1]).every((event) => event.browser === 'Firefox')).toBe(true)
    expect(chunkEvents(busyRows[0]).map((event) => event.occurredAt.getTime())).toEqual(Array.from({ length: 1000 }, (_, i) => T + i))
    const [other] = chunks.filter((chunk) => chunk.linkId === 'link-2')
    expect(other).toMatchObject({ firstAt: new Date(T), lastAt: new Date(T + 1), count: 6 })
  })

  it('read their first time as either database driver gives it', () => {
    const [chunk] = toChunks([stored({ at: T + 42 })])
    for (const firstAt of [chunk.firstAt, chunk.firstAt.getTime(), chunk.firstAt.toISOString()])
      expect(chunkEvents({ firstAt, events: chunk.events })[0].occurredAt).toEqual(new Date(T + 42))
  })
})
