import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { RedisClient } from 'bun'
import { ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { LINK_FIELDS } from '../helpers/link-fields'
import { startServer, type TestServer } from '../helpers/server'
import { mcpRoutes } from '../../src/modules/mcp/routes'
import { publicApiRoutes } from '../../src/modules/public-api/routes'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { clearOfWindowEdge } from '../helpers/windows'

// Pages the server reads for useOriginalMeta (allowed through FETCH_ALLOWED_HOSTS).
const pages = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    switch (new URL(request.url).pathname) {
      case '/article':
        return html(`<html><head><title>Ignored</title>
          <meta property="og:title" content="The page's own title">
          <meta property="og:description" content="The page's own description">
          <meta property="og:image" content="/card.png">
          <meta property="og:image:alt" content="The page's own alt">
        </head><body></body></html>`)
      case '/bare':
        return html('<html><head></head><body>No metadata at all</body></html>')
      default:
        return new Response('gone', { status: 404 })
    }
  },
})
const pageUrl = (path: string) => `http://127.0.0.1:${pages.port}${path}`

let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn
let annKey: string
let bobKey: string

async function newKey(who: SignedIn, name = 'Tests') {
  const answer = await http.post('/api/apiKeys', { name }, { token: who.token })
  if (answer.status !== 201) throw new Error(`key: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; key: string }
}

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` } })
  http = client(server.url)
  ann = await signUp(http, 'ann')
  bob = await signUp(http, 'bob')
  annKey = (await newKey(ann)).key
  bobKey = (await newKey(bob)).key
})
afterAll(async () => {
  await server.close()
  pages.stop(true)
})

const unique = () => Math.random().toString(36).slice(2, 10)
const target = (label = unique()) => `https://example.com/${label}`

function expectRateHeaders(headers: Headers) {
  expect(Number(headers.get('x-ratelimit-limit'))).toBeGreaterThan(0)
  expect(headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
  // A whole second, rounded up: a window ending as the answer left may already be this second.
  expect(Number(headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000))
}

describe('authentication', () => {
  it('answers 401 without a key, with an unknown key, and with a session token', async () => {
    const none = await http.get('/api/links')
    expect(none.status).toBe(401)
    expect(none.body.message).toBe('Please send your API key in the Authorization header: Bearer lnk_…')
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Linkcard API"')
    const unknown = await http.get('/api/links', { token: `lnk_${'a'.repeat(40)}` })
    expect(unknown.status).toBe(401)
    expect(unknown.body.message).toBe('Invalid or revoked API key.')
    const session = await http.get('/api/links', { token: ann.token })
    expect(session.status).toBe(401)
    expect(session.body.message).toBe('This call needs an API key (lnk_…); session tokens are not accepted.')
    expect((await http.post('/api/link', { targetUrl: target(), title: 'x' }, { token: ann.token })).status).toBe(401)
  })

  it('refuses an API key on the app calls', async () => {
    const answer = await http.get('/api/shareLinks', { token: annKey })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('API keys work only with the public API. Please sign in.')
  })

  it('checks the key before the input, so a bad body from a stranger is still 401', async () => {
    const answer = await http.post('/api/link', { title: 5 })
    expect(answer.status).toBe(401)
  })

  it('reports the rate limit on every answer: without a key or with a refused one (checked first), for a bad body or path, and for a missing link', async () => {
    // The remaining counts are compared within one minute's window.
    await clearOfWindowEdge(60_000, 5_000)
    const answers = {
      noKey: await http.get('/api/links'),
      unknownKey: await http.post('/api/link', { targetUrl: target(), title: 'x' }, { token: `lnk_${'b'.repeat(40)}` }),
      invalid: await http.post('/api/link', { targetUrl: 'not an address', title: 'x' }, { token: annKey }),
      missing: await http.get(`/api/link/${crypto.randomUUID()}`, { token: annKey }),
      malformed: await http.post('/api/link', undefined, { headers: { 'content-type': 'application/json' }, raw: '{"targetUrl":', token: annKey }),
      badPath: await http.get('/api/link/%00', { token: annKey }),
      tooLarge: await http.post('/api/link', { targetUrl: target(), title: 'x'.repeat(2_000_000) }, { token: annKey }),
      strangerMalformed: await http.post('/api/link', undefined, { headers: { 'content-type': 'application/json' }, raw: '{', token: `lnk_${'c'.repeat(40)}` }),
    }
    expect(Object.values(answers).map((answer) => answer.status)).toEqual([401, 401, 400, 404, 400, 400, 413, 401])
    // Named, so a failure says which answer lacks them.
    expect(Object.entries(answers).filter(([, answer]) => !answer.headers.has('x-ratelimit-limit')).map(([name]) => name)).toEqual([])
    for (const answer of Object.values(answers)) {
      expectRateHeaders(answer.headers)
      expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    }
    // Without a valid key, the limit reported is the address's limit on invalid keys; with one, the key's.
    expect(answers.noKey.headers.get('x-ratelimit-limit')).toBe('20')
    expect(Number(answers.unknownKey.headers.get('x-ratelimit-remaining'))).toBe(Number(answers.noKey.headers.get('x-ratelimit-remaining')) - 1)
    expect(answers.invalid.headers.get('x-ratelimit-limit')).toBe('100')
    expect(Number(answers.missing.headers.get('x-ratelimit-remaining'))).toBe(Number(answers.invalid.headers.get('x-ratelimit-remaining')) - 1)
  })

  it('answers preflight requests so browsers may call it from any site', async () => {
    const response = await fetch(`${server.url}/api/link`, {
      method: 'OPTIONS',
      headers: { origin: 'https://someone.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization')
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
    const call = await http.get('/api/links', { token: annKey })
    expect(call.headers.get('access-control-allow-origin')).toBe('*')
    expect(call.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining')
  })
})

describe('every route the public API declares', () => {
  // The routes as their modules declare them, not the paths derived from them: a new one is covered by being written.
  const declared = [...publicApiRoutes.routes, ...mcpRoutes.routes].filter((route) => route.method !== 'OPTIONS')
  const openapiPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`

  it("answers with the rate-limit and CORS headers, to browsers' preflights, and (unless hidden) in the document", async () => {
    expect(declared.length).toBeGreaterThan(10)
    const { key } = await newKey(ann, 'Every route')
    const documented = (await http.get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>
    for (const route of declared) {
      const name = `${route.method} ${route.path}`
      const url = `${server.url}/api${route.path.replace(/:[A-Za-z]+/g, 'none')}`
      const answer = await fetch(url, { method: route.method, headers: { authorization: `Bearer ${key}` } })
      expect({ name, hasLimit: answer.headers.has('x-ratelimit-limit'), origin: answer.headers.get('access-control-allow-origin') }).toEqual({ name, hasLimit: true, origin: '*' })
      const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://someone.example', 'access-control-request-method': route.method } })
      expect({ name, status: preflight.status, origin: preflight.headers.get('access-control-allow-origin') }).toEqual({ name, status: 204, origin: '*' })
      const isHidden = (route.hooks as { detail?: { hide?: boolean } }).detail?.hide === true
      expect({ name, documented: Boolean(documented[openapiPath(route.path)]?.[route.method.toLowerCase()]) }).toEqual({ name, documented: !isHidden })
    }
  })
})

describe('POST /api/link', () => {
  it('answers 201 with url, qrCodeUrl, id, slug and existing: false, and the link works', async () => {
    const answer = await http.post('/api/link', { targetUrl: target('launch'), title: 'We launched', description: 'All about it' }, { token: annKey })
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body).sort()).toEqual(['existing', 'id', 'qrCodeUrl', 'slug', 'url'])
    expect(answer.body.existing).toBe(false)
    expect(answer.body.url).toBe(`${server.url}/${answer.body.slug}`)
    expect(answer.body.qrCodeUrl).toBe(`${server.url}/api/qr/${answer.body.slug}`)
    expectRateHeaders(answer.headers)
    const redirect = await visit(answer.body.url)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('https://example.com/launch')
    const [row] = await sql<{ account_id: string; created_by: string }>(server, 'select account_id, created_by from share_links where id = $1', [answer.body.id])
    expect(row).toEqual({ account_id: ann.user.accountId, created_by: ann.user.id })
  })

  it('answers 200 with existing: true and the earlier link for an identical request, however the target is spelled', async () => {
    const label = unique()
    const body = { targetUrl: `https://example.com/${label}/?b=2&a=1`, title: 'Same', description: 'Same text', twitterCard: 'summary' }
    const first = await http.post('/api/link', body, { token: annKey })
    expect(first.status).toBe(201)
    const again = await http.post('/api/link', { ...body, targetUrl: `HTTPS://Example.COM:443/${label}?a=1&b=2#top`, title: '  Same ' }, { token: annKey })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ ...first.body, existing: true })
    expectRateHeaders(again.headers)
    const count = await sql<{ n: number }>(server, 'select count(*) as n from share_links where account_id = $1 and title = $2', [ann.user.accountId, 'Same'])
    expect(Number(count[0].n)).toBe(1)
  })

  it('makes a new link when any preview field, the alias or the account differs', async () => {
    const base = { targetUrl: target(), title: 'Base', description: 'D', ogImage: 'https://example.com/a.png' }
    const first = await http.post('/api/link', base, { token: annKey })
    for (const change of [{ title: 'Other' }, { description: 'Other' }, { ogImage: null }, { twitterCard: 'summary' }, { canonicalUrl: 'https://example.com/c' }, { expiresAt: '2099-01-01T00:00:00Z' }]) {
      const answer = await http.post('/api/link', { ...base, ...change }, { token: annKey })
      expect(answer.status).toBe(201)
      expect(answer.body.id).not.toBe(first.body.id)
    }
    const bobs = await http.post('/api/link', base, { token: bobKey })
    expect(bobs.status).toBe(201)
    expect(bobs.body.existing).toBe(false)
  })

  it('matches an alias only when the same alias is asked for, and any alias when none is', async () => {
    const alias = `al-${unique()}`
    const body = { targetUrl: target(), title: 'Aliased' }
    const first = await http.post('/api/link', { ...body, alias }, { token: annKey })
    expect(first.status).toBe(201)
    expect(first.body.url).toBe(`${server.url}/${alias}`)
    expect((await http.post('/api/link', { ...body, alias: alias.toUpperCase() }, { token: annKey })).body).toEqual({ ...first.body, existing: true })
    expect((await http.post('/api/link', body, { token: annKey })).body).toEqual({ ...first.body, existing: true })
    const other = await http.post('/api/link', { ...body, alias: `${alias}-2` }, { token: annKey })
    expect(other.status).toBe(201)
    const taken = await http.post('/api/link', { targetUrl: target(), title: 'Thief', alias }, { token: bobKey })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('This alias is already taken.')
  })

  it('does not hand back a deactivated link', async () => {
    const body = { targetUrl: target(), title: 'Paused' }
    const first = await http.post('/api/link', body, { token: annKey })
    await http.patch(`/api/link/${first.body.id}`, { isActive: false }, { token: annKey })
    const again = await http.post('/api/link', body, { token: annKey })
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(first.body.id)
  })

  it.each([
    ['no title', { targetUrl: 'https://example.com/x' }, 'Please fill in the target URL and title.'],
    ['a blank title', { targetUrl: 'https://example.com/x', title: '  ' }, 'Please fill in the target URL and title.'],
    ['no target', { title: 'x' }, 'Please fill in the target URL and title.'],
    ['a javascript: target', { targetUrl: 'javascript:alert(1)', title: 'x' }, 'The target URL must be a valid http:// or https:// address.'],
    ['a reserved alias', { targetUrl: 'https://example.com/x', title: 'x', alias: 'dashboard' }, 'This alias is reserved and cannot be used'],
    ['a bad card type', { targetUrl: 'https://example.com/x', title: 'x', twitterCard: 'huge' }, 'twitterCard must be one of summary, summary_large_image, app, player.'],
    ['a non-boolean useOriginalMeta', { targetUrl: 'https://example.com/x', useOriginalMeta: 'yes' }, 'useOriginalMeta must be true or false.'],
  ])('refuses %s with 400, the rate-limit headers and nothing stored', async (_, body, message) => {
    const before = await sql(server, 'select count(*) as n from share_links where account_id = $1', [ann.user.accountId])
    const answer = await http.post('/api/link', body, { token: annKey })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
    expectRateHeaders(answer.headers)
    expect(await sql(server, 'select count(*) as n from share_links where account_id = $1', [ann.user.accountId])).toEqual(before)
  })
})

describe('useOriginalMeta', () => {
  const linkOf = async (id: string) => (await http.get(`/api/link/${id}`, { token: annKey })).body

  it("fills title, description, image and alt from the page's own tags, title then optional", async () => {
    const answer = await http.post('/api/link', { targetUrl: pageUrl('/article'), useOriginalMeta: true }, { token: annKey })
    expect(answer.status).toBe(201)
    const link = await linkOf(answer.body.id)
    expect(link.title).toBe("The page's own title")
    expect(link.description).toBe("The page's own description")
    expect(link.ogImage).toBe(pageUrl('/card.png'))
    expect(link.ogImageAlt).toBe("The page's own alt")
  })

  it('keeps the fields the caller gave', async () => {
    const answer = await http.post('/api/link', { targetUrl: pageUrl('/article'), useOriginalMeta: true, title: 'Mine', ogImageAlt: 'My alt' }, { token: annKey })
    const link = await linkOf(answer.body.id)
    expect(link.title).toBe('Mine')
    expect(link.ogImageAlt).toBe('My alt')
    expect(link.description).toBe("The page's own description")
  })

  it('uses the host name when the page has no title', async () => {
    const answer = await http.post('/api/link', { targetUrl: pageUrl('/bare'), useOriginalMeta: true }, { token: annKey })
    expect(answer.status).toBe(201)
    const link = await linkOf(answer.body.id)
    expect(link.title).toBe(`127.0.0.1:${pages.port}`)
    expect(link.description).toBeNull()
  })

  it('finds the identical link again after reading the page', async () => {
    const body = { targetUrl: pageUrl('/article'), useOriginalMeta: true, alias: `meta-${unique()}` }
    const first = await http.post('/api/link', body, { token: annKey })
    const again = await http.post('/api/link', body, { token: annKey })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ ...first.body, existing: true })
  })

  it('answers 400 saying why when the page cannot be read, and stores nothing', async () => {
    const before = await sql(server, 'select count(*) as n from share_links')
    const missing = await http.post('/api/link', { targetUrl: pageUrl('/missing'), useOriginalMeta: true }, { token: annKey })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('The target page could not be read for useOriginalMeta: The page could not be loaded (HTTP 404).')
    const privateAddress = await http.post('/api/link', { targetUrl: 'http://10.0.0.1/admin', useOriginalMeta: true }, { token: annKey })
    expect(privateAddress.status).toBe(400)
    expect(privateAddress.body.message).toContain('not reachable from Linkcard')
    expect(await sql(server, 'select count(*) as n from share_links')).toEqual(before)
  })
})

describe('reading, changing and deleting', () => {
  let id: string
  beforeAll(async () => {
    id = (await http.post('/api/link', { targetUrl: target(), title: 'Managed', alias: `m-${unique()}` }, { token: annKey })).body.id
  })

  it('lists the account’s links, newest first, as full links', async () => {
    const newest = (await http.post('/api/link', { targetUrl: target(), title: 'Newest' }, { token: annKey })).body
    const answer = await http.get('/api/links', { token: annKey })
    expect(answer.status).toBe(200)
    expect(answer.body[0].id).toBe(newest.id)
    expect(Object.keys(answer.body[0]).sort()).toEqual(LINK_FIELDS)
    expectRateHeaders(answer.headers)
    const bobs = await http.get('/api/links', { token: bobKey })
    expect(bobs.body.some((link: { id: string }) => link.id === id || link.id === newest.id)).toBe(false)
  })

  it('reads one link', async () => {
    const answer = await http.get(`/api/link/${id}`, { token: annKey })
    expect(answer.status).toBe(200)
    expect(answer.body.id).toBe(id)
    expect(answer.body.title).toBe('Managed')
  })

  it('changes fields and isActive; an inactive link answers 404 to visitors', async () => {
    const answer = await http.patch(`/api/link/${id}`, { title: 'Renamed', isActive: false }, { token: annKey })
    expect(answer.status).toBe(200)
    expect(answer.body.title).toBe('Renamed')
    expect(answer.body.isActive).toBe(false)
    expect((await visit(answer.body.url)).status).toBe(404)
    const back = await http.patch(`/api/link/${id}`, { isActive: true }, { token: annKey })
    expect(back.body.isActive).toBe(true)
    expect((await visit(answer.body.url)).status).toBe(302)
  })

  it('refuses bad changes with 400 and keeps the link', async () => {
    const answer = await http.patch(`/api/link/${id}`, { title: '', isActive: 'no' }, { token: annKey })
    expect(answer.status).toBe(400)
    expectRateHeaders(answer.headers)
    expect((await http.get(`/api/link/${id}`, { token: annKey })).body.title).toBe('Renamed')
  })

  it("answers 404 for another account's link on every call and changes nothing", async () => {
    for (const call of [
      http.get(`/api/link/${id}`, { token: bobKey }),
      http.patch(`/api/link/${id}`, { title: 'Mine now' }, { token: bobKey }),
      http.delete(`/api/link/${id}`, { token: bobKey }),
    ]) {
      const answer = await call
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('Link not found.')
      expectRateHeaders(answer.headers)
    }
    expect((await http.get(`/api/link/${id}`, { token: annKey })).body.title).toBe('Renamed')
  })

  it('deletes with 204, then the link is gone', async () => {
    const doomed = (await http.post('/api/link', { targetUrl: target(), title: 'Doomed' }, { token: annKey })).body
    const answer = await http.delete(`/api/link/${doomed.id}`, { token: annKey })
    expect(answer.status).toBe(204)
    expect(answer.text).toBe('')
    expectRateHeaders(answer.headers)
    expect((await http.get(`/api/link/${doomed.id}`, { token: annKey })).status).toBe(404)
    expect((await http.delete(`/api/link/${doomed.id}`, { token: annKey })).status).toBe(404)
    expect((await visit(doomed.url)).status).toBe(404)
  })
})

describe('GET /api/link/byTarget/:targetUrl', () => {
  const byTarget = (url: string, key = annKey) => http.get(`/api/link/byTarget/${encodeURIComponent(url)}`, { token: key })

  it('finds the link however trivially the page address is spelled', async () => {
    const label = unique()
    const created = await http.post(
      '/api/link',
      { targetUrl: `https://shop.example.com/${label}/item?color=red&size=m`, title: 'Item', description: 'Nice', ogImage: 'https://shop.example.com/i.png', ogImageAlt: 'A shirt', twitterCard: 'summary' },
      { token: annKey },
    )
    for (const spelling of [
      `https://shop.example.com/${label}/item?color=red&size=m`,
      `HTTPS://SHOP.example.com:443/${label}/item/?size=m&color=red`,
      `https://shop.example.com/${label}/item?color=red&size=m#reviews`,
    ]) {
      const answer = await byTarget(spelling)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        id: created.body.id,
        targetUrl: `https://shop.example.com/${label}/item?color=red&size=m`,
        title: 'Item',
        description: 'Nice',
        ogImage: 'https://shop.example.com/i.png',
        ogImageAlt: 'A shirt',
        // Never read: the image's host is not reachable here.
        ogImageWidth: null,
        ogImageHeight: null,
        ogImageType: null,
        twitterCard: 'summary',
        twitterPlayer: null,
        twitterApp: null,
        themeColor: null,
        platformCards: null,
        cardImageUrl: null,
        isActive: true,
      })
      expectRateHeaders(answer.headers)
    }
    expect((await byTarget(`http://shop.example.com/${label}/item?color=red&size=m`)).status).toBe(404)
  })

  it('finds the page shared with tracking parameters, while a link made for a tracked address stays its own', async () => {
    const page = target()
    const plain = await http.post('/api/link', { targetUrl: page, title: 'Plain' }, { token: annKey })
    const tracked = await byTarget(`${page}?utm_source=newsletter&utm_medium=email&fbclid=abc#top`)
    expect(tracked.status).toBe(200)
    expect(tracked.body.id).toBe(plain.body.id)
    const campaignPage = `${target()}?utm_campaign=spring`
    const campaign = await http.post('/api/link', { targetUrl: campaignPage, title: 'Spring campaign' }, { token: annKey })
    expect((await byTarget(campaignPage)).body.id).toBe(campaign.body.id)
    expect((await byTarget(`${page}?utm_source=x&size=42`)).status).toBe(404)
  })

  it('answers the newest of several links to one page', async () => {
    const url = target()
    await http.post('/api/link', { targetUrl: url, title: 'Older' }, { token: annKey })
    // Creation times count milliseconds: the clock must move on, so the two links have different ones.
    await Bun.sleep(5)
    const newer = await http.post('/api/link', { targetUrl: url, title: 'Newer' }, { token: annKey })
    expect((await byTarget(url)).body.id).toBe(newer.body.id)
  })

  it("answers 404 when the account has no link to the page, also when another account has", async () => {
    const url = target()
    await http.post('/api/link', { targetUrl: url, title: 'Bob only' }, { token: bobKey })
    const answer = await byTarget(url)
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('No link for this target URL.')
    expectRateHeaders(answer.headers)
  })

  it('answers 400 for something that is not an address', async () => {
    const answer = await byTarget('not a url')
    expect(answer.status).toBe(400)
  })
})

describe('GET /api/stats/:id', () => {
  let carol: SignedIn
  let carolKey: string
  let linkId: string
  let linkUrl: string

  beforeAll(async () => {
    carol = await signUp(http, 'carol')
    carolKey = (await newKey(carol)).key
    const link = (await http.post('/api/link', { targetUrl: target(), title: 'Counted' }, { token: carolKey })).body
    linkId = link.id
    linkUrl = link.url
  })

  it('answers 403 on the free plan', async () => {
    const answer = await http.get(`/api/stats/${linkId}`, { token: carolKey })
    expect(answer.status).toBe(403)
    expect(answer.body.message).toBe('The stats API is available on paid plans (Indie, Pro and Enterprise). Please upgrade to read link statistics.')
    expectRateHeaders(answer.headers)
  })

  it('answers the totals, the period and the recent events on a paid plan, read at once after the upgrade', async () => {
    await sql(server, "update accounts set plan = 'indie' where id = $1", [carol.user.accountId])
    await visit(linkUrl, { referrer: 'https://news.ycombinator.com/item?id=1' })
    await visit(linkUrl)
    await visit(linkUrl, { userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' })
    // Events are written in batches.
    const answer = await until(() => http.get(`/api/stats/${linkId}`, { token: carolKey }), {
      what: 'the 3 visits to be counted',
      done: (stats) => stats.status !== 200 || stats.body.totalClicks + stats.body.totalPreviews >= 3,
    })
    expect(answer.status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)
    expect(answer.body).toMatchObject({ linkId, totalClicks: 2, totalPreviews: 1, clicksInPeriod: 2, previewsInPeriod: 1, from: monthAgo, to: today })
    expect(answer.body.recentEvents).toHaveLength(3)
    expect(answer.body.recentEvents.map((e: { type: string }) => e.type).sort()).toEqual(['click', 'click', 'preview'])
    for (const event of answer.body.recentEvents) expect(Object.keys(event).sort()).toEqual(['country', 'device', 'isScan', 'occurredAt', 'platform', 'referrerHost', 'type', 'unverified'])
    expect(answer.body.recentEvents.find((e: { type: string }) => e.type === 'preview').platform).toBe('facebook')
    expect(answer.body.recentEvents.some((e: { referrerHost: string }) => e.referrerHost === 'news.ycombinator.com')).toBe(true)
    const times = answer.body.recentEvents.map((e: { occurredAt: string }) => Date.parse(e.occurredAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('counts only the days asked for in the period, keeping the totals', async () => {
    const answer = await http.get(`/api/stats/${linkId}?from=2020-01-01&to=2020-01-31`, { token: carolKey })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ totalClicks: 2, totalPreviews: 1, clicksInPeriod: 0, previewsInPeriod: 0, from: '2020-01-01', to: '2020-01-31', recentEvents: [] })
  })

  it.each([
    ['from=2026-02-30', 'from must be a real date written YYYY-MM-DD.'],
    ['to=yesterday', 'to must be a date written YYYY-MM-DD.'],
    ['from=2026-03-02&to=2026-03-01', 'from must not be after to.'],
  ])('answers 400 for %s', async (query, message) => {
    const answer = await http.get(`/api/stats/${linkId}?${query}`, { token: carolKey })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
    expectRateHeaders(answer.headers)
  })

  it("answers 404 for another account's link, also on a paid plan", async () => {
    await sql(server, "update accounts set plan = 'pro' where id = $1", [bob.user.accountId])
    const answer = await http.get(`/api/stats/${linkId}`, { token: bobKey })
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('Link not found.')
  })
})

describe('usage', () => {
  it("counts each call for the dashboard's API Calls card", async () => {
    const dave = await signUp(http, 'dave')
    const key = (await newKey(dave)).key
    for (let i = 0; i < 3; i++) await http.get('/api/links', { token: key })
    // Uses are counted in batches.
    const total = await until(async () => (await http.get('/api/dashboard-stats', { token: dave.token })).body.totalApiCalls, {
      what: 'the 3 calls to be counted',
      done: (calls) => calls >= 3,
    })
    expect(total).toBe(3)
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After and the limit headers once a key has made its minute of calls; other keys are not affected', async () => {
    // Each call's count and headers, in one minute, are in tests/api/api-limits.test.ts; here a
    // minute's edge may fall among the calls, which then start counting again.
    const { key } = await newKey(ann, 'Burst')
    let limited = await http.get('/api/links', { token: key })
    for (let i = 0; i < 200 && limited.status === 200; i++) limited = await http.get('/api/links', { token: key })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^Rate limit of 100 requests per minute reached\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(limited.headers.get('x-ratelimit-reset')) % 60).toBe(0)
    expect((await http.get('/api/links', { token: annKey })).status).toBe(200)
  }, 30_000)
})

describe('rate-limit windows of an hour and a day (shared counters in Redis)', () => {
  let redisServer: TestServer
  let redis: RedisClient
  let api: Client
  let who: SignedIn
  beforeAll(async () => {
    redisServer = await startServer({ env: { REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' } })
    redis = new RedisClient('redis://127.0.0.1:6379')
    api = client(redisServer.url)
    who = await signUp(api, 'windows', ownAddress())
  })
  afterAll(async () => {
    redis.close()
    await redisServer.close()
  })

  // The counters' keys as platform/counters.ts names them: the hour and the day count per account.
  const counterKey = (accountId: string, windowMs: number) => `lc:win:api-account:${accountId}:${windowMs}@${Math.floor(Date.now() / windowMs) * windowMs}`

  for (const [name, windowMs, limit] of [
    ['hour', 3_600_000, 1000],
    ['day', 86_400_000, 10_000],
  ] as const) {
    it(`reports and enforces ${limit} calls per ${name}`, async () => {
      const made = await api.post('/api/apiKeys', { name }, { token: who.token })
      const { key } = made.body
      const id = who.user.accountId
      const counter = counterKey(id, windowMs)
      await redis.set(counter, String(limit - 2))
      await redis.expire(counter, 120)
      // The account's calls are counted up to its limit: whatever happens here, the next test starts afresh.
      try {
        const last = await api.get('/api/links', { token: key })
        expect(last.status).toBe(200)
        expect(last.headers.get('x-ratelimit-limit')).toBe(String(limit))
        expect(last.headers.get('x-ratelimit-remaining')).toBe('1')
        const windowEnd = (Math.floor(Date.now() / windowMs) + 1) * windowMs
        expect(last.headers.get('x-ratelimit-reset')).toBe(String(windowEnd / 1000))
        expect((await api.get('/api/links', { token: key })).headers.get('x-ratelimit-remaining')).toBe('0')
        // The server reads its clock between the two readings here: a second may turn in between.
        const secondsLeft = () => Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000))
        const atMost = secondsLeft()
        const limited = await api.get('/api/links', { token: key })
        const atLeast = secondsLeft()
        expect(limited.status).toBe(429)
        expect(limited.body.message).toContain(`per ${name}`)
        expect(limited.headers.get('x-ratelimit-limit')).toBe(String(limit))
        expect(Number(limited.headers.get('retry-after'))).toBeWithin(atLeast, atMost + 1)
      } finally {
        await redis.del(counter)
      }
    })
  }

  it('revokes a key on every instance at once', async () => {
    const second = await startServer({ env: { REDIS_URL: 'redis://127.0.0.1:6379' }, dataDir: redisServer.dataDir, databaseUrl: redisServer.databaseUrl })
    try {
      const { id, key } = (await api.post('/api/apiKeys', { name: 'Two instances' }, { token: who.token })).body
      const other = client(second.url)
      // Both instances have verified (and remembered) the key.
      expect((await api.get('/api/links', { token: key })).status).toBe(200)
      expect((await other.get('/api/links', { token: key })).status).toBe(200)
      expect((await api.delete(`/api/apiKeys/${id}`, { token: who.token })).status).toBe(204)
      const refused = await until(() => other.get('/api/links', { token: key }), {
        what: 'the other instance to refuse the revoked key',
        done: (answer) => answer.status !== 200,
        timeoutMs: 1000,
      })
      expect(refused.status).toBe(401)
    } finally {
      await second.close()
    }
  }, 30_000)
})

describe('API_HOST', () => {
  let hosted: TestServer
  beforeAll(async () => {
    hosted = await startServer({ env: { API_HOST: 'api.linkcard.test' } })
  })
  afterAll(() => hosted.close())

  const onHost = (host: string, path: string, init: RequestInit = {}) =>
    fetch(`${hosted.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), host }, redirect: 'manual' })

  it('serves the public API at the root of the API host, and under /api as well', async () => {
    const api = client(hosted.url)
    const who = await signUp(api, 'host')
    const { key } = (await api.post('/api/apiKeys', { name: 'Host' }, { token: who.token })).body
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
    const created = await onHost('api.linkcard.test', '/link', { method: 'POST', headers, body: JSON.stringify({ targetUrl: target(), title: 'Via API host' }) })
    expect(created.status).toBe(201)
    const body = await created.json()
    expect(created.headers.get('x-ratelimit-limit')).toBe('100')
    const listed = await onHost('api.linkcard.test', '/links', { headers })
    expect((await listed.json())[0].id).toBe(body.id)
    expect((await onHost('API.linkcard.test:443', `/link/${body.id}`, { headers })).status).toBe(200)
    expect((await onHost('api.linkcard.test', `/api/link/${body.id}`, { headers })).status).toBe(200)
    const spec = await onHost('api.linkcard.test', '/openapi.json')
    expect((await spec.json()).openapi).toMatch(/^3\./)
    const unknown = await onHost('api.linkcard.test', '/nothing-here')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Not found.' })
  })

  it('leaves other hosts alone: /link there is not the API', async () => {
    const answer = await onHost(new URL(hosted.url).host, '/links')
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toContain('text/html')
  })
})
