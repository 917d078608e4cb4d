// Property-based fuzzing of the real server. Requests are generated from the OpenAPI document
// (valid shapes, then mutated) and from hostile input (wrong types, huge and odd strings, deep
// nesting, broken encodings, odd headers), for the public API and for the app's own calls. Any 5xx,
// any answer that takes too long, a server that stops, or a documented call answering outside its
// documented statuses and schemas fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { dereference } from '@readme/openapi-parser'
import fc from 'fast-check'
import { app } from '../../src/app'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { valuesOf } from '../helpers/schema-values'
import { startServer, type TestServer } from '../helpers/server'

type Schema = Record<string, any>
type Operation = { method: string; path: string; operation: Schema }
type Call = { method: string; path: string; headers: Record<string, string>; body?: string }

// Generated calls per property: a few seconds in `npm test`; FUZZ_RUNS=20000 for a long hunt.
const RUNS = Number(process.env.FUZZ_RUNS) || 200
const ANSWER_WITHIN_MS = 10_000
// A long hunt gets the time it needs; the calls answer in milliseconds.
const PROPERTY_TIMEOUT_MS = Math.max(60_000, RUNS * 100)
// Accounts enough that the per-account limits (API keys: 100 calls a minute) leave room for the calls.
const CALLERS = Math.min(8, Math.ceil(RUNS / 100))

let server: TestServer
let http: Client
let document: Schema
const keys: string[] = []
const people: SignedIn[] = []
const linkIds: string[] = []

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  // Named schemas ($ref) written out where they are used, so each call's schemas stand alone.
  document = await dereference((await http.get('/api/openapi.json')).body)
  people.push(...(await Promise.all(Array.from({ length: CALLERS }, (_, i) => signUp(http, `fuzz${i}`)))))
  for (const person of people) {
    keys.push((await http.post('/api/apiKeys', { name: 'Fuzz' }, { token: person.token })).body.key)
    linkIds.push((await http.post('/api/shareLinks', { targetUrl: 'https://example.com/fuzz', title: 'Fuzz' }, { token: person.token })).body.id)
  }
  // Each sign-up hashes a password with argon2id: on a busy machine eight alone can take half a minute.
}, 120_000)
afterAll(() => server.close())

// ---- values -------------------------------------------------------------------------------

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile string, sent as it is
  fc.constantFrom('\u0000', 'a\u0000b', '\u202Eevil', '\uD800', '%00', '%', '%E0%A4%A', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '${jndi:x}', ''),
  fc.constantFrom('0001-01-01', '9999-12-31', '2026-02-30', '1', '99999', '+099999-01-01T00:00:00Z', 'NaN', '-1', '1e308'),
  fc.constantFrom('https://例え.jp/パス?q=値', 'ftp://example.com', 'javascript:alert(1)', 'http://127.0.0.1/', 'http://[::1]/', 'https://a b.com', 'https://'),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
)

const deepJson = fc.nat({ max: 60 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth))

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddText },
  fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }),
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, [], {}, { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
)

/** Values that fit a schema as the document states it, or hostile ones where there is none. */
const arbitraryOf = (schema: Schema | undefined): fc.Arbitrary<unknown> => (schema ? valuesOf(schema) : hostileValue)

/** A schema's value, often with one of its fields replaced by something hostile or dropped. */
function mutatedValueOf(schema: Schema | undefined): fc.Arbitrary<unknown> {
  return fc.tuple(arbitraryOf(schema), fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileValue, fc.boolean()), { freq: 2 })).map(([value, mutation]) => {
    if (!mutation || !value || typeof value !== 'object' || Array.isArray(value)) return value
    const fields = Object.keys(value)
    const [fallback, replacement, drop] = mutation
    const field = fields.length > 0 ? fields[fallback.length % fields.length] : fallback
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    if (drop) delete copy[field]
    else copy[field] = replacement
    return copy
  })
}

/** A request body as sent: JSON of a (mutated) valid value, hostile JSON, deep nesting or raw bytes. */
function bodyOf(schema: Schema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: mutatedValueOf(schema).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: hostileValue.map((value) => { try { return JSON.stringify(value) ?? '' } catch { return '' } }) },
    deepJson,
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom('{"title":', '{"a":1,"a":2}', '\uFEFF{}', '{"targetUrl":"https://example.com","title":"t"}'.repeat(2)),
  )
}

const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '')

const extraHeaders = fc.record(
  {
    // Header values travel as bytes: UTF-8 text arrives as its bytes, controls are not sendable.
    'user-agent': oddText.map((text) => Buffer.from(text.slice(0, 500)).toString('latin1').replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '')),
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('garbage', '1.2.3.4, , ,', '999.999.999.999')),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br, zstd', 'x-unknown', ''),
  },
  { requiredKeys: [] },
)

// ---- calls ---------------------------------------------------------------------------------

const segment = fc.oneof(
  { weight: 2, arbitrary: fc.nat({ max: CALLERS - 1 }).map((i) => linkIds[i]) },
  fc.uuid(),
  oddText.map((text) => encodeURIComponent(text.slice(0, 300).toWellFormed())),
)

/** A call to one documented operation, with its path and query filled from the document. */
function documentedCall(entry: Operation): fc.Arbitrary<Call> {
  const parameters: Schema[] = entry.operation.parameters ?? []
  const bodySchema = entry.operation.requestBody?.content?.['application/json']?.schema
  return fc
    .record({
      // Values stay within what a server takes in a request line (longer ones meet 431 before any code of ours).
      params: fc.tuple(...parameters.map((parameter) => (parameter.in === 'path' ? segment : fc.option(fc.oneof(arbitraryOf(parameter.schema).map(String), oddText.map((text) => text.slice(0, 2000))), { freq: 3 })))),
      auth: fc.oneof({ weight: 6, arbitrary: fc.nat({ max: CALLERS - 1 }).map((i) => `Bearer ${keys[i]}`) }, fc.constantFrom('', `Bearer lnk_${'x'.repeat(40)}`, 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'A'.repeat(5000)}`)),
      body: bodySchema ? bodyOf(bodySchema) : fc.constant(undefined),
      contentType: fc.oneof({ weight: 5, arbitrary: fc.constant('application/json') }, contentTypes),
      extra: extraHeaders,
    })
    .map(({ params, auth, body, contentType, extra }) => {
      let path = entry.path
      const query = new URLSearchParams()
      parameters.forEach((parameter, i) => {
        const value = params[i] as string | null
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, value ?? '')
        else if (value !== null) query.set(parameter.name, value)
      })
      const headers: Record<string, string> = { ...extra }
      if (auth) headers.authorization = auth
      if (body !== undefined && contentType) headers['content-type'] = contentType
      return { method: entry.method, path: query.size ? `${path}?${query}` : path, headers, body }
    })
}

// Calls that would end the fuzzing session's own sign-in are sent only without a valid one.
const ENDS_SESSION = /^\/api\/auth\/(update-password|update-email|delete-account|logout)/

/** A call to one of the app's own routes (not in the document) with a hostile body and path. */
function appCall(route: { method: string; path: string }): fc.Arbitrary<Call> {
  return fc
    .record({
      ids: fc.array(segment, { minLength: 3, maxLength: 3 }),
      signedIn: fc.boolean(),
      person: fc.nat({ max: CALLERS - 1 }),
      body: bodyOf(undefined),
      contentType: contentTypes,
      extra: extraHeaders,
    })
    .map(({ ids, signedIn, person, body, contentType, extra }) => {
      let n = 0
      const path = route.path.replace(/:[A-Za-z]+/g, () => ids[n++ % ids.length]).replace('*', 'anything')
      const headers: Record<string, string> = { ...extra }
      if (signedIn && !ENDS_SESSION.test(route.path)) headers.authorization = `Bearer ${people[person].token}`
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method)
      if (hasBody && contentType) headers['content-type'] = contentType
      return { method: route.method, path, headers, body: hasBody ? body : undefined }
    })
}

async function send(call: Call) {
  const started = performance.now()
  const response = await fetch(server.url + call.path, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  })
  const text = await response.text()
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, ms: performance.now() - started }
}

// ---- properties ----------------------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)

function documentedOperations(): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  )
}

const shorten = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length} characters)` : v))

// 503 is the contract's answer for a feature this server has not configured (billing without Stripe).
const isFailure = (answer: { status: number; contentType: string }) => answer.status >= 500 && !(answer.status === 503 && answer.contentType.includes('application/json'))

const check = (name: string, ok: boolean, detail: unknown) => {
  if (!ok) throw new Error(`${name}: ${shorten(detail)}`)
}

/** Runs a property RUNS times; a failure names the call briefly, not the whole generated value. */
async function fuzz<T>(calls: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>) {
  const details = await fc.check(fc.asyncProperty(calls, predicate), { numRuns: RUNS, endOnFailure: true })
  if (details.failed) throw new Error(`after ${details.numRuns} calls (seed ${details.seed}): ${(details.errorInstance as Error)?.message ?? shorten(details.counterexample)}`)
  return details.numRuns
}

describe('fuzzing the public API from its OpenAPI document', () => {
  it('answers every generated call in time, below 500, with a documented status and body', async () => {
    const operations = documentedOperations()
    expect(operations.length).toBeGreaterThan(5)
    const calls = fc.oneof(...operations.map((entry) => documentedCall(entry).map((call) => ({ operation: `${entry.method} ${entry.path}`, call }))))
    const runs = await fuzz(calls, async ({ operation, call }) => {
        const entry = operations.find((candidate) => `${candidate.method} ${candidate.path}` === operation)!
        const answer = await send(call)
        const seen = { call, status: answer.status, body: answer.text }
        check('no 5xx', !isFailure(answer), seen)
        const documented = entry.operation.responses?.[String(answer.status)]
        check('a documented status', documented !== undefined, seen)
        // An answer in one of its documented formats, JSON read against its schema.
        const formats = Object.keys(documented.content ?? {})
        if (formats.length > 0) check('a documented format', formats.some((format) => answer.contentType.startsWith(format)), seen)
        const schema = answer.contentType.startsWith('application/json') ? documented.content?.['application/json']?.schema : undefined
        if (schema) {
          const validate = ajv.compile(schema)
          check('the documented schema', validate(JSON.parse(answer.text)), { ...seen, errors: validate.errors })
        }
      })
    expect(runs).toBe(RUNS)
    expect(server.isRunning()).toBe(true)
  }, PROPERTY_TIMEOUT_MS)
})

describe("fuzzing the app's own calls with hostile input", () => {
  it('answers every generated call in time, below 500, in JSON', async () => {
    const routes = app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'GET' && !documentedOperations().some((entry) => entry.path.replace(/\{(\w+)\}/g, ':$1') === route.path))
      .map((route) => ({ method: route.method === 'ALL' ? 'POST' : route.method, path: route.path }))
    expect(routes.length).toBeGreaterThan(10)
    const runs = await fuzz(fc.oneof(...routes.map(appCall)), async (call) => {
      const answer = await send(call)
      const seen = { call, status: answer.status, body: answer.text.slice(0, 500) }
      check('no 5xx', !isFailure(answer), seen)
      // A link's password form posts to /api/unlock/<path> in a browser and gets pages back, errors included.
      const answersPages = call.path.startsWith('/api/unlock/')
      if (answer.status >= 400 && answersPages) check('an HTML page', answer.contentType.startsWith('text/html') || answer.contentType.includes('application/json'), seen)
      else if (answer.status >= 400) check('a JSON error', answer.contentType.includes('application/json') && typeof JSON.parse(answer.text).message === 'string', seen)
    })
    expect(runs).toBe(RUNS)
    expect(server.isRunning()).toBe(true)
    expect((await http.get('/api/health')).status).toBe(200)
  }, PROPERTY_TIMEOUT_MS)
})
