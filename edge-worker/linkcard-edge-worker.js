// Linkcard edge worker: social previews for single-page apps.
//
// A single-page app serves one index.html for every path, so crawlers (Facebook, X, LinkedIn,
// Slack...) see the same <title> and meta tags on every page. Deployed in front of the app (for
// example as a Cloudflare Worker on the app's route), this script asks Linkcard for the link whose
// target is the requested page and rewrites <title>, the OpenGraph and the Twitter Card tags of the
// HTML with that link's preview. Everything else passes through untouched, and whenever Linkcard
// cannot answer in time, or has no link for the page, the origin's response is returned unchanged.
//
// Settings (Cloudflare: Worker > Settings > Variables; keep the key a secret):
//   LINKCARD_API          base URL of the public API, e.g. https://api.example.com or https://linkcard.example.com/api
//   LINKCARD_API_KEY      an API key (lnk_...) from the API Keys screen
//   LINKCARD_TIMEOUT_MS   optional, how long to wait for Linkcard (default 1500)
//   LINKCARD_CACHE_SECONDS optional, how long look-ups are cached at the edge (default 300; 0 turns it off)
//
// Each look-up is one API call and counts against the key's rate limits, which is why answers
// (also "no link") are cached where the runtime offers the Cache API.

const DEFAULT_TIMEOUT_MS = 1500
const DEFAULT_CACHE_SECONDS = 300

export default {
  async fetch(request, env, ctx) {
    const response = await fetch(request)
    if (request.method !== 'GET' || !isHtml(response)) return response
    const link = await lookUp(request.url, env || {}, ctx).catch(() => null)
    if (!link?.isActive) return response
    return rewrite(response, link, request.url)
  },
}

function isHtml(response) {
  return response.status === 200 && (response.headers.get('content-type') || '').toLowerCase().includes('text/html')
}

/** The link for the page, or null when there is none, Linkcard is unreachable, slow or answers an error. */
async function lookUp(pageUrl, env, ctx) {
  const base = String(env.LINKCARD_API || '').replace(/\/+$/, '')
  const key = String(env.LINKCARD_API_KEY || '').trim()
  if (!base || !key) return null
  const page = new URL(pageUrl)
  page.hash = ''
  const url = `${base}/link/byTarget/${encodeURIComponent(page.href)}`
  const cacheSeconds = Number(env.LINKCARD_CACHE_SECONDS ?? DEFAULT_CACHE_SECONDS)
  const cache = cacheSeconds > 0 && typeof caches !== 'undefined' ? caches.default : undefined
  // The key is not part of the cache entry's URL; only this worker reads its cache.
  const cacheKey = new Request(url)
  if (cache) {
    const hit = await cache.match(cacheKey)
    if (hit) return hit.status === 200 ? hit.json() : null
  }
  const timeout = Number(env.LINKCARD_TIMEOUT_MS || DEFAULT_TIMEOUT_MS)
  const answer = await fetch(url, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
    signal: AbortSignal.timeout(timeout),
  })
  // Only a definite answer is cached: 200 (the link) or 404 (no link); errors are retried next time.
  if (cache && (answer.status === 200 || answer.status === 404)) {
    const copy = new Response(answer.status === 200 ? await answer.clone().text() : null, {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'cache-control': `max-age=${cacheSeconds}` },
    })
    const stored = cache.put(cacheKey, copy)
    if (ctx && typeof ctx.waitUntil === 'function') ctx.waitUntil(stored)
    else await stored
  }
  if (answer.status !== 200) return null
  const link = await answer.json()
  return link && typeof link.title === 'string' ? link : null
}

const escapeHtml = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** The tags the link sets: [attribute, name, value], only those with a value. */
function previewTags(link, pageUrl) {
  const tags = [
    ['name', 'description', link.description],
    ['property', 'og:title', link.title],
    ['property', 'og:description', link.description],
    ['property', 'og:image', link.ogImage],
    ['property', 'og:image:alt', link.ogImageAlt],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', link.twitterCard],
    ['name', 'twitter:title', link.title],
    ['name', 'twitter:description', link.description],
    ['name', 'twitter:image', link.ogImage],
    ['name', 'twitter:image:alt', link.ogImageAlt],
  ]
  return tags.filter(([, , value]) => typeof value === 'string' && value !== '')
}

/** Streams the page with the link's title and tags: existing tags are replaced, missing ones added to <head>. */
function rewrite(response, link, pageUrl) {
  const page = new URL(pageUrl)
  page.hash = ''
  const wanted = new Map(previewTags(link, page.href).map(([attribute, name, value]) => [name, { attribute, value }]))
  const written = new Set()
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
        const name = (element.getAttribute('property') || element.getAttribute('name') || '').toLowerCase()
        const tag = wanted.get(name)
        if (!tag) return
        // A second tag of the same name (og:image lists) would contradict the first: drop it.
        if (written.has(name)) return element.remove()
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
  return rewriter.transform(response)
}
