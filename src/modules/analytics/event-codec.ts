// Events cross from the request thread to the writer's as one string per batch: copying a
// string between threads costs a fraction of copying thousands of small objects.
import type { RecordedEvent } from './writer'

const FIELD = '\x1f'
const RECORD = '\x1e'
// HTTP header values cannot carry control characters, but nothing read from a request is trusted.
const CONTROL = /[\x1e\x1f]/g
const header = (value: string | null) => (value === null ? '' : value.includes(FIELD) || value.includes(RECORD) ? value.replace(CONTROL, '') : value)

/** One event as a record of the batch string (records end with the record separator). */
export function encodeEvent(event: RecordedEvent): string {
  // A template, not Array.join: this runs once per visit on the request thread.
  // Ids, type, time, platform and IP are the server's own values; the two headers are not.
  return `${event.linkId}${FIELD}${event.accountId}${FIELD}${event.type}${FIELD}${event.at}${FIELD}${header(event.referrer)}${FIELD}${header(event.userAgent)}${FIELD}${event.platform ?? ''}${FIELD}${event.ip ?? ''}${FIELD}${header(event.country)}${RECORD}`
}

export function decodeEvents(batch: string): RecordedEvent[] {
  if (!batch) return []
  return batch.slice(0, -RECORD.length).split(RECORD).map((line) => {
    const [linkId, accountId, type, at, referrer, userAgent, platform, ip, country] = line.split(FIELD)
    return {
      linkId,
      accountId,
      type: type as RecordedEvent['type'],
      at: Number(at),
      referrer: referrer || null,
      userAgent: userAgent || null,
      platform: platform || null,
      ip: ip || null,
      country: country || null,
    }
  })
}
