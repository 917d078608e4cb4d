// Webhooks: an account's endpoints and the messages sent to them. A change is stored as one
// delivery per endpoint that wants it (in the database, so a restart loses none), and every
// instance's delivery loop claims due deliveries one instance at a time, sends them signed per
// Standard Webhooks through the SSRF-safe client, and retries failures for about a day. Clicks and
// previews are counted in memory and sent as one message per account a minute, so the redirect
// path never waits on a webhook.
import { publish, subscribe } from '../../platform/bus'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { AppError, fieldError } from '../../platform/errors'
import { listenToAccountEvents, type AccountEvent, type Activity } from '../../platform/events'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { safePost, unreachableReason } from '../../platform/safe-fetch'
import { singleFlight } from '../../platform/single-flight'
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
} from '../../shared/webhooks'
import { type AccountCap, withinAccountCap } from '../accounts/service'
import * as repo from './repo'
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointInput } from './schema'
import { newSecret, seal, signatureHeaders, unseal } from './signing'

const ENDPOINTS_CHANGED = 'webhook-endpoints-changed'

// ---- who wants what ---------------------------------------------------------------------------

// Every switched-on endpoint's events by account, read again after any change (on any instance)
// and every minute: the table holds a few rows an account at most. A read begun before a change
// does not count as fresh.
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

async function endpointsWanting(accountId: string, event: string) {
  while (!isFresh()) await readWanted()
  return (wanted!.get(accountId) ?? []).filter((endpoint) => endpoint.events.includes(event as WebhookEvent))
}

// ---- messages ---------------------------------------------------------------------------------

/** Stores one message for each endpoint given (its delivery row), and wakes the delivery loop. */
async function enqueue(accountId: string, endpointIds: string[], event: string, data: unknown) {
  if (endpointIds.length === 0) return
  const now = new Date()
  const body = JSON.stringify({ type: event, timestamp: now.toISOString(), data })
  await repo.insertDeliveries(endpointIds.map((endpointId) => ({ id: `msg_${Bun.randomUUIDv7()}`, endpointId, accountId, event, body, status: 'pending', nextAttemptAt: now })))
  wake()
}

// Messages being stored: a graceful stop waits for them.
const storing = new Set<Promise<void>>()

async function onAccountEvent({ accountId, type, data }: AccountEvent) {
  const endpoints = await endpointsWanting(accountId, type)
  if (endpoints.length === 0) return
  const work = (async () => enqueue(accountId, endpoints.map((endpoint) => endpoint.id), type, await data()))().finally(() => storing.delete(work))
  storing.add(work)
  await work
}

// Clicks and previews by account and link until the next batch.
type Counts = { clicks: number; scans: number; previews: Record<string, number> }
let activity = new Map<string, Map<string, Counts>>()
let activitySince = new Date()

/**
 * Whether the account may have an endpoint for clicks or previews. While the endpoints are being
 * read again (after a change, or a minute), every account may: the batch asks once more.
 */
function wantsActivity(accountId: string) {
  if (!isFresh()) {
    void readWanted().catch((error) => log.error('reading webhook endpoints failed', { error }))
    return true
  }
  return (wanted!.get(accountId) ?? []).some((endpoint) => endpoint.events.includes('click') || endpoint.events.includes('preview.served'))
}

function onActivity({ accountId, linkId, kind, isScan, platform }: Activity) {
  // On the redirect path: a look-up in memory, and a count only for accounts that want them.
  if (!wantsActivity(accountId)) return
  let links = activity.get(accountId)
  if (!links) activity.set(accountId, (links = new Map()))
  let counts = links.get(linkId)
  if (!counts) links.set(linkId, (counts = { clicks: 0, scans: 0, previews: {} }))
  if (kind === 'click') {
    counts.clicks += 1
    if (isScan) counts.scans += 1
  } else counts.previews[platform ?? 'other'] = (counts.previews[platform ?? 'other'] ?? 0) + 1
}

/** Sends what was counted since the last batch to the endpoints that want it. */
const sendActivity = singleFlight(async () => {
  const batch = activity
  const from = activitySince.toISOString()
  activity = new Map()
  activitySince = new Date()
  const to = activitySince.toISOString()
  for (const [accountId, links] of batch) {
    const entries = [...links.entries()]
    const clicked = entries.filter(([, counts]) => counts.clicks > 0).map(([linkId, counts]) => ({ linkId, clicks: counts.clicks, scans: counts.scans }))
    const previewed = entries
      .filter(([, counts]) => Object.keys(counts.previews).length > 0)
      .map(([linkId, counts]) => ({ linkId, previews: Object.values(counts.previews).reduce((sum, n) => sum + n, 0), byPlatform: counts.previews }))
    const send = async (event: WebhookEvent, links: unknown[]) => {
      if (links.length === 0) return
      const endpoints = await endpointsWanting(accountId, event)
      await enqueue(
        accountId,
        endpoints.map((endpoint) => endpoint.id),
        event,
        { from, to, links },
      )
    }
    await send('click', clicked).catch((error) => log.error('storing a click batch failed', { accountId, error }))
    await send('preview.served', previewed).catch((error) => log.error('storing a preview batch failed', { accountId, error }))
  }
})

// ---- delivery ---------------------------------------------------------------------------------

const CLAIM_FOR_MS = 60_000
const CLAIM_AT_ONCE = 20
const TIMEOUT_MS = 10_000

async function deliver({ delivery, endpoint }: Awaited<ReturnType<typeof repo.claimDue>>[number]) {
  const attemptAt = new Date()
  const attempt = delivery.attempts + 1
  let outcome: { lastStatus: number | null; lastResponse: string | null; lastError: string | null }
  const started = performance.now()
  if (!endpoint.isActive) outcome = { lastStatus: null, lastResponse: null, lastError: 'The endpoint is switched off.' }
  else
    try {
      const headers = { 'content-type': 'application/json', ...signatureHeaders(unseal(endpoint.secret), delivery.id, Math.floor(attemptAt.getTime() / 1000), delivery.body) }
      const answer = await safePost(endpoint.url, { headers, body: delivery.body, timeoutMs: TIMEOUT_MS })
      outcome = { lastStatus: answer.status, lastResponse: answer.body, lastError: answer.status >= 200 && answer.status < 300 ? null : `The endpoint answered HTTP ${answer.status}.` }
    } catch (error) {
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

/** Sends every due delivery this instance can claim, a few at a time. */
const deliverDue = singleFlight(async () => {
  for (;;) {
    const now = new Date()
    const claimed = await repo.claimDue(now, new Date(now.getTime() + CLAIM_FOR_MS), CLAIM_AT_ONCE)
    if (claimed.length === 0) return
    await Promise.all(claimed.map((one) => deliver(one).catch((error) => log.error('a webhook delivery failed', { id: one.delivery.id, error }))))
  }
})

let running = false
function wake() {
  if (running) void deliverDue().catch((error) => log.error('webhook deliveries failed', { error }))
}

/** Listens for account events, counts activity, and sends deliveries every second; stopping stores what was counted. */
export function startWebhooks(): Running {
  running = true
  void readWanted().catch((error) => log.error('reading webhook endpoints failed', { error }))
  const stopListening = listenToAccountEvents(onAccountEvent, onActivity)
  const stopDelivering = every(1000, wake)
  const stopBatching = every(config.webhookBatchSeconds * 1000, () => void sendActivity())
  return {
    async stop() {
      stopListening()
      stopBatching()
      stopDelivering()
      running = false
      await Promise.all(storing)
      await sendActivity()
      await deliverDue.running
    },
  }
}

// ---- the account's endpoints ------------------------------------------------------------------

function toEndpointJson(row: repo.EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, description: row.description, events: row.events, isActive: row.isActive, createdAt: row.createdAt.toISOString() }
}

async function checkedUrl(raw: string) {
  const url = raw.trim()
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url) || (await unreachableReason(url))) throw fieldError('invalid', 'url', WEBHOOK_MESSAGES.url)
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

export async function listEndpoints(accountId: string) {
  return (await repo.listEndpoints(accountId)).map(toEndpointJson)
}

/** A new endpoint, answered with its secret (which can be read again later). */
export async function createEndpoint(accountId: string, input: WebhookEndpointInput) {
  const values = { url: await checkedUrl(input.url), events: checkedEvents(input.events), description: checkedDescription(input.description) }
  const secret = newSecret()
  const sealed = seal(secret)
  const cap: AccountCap = { limit: WEBHOOK_ENDPOINTS_MAX, count: (tx) => repo.countEndpoints(accountId, tx), refusal: () => new AppError('conflict', WEBHOOK_MESSAGES.tooMany) }
  const row = await withinAccountCap(accountId, cap, (tx) => repo.insertEndpoint({ accountId, ...values, secret: sealed }, tx))
  changed(accountId)
  return { ...toEndpointJson(row), secret }
}

async function endpointOf(accountId: string, id: string) {
  const row = await repo.findEndpoint(accountId, id)
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  return row
}

export async function updateEndpoint(accountId: string, id: string, input: WebhookEndpointChanges) {
  const before = await endpointOf(accountId, id)
  const changes = {
    ...(input.url !== undefined && { url: await checkedUrl(input.url) }),
    ...(input.events !== undefined && { events: checkedEvents(input.events) }),
    ...(input.description !== undefined && { description: checkedDescription(input.description) }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
  }
  // Nothing to change: the endpoint as it is.
  if (Object.keys(changes).length === 0) return toEndpointJson(before)
  const row = await repo.updateEndpoint(accountId, id, changes)
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  changed(accountId)
  return toEndpointJson(row)
}

export async function deleteEndpoint(accountId: string, id: string) {
  if (!(await repo.deleteEndpoint(accountId, id))) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
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
  await enqueue(accountId, [endpoint.id], WEBHOOK_TEST_EVENT, { endpointId: endpoint.id, message: 'A test message from Linkcard.' })
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
