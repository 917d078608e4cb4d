// How raw events are stored. Every ~50 ms the writer stores its batch as one row of the journal
// (event_journal); every few seconds it regroups the journal's batches by link into chunks
// (link_event_chunks), one row per link, so traffic spread over many links costs one row per
// link and interval rather than a row, and an index entry, per event. Both hold JSON.
import type { EventType } from '../../shared/domain'
import type { CardVersionName } from '../../shared/link-rules'

/** Events alike in everything stored (link, type, millisecond, referrer, platform, country, agent), with their number. */
export type StoredEvent = {
  linkId: string
  accountId: string
  type: EventType
  /** Clicks from the link's QR code; absent on other events. */
  isScan?: boolean
  /** The target of the link's variant a click was sent to; absent on other events. */
  variant?: string
  /** A card test's version a preview served or a click is counted for; absent on other events. */
  card?: CardVersionName
  /** A preview served to a claimed crawler whose address was not its platform's; absent on other events. */
  unverified?: boolean
  at: number
  referrerHost: string | null
  platform: string | null
  country: string | null
  device: string | null
  browser: string | null
  os: string | null
  count: number
  /** Visitors (hashes) seen first among these events on their link and day; kept in the journal until rolled up, never in chunks. */
  visitors?: string[]
}

/** A stored event as readers see it. */
export type ChunkEvent = Omit<StoredEvent, 'linkId' | 'accountId' | 'at' | 'visitors'> & { occurredAt: Date }

export type NewChunk = { linkId: string; accountId: string; firstAt: Date; lastAt: Date; count: number; events: string }

// A chunk holds at most this many entries, so one busy link never makes a huge row.
const CHUNK_ENTRIES = 1000

// What an event is besides its link, time and count, then what only some events have: a 1 for a
// scan (else 0), a variant's target (else null), a card test's version (else null), a 1 for an
// unverified preview, left off from the end when absent. A kind stored before these were told apart
// has none of them, and reads as none.
type KindFieldsList = [EventType, string | null, string | null, string | null, string | null, string | null, string | null]
type Kind = [...KindFieldsList, (0 | 1)?, (string | null)?, (CardVersionName | null)?, 1?]

type KindFields = Pick<StoredEvent, 'type' | 'isScan' | 'variant' | 'card' | 'unverified' | 'referrerHost' | 'platform' | 'country' | 'device' | 'browser' | 'os'>

/** Whether two events are of one kind, but for their variant and card version (a Profile of the writer knows neither). */
export const sameKind = (a: Omit<KindFields, 'variant' | 'card' | 'unverified'>, b: Omit<KindFields, 'variant' | 'card' | 'unverified'>) =>
  a.type === b.type && !a.isScan === !b.isScan && a.referrerHost === b.referrerHost && a.platform === b.platform && a.country === b.country &&
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
    const previous = this.previous
    if (previous && previous.variant === event.variant && previous.card === event.card && !previous.unverified === !event.unverified && sameKind(previous, event)) return this.number
    const kind: Kind = [event.type, event.referrerHost, event.platform, event.country, event.device, event.browser, event.os]
    if (event.isScan || event.variant || event.card || event.unverified) kind.push(event.isScan ? 1 : 0)
    if (event.variant || event.card || event.unverified) kind.push(event.variant ?? null)
    if (event.card || event.unverified) kind.push(event.card ?? null)
    if (event.unverified) kind.push(1)
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

function fromKind([type, referrerHost, platform, country, device, browser, os, scan, variant, card, unverified]: Kind): KindFields {
  const fields: KindFields = { type, referrerHost, platform, country, device, browser, os }
  if (scan === 1) fields.isScan = true
  if (variant) fields.variant = variant
  if (card) fields.card = card
  if (unverified === 1) fields.unverified = true
  return fields
}

// A journal row names each account, link (with its account's number) and kind of event once,
// then holds four numbers an event: its link, its kind, its time after the row's first and its
// count; and each event's new visitors as pairs (the event's number, a hash). A chunk is one
// link's: three numbers an event, its time after the chunk's first, its kind and its count.
type JournalRow = { accounts: string[]; links: [string, number][]; kinds: Kind[]; since: number; events: number[]; visitors?: (number | string)[] }
type ChunkRow = { kinds: Kind[]; events: number[] }

// Older journal rows named each link with its account in full; before that, rows held an entry
// an event: [link, account, time, ...kind, count] in the journal, [time after the first, ...kind,
// count] in a chunk.
type OlderJournalRow = Omit<JournalRow, 'accounts' | 'links'> & { links: [string, string][] }
type OlderJournalEntry = [string, string, number, ...KindFieldsList, number]
type OlderChunkEntry = [number, ...KindFieldsList, number]

/** A batch as one journal row. */
export function journalText(events: StoredEvent[]) {
  const since = events[0]?.at ?? 0
  const accounts: string[] = []
  const accountNumbers = new Map<string, number>()
  const links: [string, number][] = []
  const linkNumbers = new Map<string, number>()
  const kinds = new Kinds()
  const numbers: number[] = []
  const visitors: (number | string)[] = []
  for (let index = 0; index < events.length; index++) {
    const event = events[index]
    if (event.visitors) for (const hash of event.visitors) visitors.push(index, hash)
    let link = linkNumbers.get(event.linkId)
    if (link === undefined) {
      let account = accountNumbers.get(event.accountId)
      if (account === undefined) {
        accountNumbers.set(event.accountId, (account = accounts.length))
        accounts.push(event.accountId)
      }
      linkNumbers.set(event.linkId, (link = links.length))
      links.push([event.linkId, account])
    }
    numbers.push(link, kinds.of(event), event.at - since, event.count)
  }
  return JSON.stringify({ accounts, links, kinds: kinds.list, since, events: numbers, visitors } satisfies JournalRow)
}

export function journalEvents(text: string): StoredEvent[] {
  const parsed = JSON.parse(text) as JournalRow | OlderJournalRow | OlderJournalEntry[]
  if (Array.isArray(parsed))
    return parsed.map(([linkId, accountId, at, type, referrerHost, platform, country, device, browser, os, count]) => ({
      linkId, accountId, at, type, referrerHost, platform, country, device, browser, os, count,
    }))
  const { kinds, since, events } = parsed
  const links: [string, string][] = 'accounts' in parsed ? parsed.links.map(([linkId, account]) => [linkId, parsed.accounts[account]]) : parsed.links
  const stored: StoredEvent[] = []
  for (let i = 0; i < events.length; i += 4) {
    const [linkId, accountId] = links[events[i]]
    stored.push({ linkId, accountId, at: since + events[i + 2], ...fromKind(kinds[events[i + 1]]), count: events[i + 3] })
  }
  const visitors = parsed.visitors ?? []
  for (let i = 0; i < visitors.length; i += 2) (stored[visitors[i] as number].visitors ??= []).push(visitors[i + 1] as string)
  return stored
}

// An entry on its way into a chunk row: its link's number, time, kind and count.
const ENTRY = 4

/**
 * Events of any links, to be stored as chunk rows: each link's events in time order,
 * CHUNK_ENTRIES at most a row. The writer keeps the batches it has put in the journal here, so
 * moving them into chunks reads nothing back. Each batch is kept as numbers in a typed array and
 * grouped by link only when the rows are made: many growing arrays held for seconds would cost
 * the garbage collector more than the grouping costs.
 */
export class ChunkBuilder {
  private links: { linkId: string; accountId: string }[] = []
  private linkNumbers = new Map<string, number>()
  private kinds = new Kinds()
  private batches: Float64Array[] = []
  /** How many entries it holds. */
  size = 0

  add(events: StoredEvent[]) {
    const batch = new Float64Array(events.length * ENTRY)
    for (let i = 0; i < events.length; i++) {
      const event = events[i]
      let link = this.linkNumbers.get(event.linkId)
      if (link === undefined) {
        this.linkNumbers.set(event.linkId, (link = this.links.length))
        this.links.push({ linkId: event.linkId, accountId: event.accountId })
      }
      const offset = i * ENTRY
      batch[offset] = link
      batch[offset + 1] = event.at
      batch[offset + 2] = this.kinds.of(event)
      batch[offset + 3] = event.count
    }
    this.batches.push(batch)
    this.size += events.length
    return this
  }

  rows(): NewChunk[] {
    // Counting sort by link: each link's entries together, in the order they came.
    const starts = new Uint32Array(this.links.length + 1)
    for (const batch of this.batches) for (let i = 0; i < batch.length; i += ENTRY) starts[batch[i] + 1]++
    for (let link = 0; link < this.links.length; link++) starts[link + 1] += starts[link]
    const next = starts.slice(0, -1)
    const entries = new Float64Array(this.size * 3)
    for (const batch of this.batches)
      for (let i = 0; i < batch.length; i += ENTRY) {
        const to = next[batch[i]]++ * 3
        entries[to] = batch[i + 1]
        entries[to + 1] = batch[i + 2]
        entries[to + 2] = batch[i + 3]
      }
    const chunks: NewChunk[] = []
    for (const [link, { linkId, accountId }] of this.links.entries()) {
      const order = Array.from({ length: starts[link + 1] - starts[link] }, (_, i) => (starts[link] + i) * 3)
      // The clock may step back: entries are put in time order, alike times kept as they came.
      for (let i = 1; i < order.length; i++)
        if (entries[order[i]] < entries[order[i - 1]]) {
          order.sort((a, b) => entries[a] - entries[b] || a - b)
          break
        }
      for (let start = 0; start < order.length; start += CHUNK_ENTRIES) chunks.push(this.row(linkId, accountId, entries, order.slice(start, start + CHUNK_ENTRIES)))
    }
    return chunks
  }

  /** One chunk row of `part`, offsets of entries (time, kind, count) in `entries`. It names only its own kinds. */
  private row(linkId: string, accountId: string, entries: Float64Array, part: number[]): NewChunk {
    const firstAt = entries[part[0]]
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
    return {
      linkId,
      accountId,
      firstAt: new Date(firstAt),
      lastAt: new Date(entries[part[part.length - 1]]),
      count,
      events: JSON.stringify({ kinds, events: numbers } satisfies ChunkRow),
    }
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
