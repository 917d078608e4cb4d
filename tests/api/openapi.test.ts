import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { API_KEY_SCOPES } from '../../src/shared/api-keys'
import { dereference, validate } from '@readme/openapi-parser'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { TWITTER_CARDS } from '../../src/shared/domain'
import { ALIAS_MAX, ALIAS_MIN, ALIAS_PATTERN, DESCRIPTION_MAX, HTTP_URL_PATTERN, IMAGE_ALT_MAX, TITLE_MAX, URL_MAX } from '../../src/shared/link-rules'
import { QR_BACKGROUND_PATTERN, QR_COLOR_PATTERN, QR_ERROR_CORRECTION, QR_LOGO_PATTERN, QR_MARGIN_MAX, QR_MARGIN_MIN, QR_SIZE_MAX, QR_SIZE_MIN } from '../../src/shared/qr-design'
import { signUp } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { keywordsClientsIgnore } from '../helpers/ignored-keywords'
import { valuesOf } from '../helpers/schema-values'
import { startServer, type TestServer } from '../helpers/server'

// Pages the server reads for useOriginalMeta (allowed through FETCH_ALLOWED_HOSTS): any path is one.
const pages = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () =>
    new Response('<html><head><title>A page</title><meta property="og:description" content="Its own description"></head><body></body></html>', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    }),
})

let server: TestServer
let http: Client
// The document as served, and with its named schemas ($ref) written out where they are used.
let served: any
let document: any

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` } })
  http = client(server.url)
  served = (await http.get('/api/openapi.json')).body
  document = await dereference(structuredClone(served))
})
afterAll(async () => {
  await server.close()
  pages.stop(true)
})

const PUBLIC_OPERATIONS = [
  'DELETE /api/link/{id}',
  'GET /api/domain',
  'GET /api/health',
  'GET /api/link/byTarget/{targetUrl}',
  'GET /api/link/{id}',
  'GET /api/links',
  'GET /api/links/export',
  'GET /api/me',
  'GET /api/qr/{path}',
  'GET /api/stats/{id}',
  'PATCH /api/link/{id}',
  'POST /api/image',
  'POST /api/link',
  'POST /api/links/bulk',
]

// The scope each call needs of its key (none: any key).
const SCOPES: Record<string, string | undefined> = {
  'GET /api/me': undefined,
  'DELETE /api/link/{id}': 'links:write',
  'GET /api/domain': 'domains:read',
  'GET /api/link/byTarget/{targetUrl}': 'links:read',
  'GET /api/link/{id}': 'links:read',
  'GET /api/links': 'links:read',
  'GET /api/links/export': 'links:read',
  'GET /api/stats/{id}': 'analytics:read',
  'PATCH /api/link/{id}': 'links:write',
  'POST /api/image': 'links:write',
  'POST /api/link': 'links:write',
  'POST /api/links/bulk': 'links:write',
}

// Calls answered without an API key, and so without its rate limits.
const KEYLESS = ['GET /api/health', 'GET /api/qr/{path}']

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  )

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const answer = await http.get('/api/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(served.openapi).toMatch(/^3\.1\./)
    const result = await validate(structuredClone(served))
    expect('errors' in result ? result.errors : []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('covers exactly the public API and the health check', () => {
    expect(operations().map((o) => o.name).sort()).toEqual(PUBLIC_OPERATIONS)
  })

  it('names the bearer security scheme and requires it, with the scope each call needs, on every public call', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    for (const scope of API_KEY_SCOPES) expect(document.components.securitySchemes.apiKey.description).toContain(`\`${scope}\``)
    for (const { name, operation } of operations()) {
      if (KEYLESS.includes(name)) continue
      expect(name in SCOPES).toBe(true)
      const scope = SCOPES[name]
      expect({ name, security: operation.security }).toEqual({ name, security: [{ apiKey: scope ? [scope] : [] }] })
      expect(typeof operation.summary).toBe('string')
      expect((operation.tags as string[])[0]).toMatch(/^(Links|Stats|Images|Domains|Account)$/)
    }
  })

  it('documents the answers of every call, with the rate-limit headers and the error body', () => {
    for (const { name, operation } of operations()) {
      if (KEYLESS.includes(name)) continue
      const responses = operation.responses as Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { properties?: object } }> }>
      for (const status of ['401', '429']) expect(responses[status]?.content?.['application/json'].schema.properties).toHaveProperty('message')
      for (const response of Object.values(responses)) expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']))
      expect(Object.keys(responses['429'].headers ?? {})).toContain('Retry-After')
    }
    const stats = document.paths['/api/stats/{id}'].get
    expect(Object.keys(stats.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429'])
    expect(Object.keys(stats.responses['200'].content['application/json'].schema.properties).sort()).toEqual(
      ['cardVariants', 'clicksInPeriod', 'from', 'linkId', 'previewsByPlatform', 'previewsInPeriod', 'recentEvents', 'scansInPeriod', 'to', 'totalClicks', 'totalPreviews', 'totalScans', 'variants'].sort(),
    )
    expect(stats.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:from', 'query:to'])
    expect(Object.keys(document.paths['/api/link/{id}'].delete.responses)).toContain('204')
    const create = document.paths['/api/link'].post
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '400']))
    expect(create.responses['201'].content['application/json'].schema.required.sort()).toEqual(['existing', 'id', 'qrCodeUrl', 'slug', 'url'])
  })

  it('describes the fields of the request and of the link', () => {
    for (const body of document.paths['/api/link'].post.requestBody.content['application/json'].schema.anyOf) {
      expect(body.required).toContain('targetUrl')
      for (const field of ['targetUrl', 'title', 'description', 'alias', 'ogImage', 'ogImageAlt', 'twitterCard', 'canonicalUrl', 'expiresAt', 'useOriginalMeta'])
        expect(body.properties[field].description?.length).toBeGreaterThan(5)
    }
    const link = document.paths['/api/link/{id}'].get.responses['200'].content['application/json'].schema
    for (const [field, schema] of Object.entries(link.properties as Record<string, { description?: string }>)) expect([field, schema.description?.length ?? 0]).not.toEqual([field, 0])
  })

  it('states the limits the service enforces on requests, from the shared rules', () => {
    const [create, update] = [document.paths['/api/link'].post, document.paths['/api/link/{id}'].patch].map((operation) => {
      // JSON only: form encodings could not carry the booleans.
      expect(Object.keys(operation.requestBody.content)).toEqual(['application/json'])
      return operation.requestBody.content['application/json'].schema
    })
    for (const body of [...create.anyOf, update]) {
      const fields = body.properties
      for (const url of ['targetUrl', 'ogImage', 'canonicalUrl']) expect(fields[url]).toMatchObject({ format: 'uri', maxLength: URL_MAX, pattern: HTTP_URL_PATTERN })
      expect(fields.title).toMatchObject({ minLength: 1, maxLength: TITLE_MAX })
      expect(fields.description.maxLength).toBe(DESCRIPTION_MAX)
      expect(fields.ogImageAlt.maxLength).toBe(IMAGE_ALT_MAX)
      expect(fields.alias).toMatchObject({ minLength: ALIAS_MIN, maxLength: ALIAS_MAX, pattern: ALIAS_PATTERN })
      expect(fields.expiresAt).toMatchObject({ format: 'date-time', type: ['string', 'null'] })
    }
    // The title may be left out only when the page's own is read: a new link is one of two shapes,
    // told apart by useOriginalMeta, which generated clients make a union type of.
    expect(Object.keys(create)).toEqual(['anyOf'])
    const shapes = create.anyOf.map((shape: { required: string[]; properties: { useOriginalMeta: object } }) => ({ required: shape.required, useOriginalMeta: shape.properties.useOriginalMeta }))
    expect(shapes).toMatchObject([
      { required: ['targetUrl', 'title'], useOriginalMeta: { type: 'boolean', const: false } },
      { required: ['targetUrl', 'useOriginalMeta'], useOriginalMeta: { type: 'boolean', const: true } },
    ])
    expect(served.paths['/api/link'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/NewLink' })
    expect(served.components.schemas.NewLink.anyOf.map((shape: { $ref: string }) => shape.$ref)).toEqual(['#/components/schemas/NewLinkWithTitle', '#/components/schemas/NewLinkFromPage'])
  })

  it('states no rule with a keyword that generated clients ignore (if/then/else, not, dependent...)', () => {
    expect(keywordsClientsIgnore(served)).toEqual([])
  })

  it("states the QR code's options with the limits the server holds them to", () => {
    const qr = document.paths['/api/qr/{path}'].get
    expect(qr.security).toEqual([])
    expect(Object.keys(qr.responses['200'].content).sort()).toEqual(['image/png', 'image/svg+xml'])
    const options = Object.fromEntries(qr.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string; schema: object; description?: string }) => [p.name, p]))
    expect(Object.keys(options).sort()).toEqual(['background', 'errorCorrection', 'foreground', 'format', 'logo', 'margin', 'size'])
    for (const option of Object.values(options) as { schema: { description?: string } }[]) expect(option.schema.description?.length).toBeGreaterThan(10)
    expect(options.margin.schema).toMatchObject({ type: 'integer', minimum: QR_MARGIN_MIN, maximum: QR_MARGIN_MAX })
    expect(options.size.schema).toMatchObject({ type: 'integer', minimum: QR_SIZE_MIN, maximum: QR_SIZE_MAX })
    expect(options.errorCorrection.schema.enum).toEqual([...QR_ERROR_CORRECTION])
    expect(options.foreground.schema.pattern).toBe(QR_COLOR_PATTERN)
    expect(options.background.schema.pattern).toBe(QR_BACKGROUND_PATTERN)
    expect(options.logo.schema).toMatchObject({ format: 'uri', pattern: QR_LOGO_PATTERN })
  })

  it('comes from the schemas that validate the requests', async () => {
    const { token } = await signUp(http, 'docs')
    const { key } = (await http.post('/api/apiKeys', { name: 'Docs' }, { token })).body
    const cards = document.paths['/api/link'].post.requestBody.content['application/json'].schema.anyOf[0].properties.twitterCard.enum
    expect(cards).toEqual([...TWITTER_CARDS])
    const refused = await http.post('/api/link', { targetUrl: 'https://example.com', title: 'x', twitterCard: 'poster' }, { token: key })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe('twitterCard')
    const pattern = new RegExp(document.paths['/api/stats/{id}'].get.parameters.find((p: { name: string }) => p.name === 'from').schema.pattern)
    expect(pattern.test('2026-01-31')).toBe(true)
    expect(pattern.test('31.01.2026')).toBe(false)
  })
})

describe('request bodies generated from the document', () => {
  const BODIES = 150
  const ajv = new Ajv2020({ strict: false })
  addFormats(ajv)
  const bodySchema = (path: string, method: string) => document.paths[path][method].requestBody.content['application/json'].schema

  let aliases = 0
  /**
   * An alias is unique in any letter case: each generated one gets a numbered ending, so none is
   * taken already (409) and none is a reserved word.
   */
  const uniqueAlias = (alias: string) => {
    const ending = `-${++aliases}`
    return alias.slice(0, ALIAS_MAX - ending.length) + ending
  }

  /**
   * A player card needs its player and image, an app card a store id, and a change may not take
   * them from the link's card: the descriptions say so, the schema cannot (it depends on the stored
   * link). A body that names such a card brings what it needs; one that clears a card's needs
   * without naming a card makes the link a summary card.
   */
  function withCompleteCard(body: Record<string, unknown>) {
    const app = body.twitterApp as Record<string, string | null> | null | undefined
    const hasAppId = Boolean(app?.iphone || app?.ipad || app?.googleplay)
    if (body.twitterCard === 'player') {
      if (!body.twitterPlayer) body.twitterPlayer = { url: 'https://player.example/embed', width: 640, height: 360 }
      if (typeof body.ogImage !== 'string') body.ogImage = 'https://example.com/poster.png'
    } else if (body.twitterCard === 'app') {
      if (!hasAppId) body.twitterApp = { ...app, iphone: '284882215' }
    } else if (body.twitterCard === undefined && (body.twitterPlayer === null || body.ogImage === null || (app !== undefined && !hasAppId))) {
      body.twitterCard = 'summary'
    }
  }

  /** The body as sent: aliases made unique, no old aliases, cards complete, and pages read for useOriginalMeta served by this test. */
  function sendable(generated: unknown) {
    const body = { ...(generated as Record<string, unknown>) }
    if (typeof body.alias === 'string') body.alias = uniqueAlias(body.alias)
    // Old aliases must be ones the link has had (the description says so): a new link has none.
    if (Array.isArray(body.formerAliases)) body.formerAliases = []
    // A domain must be one of the account's verified domains (the description says so): this account has none.
    if (typeof body.domain === 'string') body.domain = null
    // An app link sends people to its app card's store ids (the description says so): it brings an app card.
    // and a change that takes its store ids away switches it off.
    const app = body.twitterApp as Record<string, string | null> | null | undefined
    if (body.appLink === true) {
      body.twitterCard = 'app'
      body.twitterApp = { iphone: '284882215' }
    } else if (app !== undefined && !app?.iphone && !app?.ipad && !app?.googleplay) body.appLink = false
    // An account holds at most 1,000 tags (the description says so): a few per body stay below it.
    if (Array.isArray(body.tags)) body.tags = body.tags.slice(0, 3)
    withCompleteCard(body)
    // The server reads the target page for useOriginalMeta; generated hosts do not exist.
    if (body.useOriginalMeta === true) {
      const target = new URL(body.targetUrl as string)
      body.targetUrl = `http://127.0.0.1:${pages.port}${target.pathname}${target.search}`
    }
    return body
  }

  it(`are accepted: ${BODIES} links created and ${BODIES} changed, on a real API key`, async () => {
    const { token } = await signUp(http, 'generated')
    // Each key makes at most 100 calls a minute.
    const keys: string[] = []
    for (let i = 0; i < 4; i++) keys.push((await http.post('/api/apiKeys', { name: `Generated ${i}` }, { token })).body.key)
    const create = bodySchema('/api/link', 'post')
    const update = bodySchema('/api/link/{id}', 'patch')
    // Changes go to the link just made, or to this one when it was refused, so each is tried.
    const spare = (await http.post('/api/link', { targetUrl: 'https://example.com/spare', title: 'Spare' }, { token: keys[0] })).body.id
    const seed = Date.now()
    const generated = fc.sample(fc.tuple(valuesOf(create), valuesOf(update)), { numRuns: BODIES, seed })
    const refused: unknown[] = []
    let accepted = 0
    for (const [i, [created, changed]] of generated.entries()) {
      const key = keys[i % keys.length]
      const newLink = sendable(created)
      const changes = sendable(changed)
      expect({ newLink, documented: ajv.validate(create, newLink) }).toEqual({ newLink, documented: true })
      expect({ changes, documented: ajv.validate(update, changes) }).toEqual({ changes, documented: true })
      const made = await http.post('/api/link', newLink, { token: key })
      if (made.status === 200 || made.status === 201) accepted += 1
      else refused.push({ createLink: newLink, status: made.status, answer: made.body })
      const patched = await http.patch(`/api/link/${made.body.id ?? spare}`, changes, { token: key })
      if (patched.status === 200) accepted += 1
      else refused.push({ updateLink: changes, status: patched.status, answer: patched.body })
    }
    expect({ seed, refused }).toEqual({ seed, refused: [] })
    expect(accepted).toBe(2 * BODIES)
  }, 120_000)
})

describe('GET /api/docs', () => {
  it('serves the interactive reference from this server only, under its own CSP', async () => {
    const page = await http.get('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).not.toMatch(/https?:\/\//)
    expect(page.text).not.toMatch(/<script>[^<]/)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain(`connect-src 'self' ${server.url}`)
    for (const src of [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      const asset = await fetch(`${server.url}${src}`, { headers: { 'accept-encoding': 'gzip' } })
      expect(asset.status).toBe(200)
      expect(asset.headers.get('content-security-policy')).toBe(csp)
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100)
    }
    const init = await (await fetch(`${server.url}/api/docs/swagger-init.js`)).text()
    expect(init).toContain("url: '/api/openapi.json'")
  })

  it('keeps the global CSP everywhere else', async () => {
    const app = await fetch(`${server.url}/docs`)
    expect(app.headers.get('content-security-policy')).not.toBe((await http.get('/api/docs')).headers.get('content-security-policy'))
  })
})
