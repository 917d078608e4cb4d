// Events cross from the request thread to the writer's in batches: one string holding a short
// record per event, and the batch's distinct User-Agents once each, which the records name by
// number. Copying a few strings between threads costs a fraction of copying thousands of values,
// and a visitor's long User-Agent is copied once however often they come back.
import type { CountedEvent, RecordedEvent } from './writer'

const FIELD = '\x1f'
const RECORD = '\x1e'
// HTTP header values cannot carry control characters, but nothing read from a request is trusted.
const header = (value: string | null) => (value === null ? '' : value.includes(FIELD) || value.includes(RECORD) ? value.replace(/[\x1e\x1f]/g, '') : value)

/** What crosses to the writer. */
export type EncodedBatch = { events: string; userAgents: string[]; counts: number[] }

/** Events on their way to the writer. */
export class EventBatch {
  private readonly records: string[] = []
  private readonly counts: number[] = []
  private readonly userAgents = new Map<string, number>()

  get size() {
    return this.records.length
  }

  add(event: RecordedEvent) {
    // A template, not Array.join: this runs once per visit on the request thread. Ids, type, time,
    // platform and IP are the server's own values; the headers are not.
    this.records.push(
      `${event.linkId}${FIELD}${event.accountId}${FIELD}${event.type}${FIELD}${event.at}${FIELD}${header(event.referrer)}${FIELD}${this.userAgentNumber(event.userAgent)}${FIELD}${event.platform ?? ''}${FIELD}${event.ip ?? ''}${FIELD}${header(event.country)}`,
    )
    this.counts.push(1)
  }

  /** The event added last happened once more. */
  repeatLast() {
    this.counts[this.counts.length - 1]++
  }

  encode(): EncodedBatch {
    return { events: this.records.join(RECORD), userAgents: [...this.userAgents.keys()], counts: this.counts }
  }

  private userAgentNumber(userAgent: string | null) {
    if (userAgent === null) return ''
    let number = this.userAgents.get(userAgent)
    if (number === undefined) {
      number = this.userAgents.size
      this.userAgents.set(userAgent, number)
    }
    return number
  }
}

/** A batch's events back, each with how many times it happened. */
export function decodeBatch({ events, userAgents, counts }: EncodedBatch): CountedEvent[] {
  if (events === '') return []
  return events.split(RECORD).map((record, i) => {
    const [linkId, accountId, type, at, referrer, userAgent, platform, ip, country] = record.split(FIELD)
    return {
      linkId,
      accountId,
      type: type as RecordedEvent['type'],
      at: Number(at),
      referrer: referrer || null,
      userAgent: userAgent === '' ? null : userAgents[Number(userAgent)],
      platform: platform || null,
      ip: ip || null,
      country: country || null,
      count: counts[i],
    }
  })
}
