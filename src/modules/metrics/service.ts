// What an instance tells Prometheus (GET /metrics, docs/self-hosting.md "Monitoring"). Requests,
// short-link answers and previews are counted where they happen, in slots made up front
// (series.ts); queues, caches and health are read when Prometheus scrapes, through what runtime.ts
// hands over, each within a short time budget. No label names a link, an account or an address:
// every label takes a few fixed values. Each instance counts its own; Prometheus adds them up.
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client'
import { pingDb } from '../../platform/db'
import { config } from '../../platform/config'
import { handoverOf } from '../../platform/handover'
import type { Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { redis } from '../../platform/topology'
import { VERSION } from '../../platform/version'
import { FixedCounter, FixedHistogram } from './series'

const REQUEST_KINDS = ['short_link', 'card', 'app_api', 'public_api', 'other'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const
const KIND_SLOT: Record<RequestKind, number> = { short_link: 0, card: 4, app_api: 8, public_api: 12, other: 16 }
const statusSlot = (status: number) => (status >= 500 ? 3 : status >= 400 ? 2 : status >= 300 ? 1 : 0)

// Short links answer in well under a millisecond: the lowest buckets are finer than prom-client's.
const DURATION_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const requestDurations = new FixedHistogram(
  'linkcard_http_request_duration_seconds',
  'Requests answered, by kind (short_link, card: a crawler given a link preview, app_api, public_api, other) and status class, and how long each took',
  DURATION_BOUNDS,
  REQUEST_KINDS.flatMap((kind) => STATUS_CLASSES.map((status) => ({ kind, status }))),
)

/** Counts an answered request and the time since `startedAt` (performance.now()). */
export function observeRequest(kind: RequestKind, status: number, startedAt: number) {
  requestDurations.observe(KIND_SLOT[kind] + statusSlot(status), (performance.now() - startedAt) / 1000)
}

const SHORT_LINK_ANSWERS = ['redirect', 'preview', 'fallback', 'elsewhere', 'send_on', 'password', 'ended', 'missing', 'not_found', 'failed'] as const
export const shortLinkAnswers = new FixedCounter(
  'linkcard_short_link_answers_total',
  "Short-link requests by answer: redirect (to the link's target), preview (a crawler's card page), fallback, elsewhere, send_on, password, ended, missing, not_found, failed",
  'answer',
  SHORT_LINK_ANSWERS,
)

export const previewDecisions = new FixedCounter(
  'linkcard_previews_total',
  "Link-preview crawlers' requests by what the monthly quota decided: counted, uncounted (the window's repeats), unverified (not the platform's address), refused (past the quota: the crawler got the redirect)",
  'decision',
  ['counted', 'uncounted', 'unverified', 'refused'] as const,
)

/** The figures read at scrape time, from modules built on this one (handed over by runtime.ts). */
type MetricSources = {
  linkCache: () => { hits: number; misses: number; entries: number }
  /** Events this instance recorded and has not stored yet, journal rows not yet moved into analytics, and their ages. */
  eventBacklog: () => Promise<{ recorded: number; writing: number; journalRows: number; oldestWaitingAt: number | undefined; lastMovedAt: number | undefined }>
  /** Webhook messages waiting to be delivered (every instance's). */
  webhookQueue: () => Promise<number>
  /** Imports queued or under way (every instance's). */
  importQueue: () => Promise<number>
}
const sources = handoverOf<MetricSources>('metrics')
export const provideMetricSources = sources.provide

// A scrape answers within Prometheus's timeout even when a part hangs: what does not answer in
// time is NaN in that scrape (health: down).
const READ_BUDGET_MS = 1000

function within<T>(read: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READ_BUDGET_MS} ms`)), READ_BUDGET_MS)
  })
  return Promise.race([Promise.resolve().then(read), late]).finally(() => clearTimeout(timer))
}

/** The registry with its scrape-time gauges; `text` reads every source, then writes the exposition. */
function createRegistry(from: MetricSources) {
  const registry = new Registry()
  for (const series of [requestDurations, shortLinkAnswers, previewDecisions]) registry.registerMetric(series.asMetric())
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] })
  const cacheLookups = new Counter({ name: 'linkcard_link_cache_lookups_total', help: 'Short-link look-ups, by whether the link cache knew the answer (hit) or the database was asked (miss)', labelNames: ['result'], registers: [registry] })
  const cacheEntries = gauge('linkcard_link_cache_entries', 'Slugs and aliases the link cache holds')
  const eventsWaiting = gauge('linkcard_events_waiting', 'Events recorded and not yet stored, by where they wait: request_thread (the next batch), writer (the event writer thread)', ['stage'])
  const journalRows = gauge('linkcard_event_journal_rows', "Journal rows the event writer stored and has not moved into analytics yet")
  const writerLag = gauge('linkcard_event_writer_lag_seconds', 'Age of the oldest event waiting for the event writer to store it (0 when none waits)')
  const lastMove = gauge('linkcard_event_journal_last_move_timestamp_seconds', 'When the event writer last moved its journal into analytics (Unix time)')
  const webhookQueue = gauge('linkcard_webhook_queue_messages', 'Webhook messages waiting to be delivered, every instance\'s')
  const importQueue = gauge('linkcard_import_queue_imports', "Imports queued or under way, every instance's")
  const databaseUp = gauge('linkcard_database_up', 'Whether the database answered a query within a second at scrape time (1) or not (0)')
  const redisUp = config.redisUrl ? gauge('linkcard_redis_up', 'Whether Redis answered a ping within a second at scrape time (1) or not (0)') : undefined
  gauge('linkcard_build_info', 'The release this instance runs (always 1)', ['version']).set({ version: VERSION }, 1)

  /** Sets gauges from `read`, or to NaN (unknown) when the read fails or takes too long. */
  const readInto = async <T>(what: string, read: () => T | Promise<T>, set: (value: T) => void, unknown: T) => {
    try {
      set(await within(read))
    } catch (error) {
      set(unknown)
      log.warn('a metric could not be read', { metric: what, error })
    }
  }
  const isUp = (check: () => Promise<unknown>) => within(check).then((answer) => (answer === false ? 0 : 1), () => 0)

  async function refresh() {
    const cache = from.linkCache()
    // Counted by the links module as plain numbers; copied here whole.
    cacheLookups.reset()
    cacheLookups.inc({ result: 'hit' }, cache.hits)
    cacheLookups.inc({ result: 'miss' }, cache.misses)
    cacheEntries.set(cache.entries)
    await Promise.all([
      readInto('event backlog', from.eventBacklog, (backlog) => {
        eventsWaiting.set({ stage: 'request_thread' }, backlog.recorded)
        eventsWaiting.set({ stage: 'writer' }, backlog.writing)
        journalRows.set(backlog.journalRows)
        writerLag.set(backlog.oldestWaitingAt === undefined ? 0 : Math.max(0, Date.now() - backlog.oldestWaitingAt) / 1000)
        lastMove.set(backlog.lastMovedAt === undefined ? Number.NaN : backlog.lastMovedAt / 1000)
      }, { recorded: NaN, writing: NaN, journalRows: NaN, oldestWaitingAt: NaN, lastMovedAt: NaN }),
      readInto('webhook queue', from.webhookQueue, (depth) => webhookQueue.set(depth), NaN),
      readInto('import queue', from.importQueue, (depth) => importQueue.set(depth), NaN),
      isUp(pingDb).then((up) => databaseUp.set(up)),
      redisUp && isUp(async () => (await redis()?.ping()) ?? false).then((up) => redisUp.set(up)),
    ])
  }

  return {
    contentType: registry.contentType,
    async text() {
      await refresh()
      return registry.metrics()
    },
    registry,
  }
}

type Exposition = Pick<ReturnType<typeof createRegistry>, 'contentType' | 'text'>
let exposition: Exposition | undefined

/** The exposition of this instance, once started (startMetrics). */
export const currentExposition = () => exposition

/** Makes the registry and starts the process's own collectors (CPU, memory, event-loop delay, GC). */
export function startMetrics(): Running {
  const { registry, ...made } = createRegistry(sources.get())
  collectDefaultMetrics({ register: registry })
  // Gauges named as counters, which Prometheus's checks refuse; the same figures remain by type (nodejs_active_handles…).
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name)
  exposition = made
  return {
    stop() {
      exposition = undefined
      registry.clear()
    },
  }
}
