import type { BreakdownDimension } from '../../shared/analytics'
import { defineTables } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { linkTables } from '../links/tables'

export const analyticsTables = defineTables((k) => {
  const { shareLinks } = linkTables(k)
  const linkId = () =>
    k
      .text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' })

  /**
   * Raw events, a link's at a time. The event writer regroups the batches of its journal by link
   * every few seconds: traffic spread over many links then costs one row per link, not one per event.
   * On PostgreSQL the table is partitioned by month of `first_at` (event-partitions.ts), so
   * retention drops whole months; its key is then (id, first_at).
   */
  const linkEventChunks = k.table(
    'link_event_chunks',
    {
      id: k.partitionedSerial('id'),
      linkId: linkId(),
      accountId: accountIdColumn(k),
      // The first and last event's time.
      firstAt: k.time('first_at').notNull(),
      lastAt: k.time('last_at').notNull(),
      // How many events the chunk holds.
      count: k.integer('count').notNull(),
      // JSON, in time order (event-chunks.ts): the kinds of event it holds (type, referrer host,
      // platform, country, device, browser, os, and a 1 for a scan), then for each set of events alike in the same
      // millisecond its ms after firstAt, its kind's number and its count.
      events: k.text('events').notNull(),
    },
    (t) => [
      ...(k.dialect === 'postgres' ? [k.primaryKey({ columns: [t.id, t.firstAt] })] : []),
      k.index('link_event_chunks_link_first_idx').on(t.linkId, t.firstAt),
      k.index('link_event_chunks_link_last_idx').on(t.linkId, t.lastAt),
      k.index('link_event_chunks_last_idx').on(t.lastAt),
    ],
  )

  /**
   * Batches of events as the writer stores them, about every 100 ms, until they are regrouped into
   * link_event_chunks. A batch left behind by a writer that stopped is taken over by any other.
   */
  const eventJournal = k.table('event_journal', {
    id: k.serial('id'),
    writtenAt: k.time('written_at').notNull(),
    // JSON (event-chunks.ts): the batch's accounts, links and kinds of event, each named once, then
    // four numbers an event.
    events: k.text('events').notNull(),
  })

  /** Per-link, per-day totals, so long periods answer without scanning raw events. */
  const linkDailyStats = k.table(
    'link_daily_stats',
    {
      linkId: linkId(),
      accountId: accountIdColumn(k),
      // YYYY-MM-DD in UTC.
      day: k.text('day').notNull(),
      clicks: k.integer('clicks').notNull().default(0),
      // The clicks that came from the link's QR code.
      scans: k.integer('scans').notNull().default(0),
      previews: k.integer('previews').notNull().default(0),
      socialClicks: k.integer('social_clicks').notNull().default(0),
      uniqueVisitors: k.integer('unique_visitors').notNull().default(0),
    },
    (t) => [k.primaryKey({ columns: [t.linkId, t.day] }), k.index('link_daily_stats_account_day_idx').on(t.accountId, t.day)],
  )

  /**
   * Per-link, per-day counts by referrer, crawler platform, country, agent (device, browser and
   * OS as `device|browser|os`), variant (its target URL) and card test version (`click:a`,
   * `preview:b`): the link's breakdowns, kept like the daily totals. `value` is '' when unknown (a
   * direct visit, no country). Referrer, country, agent and variant count clicks; platform counts
   * previews; unverified, by platform, the cards served to claimed crawlers from others' addresses;
   * card both.
   */
  const linkDailyBreakdowns = k.table(
    'link_daily_breakdowns',
    {
      linkId: linkId(),
      dimension: k.text('dimension').$type<BreakdownDimension>().notNull(),
      // YYYY-MM-DD in UTC.
      day: k.text('day').notNull(),
      value: k.text('value').notNull(),
      count: k.integer('count').notNull().default(0),
    },
    (t) => [k.primaryKey({ columns: [t.linkId, t.dimension, t.day, t.value] })],
  )

  /**
   * The visitor hashes seen on a link each day, so a visitor is counted once in the day's unique
   * visitors however many flushes and instances record them. Only the last days are kept.
   */
  const linkDailyVisitors = k.table(
    'link_daily_visitors',
    {
      linkId: linkId(),
      // YYYY-MM-DD in UTC.
      day: k.text('day').notNull(),
      visitorHash: k.text('visitor_hash').notNull(),
    },
    (t) => [k.primaryKey({ columns: [t.linkId, t.day, t.visitorHash] }), k.index('link_daily_visitors_day_idx').on(t.day)],
  )

  return { linkEventChunks, eventJournal, linkDailyStats, linkDailyBreakdowns, linkDailyVisitors }
})
