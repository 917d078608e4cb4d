// Linkcard edge worker: social previews for single-page apps.
//
// A single-page app serves one index.html for every path, so crawlers (Facebook, X, LinkedIn,
// Slack...) see the same <title> and meta tags on every page. Deployed in front of the app (for
// example as a Cloudflare Worker on the app's route), this script gives link-preview crawlers, and
// only them, the page with its <title>, OpenGraph and Twitter Card tags taken from the Linkcard link
// whose target is that page. People, search engines and every other client get the origin's answer
// untouched and cost no API call. When Linkcard has no link for the page, or does not answer within
// the time budget, the crawler gets the origin's page as it is.
//
// Settings (Cloudflare: Worker > Settings > Variables; keep the key a secret):
//   LINKCARD_API           base URL of the public API, e.g. https://linkcard.example/api
//   LINKCARD_API_KEY       an API key (lnk_...) from the API Keys screen
//   LINKCARD_TIMEOUT_MS    optional, how long a crawler's page waits for Linkcard (default 500)
//   LINKCARD_CACHE_SECONDS optional, how long a found link is kept at the edge (default 300; 0 turns
//                          caching off). "No link" is kept 60 seconds at most, a failure 10.
//
// Tracking parameters (utm_*, fbclid, gclid...) and the fragment are ignored when the page's link is
// looked up. Built from Linkcard's own sources: the crawler list is the one its short links use.

import { classifyVisitor } from '../src/shared/visitors'
import { withoutTracking } from '../src/shared/tracking'
import { escapeHtml } from '../src/shared/html'
import { cardFor, type PlatformCards } from '../src/shared/platform-cards'
import { cardTags, withMadeImage, type CardFields } from '../src/shared/card-tags'

type Env = Record<string, string | undefined>
type Context = { waitUntil(promise: Promise<unknown>): void }
// As GET /api/link/byTarget answers it: the fields of the link's card, and what picks the card.
type Link = CardFields & { platformCards?: PlatformCards | null; cardImageUrl?: string | null; isActive?: boolean }
type Lookup = { link: Link | null; outcome: 'found' | 'missing' | 'failed' }
type Settings = { base: string; key: string; budgetMs: number; cacheSeconds: number }

const DEFAULT_BUDGET_MS = 500
const DEFAULT_CACHE_SECONDS = 300
const MISS_SECONDS = 60
const FAILURE_SECONDS = 10
/** A look-up still running when the budget is spent goes on for the next crawler, up to this long. */
const LOOKUP_LIMIT_MS = 10_000

export default {
  async fetch(request: Request, env: Env = {}, ctx?: Context): Promise<Response> {
    const settings = readSettings(env)
    const visitor = classifyVisitor(request.headers.get('user-agent'))
    if (!settings || request.method !== 'GET' || visitor.kind !== 'preview') return fetch(request)
    let page: string
    try {
      page = withoutTracking(request.url)
    } catch {
      return fetch(request)
    }
    const lookUp = linkFor(page, settings, ctx)
    const response = await fetch(withoutConditions(request))
    if (!isHtml(response)) return response
    const link = await withinBudget(lookUp, settings.budgetMs)
    if (!link?.isActive) return response
    // A platform with a card of its own gets it (the cache entry holds every platform's), with the
    // tags of the short link's own page for that platform.
    return rewrite(response, withMadeImage(cardFor(link, visitor.platform), link.cardImageUrl), page)
  },
}

function readSettings(env: Env): Settings | null {
  const base = String(env.LINKCARD_API ?? '').replace(/\/+$/, '')
  const key = String(env.LINKCARD_API_KEY ?? '').trim()
  if (!base || !key) return null
  const budgetMs = Number(env.LINKCARD_TIMEOUT_MS || DEFAULT_BUDGET_MS)
  const cacheSeconds = Number(env.LINKCARD_CACHE_SECONDS ?? DEFAULT_CACHE_SECONDS)
  return {
    base,
    key,
    budgetMs: budgetMs > 0 ? budgetMs : DEFAULT_BUDGET_MS,
    cacheSeconds: Number.isFinite(cacheSeconds) ? Math.max(cacheSeconds, 0) : DEFAULT_CACHE_SECONDS,
  }
}

/** The crawler asks for the whole page: an answer of 304 to its validators would leave nothing to rewrite. */
function withoutConditions(request: Request): Request {
  const headers = new Headers(request.headers)
  for (const name of ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range']) headers.delete(name)
  return new Request(request, { headers })
}

function isHtml(response: Response) {
  return response.status === 200 && (response.headers.get('content-type') ?? '').toLowerCase().includes('text/html')
}

function withinBudget(lookUp: Promise<Link | null>, budgetMs: number): Promise<Link | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs)
  })
  return Promise.race([lookUp, late]).finally(() => clearTimeout(timer))
}

/** The link for the page, or null (no link, Linkcard unreachable or answering an error); never rejects. */
async function linkFor(page: string, settings: Settings, ctx?: Context): Promise<Link | null> {
  const url = `${settings.base}/link/byTarget/${encodeURIComponent(page)}`
  const cache = settings.cacheSeconds > 0 ? edgeCache() : undefined
  // Entries are kept per key: two sites (two accounts) behind one zone never see each other's links.
  const cacheKey = cache ? new Request(`${url}?key=${await fingerprint(settings.key)}`) : undefined
  if (cache && cacheKey) {
    const hit = await cache.match(cacheKey).catch(() => undefined)
    if (hit) return ((await hit.json().catch(() => null)) as Lookup | null)?.link ?? null
  }
  // Stored before it is used, and even when it comes after the budget, so the next crawler has it.
  const asked = ask(url, settings.key).then(async (lookup) => {
    if (cache && cacheKey) await cache.put(cacheKey, cacheEntry(lookup, settings.cacheSeconds)).catch(() => {})
    return lookup
  })
  ctx?.waitUntil(asked)
  return (await asked).link
}

/** One API call: the link, no link (404), or a failure (an error, a refused key, no answer). */
async function ask(url: string, key: string): Promise<Lookup> {
  try {
    const answer = await fetch(url, {
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      signal: AbortSignal.timeout(LOOKUP_LIMIT_MS),
    })
    if (answer.status === 200) return { link: readLink(await answer.json()), outcome: 'found' }
    return { link: null, outcome: answer.status === 404 ? 'missing' : 'failed' }
  } catch {
    return { link: null, outcome: 'failed' }
  }
}

/** Every outcome is kept as a 200 entry (caches keep only some statuses), for as long as it stays true. */
function cacheEntry(lookup: Lookup, cacheSeconds: number) {
  const seconds = lookup.outcome === 'found' ? cacheSeconds : Math.min(cacheSeconds, lookup.outcome === 'missing' ? MISS_SECONDS : FAILURE_SECONDS)
  return new Response(JSON.stringify(lookup), { headers: { 'content-type': 'application/json', 'cache-control': `max-age=${seconds}` } })
}

function readLink(value: unknown): Link | null {
  const link = value as Link | null
  return link && typeof link.title === 'string' ? link : null
}

function edgeCache(): Cache | undefined {
  return (globalThis as { caches?: { default?: Cache } }).caches?.default
}

async function fingerprint(key: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key))
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Streams the page with the link's title and tags: existing tags are replaced, missing ones added to
 * <head>. The origin's validators described its own body, so they go; the answer varies by visitor.
 */
function rewrite(response: Response, link: CardFields, page: string): Response {
  const wanted = new Map(cardTags(link, page).map(([attribute, name, value]) => [name, { attribute, value }]))
  const written = new Set<string>()
  let sawTitle = false

  const rewriter = new HTMLRewriter()
    .on('head title', {
      element(element) {
        if (sawTitle) return
        sawTitle = true
        element.setInnerContent(link.title)
      },
    })
    .on('head meta', {
      element(element) {
        const name = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').toLowerCase()
        const tag = wanted.get(name)
        if (!tag) return
        // A second tag of the same name (og:image lists) would contradict the first: drop it.
        if (written.has(name)) return void element.remove()
        written.add(name)
        // The rewriter escapes only quotes in attribute values; escaping first keeps & and < literal.
        element.setAttribute('content', escapeHtml(tag.value))
      },
    })
    .on('head', {
      element(element) {
        element.onEndTag((end) => {
          let missing = sawTitle ? '' : `<title>${escapeHtml(link.title)}</title>`
          for (const [name, { attribute, value }] of wanted)
            if (!written.has(name)) missing += `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(value)}">`
          if (missing) end.before(missing, { html: true })
        })
      },
    })
  const rewritten = rewriter.transform(response)
  const headers = new Headers(rewritten.headers)
  for (const name of ['etag', 'last-modified', 'content-length', 'content-md5']) headers.delete(name)
  headers.set('cache-control', 'private, no-cache')
  headers.append('vary', 'User-Agent')
  return new Response(rewritten.body, { status: rewritten.status, statusText: rewritten.statusText, headers })
}
