import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { gzipSync } from 'node:zlib'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

const NOT_PUBLIC = 'This address is not reachable from Linkcard (private or local network).'
const NOTHING = { title: null, description: null, ogImage: null, ogImageAlt: null }

const html = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

const FULL_PAGE = `<!doctype html><html><head>
  <title>Page title that loses</title>
  <meta property="og:title" content="Caf&eacute; &amp; Bar &#8212; &quot;Menu&quot;">
  <meta name="twitter:title" content="Twitter title that loses">
  <meta property="og:description" content="Fresh   bread
    &lt;daily&gt;">
  <meta name="description" content="Meta description that loses">
  <meta property="og:image" content="/images/card.png?size=large&amp;v=2">
  <meta property="og:image:alt" content="A table &amp; two chairs">
</head><body><h1>Menu</h1></body></html>`

const TWITTER_PAGE = `<html><head><title>Title that loses</title>
  <meta name="twitter:title" content="Twitter title">
  <meta name="twitter:description" content="Twitter description">
  <meta name="description" content="Meta description that loses">
  <meta name="twitter:image" content="https://cdn.example.com/t.jpg">
  <meta name="twitter:image:alt" content="Twitter alt">
</head><body></body></html>`

const FALLBACK_PAGE = `<html><head><title>
  Only the &lt;title&gt;
</title><meta name="description" content="Only the meta description">
<meta property="og:image" content="javascript:alert(1)"></head><body></body></html>`

let server: TestServer
let http: Client
// A fresh user for each group of tests keeps them under the per-user rate limit.
let owner: SignedIn
const signInFresh = () =>
  beforeAll(async () => {
    owner = await signUp(http, 'crawler')
  })
let userAgent = ''
let otherHits = 0
const releaseSlow: (() => void)[] = []

const pages = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request): Promise<Response> {
    const path = new URL(request.url).pathname
    switch (path) {
      case '/menu':
        userAgent = request.headers.get('user-agent') ?? ''
        return html(FULL_PAGE)
      case '/twitter':
        return html(TWITTER_PAGE)
      case '/fallback':
        return html(FALLBACK_PAGE)
      case '/plain':
        return html('<html><body><p>No tags here.</p></body></html>')
      case '/empty':
        return html('')
      case '/xhtml':
        return new Response('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML page</title></head></html>', {
          headers: { 'content-type': 'application/xhtml+xml' },
        })
      case '/latin1':
        // "Café" in windows-1252, declared only by the page's own <meta>.
        return new Response(new Uint8Array([...new TextEncoder().encode('<meta charset="windows-1252"><title>Caf'), 0xe9, ...new TextEncoder().encode('</title>')]), {
          headers: { 'content-type': 'text/html' },
        })
      case '/gzip':
        return html(gzipSync('<title>Compressed page</title>'), { 'content-encoding': 'gzip' })
      case '/image.png':
        return new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } })
      case '/hop-1':
        return Response.redirect(`http://127.0.0.1:${pages.port}/hop-2`, 301)
      case '/hop-2':
        return new Response(null, { status: 307, headers: { location: '/menu' } })
      case '/loop':
        return new Response(null, { status: 302, headers: { location: '/loop' } })
      case '/to-other-port':
        return Response.redirect(`http://127.0.0.1:${other.port}/`, 302)
      case '/to-metadata':
        return Response.redirect('http://169.254.169.254/latest/meta-data/', 302)
      case '/to-localhost':
        return Response.redirect(`http://localhost:${pages.port}/menu`, 302)
      case '/slow':
        await new Promise<void>((resolve) => releaseSlow.push(resolve))
        return html('<title>Too late</title>')
      case '/huge': {
        let sent = 0
        const chunk = new TextEncoder().encode(`<p>${'x'.repeat(64 * 1024 - 7)}</p>`)
        return html(
          new ReadableStream({
            pull(controller) {
              if (sent === 0) controller.enqueue(new TextEncoder().encode('<title>Huge</title>'))
              if (sent >= 4 * 1024 * 1024) return controller.close()
              sent += chunk.length
              controller.enqueue(chunk)
            },
          }),
        )
      }
      case '/huge-declared':
        return html(`<title>Huge</title>${'x'.repeat(2 * 1024 * 1024)}`)
      case '/gone':
        return new Response('Not here', { status: 404, headers: { 'content-type': 'text/html' } })
      default:
        return new Response('Server error', { status: 500 })
    }
  },
})

// A second local server that is not on FETCH_ALLOWED_HOSTS: nothing may ever reach it.
const other = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch() {
    otherHits += 1
    return html('<title>Private</title>')
  },
})

const page = (path: string) => `http://127.0.0.1:${pages.port}${path}`
const crawl = (url: unknown, token = owner.token) => http.post('/api/crawl-url', url === undefined ? {} : { url }, { token })

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` } })
  http = client(server.url)
})
afterAll(async () => {
  for (const release of releaseSlow) release()
  pages.stop(true)
  other.stop(true)
  await server.close()
})

describe('POST /api/crawl-url reads a page', () => {
  signInFresh()

  it('answers og tags with entities decoded, whitespace collapsed and a relative og:image made absolute', async () => {
    const answer = await crawl(page('/menu'))
    expect(answer.status).toBe(200)
    expect(answer.body.title).toBe('Café & Bar — "Menu"')
    expect(answer.body.description).toBe('Fresh bread <daily>')
    expect(answer.body.ogImage).toBe(page('/images/card.png?size=large&v=2'))
    expect(answer.body.ogImageAlt).toBe('A table & two chairs')
    expect(Object.keys(answer.body).sort()).toEqual(['description', 'ogImage', 'ogImageAlt', 'title'])
    expect(userAgent).toContain('Linkcard')
  })

  it('falls back to Twitter tags when OpenGraph tags are missing', async () => {
    const answer = await crawl(page('/twitter'))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      title: 'Twitter title',
      description: 'Twitter description',
      ogImage: 'https://cdn.example.com/t.jpg',
      ogImageAlt: 'Twitter alt',
    })
  })

  it('falls back to <title> and the meta description, and drops a non-http image', async () => {
    const answer = await crawl(page('/fallback'))
    expect(answer.body).toEqual({ title: 'Only the <title>', description: 'Only the meta description', ogImage: null, ogImageAlt: null })
  })

  it('answers all nulls for a page without tags and for an empty page', async () => {
    for (const path of ['/plain', '/empty']) {
      const answer = await crawl(page(path))
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(NOTHING)
    }
  })

  it('answers all nulls for an answer that is not HTML', async () => {
    const answer = await crawl(page('/image.png'))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(NOTHING)
  })

  it('reads XHTML, compressed pages and pages in another charset', async () => {
    expect((await crawl(page('/xhtml'))).body.title).toBe('XHTML page')
    expect((await crawl(page('/gzip'))).body.title).toBe('Compressed page')
    expect((await crawl(page('/latin1'))).body.title).toBe('Café')
  })

  it('follows redirects and resolves relative images against the final page', async () => {
    const answer = await crawl(page('/hop-1'))
    expect(answer.status).toBe(200)
    expect(answer.body.title).toBe('Café & Bar — "Menu"')
    expect(answer.body.ogImage).toBe(page('/images/card.png?size=large&v=2'))
  })
})

describe('POST /api/crawl-url refuses private addresses', () => {
  signInFresh()

  for (const url of ['http://localhost:PORT/menu', 'http://[::1]/', 'http://[::ffff:127.0.0.1]:PORT/', 'http://0x7f000001/', 'http://2130706433/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://localhost./', 'http://intranet.local/', 'http://wiki.internal./', 'http://site.test/'])
    it(`refuses ${url} with 400`, async () => {
      const answer = await crawl(url.replace('PORT', String(pages.port)))
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(NOT_PUBLIC)
    })

  it('refuses an address with a user name or password, which would never be sent', async () => {
    const answer = await crawl(page('/menu').replace('://', '://user:secret@'))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Addresses with a user name or password are refused: Linkcard never sends them.')
  })

  it('refuses a redirect to a private address that is not allowed, at the hop, without reaching it', async () => {
    for (const path of ['/to-other-port', '/to-metadata', '/to-localhost']) {
      const answer = await crawl(page(path))
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(NOT_PUBLIC)
    }
    expect(otherHits).toBe(0)
  })

  it('refuses a local address on another port than the allowed one', async () => {
    const answer = await crawl(`http://127.0.0.1:${other.port}/`)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(NOT_PUBLIC)
    expect(otherHits).toBe(0)
  })
})

describe('POST /api/crawl-url limits', () => {
  signInFresh()

  it('gives up on a page that takes too long to answer', async () => {
    const answer = await crawl(page('/slow'))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The page took too long to answer.')
  }, 20_000)

  it('stops reading a page past the size limit, announced or not', async () => {
    for (const path of ['/huge', '/huge-declared']) {
      const answer = await crawl(page(path))
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('The page is too large.')
    }
  })

  it('stops after five redirects', async () => {
    const answer = await crawl(page('/loop'))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Too many redirects.')
  })

  it('says which HTTP status a page answered', async () => {
    const answer = await crawl(page('/gone'))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The page could not be loaded (HTTP 404).')
  })
})

describe('POST /api/crawl-url input and access', () => {
  signInFresh()

  it('answers 401 without a session and fetches nothing', async () => {
    userAgent = ''
    const answer = await http.post('/api/crawl-url', { url: page('/menu') })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('Please sign in.')
    expect(userAgent).toBe('')
  })

  it('asks for a URL when there is none', async () => {
    for (const url of [undefined, '', '   ']) {
      const answer = await crawl(url)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('Please enter a URL first')
    }
  })

  it('asks for an http(s) URL', async () => {
    for (const url of ['example.com', 'ftp://example.com/file', 'javascript:alert(1)', 'https://', `http://${'a'.repeat(2100)}.com/`]) {
      const answer = await crawl(url)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('Please enter a valid URL with http:// or https://')
    }
  })

  it('answers 429 with Retry-After once a user has made a minute of calls; another user reads on', async () => {
    // The exact count, in one minute, is in tests/api/crawl-limits.test.ts; here a minute's edge may
    // fall among the calls, which then start counting again.
    const busy = await signUp(http, 'busy')
    let limited = await crawl(page('/menu'), busy.token)
    for (let i = 0; i < 60 && limited.status === 200; i++) limited = await crawl(page('/menu'), busy.token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await crawl(page('/menu'))).status).toBe(200)
  })
})
