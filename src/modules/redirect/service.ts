// The short-link path: people are sent on with a 302 and a click is recorded; link-preview
// crawlers get the link's own preview page and a preview is counted against the monthly quota
// (where the platform's crawler can be verified, only from the platform's own address);
// search engines and plain HTTP clients get the person's 302 and count nothing.
import { BoundedCache, remembered } from '../../platform/cache'
import { exactCounters } from '../../platform/counters'
import { log } from '../../platform/log'
import { RedisUnavailable } from '../../platform/redis'
import { countryFromHeader, countryFromIp } from '../analytics/geo'
import { visitorHash } from '../analytics/visitor'
import { isoDay } from '../../shared/analytics'
import { previewDecisions } from '../metrics/service'
import { recordEvent, type RecordedEvent } from '../analytics/recorder'
import { tryLinkPassword, type LinkRow } from '../links/service'
import { accountOfDeadLink, lookUp } from '../links/resolve'
import { classifyVisitor } from '../../shared/visitors'
import { checkCrawler, type CrawlerCheck } from '../crawlers/service'
import { networkOf } from '../../shared/network'
import { PREVIEW_COUNTING, RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import { hasPreviewsLeft, tryCountPreview } from '../usage/service'
import { linkTotals } from '../analytics/service'
import { brandOf, type Brand } from '../card-images/brand'
import { countUnknownPath, domainOfHost } from '../domains/service'
import { cardVersionClicked, cardVersionServed } from './card-tests'
import { withVisitorQuery } from './forwarding'
import { endedLinkPage, passwordPage, previewPage, sendOnPage, type Ending } from './preview-page'

// User-Agents repeat endlessly: who sent each is remembered for the hot path.
const visitorOf = remembered(10_000, classifyVisitor)
const NO_USER_AGENT = classifyVisitor(null)

// The device a link's iOS and Android URLs are for. iPadOS's Safari says it is a Mac, so it is
// routed as a desktop; Windows Phone says it is both, and is neither.
const mobileOsOf = remembered(10_000, (userAgent): 'ios' | 'android' | null => {
  if (userAgent.includes('Windows Phone')) return null
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  return userAgent.includes('Android') ? 'android' : null
})

// An app link's visitor reached the server, so the device did not open the app: it is not installed.
const storeUrls = new WeakMap<LinkRow, Partial<Record<'ios' | 'android', string>>>()
/** The store page of an app link's app for an iOS or Android visitor, from its app card's ids (built once per link). */
function storeUrlOf(link: LinkRow, os: 'ios' | 'android'): string | undefined {
  let urls = storeUrls.get(link)
  if (!urls) {
    const app = link.twitterApp
    const appStoreId = app?.iphone ?? app?.ipad
    urls = {
      ios: appStoreId ? `https://apps.apple.com/app/id${appStoreId}` : undefined,
      android: app?.googleplay ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(app.googleplay)}` : undefined,
    }
    storeUrls.set(link, urls)
  }
  return urls[os]
}

/**
 * Where the link sends this visitor: an app link's store page on iOS and Android, else the URL for
 * their device when it has one, else the one for their country, else `target` (the link's, or their
 * variant's). All from the row, so no database is read; a link without rules costs three comparisons.
 */
function routedUrl(link: LinkRow, userAgent: string | null, country: string | null, ip: string | null, target: string): string {
  if (link.appLink || link.iosUrl !== null || link.androidUrl !== null) {
    const os = userAgent ? mobileOsOf(userAgent) : null
    const store = link.appLink && os ? storeUrlOf(link, os) : undefined
    if (store) return store
    if (os === 'ios' && link.iosUrl) return link.iosUrl
    if (os === 'android' && link.androidUrl) return link.androidUrl
  }
  if (link.geoTargets !== null) {
    // The trusted proxy's header, else the address (its table is unpacked once, ~0.1 s, by the first
    // visit of a link routed by country that comes without the header).
    const code = countryFromHeader(country) ?? countryFromIp(ip)
    const url = code === null ? undefined : link.geoTargets[code]
    if (url) return url
  }
  return target
}

// The visitor hash's day, named once a day.
let hashDayNumber = Number.NaN
let hashDay = ''

/** A 32-bit FNV-1a hash: spreads a visitor hash and a link id over the weights. */
function fnv1a(text: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/**
 * The target of the link's variant this visitor gets, by the variants' weights: from their daily
 * visitor hash (the address and User-Agent, as unique visitors count them) and the link, so a person
 * keeps the same variant all day on every instance; at random when the address is unknown.
 */
function variantOf(link: LinkRow, variants: NonNullable<LinkRow['variants']>, ip: string | null, userAgent: string | null, now: number): string {
  const dayNumber = Math.floor(now / 86_400_000)
  if (dayNumber !== hashDayNumber) {
    hashDayNumber = dayNumber
    hashDay = isoDay(now)
  }
  let total = 0
  for (const variant of variants) total += variant.weight
  const hash = visitorHash(ip, userAgent, hashDay)
  let point = hash === null ? Math.floor(Math.random() * total) : fnv1a(`${hash}${link.id}`) % total
  for (const variant of variants) {
    if (point < variant.weight) return variant.targetUrl
    point -= variant.weight
  }
  return variants[variants.length - 1].targetUrl
}

/** The target this person is sent to unless their device or country has a URL: their variant's, else the link's. */
const targetFor = (link: LinkRow, userAgent: string | null, ip: string | null, now: number) =>
  link.variants === null ? link.targetUrl : variantOf(link, link.variants, ip, userAgent, now)

/** The variant a person sent to `url` counts under: the one whose target it is, when they were sent there. */
const variantSentTo = (link: LinkRow, target: string, url: string) => (link.variants !== null && url === target ? target : undefined)

// Platforms re-fetch and scanners repeat: one preview per link, platform and window.
const PREVIEW_WINDOW_MS = PREVIEW_COUNTING.windowMinutes * 60 * 1000
// How long a repeat waits for the first request of its window to be counted or refused.
const DECISION_WAIT_MS = 2_000

export type Visit = {
  path: string
  /** The address's query string, without its `?` ('' for none): passed on where the link forwards it. */
  query: string
  /** The address carries the QR code's marker: a person's click is also a scan. */
  isScan: boolean
  /** The Host the request arrived on: a custom domain resolves only its account's links. */
  host: string
  method: string
  userAgent: string | null
  referrer: string | null
  /** The client's address and a trusted proxy's country header: only held until events are written. */
  ip: string | null
  country: string | null
}

export type VisitOutcome =
  /**
   * Sent on to the link's target, or the device or country URL that routes this visitor (`url`),
   * with the visitor's query string added when `isForwarded`.
   */
  | { kind: 'redirect'; link: LinkRow; url: string; isForwarded: boolean }
  | { kind: 'preview'; link: LinkRow; html: string }
  /** Sent to the link's fallback (`url`, with the visitor's query where forwarded): it has expired or reached its click limit. */
  | { kind: 'fallback'; link: LinkRow; url: string }
  /** The link has ended (expired, or reached its click limit) and has no fallback: a page in its account's brand that says why, answered 410. */
  | { kind: 'ended'; html: string }
  /** Sent on from the password form by a page (to the target, or the fallback). */
  | { kind: 'send_on'; html: string }
  /** The link asks for a password: its form, with why the last try failed (403, or 429 with Retry-After). */
  | { kind: 'password'; html: string; status: 200 | 403 | 429; retryAfter?: number }
  /** A path that names no link on a custom domain that sends such paths elsewhere (`url`). */
  | { kind: 'elsewhere'; url: string }
  /** A path whose link was turned off or deleted, or that names none on a custom domain sending such paths nowhere: a page in the account's brand, answered 404. */
  | { kind: 'missing'; html: string }
  | { kind: 'not_found' }

// Windows already counted, as seen by this process: link id and platform → window number. A
// counted window stays counted, so later previews in it are allowed here without asking the
// shared counter (a Redis or database round trip on several instances) again. Bounded.
const COUNTED_WINDOWS_MAX = 100_000
const countedWindows = new BoundedCache<string, number>(COUNTED_WINDOWS_MAX)

// Addresses past their previews of an account in a window, as seen by this process: account and
// address → window. Counts only grow within a window, so such an address stays past it, and its
// later previews are answered uncounted without three round trips to the shared counter. Bounded.
const addressesPastLimit = new BoundedCache<string, number>(COUNTED_WINDOWS_MAX)

/**
 * What a crawler's request for a card gets: the card, counted (or a repeat of a counted one) or
 * not, or unverified (a claim from an address not the platform's: recorded apart, never counted),
 * or the person's redirect.
 */
type PreviewDecision = 'counted' | 'uncounted' | 'unverified' | 'refused'

// Redis unreachable: whether the window is counted is unknown, so the crawler gets the person's
// redirect and nothing is counted, as past the quota.
const refusedWithoutRedis = (decided: Promise<PreviewDecision>) =>
  decided.catch((error) => {
    if (error instanceof RedisUnavailable) return 'refused' as const
    throw error
  })

/**
 * May this crawler see the custom preview? Counts it the first time in the window. A verified
 * crawler spends no allowance of its address (a platform crawls many links from few addresses); a
 * crawler that cannot be verified keeps it; an unverified claim never counts.
 */
function previewDecision(link: LinkRow, platform: string, ip: string | null, now: number, check: CrawlerCheck): PreviewDecision | Promise<PreviewDecision> {
  if (check === 'unverified') return refusedWithoutRedis(uncountedOrRefused(link.accountId).then((decision) => (decision === 'uncounted' ? 'unverified' : decision)))
  const key = `preview:${link.id}:${platform}`
  const window = Math.floor(now / PREVIEW_WINDOW_MS)
  if (countedWindows.get(key) === window) return 'counted'
  const address = check === 'verified' ? null : `preview-address:${link.accountId}:${networkOf(ip ?? 'unknown')}`
  const isPastLimit = address !== null && addressesPastLimit.get(address) === window
  return refusedWithoutRedis(isPastLimit ? uncountedOrRefused(link.accountId) : decideWindow(key, window, link.accountId, address))
}

/**
 * A claim whose check waits on reverse DNS: answered at once, as an uncounted preview would be
 * (the card, or past the quota the person's redirect), and counted, or recorded as unverified,
 * once the check answers, in the window of the request.
 */
function previewBeforeCheck(link: LinkRow, platform: string, ip: string | null, now: number, check: Promise<'verified' | 'unverified'>, record: (decision: PreviewDecision) => void) {
  return refusedWithoutRedis(uncountedOrRefused(link.accountId)).then((answer) => {
    if (answer === 'uncounted')
      void check
        .then((result) => previewDecision(link, platform, ip, now, result))
        .then((decision) => record(decision), (error) => log.error('counting a checked preview failed', { error, linkId: link.id, platform }))
    return answer === 'uncounted' ? ('checking' as const) : answer
  })
}

/**
 * The first request of a window decides it: counted against the quota (and marked granted), or
 * not, in which case the window is cleared. Its repeats, on any instance, wait for that decision:
 * a preview the quota refused is never served as a repeat.
 */
async function decideWindow(key: string, window: number, accountId: string, address: string | null): Promise<PreviewDecision> {
  const granted = `${key}:granted`
  if ((await exactCounters.hit(key, PREVIEW_WINDOW_MS)).count > 1) return repeatOf(key, granted, window)
  // One address spends at most so many of an account's previews a window; past that, uncounted.
  if (address !== null && (await exactCounters.hit(address, PREVIEW_WINDOW_MS)).count > PREVIEW_COUNTING.perAddress) {
    addressesPastLimit.set(address, window)
    await exactCounters.clear(key, PREVIEW_WINDOW_MS)
    return uncountedOrRefused(accountId)
  }
  if (await tryCountPreview(accountId)) {
    await exactCounters.hit(granted, PREVIEW_WINDOW_MS)
    countedWindows.set(key, window)
    return 'counted'
  }
  // Over the quota: forget this window so a later request (after an upgrade) is counted afresh.
  await exactCounters.clear(key, PREVIEW_WINDOW_MS)
  return 'refused'
}

/** An uncounted preview: the card while the account has previews left, else the person's redirect. */
const uncountedOrRefused = async (accountId: string): Promise<PreviewDecision> => ((await hasPreviewsLeft(accountId)) ? 'uncounted' : 'refused')

async function repeatOf(key: string, granted: string, window: number): Promise<PreviewDecision> {
  for (const deadline = Date.now() + DECISION_WAIT_MS; ; await Bun.sleep(10)) {
    if ((await exactCounters.peek(granted, PREVIEW_WINDOW_MS)).count > 0) {
      countedWindows.set(key, window)
      return 'counted'
    }
    // The first request was refused (its window cleared), or decides too slowly to wait for.
    if ((await exactCounters.peek(key, PREVIEW_WINDOW_MS)).count === 0 || Date.now() >= deadline) return 'refused'
  }
}

/**
 * What a visit gets. Synchronous when the caches know the link and the host (the common case), so
 * a person's redirect costs no promise, nor does a preview in a window already counted; otherwise
 * asynchronous.
 */
export function visit(visit: Visit): VisitOutcome | Promise<VisitOutcome> {
  // One clock reading serves the caches, the expiry and the event.
  const now = Date.now()
  const link = lookUp(visit.host, visit.path, now)
  return link instanceof Promise ? link.then((found) => decide(visit, found, Date.now())) : decide(visit, link, now)
}

/** What a visit gets of the link that answers on its host (undefined: none does). */
function decide(visit: Visit, link: LinkRow | undefined, now: number): VisitOutcome | Promise<VisitOutcome> {
  if (!link) return unknownPath(visit, now)
  const { path, query, isScan, method, userAgent, referrer, ip, country } = visit
  const isHead = method === 'HEAD'
  const { kind, platform, counted } = userAgent ? visitorOf(userAgent) : NO_USER_AGENT
  // Posts made before the expiry keep their card, uncounted; people get the fallback or the expired page.
  if (link.expiresAt && link.expiresAt.getTime() <= now) return kind === 'preview' ? cardOf(link, platform, now) : endOf(link, 'expired', query)
  if (kind === 'preview' && platform) {
    // HEAD requests and unknown preview fetchers get the card and count nothing.
    if (isHead || !counted) return cardOf(link, platform, now)
    // A served card's preview, counted or unverified, is recorded with the card test's version it served.
    const record = (decision: PreviewDecision, card = cardVersionServed(link, platform, now)) => {
      previewDecisions.inc(decision)
      if (decision === 'counted' || decision === 'unverified')
        recordEvent({ linkId: link.id, accountId: link.accountId, type: 'preview', isScan: false, at: now, referrer, userAgent, platform, ip, country, card, unverified: decision === 'unverified' || undefined })
    }
    const preview = (decision: PreviewDecision | 'checking'): VisitOutcome => {
      if (decision === 'refused') {
        previewDecisions.inc(decision)
        return link.passwordHash ? passwordForm({ path, isScan }) : redirectTo(link, routedUrl(link, userAgent, country, ip, targetFor(link, userAgent, ip, now)), query)
      }
      const card = cardVersionServed(link, platform, now)
      if (decision !== 'checking') record(decision, card)
      return { kind: 'preview', link, html: previewPage(link, platform, card) }
    }
    // The address ranges answer at once; reverse DNS is never waited for (previewBeforeCheck).
    const check = checkCrawler(platform, ip)
    const decision = typeof check === 'string' ? previewDecision(link, platform, ip, now, check) : previewBeforeCheck(link, platform, ip, now, check, record)
    return typeof decision === 'string' ? preview(decision) : decision.then(preview)
  }
  // Everyone but link-preview crawlers gives the password first (unlock).
  if (link.passwordHash) return passwordForm({ path, isScan })
  const target = targetFor(link, userAgent, ip, now)
  const url = routedUrl(link, userAgent, country, ip, target)
  // Search engines, plain HTTP clients and monitors follow the link too, and count nothing.
  const click: RecordedEvent | null =
    kind === 'person' && !isHead
      ? { linkId: link.id, accountId: link.accountId, type: 'click', isScan, at: now, referrer, userAgent, platform: null, ip, country, variant: variantSentTo(link, target, url), card: cardVersionClicked(link, referrer) }
      : null
  const sentTo = redirectTo(link, url, query)
  if (link.clickLimit !== null) return limitedVisit(link, link.clickLimit, click, sentTo, query)
  if (click) recordEvent(click)
  return sentTo
}

/**
 * A path that names no live link. On a custom domain, a person's visit is counted among the
 * domain's unknown paths, and people are sent where the domain says (its notFoundRedirect), else
 * get a page in the account's brand: that the link no longer works (turned off or deleted), or
 * never was. Elsewhere, a dead link's page in its account's brand, or the service's not-found page.
 */
async function unknownPath({ host, path, method, userAgent }: Visit, now: number): Promise<VisitOutcome> {
  const found = await domainOfHost(host)
  if (found && method !== 'HEAD' && (userAgent ? visitorOf(userAgent) : NO_USER_AGENT).kind === 'person') countUnknownPath(found.domain.id, path, now)
  if (found?.domain.notFoundRedirect) return { kind: 'elsewhere', url: found.domain.notFoundRedirect }
  const deadOf = await accountOfDeadLink(host, path, now)
  if (found) return endedPage(deadOf ? 'gone' : 'missing', found.accountId, found.domain.hostname)
  return deadOf ? endedPage('gone', deadOf, null) : NOT_FOUND
}

/** A page that says why a link sends no one on, in its account's brand (404 where it never was or no longer is, else 410). */
const endedPage = async (ending: Ending, accountId: string, site: string | null): Promise<VisitOutcome> => ({
  kind: ending === 'missing' || ending === 'gone' ? 'missing' : 'ended',
  html: endedLinkPage(ending, await brandOfAccount(accountId), site),
})

// An account's brand, asked for by every unknown path of its domains: kept a minute, so a changed
// logo or colour shows within one, and a crowd of unknown paths costs no read each.
const brands = new BoundedCache<string, Promise<Brand>>(10_000, 60_000)
function brandOfAccount(accountId: string) {
  let brand = brands.get(accountId)
  if (!brand) {
    brand = brandOf(accountId).catch((): Brand => ({ color: null, logo: null }))
    brands.set(accountId, brand)
  }
  return brand
}

/** `url` with the visitor's query string added when the link forwards it. */
const forwardedTo = (link: LinkRow, url: string, query: string) => (query === '' || !link.forwardQuery ? url : withVisitorQuery(url, query))

/** The redirect to `url`, forwarded. */
function redirectTo(link: LinkRow, url: string, query: string): VisitOutcome {
  const sentTo = forwardedTo(link, url, query)
  return { kind: 'redirect', link, url: sentTo, isForwarded: sentTo !== url }
}

// A link's clicks towards its limit, counted exactly however many instances answer. An instance
// that holds no count (after a restart, or a day without clicks) starts from the clicks recorded.
const CLICK_COUNT_TTL_MS = 24 * 60 * 60_000
const clickCountKey = (link: LinkRow) => `link-clicks:${link.id}`
const recordedClicks = async (link: LinkRow) => (await linkTotals(link.accountId, undefined, [link.id])).get(link.id)?.clicks ?? 0

/**
 * A visit of a link with a click limit: a person's click counts while under the limit, and once it
 * is reached everyone gets the fallback (crawlers, answered before, keep the card).
 */
async function limitedVisit(link: LinkRow, limit: number, click: RecordedEvent | null, sentTo: VisitOutcome, query: string): Promise<VisitOutcome> {
  const key = clickCountKey(link)
  let within: boolean
  try {
    if (click) within = await exactCounters.hitBelow(key, limit, () => recordedClicks(link), CLICK_COUNT_TTL_MS)
    else within = ((await exactCounters.read([key]))[0] ?? (await recordedClicks(link))) < limit
  } catch (error) {
    // Redis unreachable: whether the limit is reached is unknown, and the limit is what was promised.
    if (!(error instanceof RedisUnavailable)) throw error
    within = false
  }
  if (!within) return endOf(link, 'limit', query)
  if (click) recordEvent(click)
  return sentTo
}

// A scan's form posts with the marker, so the click it leads to is a scan too.
const passwordForm = ({ path, isScan }: Pick<Visit, 'path' | 'isScan'>, problem?: string, status: 200 | 403 | 429 = 200, retryAfter?: number): VisitOutcome => ({
  kind: 'password',
  html: passwordPage(path, problem, isScan),
  status,
  retryAfter,
})

/**
 * A password given for a link (POST /api/unlock/<path>): right, and the person is sent on as a
 * visit would be, the click counted; wrong, the form again. Tries are limited per link, from one
 * network and from everyone (tryLinkPassword).
 */
export async function unlock(form: Visit, password: string): Promise<VisitOutcome> {
  // The form's address carries no query of the visitor's: nothing is passed on from it.
  const visit = { ...form, query: '' }
  const link = await lookUp(visit.host, visit.path)
  if (!link) return NOT_FOUND
  const now = Date.now()
  if (!link.passwordHash || (link.expiresAt && link.expiresAt.getTime() <= now)) return sentOn(await decide(visit, link, now))
  const tried = await tryLinkPassword(link, link.passwordHash, password, visit.ip)
  if (tried.kind === 'refused') {
    const message = tried.isLinkLocked ? RATE_LIMIT_MESSAGES.linkPasswordLocked(tried.retryAfter) : RATE_LIMIT_MESSAGES.passwordTries(tried.retryAfter)
    return passwordForm(visit, message, 429, tried.retryAfter)
  }
  if (tried.kind === 'wrong') return passwordForm(visit, 'That password is not right.', 403)
  const target = targetFor(link, visit.userAgent, visit.ip, now)
  const url = routedUrl(link, visit.userAgent, visit.country, visit.ip, target)
  // The form's page is the referrer here: the click counts for no card version.
  const click: RecordedEvent = {
    linkId: link.id,
    accountId: link.accountId,
    type: 'click',
    isScan: visit.isScan,
    at: now,
    referrer: visit.referrer,
    userAgent: visit.userAgent,
    platform: null,
    ip: visit.ip,
    country: visit.country,
    variant: variantSentTo(link, target, url),
  }
  const sentTo = redirectTo(link, url, '')
  if (link.clickLimit !== null) return sentOn(await limitedVisit(link, link.clickLimit, click, sentTo, ''))
  recordEvent(click)
  return sentOn(sentTo)
}

/** A redirect from the password form, as a page that goes on (see sendOnPage). */
function sentOn(outcome: VisitOutcome): VisitOutcome {
  if (outcome.kind === 'redirect') return { kind: 'send_on', html: sendOnPage(outcome.url) }
  if (outcome.kind === 'fallback') return { kind: 'send_on', html: sendOnPage(outcome.url) }
  return outcome
}

/** An ended link sends people to its fallback (with their query where the link forwards it) when it has one, else answers the page. */
const endOf = (link: LinkRow, ending: 'expired' | 'limit', query: string): VisitOutcome | Promise<VisitOutcome> =>
  link.fallbackUrl ? { kind: 'fallback', link, url: forwardedTo(link, link.fallbackUrl, query) } : endedPage(ending, link.accountId, link.domain)

/** The card, uncounted: the version of a card test the window serves. */
const cardOf = (link: LinkRow, platform: string | null, now: number): VisitOutcome => ({
  kind: 'preview',
  link,
  html: previewPage(link, platform, platform === null ? undefined : cardVersionServed(link, platform, now)),
})
const NOT_FOUND: VisitOutcome = { kind: 'not_found' }
