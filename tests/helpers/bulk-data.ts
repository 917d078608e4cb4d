// Large amounts of data written straight into a test server's database, many rows a statement: an
// account with a hundred thousand links, a link with a year of daily totals and breakdowns, or
// with a hundred thousand raw events. The rows are what the server itself would store.
import { toChunks, type StoredEvent } from '../../src/modules/analytics/event-chunks'
import { dbTime, sql } from './sql'
import type { TestServer } from './server'

const isPg = (server: TestServer) => Boolean(server.databaseUrl)
const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

// A row of numbers 0 to $2 - 1 as `n(i)`, in each dialect.
const numbers = (server: TestServer) => (isPg(server) ? 'generate_series(0, $2 - 1) as n(i)' : 'n')
const withNumbers = (server: TestServer) => (isPg(server) ? '' : 'with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < $2) ')
// Milliseconds since the epoch, $5 + i, as each database stores an instant.
const madeAt = (server: TestServer) => (isPg(server) ? 'to_timestamp(($5::bigint + i) / 1000.0)' : '$5 + i')

/**
 * `count` links of the account, ids and slugs `<prefix>…`, made a millisecond apart up to now, each
 * with a filled card (title and description of `textLength` characters) and a day of clicks and
 * previews. Answers their ids, oldest first.
 */
export async function seedLinks(server: TestServer, accountId: string, count: number, { prefix = `s${Math.random().toString(36).slice(2, 8)}`, textLength = 200 } = {}) {
  const text = 'Seeded card text that fills the preview. '.repeat(Math.ceil(textLength / 41)).slice(0, textLength)
  const since = Date.now() - count - 1000
  const cast = isPg(server) ? '::int' : ''
  await sql(
    server,
    `${withNumbers(server)}insert into share_links (id, account_id, slug, target_url, target_key, title, description, twitter_card, is_active, card_version, created_at, updated_at)
     select $1 || '-' || i, $3, $1 || i, 'https://example.com/page/' || i, 'https://example.com/page/' || i, substr('Link ' || i || ' ' || $4, 1, 200), $4, 'summary_large_image', true, 1,
       ${madeAt(server)}, ${madeAt(server)}
     from ${numbers(server)}`,
    [prefix, count, accountId, text, since],
  )
  await sql(
    server,
    `${withNumbers(server)}insert into link_daily_stats (link_id, account_id, day, clicks, scans, previews, social_clicks, unique_visitors)
     select $1 || '-' || i, $3, $4, (i % 97)${cast}, (i % 7)${cast}, (i % 13)${cast}, 0, (i % 97)${cast} from ${numbers(server)}`,
    [prefix, count, accountId, isoDay(Date.now())],
  )
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
}

const DIMENSIONS = ['referrer', 'platform', 'country', 'agent'] as const

/**
 * `days` days of the link's history up to today: daily totals, and `values` distinct values a day in
 * each breakdown (referrers, platforms, countries, agents).
 */
export async function seedLinkHistory(server: TestServer, accountId: string, linkId: string, { days, values }: { days: number; values: number }) {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`)
  const first = isoDay(today - (days - 1) * DAY_MS)
  const day = isPg(server) ? `to_char(($4::date + i), 'YYYY-MM-DD')` : `date($4, '+' || i || ' days')`
  await sql(
    server,
    `${withNumbers(server)}insert into link_daily_stats (link_id, account_id, day, clicks, scans, previews, social_clicks, unique_visitors)
     select $1, $3, ${day}, 1000, 100, 500, 200, 700 from ${numbers(server)}`,
    [linkId, days, accountId, first],
  )
  for (const dimension of DIMENSIONS) {
    // Each day's values, days × values rows: value v of day d is `<dimension>-v`.
    const rows = days * values
    const breakdownDay = isPg(server) ? `to_char(($4::date + (i / $5)::int), 'YYYY-MM-DD')` : `date($4, '+' || (i / $5) || ' days')`
    const value = dimension === 'agent' ? `'device' || (i % $5) || '|browser' || (i % 17) || '|os' || (i % 5)` : `'${dimension}-' || (i % $5)`
    await sql(
      server,
      `${withNumbers(server)}insert into link_daily_breakdowns (link_id, dimension, day, value, count)
       select $1, $3, ${breakdownDay}, ${value}, 1 + (i % 50) from ${numbers(server)}`,
      [linkId, rows, dimension, first, values],
    )
  }
}

/** `count` raw events of the link (clicks and previews, spread over the last `days` days), stored as the event writer stores them. */
export async function seedLinkEvents(server: TestServer, accountId: string, linkId: string, { count, days }: { count: number; days: number }) {
  const now = Date.now()
  const step = Math.floor((days * DAY_MS) / count)
  const events: StoredEvent[] = Array.from({ length: count }, (_, i) => ({
    linkId,
    accountId,
    type: i % 3 === 0 ? 'preview' : 'click',
    at: now - days * DAY_MS + i * step,
    referrerHost: `site-${i % 300}.example`,
    platform: i % 3 === 0 ? 'facebook' : null,
    country: ['FR', 'US', 'DE', 'JP'][i % 4]!,
    device: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    count: 1,
  }))
  const chunks = toChunks(events)
  const ROWS = 200
  for (let start = 0; start < chunks.length; start += ROWS) {
    const part = chunks.slice(start, start + ROWS)
    const params = part.flatMap((chunk) => [chunk.linkId, chunk.accountId, dbTime(server, chunk.firstAt), dbTime(server, chunk.lastAt), chunk.count, chunk.events])
    const rows = part.map((_, i) => `(${Array.from({ length: 6 }, (_, j) => `$${i * 6 + j + 1}`).join(', ')})`).join(', ')
    await sql(server, `insert into link_event_chunks (link_id, account_id, first_at, last_at, count, events) values ${rows}`, params)
  }
}
