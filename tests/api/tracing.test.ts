// OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT): a span for each call the app answers, named by
// its route and continuing the caller's traceparent, sent over OTLP/HTTP (JSON) to a collector; no
// span for a short link. The collector here is a loopback OTLP/HTTP receiver that keeps what it gets.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp } from '../helpers/accounts'
import { client, visit } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

type OtlpValue = { stringValue?: string; intValue?: string | number }
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: OtlpValue }[] }
type OtlpExport = { resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] }

const exports: OtlpExport[] = []
const collector = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/v1/traces') return new Response('not found', { status: 404 })
    expect(request.headers.get('content-type')).toContain('application/json')
    exports.push((await request.json()) as OtlpExport)
    return Response.json({})
  },
})

const spans = () => exports.flatMap((sent) => sent.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)))
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue))
}

let server: TestServer
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT_ID = '00f067aa0ba902b7'
let shortPath = ''
let linkId = ''

beforeAll(async () => {
  server = await startServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`, OTEL_SERVICE_NAME: 'linkcard-test' } })
  const http = client(server.url)
  const owner = await signUp(http, 'tracing')
  const apiKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'Traced' }, { token: owner.token })).body.key
  const made = await http.post('/api/link', { targetUrl: 'https://example.com/traced', title: 'Traced' }, { headers: { authorization: `Bearer ${apiKey}` } })
  linkId = made.body.id
  shortPath = new URL(made.body.url).pathname
  await http.get(`/api/link/${linkId}`, { headers: { authorization: `Bearer ${apiKey}`, traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } })
  expect((await visit(`${server.url}${shortPath}`)).status).toBe(302)
  // Stopping sends what the batch still holds: no waiting on its timer.
  expect(await server.stop()).toBe(0)
})
afterAll(async () => {
  await server?.close()
  collector.stop(true)
})

describe('tracing to an OTLP collector', () => {
  it('names the service and its version', () => {
    const resource = Object.fromEntries(exports[0]!.resourceSpans[0]!.resource.attributes.map((a) => [a.key, a.value.stringValue]))
    expect(resource['service.name']).toBe('linkcard-test')
    expect(resource['service.version']).toMatch(/^\d+\.\d+\.\d+/)
  })

  it("sends a server span per call, named by its route, continuing the caller's traceparent", () => {
    const read = spans().find((span) => span.name === 'GET /api/link/:id')!
    expect(read).toBeDefined()
    expect(read.kind).toBe(2)
    expect({ traceId: read.traceId, parent: read.parentSpanId }).toEqual({ traceId: TRACE_ID, parent: PARENT_ID })
    expect(attribute(read, 'http.route')).toBe('/api/link/:id')
    expect(attribute(read, 'url.path')).toBe(`/api/link/${linkId}`)
    expect(attribute(read, 'http.response.status_code')).toBe(200)
    const create = spans().find((span) => span.name === 'POST /api/link')!
    expect(attribute(create, 'http.response.status_code')).toBe(201)
    // A call without a traceparent starts a trace of its own.
    expect(create.traceId).not.toBe(TRACE_ID)
    expect(create.parentSpanId ?? '').toBe('')
  })

  it('sends no span for a short link', () => {
    expect(spans().length).toBeGreaterThanOrEqual(4)
    expect(spans().filter((span) => attribute(span, 'url.path') === shortPath)).toEqual([])
  })
})
