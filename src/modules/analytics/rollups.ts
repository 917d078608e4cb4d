// What stored events add up to: per-day totals, breakdowns and visitors of each link. Worked out
// from the events themselves (and the visitors their journal row names), so the journal alone
// says what a move into chunks adds, and rows a stopped instance left behind add theirs too.
import { agentKey, isoDay, type BreakdownDimension } from '../../shared/analytics'
import { isSocialHost } from './classify'
import type { StoredEvent } from './event-chunks'

type DailyDelta = { linkId: string; accountId: string; day: string; clicks: number; scans: number; previews: number; socialClicks: number }
type BreakdownDelta = { linkId: string; dimension: BreakdownDimension; day: string; value: string; count: number }
export type VisitorDelta = { linkId: string; accountId: string; day: string; visitorHash: string }
export type Rollups = { daily: DailyDelta[]; breakdowns: BreakdownDelta[]; visitors: VisitorDelta[] }

type LinkDay = DailyDelta & { breakdowns: Record<BreakdownDimension, Map<string, number>>; visitors: Set<string> }

// Hosts repeat endlessly; whether one is social is worked out once. Bounded.
const SOCIAL_MAX = 10_000
const social = new Map<string, boolean>()
function isSocial(host: string | null) {
  if (!host) return false
  let known = social.get(host)
  if (known === undefined) {
    if (social.size >= SOCIAL_MAX) social.clear()
    social.set(host, (known = isSocialHost(host)))
  }
  return known
}

export class RollupBuilder {
  private rows = new Map<string, LinkDay>()
  // Events come in time order: a day's name is made once a day, not once an event.
  private dayNumber = Number.NaN
  private day = ''

  add(events: StoredEvent[]) {
    for (const event of events) {
      const dayNumber = Math.floor(event.at / 86_400_000)
      if (dayNumber !== this.dayNumber) {
        this.dayNumber = dayNumber
        this.day = isoDay(event.at)
      }
      const row = this.row(event.linkId, event.accountId, this.day)
      const { count } = event
      if (event.type === 'click') {
        row.clicks += count
        if (event.isScan) row.scans += count
        if (isSocial(event.referrerHost)) row.socialClicks += count
        // Breakdowns about people count clicks; crawlers' datacentres say nothing about the audience.
        add(row.breakdowns.referrer, event.referrerHost, count)
        add(row.breakdowns.country, event.country, count)
        add(row.breakdowns.agent, agentKey(event.device, event.browser, event.os), count)
        if (event.variant) add(row.breakdowns.variant, event.variant, count)
      } else if (event.unverified) {
        // Served, never counted: kept apart, by the platform it claimed.
        add(row.breakdowns.unverified, event.platform, count)
      } else {
        row.previews += count
        add(row.breakdowns.platform, event.platform, count)
      }
      // A card test's versions count both: the previews each served and the clicks each brought.
      if (event.card) add(row.breakdowns.card, `${event.type}:${event.card}`, count)
      for (const hash of event.visitors ?? []) row.visitors.add(hash)
    }
    return this
  }

  get size() {
    return this.rows.size
  }

  /** The rows to write, in key order (link, then day): each transaction's rows land on neighbouring pages of the tables. */
  take(): Rollups {
    const taken: Rollups = { daily: [], breakdowns: [], visitors: [] }
    const rows = [...this.rows.values()].sort((a, b) => (a.linkId < b.linkId ? -1 : a.linkId > b.linkId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    for (const { linkId, accountId, day, clicks, scans, previews, socialClicks, breakdowns, visitors } of rows) {
      taken.daily.push({ linkId, accountId, day, clicks, scans, previews, socialClicks })
      for (const [dimension, values] of Object.entries(breakdowns) as [BreakdownDimension, Map<string, number>][])
        for (const [value, count] of values) taken.breakdowns.push({ linkId, dimension, day, value, count })
      for (const visitorHash of visitors) taken.visitors.push({ linkId, accountId, day, visitorHash })
    }
    this.rows = new Map()
    return taken
  }

  private row(linkId: string, accountId: string, day: string) {
    const key = `${linkId}|${day}`
    let row = this.rows.get(key)
    if (!row) {
      const breakdowns = { referrer: new Map(), platform: new Map(), unverified: new Map(), country: new Map(), agent: new Map(), variant: new Map(), card: new Map() }
      this.rows.set(key, (row = { linkId, accountId, day, clicks: 0, scans: 0, previews: 0, socialClicks: 0, breakdowns, visitors: new Set() }))
    }
    return row
  }
}

function add(values: Map<string, number>, value: string | null, count: number) {
  values.set(value ?? '', (values.get(value ?? '') ?? 0) + count)
}

/** What events add up to (see RollupBuilder). */
export const rollupsOf = (events: StoredEvent[]) => new RollupBuilder().add(events).take()
