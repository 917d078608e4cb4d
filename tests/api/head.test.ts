// HEAD carries its GET's headers, without the body (RFC 9110 section 9.3.2): pages, assets, the API's
// documents, short links' pages and every kind of 404 alike.
import { beforeAll, describe, expect, it } from 'bun:test'
import { app } from '../../src/app'
import { signUp, type SignedIn } from '../helpers/accounts'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'head')
})

const COMPARED = ['content-length', 'content-type', 'content-encoding', 'etag', 'cache-control', 'vary', 'location']

async function differences(path: string, headers: Record<string, string>) {
  // decompress: false, so Content-Length is compared as sent.
  const options = { headers, redirect: 'manual', decompress: false } as RequestInit
  const head = await fetch(linkcard.server.url + path, { ...options, method: 'HEAD' })
  const headBody = await head.arrayBuffer()
  const get = await fetch(linkcard.server.url + path, { ...options, method: 'GET' })
  const getBody = await get.arrayBuffer()
  const found: string[] = []
  if (head.status !== get.status) found.push(`${path}: status ${head.status} for HEAD, ${get.status} for GET`)
  for (const name of COMPARED)
    if (head.headers.get(name) !== get.headers.get(name)) found.push(`${path} (${JSON.stringify(headers)}): ${name} ${head.headers.get(name)} for HEAD, ${get.headers.get(name)} for GET`)
  if (headBody.byteLength !== 0) found.push(`${path}: HEAD sent a body`)
  if (get.headers.has('content-length') && Number(get.headers.get('content-length')) !== getBody.byteLength) found.push(`${path}: GET's Content-Length is not its body's`)
  return found
}

const ENCODINGS: Record<string, string>[] = [{}, { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }]

describe('HEAD', () => {
  it("answers every page and asset of the web app with its GET's headers", async () => {
    const pages = app.routes.filter((route) => route.method === 'GET' && !route.path.startsWith('/api/') && !/[:*]/.test(route.path)).map((route) => route.path)
    expect(pages).toContain('/')
    expect(pages).toContain('/login')
    expect(pages).toContain('/docs')
    expect(pages).toContain('/blog/')
    expect(pages).toContain('/favicon.svg')
    const found: string[] = []
    for (const path of pages) for (const headers of ENCODINGS) found.push(...(await differences(path, headers)))
    expect(found).toEqual([])
  })

  it("answers every kind of 404 with its GET's headers", async () => {
    // An unknown page, an unknown short link (answered before routing), a client route's unknown
    // child, an unknown API call and an unknown asset.
    const found: string[] = []
    for (const path of ['/no/such/page', '/nosuchlink', '/share-links/x/y/z', '/api/nothing-here', '/assets/missing-0000.js'])
      for (const headers of ENCODINGS) found.push(...(await differences(path, headers)))
    expect(found).toEqual([])
    expect((await fetch(`${linkcard.server.url}/no/such/page`, { method: 'HEAD' })).status).toBe(404)
  })

  it("answers the API's documents and short links' pages with their GET's headers", async () => {
    const created = await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/locked', title: 'Locked', password: 'open sesame' }, { token: owner.token })
    expect(created.status).toBe(201)
    const open = await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/open', title: 'Open' }, { token: owner.token })
    const found: string[] = []
    for (const path of ['/api/health', '/api/openapi.json', '/api/docs']) found.push(...(await differences(path, {})))
    // The password form for people, the card for crawlers, the redirect.
    found.push(...(await differences(`/${created.body.slug}`, { 'user-agent': BROWSER_UA.chromeWindows })))
    found.push(...(await differences(`/${created.body.slug}`, { 'user-agent': CRAWLER_UA.facebook })))
    found.push(...(await differences(`/${open.body.slug}`, { 'user-agent': CRAWLER_UA.facebook })))
    found.push(...(await differences(`/${open.body.slug}`, { 'user-agent': BROWSER_UA.chromeWindows })))
    expect(found).toEqual([])
  })
})
