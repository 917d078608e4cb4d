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

// What an entry holds besides its link and time, in both formats.
type Details = [EventType, string | null, string | null, string | null, string | null, string | null, string | null, number]
type JournalEntry = [string, string, number, ...Details]
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

/** A batch as one journal row. */
export function journalText(events: StoredEvent[]) {
  return JSON.stringify(events.map((e): JournalEntry => [e.linkId, e.accountId, e.at, ...details(e)]))
}

export function journalEvents(text: string): StoredEvent[] {
  return (JSON.parse(text) as JournalEntry[]).map(([linkId, accountId, at, ...rest]) => ({ linkId, accountId, at, ...fromDetails(rest) }))
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
