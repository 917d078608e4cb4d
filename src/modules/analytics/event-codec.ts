// Events cross from the request thread to the writer's as one short string each: copying strings
// between threads costs a fraction of copying thousands of small objects.
import type { RecordedEvent } from './writer'

const FIELD = '\x1f'
// HTTP header values cannot carry control characters, but nothing read from a request is trusted.
const header = (value: string | null) => (value === null ? '' : value.includes(FIELD) ? value.replaceAll(FIELD, '') : value)

export function encodeEvent(event: RecordedEvent): string {
  // A template, not Array.join: this runs once per visit on the request thread. Ids, type, time,
  // platform and IP are the server's own values; the headers are not.
  return `${event.linkId}${FIELD}${event.accountId}${FIELD}${event.type}${FIELD}${event.at}${FIELD}${header(event.referrer)}${FIELD}${header(event.userAgent)}${FIELD}${event.platform ?? ''}${FIELD}${event.ip ?? ''}${FIELD}${header(event.country)}`
}

export function decodeEvent(encoded: string): RecordedEvent {
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
  }
}
