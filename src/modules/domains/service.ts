// Custom domains: several per paying account (by plan), each proven by a TXT record, pointed at the
// product by a CNAME, re-checked until live; the redirect path asks which account and domain a
// request's host is, and counts the paths of a domain that name no link.
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
import { handoverOf } from '../../platform/handover'
import { yieldToLoop } from '../../platform/slices'
import { transaction } from '../../platform/db'
import type { Plan } from '../../shared/domain'
import { normalizedHttpUrl } from '../../shared/link-rules'
import { hasControlCharacters } from '../../shared/text'
import { ACCOUNT_CHANGED, type AccountCap, findAccount, withinAccountCap } from '../accounts/service'
import type { Actor } from '../auth/service'
import { ownerEmailsOf } from '../members/service'
import { actingOf, changesBetween, recordAccountChange } from '../audit/service'
import { checkDns, hasValidCertificate, productHostname } from './checks'
import { checkedAppFile } from './app-files'
import * as repo from './repo'
import type { CustomDomainStatus, Domain, DomainChanges, DomainList, UnknownPaths } from './schema'

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

function toDomainJson(row: repo.DomainRow): Domain {
  return {
    id: row.id,
    hostname: row.hostname,
    status: state(row.status),
    sslStatus: row.sslStatus === 'active' ? 'active' : 'pending',
    isDefault: row.isDefault,
    rootRedirect: row.rootRedirect,
    notFoundRedirect: row.notFoundRedirect,
    appleAppSiteAssociation: row.appleAppSiteAssociation,
    assetLinks: row.assetLinks,
    ownershipVerification: { name: verifyRecordName(row.hostname), value: row.verificationToken },
    cnameRecord: { name: row.hostname, value: productHostname },
    verificationErrors: row.verificationErrors ?? [],
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

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

/** What the short-link path needs of a live custom domain: its id and name, where its root and unknown paths send people, and its app files. */
type DomainOfHost = Pick<repo.DomainRow, 'id' | 'hostname' | 'rootRedirect' | 'notFoundRedirect' | 'appleAppSiteAssociation' | 'assetLinks'>

/**
 * Which links a request's host may resolve: all of them on the product's own hosts (and on hosts
 * nobody claimed, such as a bare IP), one account's on its live custom domain, none on a claimed
 * domain that is not live or whose account left the paid plans.
 */
export type LinkScope = { kind: 'all' } | AccountDomain | { kind: 'none' }
/** A live custom domain and the account it is of. */
export type AccountDomain = { kind: 'account'; accountId: string; domain: DomainOfHost }

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

function requirePaidPlan(actor: Pick<Actor, 'plan'>) {
  if (!PLAN_INFO[actor.plan].hasCustomDomain) throw new AppError('forbidden', MESSAGES.paidOnly)
}

/** A verified domain's records are due for their daily look-up. */
const isDnsDue = (row: repo.DomainRow, now = Date.now()) =>
  row.verifiedAt !== null && (row.dnsCheckedAt === null || now - row.dnsCheckedAt.getTime() >= DNS_RECHECK_EVERY)

/** The domain as it is now: re-checked first when it is not live and its last check is old, or its daily DNS look-up is due. */
async function freshened(row: repo.DomainRow, plan: Plan): Promise<repo.DomainRow> {
  const stale = !row.lastCheckedAt || Date.now() - row.lastCheckedAt.getTime() > RECHECK_AFTER
  if (PLAN_INFO[plan].hasCustomDomain && ((!isDomainLive(row) && stale) || isDnsDue(row))) return (await checkDomain(row, isDnsDue(row))) ?? row
  return row
}

/** The account's domains, the default first; those not live yet are re-checked when their last check is old. */
export async function listDomains(actor: Pick<Actor, 'accountId' | 'plan'>): Promise<DomainList> {
  const rows = await repo.listDomainsOf(actor.accountId)
  return { domains: (await Promise.all(rows.map((row) => freshened(row, actor.plan)))).map(toDomainJson) }
}

async function accountDomain(actor: Pick<Actor, 'accountId'>, id: string) {
  const row = await repo.findAccountDomain(actor.accountId, id)
  if (!row) throw new AppError('not_found', MESSAGES.notFound)
  return row
}

export async function getCustomDomainStatus(actor: Pick<Actor, 'accountId' | 'plan'>): Promise<CustomDomainStatus> {
  const row = await repo.findDefaultDomain(actor.accountId)
  return toStatusJson(row && (await freshened(row, actor.plan)))
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

/** "Check now": re-runs a domain's checks at once, for someone who just changed their DNS. */
async function checkNow(actor: Actor, row: repo.DomainRow) {
  requirePaidPlan(actor)
  if (isDomainLive(row)) return row
  const rate = await consumeRate(`domain-check:${actor.accountId}`, [{ limit: 20, windowMs: 10 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many checks. DNS changes take a while; please try again in a few minutes.', undefined, rate.retryAfter)
  return (await checkDomain(row)) ?? row
}

export async function verifyCustomDomain(actor: Actor): Promise<CustomDomainStatus> {
  const row = await repo.findDefaultDomain(actor.accountId)
  if (!row) throw new AppError('not_found', 'There is no custom domain to check.')
  return toStatusJson(await checkNow(actor, row))
}

export const verifyDomain = async (actor: Actor, id: string): Promise<Domain> => toDomainJson(await checkNow(actor, await accountDomain(actor, id)))

/**
 * Adds a domain to the account, within its plan's number (counted in a transaction that holds the
 * account, so requests side by side cannot pass it), the first one as its default; checks it at once.
 */
async function addDomain(actor: Actor, input: string, { onlyOne = false } = {}): Promise<repo.DomainRow> {
  requirePaidPlan(actor)
  const checked = normalizeHostname(input)
  if (checked.error !== undefined) throw fieldError('invalid', 'hostname', checked.error)
  const { hostname } = checked
  if (productHosts.has(hostname)) throw fieldError('invalid', 'hostname', MESSAGES.productHost)

  // Only a verified owner whose records are in place blocks the name: other claims wait for
  // whoever proves the TXT record first (a paused owner's name may have changed hands).
  const owner = await repo.findVerifiedDomain(hostname)
  if (owner && owner.accountId !== actor.accountId && owner.status !== 'paused') throw new AppError('conflict', MESSAGES.taken)

  const rate = await consumeRate(`domain-add:${actor.accountId}`, [{ limit: 10, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many custom domains added. Please try again later.', undefined, rate.retryAfter)

  const plan = PLAN_INFO[actor.plan]
  const limit = onlyOne ? 1 : (plan.customDomainLimit ?? Number.POSITIVE_INFINITY)
  // The count the cap reads in its transaction also says whether this is the account's first domain, its default.
  let had = 0
  const cap: AccountCap = {
    limit,
    count: async (tx) => (had = await repo.countDomainsOf(actor.accountId, tx)),
    refusal: () => (onlyOne ? new AppError('conflict', MESSAGES.oneDomain) : new AppError('forbidden', MESSAGES.limit(plan.name, limit))),
  }
  let row: repo.DomainRow
  try {
    row = await withinAccountCap(actor.accountId, cap, async (tx) => {
      const row = await repo.insertDomain({ accountId: actor.accountId, hostname, verificationToken: `linkcard-verify=${randomBytes(18).toString('base64url')}`, isDefault: had === 0 }, tx)
      await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'domain.added', target: domainTarget(row), changes: { hostname: { from: null, to: hostname }, isDefault: { from: null, to: row.isDefault } } })
      return row
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw new AppError('conflict', MESSAGES.alreadyYours)
  }
  forgetHost(hostname)
  return (await checkDomain(row)) ?? row
}

/** The single-domain call: a domain for an account that has none. */
export const addCustomDomain = async (actor: Actor, input: string): Promise<CustomDomainStatus> => toStatusJson(await addDomain(actor, input, { onlyOne: true }))

export const addDomainJson = async (actor: Actor, input: string): Promise<Domain> => toDomainJson(await addDomain(actor, input))

/** A redirect setting: an http(s) URL, or null for none. */
function checkedRedirect(field: string, value: string | null): string | null {
  const text = value?.trim()
  if (!text) return null
  const url = normalizedHttpUrl(text)
  if (!url || hasControlCharacters(text)) throw fieldError('invalid', field, MESSAGES.redirectUrl)
  return url
}

/** The settings the audit log compares, before and after a change. */
const DOMAIN_SETTINGS = ['isDefault', 'rootRedirect', 'notFoundRedirect', 'appleAppSiteAssociation', 'assetLinks'] as const
const domainTarget = (row: Pick<repo.DomainRow, 'id' | 'hostname'>) => ({ type: 'domain', id: row.id, name: row.hostname })

/** Changes a domain's settings: the account's default, where its root and unknown paths send people, and its app files. */
export async function updateDomain(actor: Actor, id: string, changes: DomainChanges): Promise<Domain> {
  const row = await accountDomain(actor, id)
  const settings: Parameters<typeof repo.updateDomain>[1] = {}
  if (changes.rootRedirect !== undefined) settings.rootRedirect = checkedRedirect('rootRedirect', changes.rootRedirect)
  if (changes.notFoundRedirect !== undefined) settings.notFoundRedirect = checkedRedirect('notFoundRedirect', changes.notFoundRedirect)
  if (changes.appleAppSiteAssociation !== undefined)
    settings.appleAppSiteAssociation = checkedAppFile('appleAppSiteAssociation', changes.appleAppSiteAssociation) as Record<string, unknown> | null
  if (changes.assetLinks !== undefined) settings.assetLinks = checkedAppFile('assetLinks', changes.assetLinks) as unknown[] | null
  const updated = await transaction(async (tx) => {
    if (changes.isDefault !== undefined && changes.isDefault !== row.isDefault) await repo.setDefaultDomain(actor.accountId, changes.isDefault ? id : null, tx)
    const updated = Object.keys(settings).length > 0 ? await repo.updateDomain(id, settings, tx) : await repo.findAccountDomain(actor.accountId, id, tx)
    const audited = updated && changesBetween(row, updated, DOMAIN_SETTINGS)
    if (audited) await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'domain.changed', target: domainTarget(updated), changes: audited })
    return updated
  })
  if (!updated) throw new AppError('not_found', MESSAGES.notFound)
  forgetHost(row.hostname)
  return toDomainJson(updated)
}

// Its links are the links module's, which is built on this one: runtime.ts hands their count over.
const domainLinks = handoverOf<{ countLinksOn: (accountId: string, hostname: string) => Promise<number> }>('links on a domain')
export const provideDomainLinks = domainLinks.provide

/** Removes a domain that no link lives on; the default goes to none. */
async function removeDomain(actor: Actor, row: repo.DomainRow) {
  const links = await domainLinks.get().countLinksOn(actor.accountId, row.hostname)
  if (links > 0) throw new AppError('conflict', MESSAGES.hasLinks(row.hostname, links))
  const deleted = await transaction(async (tx) => {
    const deleted = await repo.deleteAccountDomain(actor.accountId, row.id, tx)
    if (deleted) await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'domain.removed', target: domainTarget(deleted), changes: { hostname: { from: deleted.hostname, to: null } } })
    return deleted
  })
  if (!deleted) throw new AppError('not_found', MESSAGES.notFound)
  forgetHost(row.hostname)
}

export const deleteDomain = async (actor: Actor, id: string) => removeDomain(actor, await accountDomain(actor, id))

/** The single-domain call: removes the default domain. */
export async function removeCustomDomain(actor: Actor) {
  const row = await repo.findDefaultDomain(actor.accountId)
  if (!row) throw new AppError('not_found', MESSAGES.none)
  await removeDomain(actor, row)
}

/** The hostnames of the account's proven domains, on which its links may live (none once it has left the paid plans). */
export async function verifiedDomainsOf(accountId: string): Promise<Set<string>> {
  const plan = (await findAccount(accountId))?.plan
  return new Set(plan && PLAN_INFO[plan].hasCustomDomain ? await repo.findVerifiedHostnamesOf(accountId) : [])
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
  const claim = await repo.findClaimThatCounts(hostname)
  let scope: LinkScope = ALL
  if (claim) {
    const { accountId, status, ...domain } = claim
    const plan = status === 'active' ? (await findAccount(accountId))?.plan : undefined
    scope = plan && PLAN_INFO[plan].hasCustomDomain ? { kind: 'account', accountId, domain } : { kind: 'none' }
  }
  hostCache.set(hostname, scope)
  return scope
}

/** The live custom domain a Host header value is, with its account (synchronous when known lately), or undefined. */
export function domainOfHost(host: string): AccountDomain | undefined | Promise<AccountDomain | undefined> {
  const scope = linkScopeOf(host)
  const domainOf = (settled: LinkScope) => (settled.kind === 'account' ? settled : undefined)
  return scope instanceof Promise ? scope.then(domainOf) : domainOf(scope)
}

/**
 * The account whose verified custom domain `host` is, or undefined. Only a paying account's domain
 * counts: after a downgrade its links answer on PUBLIC_URL only.
 */
export async function accountIdForHost(host: string): Promise<string | undefined> {
  const scope = await linkScopeOf(host)
  return scope.kind === 'account' ? scope.accountId : undefined
}

/** `https://<hostname>` once the account's default domain is live (DNS and certificate), for link listings. */
export async function customDomainUrlFor(accountId: string): Promise<string | undefined> {
  const row = await repo.findDefaultDomain(accountId)
  return row && isDomainLive(row) ? `https://${row.hostname}` : undefined
}

/** The TLS proxy's on-demand "ask": may a certificate be issued for this name? */
export async function mayIssueCertificate(domain: string | undefined) {
  const hostname = bareHost(domain ?? '')
  if (!hostname) return false
  return productHosts.has(hostname) || (await accountIdForHost(hostname)) !== undefined
}

// Paths of a domain that named no link, counted here and added to the stored counts every few
// seconds (and when the instance stops): a visit costs a map update, not a write. Bounded: past so
// many distinct paths between two flushes, new ones wait for the next. A domain keeps so many paths
// at most (the most-hit stay), and forgets those unseen for long.
const UNKNOWN_FLUSH_EVERY = 5 * SECOND
const UNKNOWN_PENDING_MAX = 10_000
const UNKNOWN_PATHS_PER_DOMAIN = 1_000
const UNKNOWN_KEPT_FOR = 90 * DAY
const UNKNOWN_LISTED = 100
const pendingUnknown = new Map<string, repo.UnknownPathHits>()

/** Counts a person's visit of a path of the domain that named no link. */
export function countUnknownPath(domainId: string, path: string, now = Date.now()) {
  const key = `${domainId} ${path}`
  const pending = pendingUnknown.get(key)
  if (pending) {
    pending.hits += 1
    pending.lastSeenAt = new Date(now)
  } else if (pendingUnknown.size < UNKNOWN_PENDING_MAX) {
    pendingUnknown.set(key, { domainId, path, hits: 1, lastSeenAt: new Date(now) })
  }
}

/** Adds the counted visits to the stored counts; a domain full of paths adds to those it has only. */
async function flushUnknownPaths() {
  if (pendingUnknown.size === 0) return
  const entries = [...pendingUnknown.values()]
  pendingUnknown.clear()
  const byDomain = Map.groupBy(entries, (entry) => entry.domainId)
  const stored = await repo.countUnknownPaths([...byDomain.keys()])
  // A path already stored keeps counting; a new one is taken while its domain has room (another
  // instance's flush at the same moment may take it a few past).
  const kept: repo.UnknownPathHits[] = []
  for (const [domainId, hits] of byDomain) {
    let room = UNKNOWN_PATHS_PER_DOMAIN - (stored.get(domainId) ?? 0)
    const known = room >= hits.length ? undefined : await repo.storedUnknownPaths(domainId, hits.map((entry) => entry.path))
    for (const entry of hits) if (!known || known.has(entry.path) || room-- > 0) kept.push(entry)
  }
  for (let at = 0; at < kept.length; at += 100) {
    if (at > 0) await yieldToLoop()
    await repo.addUnknownPathHits(kept.slice(at, at + 100))
  }
}

/** The domain's most-hit unknown paths, this instance's latest counts included. */
export async function unknownPathsOf(actor: Pick<Actor, 'accountId'>, id: string): Promise<UnknownPaths> {
  const row = await accountDomain(actor, id)
  await flushUnknownPaths()
  const paths = await repo.listUnknownPaths(row.id, UNKNOWN_LISTED)
  return { paths: paths.map((entry) => ({ path: entry.path, hits: entry.hits, lastSeenAt: entry.lastSeenAt.toISOString() })) }
}

/** Adds the unknown paths counted here to the stored counts every few seconds, and once more when stopped. */
export function startUnknownPathCounting(): Running {
  const flush = () => flushUnknownPaths().catch((error) => log.error('counting unknown paths failed', { error }))
  const stop = every(UNKNOWN_FLUSH_EVERY, flush)
  return {
    async stop() {
      stop()
      await flush()
    },
  }
}

/**
 * One round of background checks at `now`: claims until they are live (for a week), paused domains
 * until their records return, and every verified domain's DNS once a day.
 */
async function checkDueDomains(now = Date.now(), isRunning = () => true) {
  await repo.deleteUnknownPathsSeenBefore(new Date(now - UNKNOWN_KEPT_FOR))
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
