// Custom domains: one per paying account, proven by a TXT record, pointed at the product by a
// CNAME, re-checked until live; the redirect path asks which account a request's host belongs to.
import { randomBytes } from 'node:crypto'
import { publish, subscribe } from '../../platform/bus'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { isUniqueViolation } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { every, type Running } from '../../platform/lifecycle'
import { singleFlightBy } from '../../platform/single-flight'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { CUSTOM_DOMAIN_MESSAGES as MESSAGES, isDomainLive, normalizeHostname, verifyRecordName } from '../../shared/custom-domain'
import { PLAN_INFO } from '../../shared/plans'
import { BoundedCache, remembered } from '../../platform/cache'
import { ACCOUNT_CHANGED, findAccount } from '../accounts/service'
import type { Actor } from '../auth/service'
import { ownerEmailsOf } from '../members/service'
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
/** A claim never verified within this time is no longer checked in the background. */
const STALE_CLAIM_AFTER = 7 * DAY
/** A verified domain's records are looked up again this often; gone records pause it. */
const DNS_RECHECK_EVERY = DAY
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

const state = (value: string) => (value === 'active' || value === 'paused' ? value : 'pending')

function toStatusJson(row: repo.DomainRow | undefined): CustomDomainStatus {
  if (!row) return noDomain
  return {
    hasCustomDomain: true,
    hostname: row.hostname,
    status: state(row.status),
    sslStatus: row.sslStatus === 'active' ? 'active' : 'pending',
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
const hostCache = new BoundedCache<string, LinkScope>(HOST_CACHE_MAX, HOST_CACHE_TTL)
const DOMAIN_CHANGED = 'custom-domain-changed'

/** Drops the host's cached answer here and on every other instance. */
function forgetHost(hostname: string) {
  publish(DOMAIN_CHANGED, hostname)
}

// Whether a host is a verified custom domain, asked of every new link's target: kept as briefly.
const verifiedCache = new BoundedCache<string, boolean>(HOST_CACHE_MAX, HOST_CACHE_TTL)

subscribe(DOMAIN_CHANGED, (hostname) => {
  hostCache.delete(hostname)
  verifiedCache.delete(hostname)
})
// A plan change can switch a domain on or off; the message names the account, not its host.
subscribe(ACCOUNT_CHANGED, () => hostCache.clear())

type Notice = 'paused' | 'resumed' | 'released'

/** Tells the account's owners that their domain stopped answering, answers again, or went to a newer proof. */
function notifyOwners(row: repo.DomainRow, notice: Notice) {
  const expected = `  TXT ${verifyRecordName(row.hostname)} = ${row.verificationToken}\n  CNAME ${row.hostname} -> ${productHostname}`
  const mails: Record<Notice, { subject: string; text: string }> = {
    paused: {
      subject: `Your custom domain ${row.hostname} is paused`,
      text:
        `The DNS records of ${row.hostname} are gone, so its short links are paused: visitors on ${row.hostname} get a 404 until ` +
        `the records are back.\n\nExpected:\n${expected}\n\nLinkcard checks again by itself and resumes the domain once they are ` +
        `found; ${config.publicUrl}/billing shows its status.`,
    },
    resumed: { subject: `Your custom domain ${row.hostname} works again`, text: `The DNS records of ${row.hostname} are back, and its short links answer again.` },
    released: {
      subject: `Your custom domain ${row.hostname} was removed`,
      text: `While its records were gone, another account proved ownership of ${row.hostname} with its own DNS record, so it was removed from your account. Your links still work at ${config.publicUrl}.`,
    },
  }
  ownerEmailsOf(row.accountId)
    .then((emails) => Promise.all(emails.map((to) => sendMail({ to, ...mails[notice] }))))
    .catch((error) => log.error('custom domain notice failed', { hostname: row.hostname, error }))
}

/**
 * Stores a check's findings. A claim becoming verified may find the name already verified by
 * another account: the first proof wins, unless that owner's domain is paused (its records gone,
 * this claim's present), which hands the name over.
 */
async function saveCheck(row: repo.DomainRow, changes: Parameters<typeof repo.updateDomain>[1]) {
  try {
    return await repo.updateDomain(row.id, changes)
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
  const owner = await repo.findVerifiedDomain(row.hostname)
  if (owner && owner.id !== row.id && owner.status === 'paused') {
    log.info('paused custom domain taken over by a newer proof', { hostname: row.hostname, from: owner.accountId, to: row.accountId })
    await repo.deleteDomain(owner.id)
    notifyOwners(owner, 'released')
    try {
      return await repo.updateDomain(row.id, changes)
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
  return repo.updateDomain(row.id, { status: 'pending', sslStatus: 'pending', verifiedAt: null, lastCheckedAt: changes.lastCheckedAt, verificationErrors: [{ message: MESSAGES.taken }] })
}

/**
 * Checks DNS (until verified, while paused, and daily once verified: `recheckDns`) and then the
 * certificate, and stores what it found. A verified domain whose records are gone is paused, and
 * resumes when they return; a look-up that merely fails changes nothing.
 */
const checkDomain = singleFlightBy(
  async (row: repo.DomainRow, recheckDns: boolean = false): Promise<repo.DomainRow | undefined> => {
    const now = new Date()
    let status = row.status
    let errors: { message: string }[] = []
    let dnsCheckedAt = row.dnsCheckedAt
    if (status !== 'active' || recheckDns) {
      const problems = await checkDns(row.hostname, row.verificationToken)
      dnsCheckedAt = now
      errors = problems.map(({ message }) => ({ message }))
      if (problems.length === 0) status = 'active'
      else if (row.verifiedAt && problems.every((problem) => !problem.transient)) status = 'paused'
    }
    let sslStatus = row.sslStatus
    if (status === 'active' && sslStatus !== 'active') {
      if (await hasValidCertificate(row.hostname)) sslStatus = 'active'
      else errors = [{ message: `Waiting for the SSL certificate of ${row.hostname}; it is issued automatically once DNS is verified.` }]
    }
    const updated = await saveCheck(row, {
      status,
      sslStatus,
      verificationErrors: errors,
      lastCheckedAt: now,
      dnsCheckedAt,
      ...(status === 'active' && !row.verifiedAt ? { verifiedAt: now } : {}),
    })
    if (updated && updated.status !== row.status) {
      forgetHost(row.hostname)
      if (updated.status === 'paused') {
        log.warn('custom domain paused: DNS records gone', { hostname: row.hostname, account: row.accountId })
        notifyOwners(updated, 'paused')
      } else if (updated.status === 'active' && row.status === 'paused') {
        log.info('custom domain resumed', { hostname: row.hostname, account: row.accountId })
        notifyOwners(updated, 'resumed')
      } else if (updated.status === 'active') {
        log.info('custom domain verified', { hostname: row.hostname, account: row.accountId })
      }
    }
    return updated
  },
  (row) => row.id,
)

function requirePaidPlan(actor: Actor) {
  if (!PLAN_INFO[actor.plan].hasCustomDomain) throw new AppError('forbidden', MESSAGES.paidOnly)
}

/** A verified domain's records are due for their daily look-up. */
const isDnsDue = (row: repo.DomainRow, now = Date.now()) =>
  row.verifiedAt !== null && (row.dnsCheckedAt === null || now - row.dnsCheckedAt.getTime() >= DNS_RECHECK_EVERY)

export async function getCustomDomainStatus(actor: Pick<Actor, 'accountId' | 'plan'>): Promise<CustomDomainStatus> {
  let row: repo.DomainRow | undefined = await repo.findDomainOfAccount(actor.accountId)
  const stale = !row?.lastCheckedAt || Date.now() - row.lastCheckedAt.getTime() > RECHECK_AFTER
  if (row && PLAN_INFO[actor.plan].hasCustomDomain && ((!isDomainLive(row) && stale) || isDnsDue(row)))
    row = (await checkDomain(row, isDnsDue(row))) ?? undefined
  return toStatusJson(row)
}

/**
 * True when short links answer at this URL's host: PUBLIC_URL's host (and port), the product's
 * other hosts, and every verified custom domain.
 */
export async function servesShortLinks(url: URL) {
  if (url.host === config.publicHost) return true
  const name = bareHost(url.hostname)
  if (name !== productHostname && productHosts.has(name)) return true
  let verified = verifiedCache.get(name)
  if (verified === undefined) {
    verified = (await repo.findVerifiedDomain(name)) !== undefined
    verifiedCache.set(name, verified)
  }
  return verified
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

  // Only a verified owner whose records are in place blocks the name: other claims wait for
  // whoever proves the TXT record first (a paused owner's name may have changed hands).
  const owner = await repo.findVerifiedDomain(hostname)
  if (owner && owner.status !== 'paused') throw new AppError('conflict', MESSAGES.taken)

  const rate = await consumeRate(`domain-add:${actor.accountId}`, [{ limit: 10, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many custom domains added. Please try again later.', undefined, rate.retryAfter)

  let row: repo.DomainRow
  try {
    row = await repo.insertDomain({ accountId: actor.accountId, hostname, verificationToken: `linkcard-verify=${randomBytes(18).toString('base64url')}` })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // A second request of this account got there between the checks and the insert.
    throw new AppError('conflict', MESSAGES.oneDomain)
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

/**
 * The links a Host header value may resolve (see LinkScope): synchronous when known without the
 * database (the product's own hosts, and hosts asked about lately), so the redirect path costs no promise.
 */
export function linkScopeOf(host: string, now = Date.now()): LinkScope | Promise<LinkScope> {
  const hostname = bareHost(host)
  if (!hostname || productHosts.has(hostname)) return ALL
  return hostCache.get(hostname, now) ?? readLinkScope(hostname)
}

async function readLinkScope(hostname: string): Promise<LinkScope> {
  const row = await repo.findClaimThatCounts(hostname)
  const plan = row?.status === 'active' ? (await findAccount(row.accountId))?.plan : undefined
  const scope: LinkScope = !row
    ? ALL
    : plan && PLAN_INFO[plan].hasCustomDomain
      ? { kind: 'account', accountId: row.accountId }
      : { kind: 'none' }
  hostCache.set(hostname, scope)
  return scope
}

/**
 * The account whose verified custom domain `host` is, or undefined. Only a paying account's domain
 * counts: after a downgrade its links answer on PUBLIC_URL only.
 */
export async function accountIdForHost(host: string): Promise<string | undefined> {
  const scope = await linkScopeOf(host)
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

/**
 * One round of background checks at `now`: claims until they are live (for a week), paused domains
 * until their records return, and every verified domain's DNS once a day.
 */
async function checkDueDomains(now = Date.now(), isRunning = () => true) {
  const rows = await repo.findDomainsToCheck(new Date(now - STALE_CLAIM_AFTER), new Date(now - BACKGROUND_EVERY + 30 * SECOND), new Date(now - DNS_RECHECK_EVERY), BACKGROUND_BATCH)
  for (const row of rows) {
    if (!isRunning()) return
    await checkDomain(row, isDnsDue(row, now)).catch((error) => log.error('custom domain check failed', { hostname: row.hostname, error }))
  }
}

/** Runs the background checks every few minutes until stopped. */
export function startDomainChecks(): Running {
  let running = true
  const stop = every(BACKGROUND_EVERY, () => {
    checkDueDomains(Date.now(), () => running).catch((error) => log.error('custom domain checks failed', { error }))
  })
  return {
    stop() {
      running = false
      stop()
    },
  }
}
