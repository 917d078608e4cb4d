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

// What an event is besides its link, time and count; a chunk's entry holds it with the two numbers.
type Kind = [EventType, string | null, string | null, string | null, string | null, string | null, string | null]
type Details = [...Kind, number]
type ChunkEntry = [number, ...Details]

const details = (e: StoredEvent): Details => [e.type, e.referrerHost, e.platform, e.country, e.device, e.browser, e.os, e.count]
const fromDetails = ([type, referrerHost, platform, country, device, browser, os, count]: Details) => ({
  type,
  referrerHost,
  platform,
  country,
  device,
  browser,
  os,
  count,
})

// A journal row names each link and each kind of event (its details but the count) once, then
// holds four numbers an event: its link, its kind, its time after the row's first and its count.
// Most of a batch is alike but for the link, so this is a fraction of an entry per event.
type JournalRow = { links: [string, string][]; kinds: Kind[]; since: number; events: number[] }

const sameKind = (a: StoredEvent, b: StoredEvent) =>
  a.type === b.type && a.referrerHost === b.referrerHost && a.platform === b.platform && a.country === b.country &&
  a.device === b.device && a.browser === b.browser && a.os === b.os

/** A batch as one journal row. */
export function journalText(events: StoredEvent[]) {
  const row: JournalRow = { links: [], kinds: [], since: events[0]?.at ?? 0, events: [] }
  const links = new Map<string, number>()
  const kinds = new Map<string, number>()
  let previous: StoredEvent | undefined
  let kind = -1
  for (const event of events) {
    let link = links.get(event.linkId)
    if (link === undefined) {
      links.set(event.linkId, (link = row.links.length))
      row.links.push([event.linkId, event.accountId])
    }
    // Events of a kind come in runs: the kind's key is spelled out only when the kind changes.
    if (!previous || !sameKind(previous, event)) {
      const details: Kind = [event.type, event.referrerHost, event.platform, event.country, event.device, event.browser, event.os]
      const key = JSON.stringify(details)
      kind = kinds.get(key) ?? -1
      if (kind < 0) {
        kinds.set(key, (kind = row.kinds.length))
        row.kinds.push(details)
      }
    }
    previous = event
    row.events.push(link, kind, event.at - row.since, event.count)
  }
  return JSON.stringify(row)
}

// Rows stored before this format: an entry an event, [link, account, time, ...details].
type OlderJournalEntry = [string, string, number, ...Details]

export function journalEvents(text: string): StoredEvent[] {
  const parsed = JSON.parse(text) as JournalRow | OlderJournalEntry[]
  if (Array.isArray(parsed)) return parsed.map(([linkId, accountId, at, ...rest]) => ({ linkId, accountId, at, ...fromDetails(rest) }))
  const { links, kinds, since, events } = parsed
  const stored: StoredEvent[] = []
  for (let i = 0; i < events.length; i += 4) {
    const [linkId, accountId] = links[events[i]]
    const [type, referrerHost, platform, country, device, browser, os] = kinds[events[i + 1]]
    stored.push({ linkId, accountId, type, at: since + events[i + 2], referrerHost, platform, country, device, browser, os, count: events[i + 3] })
  }
  return stored
}

/** Events of any links as chunk rows: each link's events in time order, CHUNK_ENTRIES at most a row. */
export function toChunks(events: StoredEvent[]): NewChunk[] {
  const chunks: NewChunk[] = []
  for (const linkEvents of Map.groupBy(events, (event) => event.linkId).values()) {
    linkEvents.sort((a, b) => a.at - b.at)
    for (let start = 0; start < linkEvents.length; start += CHUNK_ENTRIES) {
      const part = linkEvents.slice(start, start + CHUNK_ENTRIES)
      const firstAt = part[0].at
      chunks.push({
        linkId: part[0].linkId,
        accountId: part[0].accountId,
        firstAt: new Date(firstAt),
        lastAt: new Date(part[part.length - 1].at),
        count: part.reduce((sum, event) => sum + event.count, 0),
        events: JSON.stringify(part.map((e): ChunkEntry => [e.at - firstAt, ...details(e)])),
      })
    }
  }
  return chunks
}

/** A chunk row's events, in time order. `firstAt` as the database driver gives it. */
export function chunkEvents(chunk: { firstAt: Date | number | string; events: string }): ChunkEvent[] {
  const firstAt = new Date(chunk.firstAt).getTime()
  return (JSON.parse(chunk.events) as ChunkEntry[]).map(([offset, ...rest]) => ({ occurredAt: new Date(firstAt + offset), ...fromDetails(rest) }))
}
