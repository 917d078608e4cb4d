// How raw events are stored. Every ~100 ms the writer stores its batch as one row of the journal
// (event_journal); every few seconds it regroups the journal's batches by link into chunks
// (link_event_chunks), one row per link, so traffic spread over many links costs one row per
// link and interval rather than a row, and an index entry, per event. Both hold JSON.
import type { EventType } from '../../shared/domain'

/** Events alike in everything stored (link, type, millisecond, referrer, platform, country, agent), with their number. */
export type StoredEvent = {
  linkId: string
  accountId: string
  type: EventType
  at: number
  referrerHost: string | null
  platform: string | null
  country: string | null
  device: string | null
  browser: string | null
  os: string | null
  count: number
}

/** A stored event as readers see it. */
export type ChunkEvent = Omit<StoredEvent, 'linkId' | 'accountId' | 'at'> & { occurredAt: Date }

export type NewChunk = { linkId: string; accountId: string; firstAt: Date; lastAt: Date; count: number; events: string }

// A chunk holds at most this many entries, so one busy link never makes a huge row.
const CHUNK_ENTRIES = 1000

// What an event is besides its link, time and count.
type Kind = [EventType, string | null, string | null, string | null, string | null, string | null, string | null]

type KindFields = Pick<StoredEvent, 'type' | 'referrerHost' | 'platform' | 'country' | 'device' | 'browser' | 'os'>

export const sameKind = (a: KindFields, b: KindFields) =>
  a.type === b.type && a.referrerHost === b.referrerHost && a.platform === b.platform && a.country === b.country &&
  a.device === b.device && a.browser === b.browser && a.os === b.os

/**
 * The kinds of event a row names, each once, by number. Most events of a row are of a few kinds,
 * and they come in runs: a kind is spelled out to be looked up only when it changes.
 */
class Kinds {
  readonly list: Kind[] = []
  private numbers = new Map<string, number>()
  private previous: StoredEvent | undefined
  private number = -1

  of(event: StoredEvent) {
    if (this.previous && sameKind(this.previous, event)) return this.number
    const kind: Kind = [event.type, event.referrerHost, event.platform, event.country, event.device, event.browser, event.os]
    const key = JSON.stringify(kind)
    let number = this.numbers.get(key)
    if (number === undefined) {
      this.numbers.set(key, (number = this.list.length))
      this.list.push(kind)
    }
    this.previous = event
    this.number = number
    return number
  }
}

const fromKind = ([type, referrerHost, platform, country, device, browser, os]: Kind) => ({ type, referrerHost, platform, country, device, browser, os })

// A journal row names each link and kind of event once, then holds four numbers an event: its
// link, its kind, its time after the row's first and its count. A chunk is one link's: three
// numbers an event, its time after the chunk's first, its kind and its count.
type JournalRow = { links: [string, string][]; kinds: Kind[]; since: number; events: number[] }
type ChunkRow = { kinds: Kind[]; events: number[] }

// Rows stored before these formats held an entry an event: [link, account, time, ...kind, count]
// in the journal, [time after the first, ...kind, count] in a chunk.
type OlderJournalEntry = [string, string, number, ...Kind, number]
type OlderChunkEntry = [number, ...Kind, number]

/** A batch as one journal row. */
export function journalText(events: StoredEvent[]) {
  const since = events[0]?.at ?? 0
  const links: [string, string][] = []
  const linkNumbers = new Map<string, number>()
  const kinds = new Kinds()
  const numbers: number[] = []
  for (const event of events) {
    let link = linkNumbers.get(event.linkId)
    if (link === undefined) {
      linkNumbers.set(event.linkId, (link = links.length))
      links.push([event.linkId, event.accountId])
    }
    numbers.push(link, kinds.of(event), event.at - since, event.count)
  }
  return JSON.stringify({ links, kinds: kinds.list, since, events: numbers } satisfies JournalRow)
}

export function journalEvents(text: string): StoredEvent[] {
  const parsed = JSON.parse(text) as JournalRow | OlderJournalEntry[]
  if (Array.isArray(parsed))
    return parsed.map(([linkId, accountId, at, type, referrerHost, platform, country, device, browser, os, count]) => ({
      linkId, accountId, at, type, referrerHost, platform, country, device, browser, os, count,
    }))
  const { links, kinds, since, events } = parsed
  const stored: StoredEvent[] = []
  for (let i = 0; i < events.length; i += 4) {
    const [linkId, accountId] = links[events[i]]
    stored.push({ linkId, accountId, at: since + events[i + 2], ...fromKind(kinds[events[i + 1]]), count: events[i + 3] })
  }
  return stored
}

/** One link's events on their way into chunk rows: three numbers an event, its time, its kind and its count. */
type LinkEvents = { accountId: string; entries: number[]; inOrder: boolean }

/**
 * Events of any links grouped by link as they come, to be stored as chunk rows: each link's
 * events in time order, CHUNK_ENTRIES at most a row. The writer keeps the batches it has put in
 * the journal here, so moving them into chunks reads nothing back.
 */
export class ChunkBuilder {
  private links = new Map<string, LinkEvents>()
  private kinds = new Kinds()
  /** How many entries it holds. */
  size = 0

  add(events: StoredEvent[]) {
    for (const event of events) {
      let link = this.links.get(event.linkId)
      if (!link) this.links.set(event.linkId, (link = { accountId: event.accountId, entries: [], inOrder: true }))
      const { entries } = link
      // The clock may step back: such a link's entries are put in order when its rows are made.
      if (entries.length > 0 && event.at < entries[entries.length - 3]) link.inOrder = false
      entries.push(event.at, this.kinds.of(event), event.count)
    }
    this.size += events.length
    return this
  }

  rows(): NewChunk[] {
    const chunks: NewChunk[] = []
    for (const [linkId, { accountId, entries, inOrder }] of this.links) {
      const order = Array.from({ length: entries.length / 3 }, (_, i) => i * 3)
      if (!inOrder) order.sort((a, b) => entries[a] - entries[b] || a - b)
      for (let start = 0; start < order.length; start += CHUNK_ENTRIES) {
        const part = order.slice(start, start + CHUNK_ENTRIES)
        const firstAt = entries[part[0]]
        // Each row names only its own kinds, by its own numbers.
        const kinds: Kind[] = []
        const rowKinds = new Map<number, number>()
        const numbers: number[] = []
        let count = 0
        for (const entry of part) {
          const kind = entries[entry + 1]
          let rowKind = rowKinds.get(kind)
          if (rowKind === undefined) {
            rowKinds.set(kind, (rowKind = kinds.length))
            kinds.push(this.kinds.list[kind])
          }
          numbers.push(entries[entry] - firstAt, rowKind, entries[entry + 2])
          count += entries[entry + 2]
        }
        chunks.push({
          linkId,
          accountId,
          firstAt: new Date(firstAt),
          lastAt: new Date(entries[part[part.length - 1]]),
          count,
          events: JSON.stringify({ kinds, events: numbers } satisfies ChunkRow),
        })
      }
    }
    return chunks
  }
}

/** Events of any links as chunk rows (see ChunkBuilder). */
export const toChunks = (events: StoredEvent[]) => new ChunkBuilder().add(events).rows()

/** A chunk row's events, in time order. `firstAt` as the database driver gives it. */
export function chunkEvents(chunk: { firstAt: Date | number | string; events: string }): ChunkEvent[] {
  const firstAt = new Date(chunk.firstAt).getTime()
  const parsed = JSON.parse(chunk.events) as ChunkRow | OlderChunkEntry[]
  if (Array.isArray(parsed))
    return parsed.map(([offset, type, referrerHost, platform, country, device, browser, os, count]) => ({
      occurredAt: new Date(firstAt + offset), type, referrerHost, platform, country, device, browser, os, count,
    }))
  const { kinds, events } = parsed
  const read: ChunkEvent[] = []
  for (let i = 0; i < events.length; i += 3) read.push({ occurredAt: new Date(firstAt + events[i]), ...fromKind(kinds[events[i + 1]]), count: events[i + 2] })
  return read
}
