// No request holds the server's event loop for long, whatever its input: each route whose work
// grows with what it is given or what it reads is driven with the largest it takes, while a thread
// of the test opens a short link as a person would, again and again beside it; the most CPU the
// server's request thread spent on other work while one redirect waited is how long the loop was
// held (tests/helpers/loop-stalls.ts).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { PNG } from 'pngjs'
import { LINK_BULK_CREATE_MAX, LINK_BULK_MAX, LINK_PAGE_MAX } from '../../src/shared/link-list'
import { DESCRIPTION_MAX, TITLE_MAX } from '../../src/shared/link-rules'
import { QR_LOGO_MAX_SIDE, QR_SIZE_MAX } from '../../src/shared/qr-design'
import { MAX_PERIOD_DAYS } from '../../src/shared/analytics'
import { IMAGE_UPLOAD_MAX_PIXELS } from '../../src/shared/images'
import { signUp, type SignedIn } from '../helpers/accounts'
import { seedLinkEvents, seedLinkHistory, seedLinks } from '../helpers/bulk-data'
import { client, type Client } from '../helpers/http'
import { leastStallDuring, type Stall } from '../helpers/loop-stalls'
import { startServer, type TestServer } from '../helpers/server'
import { selfSignedCertificate } from '../helpers/tls-server'
import { sql } from '../helpers/sql'

// The request thread's budget: no request may hold the loop longer.
const BUDGET_MS = 50
// An account's links: enough that a read or a change of them all in one go holds the loop for
// several times the budget (a hundred thousand would hold it five times longer still).
const LINKS = 20_000
// Another account's links, exported: each link is written out, so fewer show the same.
const EXPORTED = 5_000

// A TLS host for QR logos: the largest PNG a logo may be.
const certificate = selfSignedCertificate(['127.0.0.1'])

function gradientPng(side: number) {
  const png = new PNG({ width: side, height: side })
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) png.data.set([(x * 255) / side, (y * 255) / side, 128, 255], (y * side + x) * 4)
  return new Uint8Array(PNG.sync.write(png))
}
const bigLogo = gradientPng(QR_LOGO_MAX_SIDE)
// A page as large as a page read for its metadata may be, full of tags.
const bigPage = `<html><head><title>Big</title><meta property="og:title" content="Big page">${'<meta name="x" content="y"><link rel="a" href="/b">'.repeat(12_000)}</head><body>${'<div><p>text</p></div>'.repeat(10_000)}</body></html>`.slice(0, 1024 * 1024 - 20)
const hosts = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  tls: { key: certificate.key, cert: certificate.cert },
  fetch(request) {
    const path = new URL(request.url).pathname
    if (path.startsWith('/logo.png')) return new Response(bigLogo, { headers: { 'content-type': 'image/png' } })
    if (path.startsWith('/page.html')) return new Response(bigPage, { headers: { 'content-type': 'text/html' } })
    return new Response('missing', { status: 404 })
  },
})
const hostUrl = (path: string) => `https://127.0.0.1:${hosts.port}${path}`

let server: TestServer
let http: Client
let owner: SignedIn
let apiKey: string
let exporter: SignedIn
let exporterKey: string
let probe: string
let linkIds: string[]
let busyLink: { id: string; slug: string }
const figures: { route: string; stall: Stall }[] = []

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${hosts.port}`, NODE_EXTRA_CA_CERTS: certificate.certFile, TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
  owner = await signUp(http, 'loop')
  await sql(server, "update accounts set plan = 'enterprise' where id = $1", [owner.user.accountId])
  apiKey = (await http.post('/api/apiKeys', { name: 'Loop' }, { token: owner.token })).body.key
  // The redirect timed: another account's link.
  const visitor = await signUp(http, 'loop-probe')
  probe = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/probe', title: 'Probe' }, { token: visitor.token })).body.url
  linkIds = await seedLinks(server, owner.user.accountId, LINKS, { textLength: DESCRIPTION_MAX })
  exporter = await signUp(http, 'loop-export')
  exporterKey = (await http.post('/api/apiKeys', { name: 'Loop' }, { token: exporter.token })).body.key
  await seedLinks(server, exporter.user.accountId, EXPORTED, { textLength: DESCRIPTION_MAX })
  await sql(server, "update share_links set card_image = 'classic' where account_id = $1", [exporter.user.accountId])
  await sql(server, "update share_links set card_image = 'classic' where account_id = $1", [owner.user.accountId])
  busyLink = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/busy', title: 'Busy' }, { token: owner.token })).body
  await seedLinkHistory(server, owner.user.accountId, busyLink.id, { days: MAX_PERIOD_DAYS, values: 100 })
  await seedLinkEvents(server, owner.user.accountId, busyLink.id, { count: 100_000, days: 80 })
  // As the server's own writer thread keeps it: the write-ahead log copied into the database.
  await sql(server, server.databaseUrl ? 'select 1' : 'PRAGMA wal_checkpoint(TRUNCATE)')
}, 120_000)

afterAll(async () => {
  const rows = figures.map(({ route, stall }) => `  ${route.padEnd(58)} ${stall.heldMs.toFixed(0).padStart(5)} ${stall.stallMs.toFixed(0).padStart(8)}  (${stall.redirects} redirects, ${stall.workMs.toFixed(0)} ms)`)
  console.log(`\nEvent loop held (ms), ${server?.databaseUrl ? 'PostgreSQL' : 'SQLite'}: held, slowest redirect less the idle one\n${rows.join('\n')}`)
  await server?.close()
  hosts.stop(true)
  certificate.remove()
})

let address = 0
/** A client address of its own (behind the trusted proxy), so per-address draw limits never answer instead. */
const fresh = () => ({ 'x-forwarded-for': `203.0.113.${(address++ % 250) + 1}` })

async function expectWithinBudget(route: string, work: () => Promise<unknown>) {
  const stall = await leastStallDuring(server, probe, work, { limitMs: BUDGET_MS })
  figures.push({ route, stall })
  expect(stall.heldMs).toBeLessThan(BUDGET_MS)
}

const get = async (path: string, headers: Record<string, string> = {}, expected = 200) => {
  const answer = await fetch(server.url + path, { headers: { authorization: `Bearer ${owner.token}`, ...headers } })
  const body = await answer.arrayBuffer()
  if (answer.status !== expected) throw new Error(`${path} answered ${answer.status}: ${new TextDecoder().decode(body).slice(0, 300)}`)
  return body
}
const call = async (method: string, path: string, body: unknown, { token = owner.token, expected = 200 } = {}) => {
  const answer = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...fresh() }, body: JSON.stringify(body) })
  const text = await answer.text()
  if (answer.status !== expected) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`)
  return text
}
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

describe('exports', () => {
  for (const format of ['csv', 'json'])
    it(`exports ${EXPORTED.toLocaleString('en')} links as ${format} in the app`, () =>
      expectWithinBudget(`GET /api/shareLinks/export?format=${format}`, () => get(`/api/shareLinks/export?format=${format}`, { authorization: `Bearer ${exporter.token}` })))
  it(`exports ${EXPORTED.toLocaleString('en')} links through the public API`, () =>
    expectWithinBudget('GET /api/links/export?format=json', () => get('/api/links/export?format=json', { authorization: `Bearer ${exporterKey}` })))
  it('exports a link with 100,000 events as CSV', () =>
    expectWithinBudget('GET /api/shareLinks/:id/analytics?format=csv', () => get(`/api/shareLinks/${busyLink.id}/analytics?format=csv&from=${daysAgo(89)}`)))
})

describe('analytics', () => {
  it(`answers a link's analytics over ${MAX_PERIOD_DAYS} days of many breakdown values`, () =>
    expectWithinBudget(`GET /api/shareLinks/:id/analytics (${MAX_PERIOD_DAYS} days)`, () => get(`/api/shareLinks/${busyLink.id}/analytics?from=${daysAgo(MAX_PERIOD_DAYS - 1)}`)))
  it(`answers the dashboard of an account with ${LINKS.toLocaleString('en')} links`, () => expectWithinBudget('GET /api/dashboard-stats', () => get('/api/dashboard-stats')))
  it('answers the stats API over the longest period', () =>
    expectWithinBudget('GET /api/stats/:id', () => get(`/api/stats/${busyLink.id}?from=${daysAgo(MAX_PERIOD_DAYS - 1)}`, { authorization: `Bearer ${apiKey}` })))
})

describe('link lists', () => {
  it('lists the largest page ordered by clicks', () => expectWithinBudget('GET /api/shareLinks?sort=clicks', () => get(`/api/shareLinks?sort=clicks&limit=${LINK_PAGE_MAX}&page=3`)))
  it('lists a search of every link', () => expectWithinBudget('GET /api/shareLinks?search=', () => get(`/api/shareLinks?search=nomatch&limit=${LINK_PAGE_MAX}`)))
  it('lists the largest page in the public API', () => expectWithinBudget('GET /api/links?limit=500', () => get(`/api/links?limit=${LINK_PAGE_MAX}`, { authorization: `Bearer ${apiKey}` })))
})

describe('uploads and images', () => {
  it('takes the largest image upload', async () => {
    // As many pixels as an upload may have, in bands of colour (within the upload's bytes).
    const side = Math.floor(Math.sqrt(IMAGE_UPLOAD_MAX_PIXELS))
    const png = new PNG({ width: side, height: side })
    for (let y = 0; y < side; y++) png.data.fill((y * 7) % 256, y * side * 4, (y + 1) * side * 4)
    const bytes = new Uint8Array(PNG.sync.write(png))
    await expectWithinBudget('POST /api/images (25 MP PNG)', () =>
      fetch(`${server.url}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' }, body: bytes }).then(async (answer) => {
        if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`)
      }),
    )
  }, 60_000)

  for (const format of ['png', 'svg'])
    it(`draws the largest QR code with the largest logo as ${format}`, async () => {
      let n = 0
      await expectWithinBudget(`GET /api/qr/:slug?format=${format}&size=${QR_SIZE_MAX}&logo=…`, () =>
        get(`/api/qr/${busyLink.slug}?format=${format}&size=${QR_SIZE_MAX}&margin=16&logo=${encodeURIComponent(hostUrl(`/logo.png?${format}${n++}`))}`, fresh()),
      )
    })

  it('draws a made card image', async () => {
    let n = 0
    await expectWithinBudget('GET /api/card-image/:slug/:version.png', async () => {
      const slug = `${linkIds[n++]!.split('-')[0]}${n}`
      await get(`/api/card-image/${slug}/1.png`, fresh())
    })
  })

  it('reads the largest page for its metadata', () =>
    expectWithinBudget('POST /api/crawl-url (1 MB page)', () => call('POST', '/api/crawl-url', { url: hostUrl(`/page.html?${Math.random()}`) })))
})

describe('bulk changes', () => {
  const fullLink = (i: number, run: string) => ({
    targetUrl: `https://example.com/bulk/${run}/${i}?${'q'.repeat(300)}`,
    title: `Bulk ${i} ${'t'.repeat(TITLE_MAX - 20)}`,
    description: 'd'.repeat(300),
    tags: Array.from({ length: 5 }, (_, t) => `tag-${(i + t) % 900}`),
    alias: `bulk-${run}-${i}`,
    geoTargets: { FR: 'https://example.fr/', DE: 'https://example.de/' },
  })
  it(`creates ${LINK_BULK_CREATE_MAX} links in one call of the public API`, async () => {
    let run = 0
    await expectWithinBudget(`POST /api/links/bulk (${LINK_BULK_CREATE_MAX} links)`, async () => {
      const links = Array.from({ length: LINK_BULK_CREATE_MAX }, (_, i) => fullLink(i, `r${run}x${Date.now().toString(36)}`))
      run++
      await call('POST', '/api/links/bulk', { links }, { token: apiKey })
    })
  })
  for (const action of ['deactivate', 'delete'])
    it(`${action}s ${LINK_BULK_MAX} links at once in the app`, async () => {
      let from = action === 'delete' ? LINKS / 2 : 0
      await expectWithinBudget(`POST /api/shareLinks/bulk (${action} ${LINK_BULK_MAX})`, async () => {
        const ids = linkIds.slice(from, from + LINK_BULK_MAX)
        from += LINK_BULK_MAX
        await call('POST', '/api/shareLinks/bulk', { action, ids })
      })
    })
  it(`sets the brand of an account with ${EXPORTED.toLocaleString('en')} made images`, async () => {
    let n = 0
    await expectWithinBudget('PUT /api/brand', () => call('PUT', '/api/brand', { color: `#0000${(n++ % 100).toString().padStart(2, '0')}`, logo: null }, { token: exporter.token }))
  })
})

describe("the assistant's tools", () => {
  const tool = (name: string, args: Record<string, unknown>) => async () => {
    const answer = await fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    })
    const text = await answer.text()
    if (answer.status !== 200 || text.includes('"isError":true')) throw new Error(`${name} answered ${answer.status}: ${text.slice(0, 300)}`)
  }
  it('lists the largest page of links', () => expectWithinBudget('MCP list_links', tool('list_links', { limit: 100, search: 'Link' })))
  it("reads a busy link's stats over the longest period", () => expectWithinBudget('MCP get_link_stats', tool('get_link_stats', { id: busyLink.id, from: daysAgo(MAX_PERIOD_DAYS - 1) })))
  it('creates a link', () => expectWithinBudget('MCP create_link', tool('create_link', { targetUrl: `https://example.com/mcp?${'q'.repeat(1900)}`, title: 't'.repeat(TITLE_MAX), description: 'd'.repeat(DESCRIPTION_MAX) })))
  it('changes a link', () => expectWithinBudget('MCP update_link', tool('update_link', { id: busyLink.id, title: 'u'.repeat(TITLE_MAX), description: 'e'.repeat(DESCRIPTION_MAX) })))
})
