// Webhooks: an account's endpoints and the messages sent to them. A change stores its message, one
// delivery per endpoint that wants it, in the change's own transaction (the outbox, handed to the
// modules that change things through platform/events), so a crash loses none. Every instance sends
// due deliveries as slots free up, each account only a few at a time, so a receiver that hangs
// holds up its own account's messages and no other's; deliveries are signed per Standard Webhooks,
// sent through the SSRF-safe client, and retried for about a day. Clicks and previews are counted
// in memory and sent as one message per account a minute, so the redirect path never waits.
import { publish, subscribe } from '../../platform/bus'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { afterCommit, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { listenToActivity, type AccountEvent, type Activity, type EventOutbox } from '../../platform/events'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { SpanKind, traced } from '../../platform/tracing'
import { safePost, unreachableReason } from '../../platform/safe-fetch'
import { singleFlight } from '../../platform/single-flight'
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_TEST_EVENT,
  webhookUrlProblem,
  type WebhookEvent,
} from '../../shared/webhooks'
import { isSpecialUseHost } from '../../shared/network'
import { type AccountCap, withinAccountCap } from '../accounts/service'
import { actingOf, changesBetween, recordAccountChange, type Acting } from '../audit/service'
import * as repo from './repo'
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointInput } from './schema'
import { newSecret, seal, signatureHeaders, unseal } from './signing'

const ENDPOINTS_CHANGED = 'webhook-endpoints-changed'

// ---- who wants what ---------------------------------------------------------------------------

// Every switched-on endpoint's events by account, read again after any change (on any instance)
// and every minute: the table holds a few rows an account at most. A read begun before a change
// does not count as fresh. It only spares the changes of accounts without endpoints a query: which
// endpoints get a message is read in the change's own transaction.
let wanted: Map<string, { id: string; events: WebhookEvent[] }[]> | undefined
let wantedAt = 0
let changes = 0
const WANTED_FOR_MS = 60_000

const readWanted = singleFlight(async () => {
  const seen = changes
  const byAccount = new Map<string, { id: string; events: WebhookEvent[] }[]>()
  for (const endpoint of await repo.activeEndpoints()) byAccount.set(endpoint.accountId, [...(byAccount.get(endpoint.accountId) ?? []), endpoint])
  wanted = byAccount
  wantedAt = seen === changes ? Date.now() : 0
})
const isFresh = () => wanted !== undefined && wantedAt > 0 && Date.now() - wantedAt < WANTED_FOR_MS
subscribe(ENDPOINTS_CHANGED, () => {
  changes++
  wantedAt = 0
})
const readWantedSoon = () => void readWanted().catch((error) => log.error('reading webhook endpoints failed', { error }))

/** False only when the account certainly has no endpoint for these events; while the endpoints are read again, every account may. */
function mayWant(accountId: string, ...events: string[]) {
  if (!isFresh()) {
    readWantedSoon()
    return true
  }
  return (wanted!.get(accountId) ?? []).some((endpoint) => events.some((event) => endpoint.events.includes(event as WebhookEvent)))
}

// ---- messages ---------------------------------------------------------------------------------

type NewDelivery = Parameters<typeof repo.insertDeliveries>[0][number]

function deliveryRows(accountId: string, endpointIds: string[], event: string, data: unknown, now: Date): NewDelivery[] {
  const body = JSON.stringify({ type: event, timestamp: now.toISOString(), data })
  // The delivery's id is its webhook-id: one per message and endpoint, the same on every attempt.
  return endpointIds.map((endpointId) => ({ id: `msg_${Bun.randomUUIDv7()}`, endpointId, accountId, event, body, status: 'pending', nextAttemptAt: now }))
}

/**
 * The outbox: stores each event's message for every endpoint of its account that wants it now,
 * with `tx`, the transaction of the change it tells of. Sending starts once it commits.
 */
async function storeMessages(tx: Db, events: AccountEvent[]) {
  const now = new Date()
  const byAccount = Map.groupBy(
    events.filter((event) => mayWant(event.accountId, event.type)),
    (event) => event.accountId,
  )
  const rows: NewDelivery[] = []
  for (const [accountId, ofAccount] of byAccount) {
    const endpoints = await repo.endpointsOf(tx, accountId)
    for (const event of ofAccount) {
      const to = endpoints.filter((endpoint) => endpoint.events.includes(event.type as WebhookEvent)).map((endpoint) => endpoint.id)
      if (to.length > 0) rows.push(...deliveryRows(accountId, to, event.type, event.data(), now))
    }
  }
  if (rows.length === 0) return
  await repo.insertDeliveries(rows, tx)
  afterCommit(tx, wake)
}

/** Where the modules that change things store what they tell (src/runtime.ts hands it over). */
export const webhookOutbox: EventOutbox = { mayWant, store: storeMessages }

// Clicks and previews by account and link until the next batch. They are counts in memory, like
// the events they count until those are written: a graceful stop stores them, a killed process
// loses at most one batch (WEBHOOK_BATCH_SECONDS).
type Counts = { clicks: number; scans: number; previews: Record<string, number>; variants?: Record<string, number> }
let activity = new Map<string, Map<string, Counts>>()
let activitySince = new Date()

/**
 * Whether the account may have an endpoint for clicks or previews. While the endpoints are being
 * read again (after a change, or a minute), every account may: the batch asks once more.
 */
function wantsActivity(accountId: string) {
  return mayWant(accountId, 'click', 'preview.served')
}

function onActivity({ accountId, linkId, kind, isScan, platform, variant }: Activity) {
  // On the redirect path: a look-up in memory, and a count only for accounts that want them.
  if (!wantsActivity(accountId)) return
  let links = activity.get(accountId)
  if (!links) activity.set(accountId, (links = new Map()))
  let counts = links.get(linkId)
  if (!counts) links.set(linkId, (counts = { clicks: 0, scans: 0, previews: {} }))
  if (kind === 'click') {
    counts.clicks += 1
    if (isScan) counts.scans += 1
    if (variant) (counts.variants ??= {})[variant] = (counts.variants[variant] ?? 0) + 1
  } else counts.previews[platform ?? 'other'] = (counts.previews[platform ?? 'other'] ?? 0) + 1
}

/** Stores what was counted since the last batch as messages to the endpoints that want it. */
const sendActivity = singleFlight(async () => {
  const batch = activity
  const from = activitySince.toISOString()
  activity = new Map()
  activitySince = new Date()
  const to = activitySince.toISOString()
  for (const [accountId, links] of batch) {
    const entries = [...links.entries()]
    const clicked = entries
      .filter(([, counts]) => counts.clicks > 0)
      .map(([linkId, { clicks, scans, variants }]) => ({ linkId, clicks, scans, ...(variants && { variants: Object.entries(variants).map(([targetUrl, clicks]) => ({ targetUrl, clicks })) }) }))
    const previewed = entries
      .filter(([, counts]) => Object.keys(counts.previews).length > 0)
      .map(([linkId, counts]) => ({ linkId, previews: Object.values(counts.previews).reduce((sum, n) => sum + n, 0), byPlatform: counts.previews }))
    const events: AccountEvent[] = []
    if (clicked.length > 0) events.push({ accountId, type: 'click', data: () => ({ from, to, links: clicked }) })
    if (previewed.length > 0) events.push({ accountId, type: 'preview.served', data: () => ({ from, to, links: previewed }) })
    await transaction((tx) => storeMessages(tx, events)).catch((error) => log.error('storing a click or preview batch failed', { accountId, error }))
  }
})

// ---- delivery ---------------------------------------------------------------------------------

// Deliveries one instance sends at once, and of those one account's: a receiver that hangs holds
// its account's few slots until the time limit, and every other account keeps its turn.
const SENDING_MAX = 32
const SENDING_PER_ACCOUNT = 4
const TIMEOUT_MS = 10_000
// A claim outlives its attempt, and lapses soon after it: a killed instance's deliveries are sent
// again by another (or after the restart), with the same webhook-id, as Standard Webhooks allows.
const CLAIM_FOR_MS = TIMEOUT_MS + 5000
// A stopping instance lets deliveries under way finish this long, then lets the rest go unsent.
const STOP_GRACE_MS = 3000

type Claimed = Awaited<ReturnType<typeof repo.claimDue>>['claimed'][number]

const sendingOf = new Map<string, number>()
const underWay = new Set<Promise<void>>()
let stopping = new AbortController()

async function deliver({ delivery, endpoint }: Claimed) {
  const attemptAt = new Date()
  const attempt = delivery.attempts + 1
  let outcome: { lastStatus: number | null; lastResponse: string | null; lastError: string | null }
  const started = performance.now()
  if (!endpoint.isActive) outcome = { lastStatus: null, lastResponse: null, lastError: 'The endpoint is switched off.' }
  else
    try {
      const headers = { 'content-type': 'application/json', ...signatureHeaders(unseal(endpoint.secret), delivery.id, Math.floor(attemptAt.getTime() / 1000), delivery.body) }
      const answer = await safePost(endpoint.url, { headers, body: delivery.body, timeoutMs: TIMEOUT_MS, signal: stopping.signal })
      outcome = { lastStatus: answer.status, lastResponse: answer.body, lastError: answer.status >= 200 && answer.status < 300 ? null : `The endpoint answered HTTP ${answer.status}.` }
    } catch (error) {
      // Cut short by a stop: not an attempt of the endpoint's; sent again soon, by any instance.
      if (stopping.signal.aborted) return repo.releaseClaims([delivery.id])
      const reason = error instanceof AppError ? error.message.replace(/\bpage\b/g, 'endpoint') : 'The endpoint could not be reached.'
      outcome = { lastStatus: null, lastResponse: null, lastError: reason }
    }
  const delivered = outcome.lastError === null
  const delay = WEBHOOK_RETRY_DELAYS_S[attempt - 1]
  const giveUp = !delivered && (delay === undefined || !endpoint.isActive)
  await repo.recordAttempt(delivery.id, {
    ...outcome,
    status: delivered ? 'delivered' : giveUp ? 'failed' : 'pending',
    nextAttemptAt: delivered || giveUp ? null : new Date(attemptAt.getTime() + delay! * 1000),
    lastLatencyMs: Math.round(performance.now() - started),
    lastAttemptAt: attemptAt,
  })
}

/** Sends one claimed delivery, holding a slot of its account's until it is done; then fills the slot again. */
function send(claimed: Claimed) {
  const { accountId, id } = claimed.delivery
  sendingOf.set(accountId, (sendingOf.get(accountId) ?? 0) + 1)
  const work: Promise<void> = traced('webhook delivery', { 'linkcard.webhook.event': claimed.delivery.event, 'linkcard.webhook.attempt': claimed.delivery.attempts + 1 }, () => deliver(claimed), SpanKind.CLIENT)
    .catch((error) => log.error('a webhook delivery failed', { id, error }))
    .finally(() => {
      underWay.delete(work)
      const left = sendingOf.get(accountId)! - 1
      if (left === 0) sendingOf.delete(accountId)
      else sendingOf.set(accountId, left)
      wake()
    })
  underWay.add(work)
}

/** Claims due deliveries for the free slots and starts each at once: no delivery waits for another. */
async function fillSlots() {
  for (;;) {
    const free = SENDING_MAX - underWay.size
    if (!running || free <= 0) return
    const full = [...sendingOf].filter(([, count]) => count >= SENDING_PER_ACCOUNT).map(([accountId]) => accountId)
    const now = new Date()
    const { claimed, more } = await repo.claimDue(now, new Date(now.getTime() + CLAIM_FOR_MS), {
      limit: free,
      room: (accountId) => SENDING_PER_ACCOUNT - (sendingOf.get(accountId) ?? 0),
      full,
    })
    if (!running) return repo.releaseClaims(claimed.map((one) => one.delivery.id))
    for (const one of claimed) send(one)
    // Slots left and deliveries due that this claim did not reach (behind accounts now full).
    if (claimed.length === 0 || (!more && claimed.length < free)) return
  }
}

let running = false
let filling: Promise<void> | undefined
let fillAgain = false

/** Fills free slots now, or once the claim under way is done. */
function wake() {
  if (!running) return
  if (filling) {
    fillAgain = true
    return
  }
  filling = (async () => {
    do {
      fillAgain = false
      await fillSlots().catch((error) => log.error('webhook deliveries failed', { error }))
    } while (fillAgain && running)
  })().finally(() => {
    filling = undefined
  })
}

/** Messages waiting to be delivered, every instance's: the outbox's depth, for the metrics. */
export const webhookQueueDepth = () => repo.countPendingDeliveries()

/** Counts activity and sends deliveries as slots free up (and every second, for retries come due); stopping stores what was counted. */
export function startWebhooks(): Running {
  running = true
  stopping = new AbortController()
  readWantedSoon()
  const stopListening = listenToActivity(onActivity)
  const stopDelivering = every(1000, wake)
  const stopBatching = every(config.webhookBatchSeconds * 1000, () => void sendActivity())
  wake()
  return {
    async stop() {
      stopListening()
      stopBatching()
      stopDelivering()
      running = false
      await sendActivity()
      await filling
      const finished = Promise.allSettled(underWay)
      const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())
      await Promise.race([finished, grace])
      stopping.abort()
      await finished
    },
  }
}

// ---- the account's endpoints ------------------------------------------------------------------

function toEndpointJson(row: repo.EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, description: row.description, events: row.events, isActive: row.isActive, createdAt: row.createdAt.toISOString() }
}

async function checkedUrl(raw: string) {
  const url = raw.trim()
  const problem = webhookUrlProblem(url)
  if (problem) throw fieldError('invalid', 'url', problem)
  // FETCH_ALLOWED_HOSTS may name an intranet host with a special-use name: the safe client decides.
  if (await unreachableReason(url)) throw fieldError('invalid', 'url', isSpecialUseHost(new URL(url).hostname) ? WEBHOOK_MESSAGES.specialUse : WEBHOOK_MESSAGES.url)
  return new URL(url).href
}
function checkedEvents(events: string[]): WebhookEvent[] {
  const unknown = events.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))
  if (unknown !== undefined) throw fieldError('invalid', 'events', WEBHOOK_MESSAGES.unknownEvent(unknown))
  const chosen = WEBHOOK_EVENTS.filter((event) => events.includes(event))
  if (chosen.length === 0) throw fieldError('invalid', 'events', WEBHOOK_MESSAGES.events)
  return chosen
}
function checkedDescription(raw: string | null | undefined) {
  const description = raw?.trim() || null
  if (description && description.length > WEBHOOK_DESCRIPTION_MAX) throw fieldError('invalid', 'description', WEBHOOK_MESSAGES.description)
  return description
}

const changed = (accountId: string) => publish(ENDPOINTS_CHANGED, accountId)

/** Whose endpoints, and who acts on them (for the audit log). */
type EndpointOwner = { accountId: string; acting?: Acting }
/** The fields of an endpoint the audit log compares: never its secret. */
const AUDITED = ['url', 'events', 'description', 'isActive'] as const
const endpointTarget = (row: Pick<repo.EndpointRow, 'id' | 'url'>) => ({ type: 'webhook', id: row.id, name: row.url })

export async function listEndpoints(accountId: string) {
  return (await repo.listEndpoints(accountId)).map(toEndpointJson)
}

/** A new endpoint, answered with its secret (which can be read again later). */
export async function createEndpoint(owner: EndpointOwner, input: WebhookEndpointInput) {
  const { accountId } = owner
  const values = { url: await checkedUrl(input.url), events: checkedEvents(input.events), description: checkedDescription(input.description) }
  const secret = newSecret()
  const sealed = seal(secret)
  const cap: AccountCap = { limit: WEBHOOK_ENDPOINTS_MAX, count: (tx) => repo.countEndpoints(accountId, tx), refusal: () => new AppError('conflict', WEBHOOK_MESSAGES.tooMany) }
  const row = await withinAccountCap(accountId, cap, async (tx) => {
    const row = await repo.insertEndpoint({ accountId, ...values, secret: sealed }, tx)
    await recordAccountChange(tx, actingOf(owner), { accountId, action: 'webhook.created', target: endpointTarget(row), changes: changesBetween({ url: null, events: null, description: null, isActive: null }, row, AUDITED) })
    return row
  })
  changed(accountId)
  return { ...toEndpointJson(row), secret }
}

async function endpointOf(accountId: string, id: string) {
  const row = await repo.findEndpoint(accountId, id)
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  return row
}

export async function updateEndpoint(owner: EndpointOwner, id: string, input: WebhookEndpointChanges) {
  const { accountId } = owner
  const before = await endpointOf(accountId, id)
  const changes = {
    ...(input.url !== undefined && { url: await checkedUrl(input.url) }),
    ...(input.events !== undefined && { events: checkedEvents(input.events) }),
    ...(input.description !== undefined && { description: checkedDescription(input.description) }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
  }
  // Nothing to change: the endpoint as it is.
  if (Object.keys(changes).length === 0) return toEndpointJson(before)
  const row = await transaction(async (tx) => {
    const row = await repo.updateEndpoint(accountId, id, changes, tx)
    const audited = row && changesBetween(before, row, AUDITED)
    if (audited) await recordAccountChange(tx, actingOf(owner), { accountId, action: 'webhook.updated', target: endpointTarget(row), changes: audited })
    return row
  })
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  changed(accountId)
  return toEndpointJson(row)
}

export async function deleteEndpoint(owner: EndpointOwner, id: string) {
  const { accountId } = owner
  const deleted = await transaction(async (tx) => {
    const row = await repo.deleteEndpoint(accountId, id, tx)
    if (row) await recordAccountChange(tx, actingOf(owner), { accountId, action: 'webhook.deleted', target: endpointTarget(row), changes: changesBetween(row, { url: null, events: null, description: null, isActive: null }, AUDITED) })
    return row
  })
  if (!deleted) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  changed(accountId)
}

export async function endpointSecret(accountId: string, id: string) {
  return { secret: unseal((await endpointOf(accountId, id)).secret) }
}

// Test messages and deliveries sent again make this server call the endpoint on request: so many an hour.
const ON_REQUEST_RULES = [{ limit: 60, windowMs: 60 * 60_000 }]
async function countSendOnRequest(accountId: string) {
  const rate = await consumeRate(`webhook-on-request:${accountId}`, ON_REQUEST_RULES)
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many test messages and deliveries sent again; try again later.', undefined, rate.retryAfter)
}

/** Sends the endpoint a test message now, whatever events it wants. */
export async function sendTestEvent(accountId: string, id: string) {
  const endpoint = await endpointOf(accountId, id)
  await countSendOnRequest(accountId)
  await repo.insertDeliveries(deliveryRows(accountId, [endpoint.id], WEBHOOK_TEST_EVENT, { endpointId: endpoint.id, message: 'A test message from Linkcard.' }, new Date()))
  wake()
}

function toDeliveryJson(row: repo.DeliveryRow): WebhookDelivery {
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    body: row.body,
    lastStatus: row.lastStatus,
    lastLatencyMs: row.lastLatencyMs,
    lastResponse: row.lastResponse,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.status === 'pending' ? row.nextAttemptAt : null),
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listDeliveries(accountId: string, endpointId: string, query: { page?: number; limit?: number }) {
  await endpointOf(accountId, endpointId)
  const limit = query.limit ?? 20
  const page = query.page ?? 1
  const { rows, total } = await repo.listDeliveries(accountId, endpointId, limit, (page - 1) * limit)
  return { deliveries: rows.map(toDeliveryJson), total, page, limit }
}

export async function redeliver(accountId: string, id: string) {
  if (!(await repo.findDelivery(accountId, id))) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound)
  await countSendOnRequest(accountId)
  const row = await repo.redeliver(accountId, id, new Date())
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound)
  wake()
  return toDeliveryJson(row)
}
