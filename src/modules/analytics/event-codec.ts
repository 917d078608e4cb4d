// Events cross from the request thread to the writer's as one string per batch: copying a
// string between threads costs a fraction of copying thousands of small objects.
import type { RecordedEvent } from './writer'

const FIELD = '\x1f'
const RECORD = '\x1e'
// HTTP header values cannot carry control characters, but nothing read from a request is trusted.
const CONTROL = /[\x1e\x1f]/g
const text = (value: string | null) => (value === null ? '' : value.includes(FIELD) || value.includes(RECORD) ? value.replace(CONTROL, '') : value)

export function encodeEvent(event: RecordedEvent): string {
  return [event.linkId, event.accountId, event.type, event.at, text(event.referrer), text(event.userAgent), text(event.platform), text(event.ip), text(event.country)].join(FIELD)
}

export const joinEvents = (encoded: string[]) => encoded.join(RECORD)

export function decodeEvents(batch: string): RecordedEvent[] {
  if (!batch) return []
  return batch.split(RECORD).map((line) => {
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
