// The redirect path's memory: a bounded cache of resolved links (and, in a lone process, of misses), so a hot
// link costs no database read. Every change invalidates its entries on every instance (platform/bus);
// a TTL bounds staleness should a message ever be lost.
import { publish, subscribe } from '../../platform/bus'
import { BoundedCache } from '../../platform/cache'
import { topology } from '../../platform/topology'
import { ACCOUNT_CHANGED } from '../accounts/service'
import type { LinkRow } from './repo'

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
export type CacheKind = 'slug' | 'alias'
const entriesOf = (kind: CacheKind) => (kind === 'slug' ? slugs : aliases)

/** The entry for a slug or an alias key, if any and not expired at `now` (ms). */
export function readCache(kind: CacheKind, key: string, now = Date.now()): Entry | undefined {
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
export function rememberNotSlug(aliasKey: string, path: string) {
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
