// Finding the link a short-link path names on a host: one look-up for the redirect, the card and
// password pages, the QR code and card images. Its memory is a bounded cache of resolved links (and,
// in a lone process, of misses), so a hot link costs no database read and no promise. Every change
// invalidates its entries on every instance (platform/bus); a TTL bounds staleness should a message
// ever be lost.
import { publish, subscribe } from '../../platform/bus'
import { BoundedCache } from '../../platform/cache'
import { topology } from '../../platform/topology'
import { ACCOUNT_CHANGED } from '../accounts/service'
import { aliasKeyOf, normalizedHttpUrl } from '../../shared/link-rules'
import { linkScopeOf, type LinkScope } from '../domains/service'
import * as repo from './repo'
import { goneAddressKey, type LinkRow } from './repo'

// Up to this many slugs, and as many aliases.
const CAPACITY_PER_KIND = 25_000
const HIT_TTL_MS = 60_000
const MISS_TTL_MS = 5_000
const TOPIC = 'link-changed'

type Entry = {
  row: LinkRow | undefined
  /**
   * On an alias's entry: paths naming it (its letters in some case) known to be no link's slug.
   * That stays true while the alias exists, since no new slug takes an alias's letters, and the
   * entry goes when the alias changes; so even an instance that remembers no misses resolves
   * these paths from memory.
   */
  notSlugs?: Set<string>
}

// With several instances a new link's invalidation reaches the others a moment after it exists,
// so a remembered miss could hide it: misses are remembered only by a lone process.
const remembersMisses = topology === 'single'

// Slugs are case-sensitive; aliases resolve case-insensitively, by their lower-case key. Apart, so
// a path never needs a prefix built to be looked up.
const slugs = new BoundedCache<string, Entry>(CAPACITY_PER_KIND)
const aliases = new BoundedCache<string, Entry>(CAPACITY_PER_KIND)
type CacheKind = 'slug' | 'alias'
const entriesOf = (kind: CacheKind) => (kind === 'slug' ? slugs : aliases)

/** The entry for a slug or an alias key, if any and not expired at `now` (ms). */
function readCache(kind: CacheKind, key: string, now = Date.now()): Entry | undefined {
  return entriesOf(kind).get(key, now)
}

// Invalidations so far. A row read while one landed may be older than the change it announced, so
// it is not kept: without this, a read racing a change could keep the old row for HIT_TTL_MS.
let invalidations = 0

/** What to hand writeCache for a row about to be read: the invalidations so far. */
export const cacheEpoch = () => invalidations

/** Keeps the row (or miss) read for a slug or alias key, unless an invalidation landed since `readSince` (cacheEpoch). */
export function writeCache(kind: CacheKind, key: string, row: LinkRow | undefined, readSince: number) {
  if (readSince !== invalidations) return
  if (!row && !remembersMisses) return
  entriesOf(kind).set(key, { row }, row ? HIT_TTL_MS : MISS_TTL_MS)
}

// A path's letter cases are many; a few are worth remembering.
const NOT_SLUGS_MAX = 8

/** Records that path, which resolved to the cached alias of aliasKey, is no link's slug. */
function rememberNotSlug(aliasKey: string, path: string) {
  const entry = aliases.get(aliasKey)
  if (!entry?.row) return
  entry.notSlugs ??= new Set()
  if (entry.notSlugs.size < NOT_SLUGS_MAX) entry.notSlugs.add(path)
}

// Changes travel between instances as keys with their kind in front ("s:" or "a:").
const SLUG = 's:'
const ALIAS = 'a:'

function dropKeys(keys: string[]) {
  invalidations += 1
  for (const key of keys) (key.startsWith(SLUG) ? slugs : aliases).delete(key.slice(SLUG.length))
}

/** Forgets a link's slug and alias entries here and on every other instance. */
export function invalidateLink(...rows: Pick<LinkRow, 'slug' | 'aliasKey'>[]) {
  const keys = rows.flatMap((row) => [SLUG + row.slug, ...(row.aliasKey ? [ALIAS + row.aliasKey] : [])])
  publish(TOPIC, JSON.stringify(keys))
}

subscribe(TOPIC, (payload) => dropKeys(JSON.parse(payload) as string[]))

// A deleted account takes its links with it; the message does not say why, so forget them all.
subscribe(ACCOUNT_CHANGED, (accountId) => {
  invalidations += 1
  for (const entries of [slugs, aliases]) entries.deleteWhere((entry) => entry.row?.accountId === accountId)
})

/** A stored URL in its normalised form; links saved before URLs were normalised get it on reading. */
const normalizedOnRead = (value: string) => normalizedHttpUrl(value) ?? value

/**
 * The row with its URLs normalised, so every redirect has a valid Location. The same row object
 * when nothing changes (the redirect path keys its caches on it).
 */
export function withNormalizedUrls(row: LinkRow): LinkRow {
  const targetUrl = normalizedOnRead(row.targetUrl)
  const ogImage = row.ogImage === null ? null : normalizedOnRead(row.ogImage)
  const canonicalUrl = row.canonicalUrl === null ? null : normalizedOnRead(row.canonicalUrl)
  if (targetUrl === row.targetUrl && ogImage === row.ogImage && canonicalUrl === row.canonicalUrl) return row
  return { ...row, targetUrl, ogImage, canonicalUrl }
}

/**
 * What the cache knows of the link a short-link path names (an exact slug first, then the alias
 * key, `aliasKey`, the path's in its domain): the row, null for a known miss, or undefined when it
 * must be looked up.
 */
function cachedLink(path: string, aliasKey: string, now = Date.now()): LinkRow | null | undefined {
  const bySlug = readCache('slug', path, now)
  if (bySlug?.row) return bySlug.row
  const byAlias = readCache('alias', aliasKey, now)
  if (!bySlug) return byAlias?.row && byAlias.notSlugs?.has(path) ? byAlias.row : undefined
  return byAlias ? (byAlias.row ?? null) : undefined
}

/**
 * The link a short-link path names: an exact slug first, then an alias by its key (any letter
 * case, in the path's domain). Served from the cache when possible; misses are cached briefly too.
 */
async function resolveLink(path: string, aliasKey: string): Promise<LinkRow | undefined> {
  const epoch = cacheEpoch()
  const bySlug = readCache('slug', path)
  if (bySlug?.row) return bySlug.row
  if (!bySlug) {
    const found = await repo.findBySlug(path)
    const row = found && withNormalizedUrls(found)
    writeCache('slug', path, row, epoch)
    if (row) return row
  }
  const byAlias = readCache('alias', aliasKey)
  const found = byAlias ? byAlias.row : await repo.findByAliasKey(aliasKey)
  const row = found && withNormalizedUrls(found)
  // An old alias is looked up each time: a change to its link invalidates the link's own alias and slug only.
  if (row && row.aliasKey !== aliasKey) return row
  if (!byAlias) writeCache('alias', aliasKey, row, epoch)
  // Found as no slug but as an alias: the next visit of this path needs no slug look-up.
  if (row) rememberNotSlug(aliasKey, path)
  return row
}

// Look-ups the cache answered, and those that read the database: plain numbers, read by the metrics at scrape time.
let cacheHits = 0
let cacheMisses = 0

/** The link cache's figures for the metrics: look-ups answered and missed since start, and entries held. */
export const linkCacheFigures = () => ({ hits: cacheHits, misses: cacheMisses, entries: slugs.size + aliases.size })

/** The link named by `path` and `aliasKey`: from the cache when it knows, else read. */
const linkAt = (path: string, aliasKey: string, now: number) => {
  const cached = cachedLink(path, aliasKey, now)
  if (cached !== undefined) {
    cacheHits++
    return cached ?? undefined
  }
  cacheMisses++
  return resolveLink(path, aliasKey)
}

const ALL: LinkScope = { kind: 'all' }

/** The link when it answers in this scope: an active link, of the host's account on a custom domain. */
const answering = (link: LinkRow | null | undefined, scope: LinkScope) =>
  link?.isActive && scope.kind !== 'none' && (scope.kind !== 'account' || link.accountId === scope.accountId) ? link : undefined

/** `then` on a value that may be a promise, staying synchronous when it is not. */
const after = <T, U>(value: T | Promise<T>, next: (settled: T) => U | Promise<U>): U | Promise<U> => (value instanceof Promise ? value.then(next) : next(value))

/**
 * The active link a short-link path names on a host, or undefined when none answers there: an
 * exact slug first, then an alias in any letter case, of the host's domain. A custom domain
 * answers only its account's links, its own aliases first, then those of its account's links on
 * no domain (which answered on the account's domain before an account had several). `host` null
 * is no visit's Host (QR codes, card images): every link answers, by slug or by an alias of the
 * service's own host. Synchronous when the cache knows the link and the host (the common case), so
 * a redirect costs no promise.
 */
export function lookUp(host: string | null, path: string, now = Date.now()): LinkRow | undefined | Promise<LinkRow | undefined> {
  const scope = host === null ? ALL : linkScopeOf(host, now)
  return after(scope, (settled) => lookUpIn(settled, path, now))
}

function lookUpIn(scope: LinkScope, path: string, now: number): LinkRow | undefined | Promise<LinkRow | undefined> {
  if (scope.kind === 'none') return undefined
  if (scope.kind === 'all') return after(linkAt(path, aliasKeyOf(null, path), now), (link) => answering(link, scope))
  return after(linkAt(path, aliasKeyOf(scope.domain.hostname, path), now), (link) => {
    const found = answering(link, scope)
    if (found || link?.accountId === scope.accountId) return found
    return after(linkAt(path, aliasKeyOf(null, path), now), (onNoDomain) => (onNoDomain?.domain === null ? answering(onNoDomain, scope) : undefined))
  })
}

/**
 * The account whose link a path named on a host, when that link no longer answers there: turned
 * off, or deleted (its address remembered until a link takes it again). Asked only once lookUp
 * has found nothing, so an address a live link holds never gets here.
 */
export async function accountOfDeadLink(host: string, path: string, now = Date.now()): Promise<string | undefined> {
  const scope = await linkScopeOf(host, now)
  if (scope.kind === 'none') return undefined
  const inScope = (accountId: string) => scope.kind === 'all' || accountId === scope.accountId
  // The aliases a path may name on the host: the domain's, then those of no domain.
  const aliasKeys = scope.kind === 'all' ? [aliasKeyOf(null, path)] : [aliasKeyOf(scope.domain.hostname, path), aliasKeyOf(null, path)]
  for (const aliasKey of aliasKeys) {
    const link = await linkAt(path, aliasKey, now)
    if (link && !link.isActive && inScope(link.accountId)) return link.accountId
  }
  const gone = await repo.accountsOfGoneAddresses([goneAddressKey('slug', path), ...aliasKeys.map((key) => goneAddressKey('alias', key))])
  return gone.find(inScope)
}
