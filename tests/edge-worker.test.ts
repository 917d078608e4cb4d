// The downloadable edge worker (dist/web/edge-worker.js, as /docs serves it), run in workerd, the
// Cloudflare Workers runtime, through miniflare. In front of it: a local single-page app. Behind it:
// a real Linkcard with real API keys, reached through a proxy that counts the worker's calls.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Miniflare } from 'miniflare'
import { PNG } from 'pngjs'
import corpus from '../src/shared/visitors.corpus.json'
import { signUp } from './helpers/accounts'
import { client } from './helpers/http'
import { freePort, startServer, type TestServer } from './helpers/server'
import { BROWSER_UA, CLIENT_UA, CRAWLER_UA, SEARCH_UA } from './helpers/user-agents'
import { until } from './helpers/until'

const WORKER_FILE = join(import.meta.dir, '../dist/web/edge-worker.js')
const ORIGIN_ETAG = '"spa-v1"'

const SPA_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>My App</title>
  <meta name="description" content="The app's generic description">
  <meta property="og:title" content="My App">
  <meta property="og:image" content="https://app.example/generic.png">
  <meta property="og:image" content="https://app.example/second.png">
  <meta name="twitter:card" content="summary">
  <link rel="stylesheet" href="/app.css">
</head>
<body><div id="root"></div><script src="/app.js"></script></body>
</html>`

const BARE_PAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>`

// An image of the app's, which Linkcard reads for its size and type (FETCH_ALLOWED_HOSTS).
const IMAGE = { width: 800, height: 418 }
const imagePng = new Uint8Array(PNG.sync.write(new PNG(IMAGE)))

// The app: one page for every path, cached a day by whoever may, with a validator it honours.
const origin = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname
    if (path === '/images/wide.png') return new Response(imagePng, { headers: { 'content-type': 'image/png' } })
    if (path === '/app.js') return new Response('console.log("<title>not html</title>")', { headers: { 'content-type': 'text/javascript' } })
    if (path === '/data.json') return Response.json({ title: 'json' })
    if (path === '/bare') return new Response(BARE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    if (request.headers.get('if-none-match') === ORIGIN_ETAG) return new Response(null, { status: 304, headers: { etag: ORIGIN_ETAG } })
    return new Response(SPA_PAGE, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'x-origin': 'yes',
        etag: ORIGIN_ETAG,
        'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT',
        'cache-control': 'public, max-age=86400',
      },
    })
  },
})
const page = (path: string) => `http://127.0.0.1:${origin.port}${path}`

let server: TestServer
// Every call the worker makes to Linkcard passes here, so the test knows what it cost.
const calls: string[] = []
const proxy = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const { pathname, search } = new URL(request.url)
    calls.push(decodeURIComponent(pathname))
    const answer = await fetch(`${server.url}${pathname}${search}`, { headers: request.headers })
    return new Response(await answer.arrayBuffer(), { status: answer.status, headers: { 'content-type': answer.headers.get('content-type') ?? '' } })
  },
})

// A stand-in Linkcard for failures: slow, erroring, counting its calls.
let slowDelayMs = 3000
const stubCalls: string[] = []
const stub = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const path = new URL(request.url).pathname
    stubCalls.push(path)
    if (path.startsWith('/slow/')) {
      // Answers long after the worker's budget: the slowness is what the test is about.
      await Bun.sleep(slowDelayMs)
      return Response.json({ id: 'x', title: 'Late but kept', isActive: true })
    }
    return new Response('{"message":"boom"}', { status: 500, headers: { 'content-type': 'application/json' } })
  },
})

let workerd: Miniflare
const workers: Record<string, Record<string, string>> = {}
let keys: { ann: string; bob: string }
// The short links of the pages whose cards are compared with the links' own pages.
const shortLinks: Record<string, string> = {}

/** A request through one of the configured workers, as `userAgent` sends it (null: no User-Agent). */
async function run(worker: string, url: string, userAgent: string | null, init: { method?: string; headers?: Record<string, string> } = {}) {
  // miniflare's Fetcher type is the Workers one; its fetch takes and gives plain fetch objects here.
  const fetcher = (await workerd.getWorker(worker)) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> }
  const headers = { ...(userAgent === null ? {} : { 'user-agent': userAgent }), ...init.headers }
  const response = await fetcher.fetch(url, { method: init.method, headers })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
const crawler = CRAWLER_UA.facebook

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${origin.port}` } })
  const http = client(server.url)
  const newKey = async (name: string) => {
    const who = await signUp(http, name)
    return (await http.post('/api/apiKeys', { name: 'Edge worker' }, { token: who.token })).body.key as string
  }
  keys = { ann: await newKey('edge-ann'), bob: await newKey('edge-bob') }
  const link = (path: string, body: Record<string, unknown>, key = keys.ann) => http.post('/api/link', { targetUrl: page(path), ...body }, { token: key })
  await link('/products/shoe', {
    title: 'Red Shoe & "Friends" <sale>',
    description: 'The best shoe',
    ogImage: 'https://cdn.example/shoe.png',
    ogImageAlt: 'A red shoe',
    twitterCard: 'summary_large_image',
  })
  await link('/products/shoe', { title: "Bob's shoe" }, keys.bob)
  await link('/bare', { title: 'Bare page', description: 'Added tags' })
  await link('/tailored', {
    title: 'Tailored page',
    ogImage: 'https://cdn.example/wide.png',
    ogImageAlt: 'A wide banner',
    platformCards: { whatsapp: { ogImage: 'https://cdn.example/square.png' }, x: { title: 'Short for X' } },
  })
  const sized = await link('/sized', {
    title: 'A sized image',
    description: 'Its size is known',
    ogImage: page('/images/wide.png'),
    ogImageAlt: 'A wide picture',
    twitterCard: 'player',
    twitterPlayer: { url: 'https://player.example/embed', width: 640, height: 360 },
    themeColor: '#ff5500',
  })
  const made = await link('/made', { title: 'A made image', description: 'Drawn by Linkcard', cardImage: 'classic' })
  Object.assign(shortLinks, { '/sized': sized.body.url, '/made': made.body.url })
  const paused = await link('/paused', { title: 'Paused link' })
  await http.patch(`/api/link/${paused.body.id}`, { isActive: false }, { token: keys.ann })

  const api = `http://127.0.0.1:${proxy.port}/api/`
  Object.assign(workers, {
    ann: { LINKCARD_API: api, LINKCARD_API_KEY: keys.ann },
    bob: { LINKCARD_API: api, LINKCARD_API_KEY: keys.bob },
    uncached: { LINKCARD_API: api, LINKCARD_API_KEY: keys.ann, LINKCARD_CACHE_SECONDS: '0' },
    slow: { LINKCARD_API: `http://127.0.0.1:${stub.port}/slow`, LINKCARD_API_KEY: keys.ann, LINKCARD_TIMEOUT_MS: '300' },
    failing: { LINKCARD_API: `http://127.0.0.1:${stub.port}/fail`, LINKCARD_API_KEY: keys.ann },
    down: { LINKCARD_API: `http://127.0.0.1:${freePort()}`, LINKCARD_API_KEY: keys.ann },
    wrongKey: { LINKCARD_API: api, LINKCARD_API_KEY: 'lnk_revokedOrWrongKey000000000000000000000' },
    unset: {},
  })
  const script = readFileSync(WORKER_FILE, 'utf8')
  workerd = new Miniflare({
    workers: Object.entries(workers).map(([name, bindings]) => ({ name, modules: true, script, bindings, compatibilityDate: '2025-09-01' })),
  })
  await workerd.ready
}, 60_000)

afterAll(async () => {
  await workerd?.dispose()
  await server?.close()
  origin.stop(true)
  proxy.stop(true)
  stub.stop(true)
})

// HTMLRewriter hands out text and attributes as written, entities and all.
const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The page's <title> and meta contents, decoded as a browser would. */
function readHead(html: string) {
  const meta: Record<string, string[]> = {}
  let title = ''
  new HTMLRewriter()
    .on('head title', { text: (chunk) => void (title += chunk.text) })
    .on('head meta', {
      element(element) {
        const name = element.getAttribute('property') ?? element.getAttribute('name')
        if (name) (meta[name] ??= []).push(element.getAttribute('content') ?? '')
      },
    })
    .transform(html)
  for (const name of Object.keys(meta)) meta[name] = meta[name].map(decode)
  return { title: decode(title), meta }
}

describe('edge worker in workerd', () => {
  it("gives a link-preview crawler the page with the link's title, OpenGraph and Twitter tags", async () => {
    const answer = await run('ann', page('/products/shoe#reviews'), crawler)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-origin')).toBe('yes')
    const { title, meta } = readHead(answer.text)
    expect(title).toBe('Red Shoe & "Friends" <sale>')
    expect(meta['og:title']).toEqual(['Red Shoe & "Friends" <sale>'])
    expect(meta['og:description']).toEqual(['The best shoe'])
    expect(meta['og:image']).toEqual(['https://cdn.example/shoe.png'])
    expect(meta['og:image:alt']).toEqual(['A red shoe'])
    expect(meta['og:url']).toEqual([page('/products/shoe')])
    expect(meta.description).toEqual(['The best shoe'])
    expect(meta['twitter:card']).toEqual(['summary_large_image'])
    expect(meta['twitter:title']).toEqual(['Red Shoe & "Friends" <sale>'])
    expect(meta['twitter:image']).toEqual(['https://cdn.example/shoe.png'])
    expect(answer.text).not.toContain('<sale>')
    // Everything else is as the origin sent it.
    expect(answer.text).toContain('<link rel="stylesheet" href="/app.css">')
    expect(answer.text).toContain('<body><div id="root"></div><script src="/app.js"></script></body>')
  })

  it("carries the tags of the short link's own card page, the image's width, height and type among them", async () => {
    const cardPage = async (path: string, userAgent: string) => readHead(await (await fetch(shortLinks[path]!, { headers: { 'user-agent': userAgent } })).text()).meta
    // The image is read in the background after the link is saved.
    await until(() => cardPage('/sized', crawler), { what: "the card's image size", done: (meta) => meta['og:image:width'] !== undefined })
    const sameTags = (meta: Record<string, string[]>) => Object.fromEntries(Object.entries(meta).filter(([name]) => name !== 'og:url' && name !== 'og:type'))
    for (const [path, userAgent] of [['/sized', crawler], ['/sized', CRAWLER_UA.x], ['/made', crawler]] as const) {
      const own = await cardPage(path, userAgent)
      const rewritten = readHead((await run('uncached', page(path), userAgent)).text).meta
      expect({ path, userAgent, tags: sameTags(rewritten) }).toEqual({ path, userAgent, tags: sameTags(own) })
      for (const name of ['og:image:width', 'og:image:height', 'og:image:type']) expect({ name, value: rewritten[name] }).toEqual({ name, value: own[name] })
    }
    const sized = readHead((await run('uncached', page('/sized'), crawler)).text).meta
    expect([sized['og:image:width'], sized['og:image:height'], sized['og:image:type']]).toEqual([[String(IMAGE.width)], [String(IMAGE.height)], ['image/png']])
    expect(sized['twitter:player']).toEqual(['https://player.example/embed'])
    expect(sized['theme-color']).toEqual(['#ff5500'])
    const made = readHead((await run('uncached', page('/made'), crawler)).text).meta
    expect([made['og:image:width'], made['og:image:height'], made['og:image:type']]).toEqual([['1200'], ['630'], ['image/png']])
  })

  it("gives a platform with a card of its own that card, and every other crawler the link's", async () => {
    const whatsapp = readHead((await run('ann', page('/tailored'), CRAWLER_UA.whatsapp)).text)
    expect(whatsapp.title).toBe('Tailored page')
    expect(whatsapp.meta['og:image']).toEqual(['https://cdn.example/square.png'])
    // The link's image description tells of its own image.
    expect(whatsapp.meta['og:image:alt']).toBeUndefined()
    const x = readHead((await run('ann', page('/tailored'), CRAWLER_UA.x)).text)
    expect(x.title).toBe('Short for X')
    expect(x.meta['twitter:title']).toEqual(['Short for X'])
    expect(x.meta['og:image']).toEqual(['https://cdn.example/wide.png'])
    const facebook = readHead((await run('ann', page('/tailored'), CRAWLER_UA.facebook)).text)
    expect(facebook.title).toBe('Tailored page')
    expect(facebook.meta['og:image']).toEqual(['https://cdn.example/wide.png'])
    expect(facebook.meta['og:image:alt']).toEqual(['A wide banner'])
  })

  it('rewrites for every link-preview crawler of the corpus and for nobody else, and asks Linkcard only for crawlers', async () => {
    const labelled = [
      ...corpus.person.map((agent) => ({ kind: 'person', agent })),
      ...Object.values(corpus.preview).flatMap((agents) => agents.map((agent) => ({ kind: 'preview', agent }))),
      ...corpus.search.map((agent) => ({ kind: 'search', agent })),
      ...corpus.client.map((agent) => ({ kind: 'client', agent })),
    ]
    expect(labelled.length).toBeGreaterThan(200)
    const before = calls.length
    const rewrittenFor: string[] = []
    for (const { kind, agent } of labelled) {
      const answer = await run('uncached', page('/products/shoe'), agent)
      expect(answer.status).toBe(200)
      const rewritten = readHead(answer.text).title !== 'My App'
      if (rewritten !== (kind === 'preview')) rewrittenFor.push(`${kind}: ${agent}`)
      if (!rewritten) expect(answer.text).toBe(SPA_PAGE)
    }
    expect(rewrittenFor).toEqual([])
    expect(calls.length - before).toBe(labelled.filter(({ kind }) => kind === 'preview').length)
  }, 60_000)

  it('passes people, search engines, HTTP clients and requests without a User-Agent through untouched, at no API call', async () => {
    const before = calls.length
    for (const agent of [...Object.values(BROWSER_UA), ...Object.values(SEARCH_UA), ...Object.values(CLIENT_UA), '']) {
      const answer = await run('uncached', page('/products/shoe'), agent)
      expect(answer.text).toBe(SPA_PAGE)
      expect(answer.headers.get('etag')).toBe(ORIGIN_ETAG)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=86400')
    }
    expect(calls.length).toBe(before)
  })

  it('finds the page shared with tracking parameters, and one look-up serves them all', async () => {
    const before = calls.length
    for (const query of ['?utm_source=newsletter&utm_medium=email', '?fbclid=abc123', '?gclid=1&utm_campaign=spring#top', '']) {
      const { title, meta } = readHead((await run('bob', page(`/products/shoe${query}`), CRAWLER_UA.linkedin)).text)
      expect(title).toBe("Bob's shoe")
      expect(meta['og:url']).toEqual([page('/products/shoe')])
    }
    expect(calls.length - before).toBe(1)
    expect(calls.at(-1)).toBe(`/api/link/byTarget/${page('/products/shoe')}`)
  })

  it("keeps each key's look-ups apart in the edge cache", async () => {
    // Both accounts have a link to /products/shoe, and both workers share one cache.
    expect(readHead((await run('ann', page('/products/shoe'), crawler)).text).title).toBe('Red Shoe & "Friends" <sale>')
    expect(readHead((await run('bob', page('/products/shoe'), crawler)).text).title).toBe("Bob's shoe")
    expect(readHead((await run('ann', page('/products/shoe?utm_source=x'), crawler)).text).title).toBe('Red Shoe & "Friends" <sale>')
  })

  it('sends the rewritten page with no validator of the origin and a cache policy of its own', async () => {
    const answer = await run('ann', page('/products/shoe'), crawler, { headers: { 'if-none-match': ORIGIN_ETAG } })
    // The crawler's validator belonged to the origin's page: it still gets the whole changed page.
    expect(answer.status).toBe(200)
    expect(readHead(answer.text).title).toBe('Red Shoe & "Friends" <sale>')
    expect(answer.headers.get('etag')).toBeNull()
    expect(answer.headers.get('last-modified')).toBeNull()
    expect(answer.headers.get('cache-control')).toBe('private, no-cache')
    expect(answer.headers.get('vary')?.toLowerCase()).toContain('user-agent')
  })

  it('adds the tags a page lacks to its <head>', async () => {
    const { title, meta } = readHead((await run('ann', page('/bare'), crawler)).text)
    expect(title).toBe('Bare page')
    expect(meta['og:title']).toEqual(['Bare page'])
    expect(meta['twitter:description']).toEqual(['Added tags'])
    expect(meta['og:image']).toBeUndefined()
  })

  it('passes pages without a link, inactive links and non-HTML answers through unchanged', async () => {
    for (const path of ['/not-linked', '/paused']) expect((await run('ann', page(path), crawler)).text).toBe(SPA_PAGE)
    expect((await run('ann', page('/app.js'), crawler)).text).toBe('console.log("<title>not html</title>")')
    expect(JSON.parse((await run('ann', page('/data.json'), crawler)).text)).toEqual({ title: 'json' })
    expect((await run('ann', page('/products/shoe'), crawler, { method: 'HEAD' })).text).toBe('')
  })

  it('keeps "no link" at the edge, so a page without a link costs one call a minute, not one per crawler', async () => {
    const before = calls.length
    for (const agent of Object.values(CRAWLER_UA)) expect((await run('ann', page('/never-linked'), agent)).text).toBe(SPA_PAGE)
    expect(calls.length - before).toBe(1)
  })

  it('fails open when Linkcard is down, answers an error, refuses the key or is not set up', async () => {
    for (const worker of ['down', 'failing', 'wrongKey', 'unset']) {
      const answer = await run(worker, page('/products/shoe'), crawler)
      expect(answer.status).toBe(200)
      expect(answer.text).toBe(SPA_PAGE)
    }
    // A failure is kept briefly too: the next crawlers do not pile onto a failing Linkcard.
    const before = stubCalls.length
    for (const agent of Object.values(CRAWLER_UA)) expect((await run('failing', page('/products/shoe'), agent)).text).toBe(SPA_PAGE)
    expect(stubCalls.length).toBe(before)
  })

  it("answers within its budget when Linkcard is slow, and keeps the late answer for the next crawler", async () => {
    slowDelayMs = 1500
    const started = performance.now()
    const first = await run('slow', page('/products/shoe'), crawler)
    // The budget is 300 ms and Linkcard takes 1.5 s: the crawler has the origin's page long before.
    expect(performance.now() - started).toBeLessThan(1400)
    expect(first.text).toBe(SPA_PAGE)
    const later = await until(async () => readHead((await run('slow', page('/products/shoe'), crawler)).text).title, {
      what: 'the late answer served from the edge cache',
      done: (title) => title === 'Late but kept',
    })
    expect(later).toBe('Late but kept')
  })

  it('is the file the server offers for download', async () => {
    const served = await fetch(`${server.url}/edge-worker.js`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toContain('javascript')
    const text = await served.text()
    expect(text).toBe(readFileSync(WORKER_FILE, 'utf8'))
    expect(text.startsWith('// Linkcard edge worker')).toBe(true)
    expect(text).toContain('LINKCARD_TIMEOUT_MS')
  })
})
