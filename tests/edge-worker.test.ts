// The downloadable edge worker, run under Bun's HTMLRewriter (the lol-html engine Cloudflare Workers
// use) against a local single-page app and a local Linkcard with a real API key.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import worker from '../edge-worker/linkcard-edge-worker.js'
import { signUp } from './helpers/accounts'
import { client } from './helpers/http'
import { startServer, type TestServer } from './helpers/server'

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

const origin = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname
    if (path === '/app.js') return new Response('console.log("<title>not html</title>")', { headers: { 'content-type': 'text/javascript' } })
    if (path === '/data.json') return Response.json({ title: 'json' })
    if (path === '/bare') return new Response(BARE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    return new Response(SPA_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-origin': 'yes' } })
  },
})
const page = (path: string) => `http://127.0.0.1:${origin.port}${path}`

// A stand-in API for failures: slow, erroring, and counting the calls it gets.
let stubCalls = 0
const stub = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    stubCalls++
    const path = new URL(request.url).pathname
    if (path.startsWith('/slow/')) {
      // Answers long after the worker's timeout: the slowness is what the test is about.
      await Bun.sleep(3000)
      return Response.json({ id: 'x', title: 'Too late', isActive: true })
    }
    return new Response('{"message":"boom"}', { status: 500, headers: { 'content-type': 'application/json' } })
  },
})
const closedPort = (() => {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  return port
})()

let server: TestServer
let env: Record<string, string>

beforeAll(async () => {
  server = await startServer()
  const http = client(server.url)
  const who = await signUp(http, 'edge')
  const { key } = (await http.post('/api/apiKeys', { name: 'Edge worker' }, { token: who.token })).body
  env = { LINKCARD_API: `${server.url}/api/`, LINKCARD_API_KEY: key }
  const link = (path: string, body: Record<string, unknown>) => http.post('/api/link', { targetUrl: page(path), ...body }, { token: key })
  await link('/products/shoe', {
    title: 'Red Shoe & "Friends" <sale>',
    description: 'The best shoe',
    ogImage: 'https://cdn.example/shoe.png',
    ogImageAlt: 'A red shoe',
    twitterCard: 'summary_large_image',
  })
  await link('/bare', { title: 'Bare page', description: 'Added tags' })
  const paused = await link('/paused', { title: 'Paused link' })
  await http.patch(`/api/link/${paused.body.id}`, { isActive: false }, { token: key })
})
afterAll(async () => {
  await server.close()
  origin.stop(true)
  stub.stop(true)
})

const run = (url: string, settings: Record<string, string> = env, init?: RequestInit) => worker.fetch(new Request(url, init), settings)

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

describe('edge worker', () => {
  it("rewrites the title, OpenGraph and Twitter tags of a linked page with the link's preview", async () => {
    const response = await run(page('/products/shoe#reviews'))
    expect(response.status).toBe(200)
    expect(response.headers.get('x-origin')).toBe('yes')
    const html = await response.text()
    const { title, meta } = readHead(html)
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
    expect(html).not.toContain('<sale>')
    // Everything else is as the origin sent it.
    expect(html).toContain('<link rel="stylesheet" href="/app.css">')
    expect(html).toContain('<body><div id="root"></div><script src="/app.js"></script></body>')
  })

  it('adds the tags a page lacks to its <head>', async () => {
    const { title, meta } = readHead(await (await run(page('/bare'))).text())
    expect(title).toBe('Bare page')
    expect(meta['og:title']).toEqual(['Bare page'])
    expect(meta['twitter:description']).toEqual(['Added tags'])
    expect(meta['og:image']).toBeUndefined()
  })

  it('passes pages without a link, and inactive links, through unchanged', async () => {
    for (const path of ['/not-linked', '/paused']) expect(await (await run(page(path))).text()).toBe(SPA_PAGE)
  })

  it('passes non-HTML answers through without asking the API', async () => {
    stubCalls = 0
    const stubEnv = { LINKCARD_API: `http://127.0.0.1:${stub.port}/fail`, LINKCARD_API_KEY: env.LINKCARD_API_KEY }
    expect(await (await run(page('/app.js'), stubEnv)).text()).toBe('console.log("<title>not html</title>")')
    expect(await (await run(page('/data.json'), stubEnv)).json()).toEqual({ title: 'json' })
    expect(await (await run(page('/products/shoe'), stubEnv, { method: 'HEAD' })).text()).toBe('')
    expect(stubCalls).toBe(0)
  })

  it('fails open when the API is down, answers an error, or is too slow', async () => {
    const key = env.LINKCARD_API_KEY
    for (const settings of [
      { LINKCARD_API: `http://127.0.0.1:${closedPort}`, LINKCARD_API_KEY: key },
      { LINKCARD_API: `http://127.0.0.1:${stub.port}/fail`, LINKCARD_API_KEY: key },
      { LINKCARD_API: `http://127.0.0.1:${stub.port}/slow`, LINKCARD_API_KEY: key, LINKCARD_TIMEOUT_MS: '200' },
      { LINKCARD_API: `${server.url}/api`, LINKCARD_API_KEY: 'lnk_revokedOrWrongKey000000000000000000000' },
      { LINKCARD_API: '', LINKCARD_API_KEY: '' },
    ] as Record<string, string>[]) {
      const response = await run(page('/products/shoe'), settings)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(SPA_PAGE)
    }
  })

  it('is the file the server offers for download', async () => {
    const served = await fetch(`${server.url}/edge-worker.js`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toContain('javascript')
    expect(await served.text()).toBe(readFileSync(join(import.meta.dir, '../edge-worker/linkcard-edge-worker.js'), 'utf8'))
  })
})
