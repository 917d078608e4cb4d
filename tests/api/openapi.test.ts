import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { dereference, validate } from '@readme/openapi-parser'
import { TWITTER_CARDS } from '../../src/shared/domain'
import { signUp } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let http: Client
// The document as served, and with its named schemas ($ref) written out where they are used.
let served: any
let document: any

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  served = (await http.get('/api/openapi.json')).body
  document = await dereference(structuredClone(served))
})
afterAll(() => server.close())

const PUBLIC_OPERATIONS = [
  'DELETE /api/link/{id}',
  'GET /api/health',
  'GET /api/link/byTarget/{targetUrl}',
  'GET /api/link/{id}',
  'GET /api/links',
  'GET /api/stats/{id}',
  'PATCH /api/link/{id}',
  'POST /api/link',
]

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

  it('names the bearer security scheme and requires it on every public call', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    for (const { name, operation } of operations()) {
      if (name === 'GET /api/health') continue
      expect(operation.security).toEqual([{ apiKey: [] }])
      expect(typeof operation.summary).toBe('string')
      expect((operation.tags as string[])[0]).toMatch(/^(Links|Stats)$/)
    }
  })

  it('documents the answers of every call, with the rate-limit headers and the error body', () => {
    for (const { name, operation } of operations()) {
      if (name === 'GET /api/health') continue
      const responses = operation.responses as Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { properties?: object } }> }>
      for (const status of ['401', '429']) expect(responses[status]?.content?.['application/json'].schema.properties).toHaveProperty('message')
      for (const response of Object.values(responses)) expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']))
      expect(Object.keys(responses['429'].headers ?? {})).toContain('Retry-After')
    }
    const stats = document.paths['/api/stats/{id}'].get
    expect(Object.keys(stats.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429'])
    expect(Object.keys(stats.responses['200'].content['application/json'].schema.properties).sort()).toEqual(
      ['clicksInPeriod', 'from', 'linkId', 'previewsInPeriod', 'recentEvents', 'to', 'totalClicks', 'totalPreviews'].sort(),
    )
    expect(stats.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:from', 'query:to'])
    expect(Object.keys(document.paths['/api/link/{id}'].delete.responses)).toContain('204')
    const create = document.paths['/api/link'].post
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '400']))
    expect(create.responses['201'].content['application/json'].schema.required.sort()).toEqual(['existing', 'id', 'qrCodeUrl', 'slug', 'url'])
  })

  it('describes the fields of the request and of the link', () => {
    const body = document.paths['/api/link'].post.requestBody.content['application/json'].schema
    expect(body.required).toEqual(['targetUrl'])
    for (const field of ['targetUrl', 'title', 'description', 'alias', 'ogImage', 'ogImageAlt', 'twitterCard', 'canonicalUrl', 'expiresAt', 'useOriginalMeta'])
      expect(body.properties[field].description?.length).toBeGreaterThan(5)
    const link = document.paths['/api/link/{id}'].get.responses['200'].content['application/json'].schema
    for (const [field, schema] of Object.entries(link.properties as Record<string, { description?: string }>)) expect([field, schema.description?.length ?? 0]).not.toEqual([field, 0])
  })

  it('comes from the schemas that validate the requests', async () => {
    const { token } = await signUp(http, 'docs')
    const { key } = (await http.post('/api/apiKeys', { name: 'Docs' }, { token })).body
    const cards = document.paths['/api/link'].post.requestBody.content['application/json'].schema.properties.twitterCard.enum
    expect(cards).toEqual([...TWITTER_CARDS])
    const refused = await http.post('/api/link', { targetUrl: 'https://example.com', title: 'x', twitterCard: 'poster' }, { token: key })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe('twitterCard')
    const pattern = new RegExp(document.paths['/api/stats/{id}'].get.parameters.find((p: { name: string }) => p.name === 'from').schema.pattern)
    expect(pattern.test('2026-01-31')).toBe(true)
    expect(pattern.test('31.01.2026')).toBe(false)
  })
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
