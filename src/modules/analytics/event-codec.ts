// Events cross from the request thread to the writer's as one string per batch, one short record
// per event: copying one string between threads costs a fraction of copying thousands of values.
import type { CountedEvent, RecordedEvent } from './writer'

const FIELD = '\x1f'
const RECORD = '\x1e'
// HTTP header values cannot carry control characters, but nothing read from a request is trusted.
const header = (value: string | null) => (value === null ? '' : value.includes(FIELD) || value.includes(RECORD) ? value.replace(/[\x1e\x1f]/g, '') : value)

export function encodeEvent(event: RecordedEvent): string {
  // A template, not Array.join: this runs once per visit on the request thread. Ids, type, time,
  // platform and IP are the server's own values; the headers are not.
  return `${event.linkId}${FIELD}${event.accountId}${FIELD}${event.type}${FIELD}${event.at}${FIELD}${header(event.referrer)}${FIELD}${header(event.userAgent)}${FIELD}${event.platform ?? ''}${FIELD}${event.ip ?? ''}${FIELD}${header(event.country)}`
}

/** An encoded event back, with how many times it happened. */
export function decodeEvent(encoded: string, count = 1): CountedEvent {
  const [linkId, accountId, type, at, referrer, userAgent, platform, ip, country] = encoded.split(FIELD)
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
    count,
  }
}

/** A batch of encoded events as the one string that crosses to the writer. */
export const joinEvents = (encoded: string[]) => encoded.join(RECORD)

export const splitEvents = (joined: string) => (joined === '' ? [] : joined.split(RECORD))
