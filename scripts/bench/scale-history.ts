// A year of made-up analytics history for `npm run bench -- --scale`: accounts, links and their
// events, the same for a given size and seed wherever it is loaded, so two databases loaded from it
// must answer alike. Events go through the product's own encoder (toChunks) and rollups (rollupsOf),
// so the rows are those the event writer stores.
//
// The shape: links' popularity follows a Zipf law (a few very busy links, a long tail), the busiest
// link (the first account's first) grows over the year, the others peak when made and fade. Visits
// come in bursts, people following one post or message, from one source; the writer regroups what
// it holds every MOVE_MS, so a chunk is one link's events of those seconds.
import { ChunkBuilder, type NewChunk, type StoredEvent } from '../../src/modules/analytics/event-chunks'
import { rollupsOf } from '../../src/modules/analytics/rollups'
import { addDays, DAY_MS, dayStart, type BreakdownDimension } from '../../src/shared/analytics'

export type HistorySize = { accounts: number; links: number; events: number }

/** An account with its one user, its owner. */
export type SeededAccount = { id: string; userId: string; name: string; email: string; plan: 'free' | 'enterprise'; createdAt: number }
export type SeededLink = { id: string; accountId: string; slug: string; targetUrl: string; title: string; createdAt: number }
export type DailyRow = { linkId: string; accountId: string; day: string; clicks: number; scans: number; previews: number; socialClicks: number; uniqueVisitors: number }
export type BreakdownRow = { linkId: string; dimension: BreakdownDimension; day: string; value: string; count: number }
export type VisitorRow = { linkId: string; day: string; visitorHash: string }
/** Rows of one link's history, a stretch of days at a time. */
export type HistoryRows = { chunks: NewChunk[]; daily: DailyRow[]; breakdowns: BreakdownRow[]; visitors: VisitorRow[]; events: number }

const DAYS = 365
// How skewed popularity is: the busiest link gets a few million events a year, the 100,000th a handful.
const ZIPF = 1.1
// The event writer's move interval (writer.ts): a chunk holds one link's events of that long.
const MOVE_MS = 10_000
// Visitor hashes are kept a week (service.ts); older days keep only their count.
const VISITOR_DAYS = 7
// Events rolled up and encoded at once: bounds memory on the busiest link.
const SLICE_EVENTS = 50_000
// Links made over the first 330 days: the last month's new links have some history too.
const MADE_OVER_DAYS = 330

/** Deterministic numbers in [0, 1) (mulberry32). */
function randomFrom(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
type Random = ReturnType<typeof randomFrom>

/** Values drawn by weight. */
class Weighted<T> {
  private cumulative: Float64Array
  constructor(
    readonly values: T[],
    weights: number[],
  ) {
    this.cumulative = new Float64Array(weights.length)
    let sum = 0
    weights.forEach((weight, i) => {
      sum += weight
      this.cumulative[i] = sum
    })
    for (let i = 0; i < weights.length; i++) this.cumulative[i] /= sum
  }
  pick(random: Random): T {
    const u = random()
    let low = 0
    let high = this.cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.cumulative[mid] > u) high = mid
      else low = mid + 1
    }
    return this.values[low]
  }
}

const zipf = <T>(values: T[], exponent: number) => new Weighted(values, values.map((_, i) => 1 / (i + 1) ** exponent))

// Where a burst of visits comes from: the referrer its clicks carry (null: none sent, as apps and
// mail clients do) and the platform whose crawler previews the link there, if any.
type Source = { referrer: string | null; platform: string | null; scans?: true }
const BLOGS = zipf(
  Array.from({ length: 200 }, (_, i) => `blog-${i}.example`),
  1,
)
const SOURCES = new Weighted<Source | 'blog'>(
  [
    { referrer: null, platform: 'whatsapp' },
    { referrer: null, platform: 'imessage' },
    { referrer: 't.co', platform: 'x' },
    { referrer: 'l.facebook.com', platform: 'facebook' },
    { referrer: 'www.linkedin.com', platform: 'linkedin' },
    { referrer: null, platform: 'telegram' },
    { referrer: null, platform: 'slack' },
    { referrer: null, platform: 'discord' },
    { referrer: 'www.reddit.com', platform: 'reddit' },
    { referrer: 'www.pinterest.com', platform: 'pinterest' },
    { referrer: 'mastodon.social', platform: 'mastodon' },
    { referrer: 'www.google.com', platform: null },
    { referrer: 'news.ycombinator.com', platform: null },
    // A newsletter, or a printed QR code.
    { referrer: null, platform: null },
    { referrer: null, platform: null, scans: true },
    'blog',
  ],
  [20, 8, 10, 12, 8, 4, 5, 3, 3, 2, 1, 8, 2, 8, 5, 10],
)
const COUNTRIES = zipf(
  ['US', 'GB', 'DE', 'FR', 'IN', 'CA', 'BR', 'ES', 'IT', 'NL', 'AU', 'JP', 'MX', 'PL', 'SE', 'BE', 'CH', 'AT', 'IE', 'PT',
   'DK', 'NO', 'FI', 'TR', 'ID', 'PH', 'NG', 'ZA', 'AR', 'CO', 'KR', 'SG', 'NZ', 'IL', 'CZ', 'RO', 'GR', 'HU', 'UA', 'VN', null],
  1.2,
)
type Agent = [device: string | null, browser: string | null, os: string | null]
const AGENTS = new Weighted<Agent>(
  [
    ['mobile', 'Safari', 'iOS'], ['mobile', 'Chrome', 'Android'], ['desktop', 'Chrome', 'Windows'], ['desktop', 'Safari', 'macOS'],
    ['desktop', 'Chrome', 'macOS'], ['desktop', 'Edge', 'Windows'], ['mobile', 'Facebook', 'iOS'], ['mobile', 'Samsung Internet', 'Android'],
    ['mobile', 'Instagram', 'iOS'], ['desktop', 'Firefox', 'Windows'], ['tablet', 'Safari', 'iOS'], ['mobile', 'Chrome', 'iOS'],
    ['desktop', 'Chrome', 'Linux'], ['desktop', 'Firefox', 'Linux'], ['desktop', 'Chrome', 'ChromeOS'], ['other', null, null],
  ],
  [30, 25, 15, 6, 6, 4, 3, 3, 2, 2, 2, 2, 0.7, 0.5, 0.5, 0.5],
)
// Crawlers fetch from datacentres.
const CRAWLER_COUNTRIES = new Weighted(['US', 'IE', 'DE'], [80, 15, 5])

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE64URL = `${BASE62}-_`

/** A time-ordered id like the product's (UUIDv7), its random bits drawn from `random`. */
function uuid7(ms: number, random: Random) {
  const hex = (n: number, digits: number) => Math.floor(n).toString(16).padStart(digits, '0')
  const time = hex(ms, 12)
  const r = () => hex(random() * 0x10000, 4)
  return `${time.slice(0, 8)}-${time.slice(8)}-7${r().slice(1)}-${hex(0x8000 + random() * 0x4000, 4)}-${r()}${r()}${r()}`
}

/** A number mixed into a seed of its own. */
const seedOf = (seed: number, n: number) => Math.imul(seed ^ Math.imul(n + 1, 0x9e3779b1), 0x85ebca6b) ^ (n >>> 16)

type LinkPlan = SeededLink & { events: number; madeDay: number; fade: number; floor: number }

export type History = {
  firstDay: string
  lastDay: string
  accounts: SeededAccount[]
  links: LinkPlan[]
  /** The busiest link: the first account's first. */
  busyLink: LinkPlan
  /** Each link's rows, link after link in id order, a stretch of days at a time. */
  rows(): Generator<HistoryRows>
}

/** Where the busiest link's account and the super admin sign in. */
export const OWNER_EMAIL = 'owner@bench.example'
export const ADMIN_EMAIL = 'admin@bench.example'

/** The history of `size` up to `lastDay` (YYYY-MM-DD, the DAYS days before it included). */
export function planHistory(size: HistorySize, lastDay: string, seed = 1): History {
  const random = randomFrom(seed)
  const firstDay = addDays(lastDay, -(DAYS - 1))
  const start = dayStart(firstDay).getTime()
  const accounts: SeededAccount[] = []
  for (let a = 0; a < size.accounts; a++) {
    const createdAt = start - (size.accounts - a) * 3_600_000
    const email = a === 0 ? OWNER_EMAIL : a === 1 ? ADMIN_EMAIL : `customer-${a}@bench.example`
    // The owner's plan has the stats API (a call that reads raw events).
    accounts.push({ id: uuid7(createdAt, random), userId: uuid7(createdAt, random), name: `Customer ${a}`, email, plan: a === 0 ? 'enterprise' : 'free', createdAt })
  }
  const accountIds = accounts.map((account) => account.id)
  // Some accounts hold thousands of links, most a few dozen.
  const owners = zipf(accountIds, 0.7)
  // Popularity ranks: the first link is the busiest, the others' ranks shuffled.
  const ranks = Array.from({ length: size.links }, (_, i) => i + 1)
  for (let i = size.links - 1; i > 1; i--) {
    const j = 1 + Math.floor(random() * i)
    ;[ranks[i], ranks[j]] = [ranks[j], ranks[i]]
  }
  let harmonic = 0
  for (let r = 1; r <= size.links; r++) harmonic += r ** -ZIPF
  const links: LinkPlan[] = ranks.map((rank, i) => {
    const createdAt = start + Math.floor((i * MADE_OVER_DAYS * DAY_MS) / size.links)
    const fade = 1 + 30 * random() ** 2
    let slug = ''
    for (let n = i + 62 ** 6, k = 0; k < 7; k++, n = Math.floor(n / 62)) slug = BASE62[n % 62] + slug
    return {
      id: uuid7(createdAt, random),
      accountId: i === 0 ? accountIds[0] : owners.pick(random),
      slug,
      targetUrl: `https://example.com/articles/${i}`,
      title: `Article ${i}`,
      createdAt,
      events: (size.events * rank ** -ZIPF) / harmonic,
      madeDay: Math.floor((createdAt - start) / DAY_MS),
      fade,
      // The busiest links keep a steady audience; most are read when shared, then rarely.
      floor: rank <= 1000 ? 0.3 : 0.002 + 0.01 * random(),
    }
  })
  return { firstDay, lastDay, accounts, links, busyLink: links[0], rows: () => historyRows(links, start, lastDay, seed) }
}

/** How many events each day of the year brings the link. */
function eventsPerDay(link: LinkPlan, isBusiest: boolean, random: Random) {
  const weights = new Float64Array(DAYS)
  let sum = 0
  for (let d = link.madeDay; d < DAYS; d++) {
    // Weekends are quieter (day 0 is any weekday: only the rhythm matters).
    const week = d % 7 >= 5 ? 0.7 : 1
    weights[d] = week * (isBusiest ? 0.3 + d / DAYS : Math.exp(-(d - link.madeDay) / link.fade) + link.floor)
    sum += weights[d]
  }
  const counts = new Uint32Array(DAYS)
  for (let d = link.madeDay; d < DAYS; d++) {
    const expected = (link.events * weights[d]) / sum
    counts[d] = Math.floor(expected) + (random() < expected % 1 ? 1 : 0)
  }
  return counts
}

function* historyRows(links: LinkPlan[], start: number, lastDay: string, seed: number): Generator<HistoryRows> {
  const firstVisitorDay = addDays(lastDay, -(VISITOR_DAYS - 1))
  for (const [i, link] of links.entries()) {
    const random = randomFrom(seedOf(seed, i))
    const perDay = eventsPerDay(link, i === 0, random)
    let events: StoredEvent[] = []
    let newVisitors = new Map<string, number>()
    let visitors: VisitorRow[] = []
    const flush = (): HistoryRows => {
      const rollups = rollupsOf(events)
      const daily = rollups.daily.map((row) => ({ ...row, uniqueVisitors: newVisitors.get(row.day) ?? 0 }))
      // The writer's moves: one chunk (or more, past 1,000 entries) per link and interval. Each
      // move's events go in under a key of their own, so one builder makes every move's chunks,
      // as toChunks would one move at a time, without a builder per move.
      const builder = new ChunkBuilder()
      for (const event of events) event.linkId = String(Math.floor(event.at / MOVE_MS))
      const chunks = builder.add(events).rows()
      for (const chunk of chunks) chunk.linkId = link.id
      const rows = { chunks, daily, breakdowns: rollups.breakdowns, visitors, events: events.length }
      events = []
      newVisitors = new Map()
      visitors = []
      return rows
    }
    for (let d = 0; d < DAYS; d++) {
      if (perDay[d] === 0) continue
      const dayAt = start + d * DAY_MS
      const day = addDays(lastDay, d - (DAYS - 1))
      const dayEvents = burstsOf(link, perDay[d], dayAt, random)
      let uniques = 0
      for (const event of dayEvents) {
        // About one click in three is someone coming back the same day.
        if (event.type !== 'click' || random() >= 0.7) continue
        uniques++
        if (day >= firstVisitorDay) {
          let hash = ''
          for (let k = 0; k < 22; k++) hash += BASE64URL[Math.floor(random() * 64)]
          visitors.push({ linkId: link.id, day, visitorHash: hash })
        }
      }
      newVisitors.set(day, uniques)
      for (const event of dayEvents) events.push(event)
      if (events.length >= SLICE_EVENTS) yield flush()
    }
    if (events.length > 0) yield flush()
  }
}

/** A day's `count` events of the link, in time order: bursts of visits, each from one source. */
function burstsOf(link: LinkPlan, count: number, dayAt: number, random: Random): StoredEvent[] {
  const events: StoredEvent[] = []
  // Busy days come in bigger waves.
  const meanBurst = Math.min(60, 4 + count / 50)
  for (let left = count; left > 0; ) {
    const size = Math.min(left, 1 + Math.floor(-Math.log(1 - random()) * (meanBurst - 1)))
    left -= size
    const picked = SOURCES.pick(random)
    const source: Source = picked === 'blog' ? { referrer: BLOGS.pick(random), platform: null } : picked
    let at = dayAt + Math.floor(random() * (DAY_MS - 120_000))
    for (let k = 0; k < size; k++) {
      // A long burst late in the day stays in it.
      at = Math.min(at + 1 + Math.floor(-Math.log(1 - random()) * 400), dayAt + DAY_MS - 1)
      if (source.platform && random() < 0.15) {
        const unverified = random() < 0.02
        const event: StoredEvent = {
          linkId: link.id, accountId: link.accountId, type: 'preview', at, referrerHost: null, platform: source.platform,
          country: CRAWLER_COUNTRIES.pick(random), device: 'bot', browser: null, os: null, count: 1,
        }
        if (unverified) event.unverified = true
        events.push(event)
        continue
      }
      const [device, browser, os] = AGENTS.pick(random)
      // Apps and mail clients often send no referrer.
      const referrerHost = source.referrer && random() < 0.7 ? source.referrer : null
      const event: StoredEvent = { linkId: link.id, accountId: link.accountId, type: 'click', at, referrerHost, platform: null, country: COUNTRIES.pick(random), device, browser, os, count: 1 }
      if (source.scans) event.isScan = true
      events.push(event)
    }
  }
  return events.sort((a, b) => a.at - b.at)
}
