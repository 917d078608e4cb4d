// Custom domains: one per paying account, proven by a TXT record, pointed at the product by a
// CNAME, re-checked until live; the redirect path asks which account a request's host belongs to.
import { randomBytes } from 'node:crypto'
import { publish, subscribe } from '../../platform/bus'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { isUniqueViolation } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { onShutdown } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { CUSTOM_DOMAIN_MESSAGES as MESSAGES, isDomainLive, normalizeHostname, verifyRecordName } from '../../shared/custom-domain'
import { PLAN_INFO } from '../../shared/plans'
import { remembered } from '../../shared/remembered'
import { ACCOUNT_CHANGED } from '../accounts/service'
import type { Actor } from '../auth/service'
import { checkDns, hasValidCertificate, productHostname } from './checks'
import * as repo from './repo'
import type { CustomDomainStatus } from './schema'

const SECOND = 1000
const MINUTE = 60 * SECOND
const DAY = 24 * 60 * MINUTE
/** A status call re-checks a domain that is not live yet once its last check is this old. */
const RECHECK_AFTER = 30 * SECOND
const BACKGROUND_EVERY = 5 * MINUTE
const BACKGROUND_BATCH = 100
/** A claim never verified within this time stops blocking the hostname for someone who owns it. */
const STALE_CLAIM_AFTER = 7 * DAY
const HOST_CACHE_TTL = 30 * SECOND
const HOST_CACHE_MAX = 10_000

/** Hosts the product itself answers on: never a custom domain, always allowed a certificate. */
const productHosts = new Set(
  [productHostname, config.appHost, config.apiHost, config.marketingHost].filter((h): h is string => Boolean(h)).map((h) => h.replace(/:\d+$/, '')),
)

const noDomain: CustomDomainStatus = {
  hasCustomDomain: false,
  hostname: null,
  status: null,
  sslStatus: null,
  verificationErrors: null,
  ownershipVerification: null,
  cnameRecord: null,
  lastCheckedAt: null,
}

const state = (value: string) => (value === 'active' ? 'active' : 'pending')

function toStatusJson(row: repo.DomainRow | undefined): CustomDomainStatus {
  if (!row) return noDomain
  return {
    hasCustomDomain: true,
    hostname: row.hostname,
    status: state(row.status),
    sslStatus: state(row.sslStatus),
    verificationErrors: row.verificationErrors ?? [],
    ownershipVerification: { type: 'TXT', name: verifyRecordName(row.hostname), value: row.verificationToken },
    cnameRecord: { type: 'CNAME', name: row.hostname, value: productHostname },
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  }
}

/**
 * Which links a request's host may resolve: all of them on the product's own hosts (and on hosts
 * nobody claimed, such as a bare IP), one account's on its live custom domain, none on a claimed
 * domain that is not live or whose account left the paid plans.
 */
export type LinkScope = { kind: 'all' } | { kind: 'account'; accountId: string } | { kind: 'none' }

// Kept briefly: every request on a custom domain asks.
const hostCache = new Map<string, { scope: LinkScope; until: number }>()
const DOMAIN_CHANGED = 'custom-domain-changed'

/** Drops the host's cached answer here and on every other instance. */
function forgetHost(hostname: string) {
  publish(DOMAIN_CHANGED, hostname)
}

subscribe(DOMAIN_CHANGED, (hostname) => hostCache.delete(hostname))
// A plan change can switch a domain on or off; the message names the account, not its host.
subscribe(ACCOUNT_CHANGED, () => hostCache.clear())

const running = new Map<string, Promise<repo.DomainRow | undefined>>()

/** Checks DNS (until verified) and then the certificate, and stores what it found. */
function checkDomain(row: repo.DomainRow): Promise<repo.DomainRow | undefined> {
  const inFlight = running.get(row.id)
  if (inFlight) return inFlight
  const run = (async () => {
    let status = row.status
    let errors: { message: string }[] = []
    if (status !== 'active') {
      errors = await checkDns(row.hostname, row.verificationToken)
      if (errors.length === 0) status = 'active'
    }
    let sslStatus = row.sslStatus
    if (status === 'active' && sslStatus !== 'active') {
      if (await hasValidCertificate(row.hostname)) sslStatus = 'active'
      else errors = [{ message: `Waiting for the SSL certificate of ${row.hostname}; it is issued automatically once DNS is verified.` }]
    }
    const now = new Date()
    const updated = await repo.updateDomain(row.id, {
      status,
      sslStatus,
      verificationErrors: errors,
      lastCheckedAt: now,
      ...(status === 'active' && row.status !== 'active' ? { verifiedAt: now } : {}),
    })
    if (status !== row.status) {
      forgetHost(row.hostname)
      log.info('custom domain verified', { hostname: row.hostname, account: row.accountId })
    }
    return updated
  })().finally(() => running.delete(row.id))
  running.set(row.id, run)
  return run
}

function requirePaidPlan(actor: Actor) {
  if (!PLAN_INFO[actor.plan].hasCustomDomain) throw new AppError('forbidden', MESSAGES.paidOnly)
}

export async function getCustomDomainStatus(actor: Actor): Promise<CustomDomainStatus> {
  let row: repo.DomainRow | undefined = await repo.findDomainOfAccount(actor.accountId)
  const stale = !row?.lastCheckedAt || Date.now() - row.lastCheckedAt.getTime() > RECHECK_AFTER
  if (row && !isDomainLive(row) && stale && PLAN_INFO[actor.plan].hasCustomDomain) row = (await checkDomain(row)) ?? undefined
  return toStatusJson(row)
}

/** "Check now": re-runs the checks at once, for someone who just changed their DNS. */
export async function verifyCustomDomain(actor: Actor): Promise<CustomDomainStatus> {
  requirePaidPlan(actor)
  const row = await repo.findDomainOfAccount(actor.accountId)
  if (!row) throw new AppError('not_found', 'There is no custom domain to check.')
  if (isDomainLive(row)) return toStatusJson(row)
  const rate = await consumeRate(`domain-check:${actor.accountId}`, [{ limit: 20, windowMs: 10 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many checks. DNS changes take a while; please try again in a few minutes.', undefined, rate.retryAfter)
  return toStatusJson(await checkDomain(row))
}

export async function addCustomDomain(actor: Actor, input: string): Promise<CustomDomainStatus> {
  requirePaidPlan(actor)
  const checked = normalizeHostname(input)
  if (checked.error !== undefined) throw fieldError('invalid', 'hostname', checked.error)
  const { hostname } = checked
  if (productHosts.has(hostname)) throw fieldError('invalid', 'hostname', MESSAGES.productHost)
  if (await repo.findDomainOfAccount(actor.accountId)) throw new AppError('conflict', MESSAGES.oneDomain)

  const holder = await repo.findDomainByHostname(hostname)
  if (holder) {
    const abandoned = holder.status !== 'active' && Date.now() - holder.createdAt.getTime() > STALE_CLAIM_AFTER
    if (!abandoned) throw new AppError('conflict', MESSAGES.taken)
    log.info('stale custom domain claim released', { hostname, account: holder.accountId })
    await repo.deleteDomain(holder.id)
  }

  const rate = await consumeRate(`domain-add:${actor.accountId}`, [{ limit: 10, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many custom domains added. Please try again later.', undefined, rate.retryAfter)

  let row: repo.DomainRow
  try {
    row = await repo.insertDomain({ accountId: actor.accountId, hostname, verificationToken: `linkcard-verify=${randomBytes(18).toString('base64url')}` })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Someone else got there between the checks and the insert.
    const mine = await repo.findDomainOfAccount(actor.accountId)
    throw new AppError('conflict', mine ? MESSAGES.oneDomain : MESSAGES.taken)
  }
  forgetHost(hostname)
  return toStatusJson((await checkDomain(row)) ?? row)
}

export async function removeCustomDomain(actor: Actor) {
  const row = await repo.deleteDomainOfAccount(actor.accountId)
  if (!row) throw new AppError('not_found', MESSAGES.none)
  forgetHost(row.hostname)
}

/**
 * "host" or "host:port" as a request carries it, lower-cased and without port or final dot.
 * Requests repeat a few Host values endlessly, so the answers are remembered.
 */
const bareHost = remembered(HOST_CACHE_MAX, (host) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, ''))

const ALL: LinkScope = { kind: 'all' }

/** The scope of a Host header value when known without the database, else undefined. */
export function cachedLinkScope(host: string, now = Date.now()): LinkScope | undefined {
  const hostname = bareHost(host)
  if (!hostname || productHosts.has(hostname)) return ALL
  const cached = hostCache.get(hostname)
  return cached && cached.until > now ? cached.scope : undefined
}

/** The links a Host header value may resolve (see LinkScope). */
export async function linkScopeForHost(host: string): Promise<LinkScope> {
  const known = cachedLinkScope(host)
  if (known) return known
  const hostname = bareHost(host)
  const row = await repo.findDomainWithPlan(hostname)
  const scope: LinkScope = !row
    ? ALL
    : row.status === 'active' && PLAN_INFO[row.plan].hasCustomDomain
      ? { kind: 'account', accountId: row.accountId }
      : { kind: 'none' }
  // Random Host headers must not grow the cache without bound.
  if (hostCache.size >= HOST_CACHE_MAX) hostCache.clear()
  hostCache.set(hostname, { scope, until: Date.now() + HOST_CACHE_TTL })
  return scope
}

/**
 * The account whose verified custom domain `host` is, or undefined. Only a paying account's domain
 * counts: after a downgrade its links answer on PUBLIC_URL only.
 */
export async function accountIdForHost(host: string): Promise<string | undefined> {
  const scope = await linkScopeForHost(host)
  return scope.kind === 'account' ? scope.accountId : undefined
}

/** `https://<hostname>` once the account's domain is live (DNS and certificate), for link listings. */
export async function customDomainUrlFor(accountId: string): Promise<string | undefined> {
  const row = await repo.findDomainOfAccount(accountId)
  return row && isDomainLive(row) ? `https://${row.hostname}` : undefined
}

/** The TLS proxy's on-demand "ask": may a certificate be issued for this name? */
export async function mayIssueCertificate(domain: string | undefined) {
  const hostname = bareHost(domain ?? '')
  if (!hostname) return false
  return productHosts.has(hostname) || (await accountIdForHost(hostname)) !== undefined
}

let timer: ReturnType<typeof setInterval> | undefined

async function checkPendingDomains() {
  const now = Date.now()
  const rows = await repo.findDomainsToCheck(new Date(now - STALE_CLAIM_AFTER), new Date(now - BACKGROUND_EVERY + 30 * SECOND), BACKGROUND_BATCH)
  for (const row of rows) {
    if (!timer) return
    await checkDomain(row).catch((error) => log.error('custom domain check failed', { hostname: row.hostname, error }))
  }
}

/** Re-checks pending domains every few minutes until they are live; stops on shutdown. */
export function startDomainChecks() {
  if (timer) return
  timer = setInterval(() => {
    checkPendingDomains().catch((error) => log.error('custom domain checks failed', { error }))
  }, BACKGROUND_EVERY)
  timer.unref()
  onShutdown('custom domain checks', () => {
    clearInterval(timer)
    timer = undefined
  })
}
