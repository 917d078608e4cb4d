// The Go client in sdk/go: built once for the file with the machine's Go (standard library only), it
// runs the scripted session every client runs against a live server (tests/helpers/client-session.ts),
// sends a create again with the same Idempotency-Key when its answer is lost, and declares a method
// for every operation of the served OpenAPI document and the document's fields in its structs.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signUp } from '../helpers/accounts'
import { type ClientSession, expectSessionHeld, startClientSession, summaryOf } from '../helpers/client-session'
import { client } from '../helpers/http'

const MODULE_DIR = join(import.meta.dir, '../../sdk/go')
const PROGRAMS = ['./examples/session', './examples/create', './internal/describe']

// The module has no dependencies: nothing is fetched, and the build cache outlives the run.
const GO_ENV = {
  ...process.env,
  GOCACHE: process.env.GOCACHE ?? join(tmpdir(), 'linkcard-go-cache'),
  GOPATH: process.env.GOPATH ?? join(tmpdir(), 'linkcard-go-path'),
  GOPROXY: 'off',
  GOFLAGS: '',
  GOWORK: 'off',
  GOTOOLCHAIN: 'local',
}

let session: ClientSession
let programs: string

async function run(command: string[], env: Record<string, string | undefined> = GO_ENV) {
  let child: ReturnType<typeof Bun.spawn>
  try {
    child = Bun.spawn(command, { cwd: MODULE_DIR, env, stdout: 'pipe', stderr: 'pipe' })
  } catch (error) {
    throw new Error(`could not run ${command[0]} (the Go client's tests need Go: apt-get install golang-go): ${error}`)
  }
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout as ReadableStream).text(), new Response(child.stderr as ReadableStream).text(), child.exited])
  return { stdout, stderr, code }
}

const program = (name: string, args: string[], env: Record<string, string>) => run([join(programs, name), ...args], { PATH: process.env.PATH, ...env })

beforeAll(async () => {
  programs = mkdtempSync(join(tmpdir(), 'linkcard-go-'))
  const [started, built] = await Promise.all([startClientSession(), run(['go', 'build', '-o', `${programs}/`, ...PROGRAMS])])
  session = started
  expect(built).toMatchObject({ stderr: '', code: 0 })
}, 180_000)

afterAll(async () => {
  await session?.close()
  if (programs) rmSync(programs, { recursive: true, force: true })
})

describe('the Go client', () => {
  it('runs the scripted session, waiting out the 429 by itself and naming itself linkcard-go', async () => {
    const ran = await program('session', [], { LINKCARD_URL: session.url, LINKCARD_API_KEY: session.apiKey, SESSION_ALIAS: session.alias })
    expect({ stderr: ran.stderr, code: ran.code }).toEqual({ stderr: '', code: 0 })
    await expectSessionHeld(session, summaryOf(ran.stdout))
    expect(new Set(session.seen.map((request) => request.userAgent))).toEqual(new Set(['linkcard-go/0.1']))
  }, 60_000)

  it('sends a create again with the same Idempotency-Key when its answer is lost, and the server makes one link', async () => {
    const http = client(session.server.url)
    const owner = await signUp(http, 'go-retry')
    const apiKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'Go retry' }, { token: owner.token })).body.key
    const creates: (string | null)[] = []
    // Passes the first create on, then answers 503 in place of what the server said: the answer is lost.
    const standIn = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        const url = new URL(request.url)
        const headers = new Headers(request.headers)
        headers.delete('host')
        const body = request.method === 'GET' ? undefined : await request.arrayBuffer()
        const answer = await fetch(`${session.server.url}${url.pathname}${url.search}`, { method: request.method, headers, body })
        const text = await answer.text()
        if (request.method === 'POST' && url.pathname === '/api/link' && creates.push(request.headers.get('idempotency-key')) === 1) {
          return Response.json({ message: 'Service unavailable.' }, { status: 503 })
        }
        return new Response(text, { status: answer.status, headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' } })
      },
    })
    try {
      const ran = await program('create', ['https://example.com/retried', 'Retried create'], { LINKCARD_URL: `http://127.0.0.1:${standIn.port}`, LINKCARD_API_KEY: apiKey })
      expect({ stderr: ran.stderr, code: ran.code }).toEqual({ stderr: '', code: 0 })
      expect(creates).toHaveLength(2)
      expect(creates[0]).toMatch(/^.{16,255}$/)
      expect(creates[1]).toBe(creates[0])
      const links = await http.get<{ id: string }[]>('/api/links', { headers: { authorization: `Bearer ${apiKey}` } })
      expect(links.body.map((link) => link.id)).toEqual([JSON.parse(ran.stdout).id])
    } finally {
      standIn.stop(true)
    }
  }, 30_000)

  it('is gofmt-clean and passes its own unit tests (go test runs vet on them)', async () => {
    expect(await run(['gofmt', '-l', '.'])).toMatchObject({ stdout: '', code: 0 })
    const tested = await run(['go', 'test', './...'])
    expect({ output: tested.stdout + tested.stderr, code: tested.code }).toMatchObject({ code: 0 })
  }, 60_000)

  it('declares a method for each operation of the served document and none besides, and its fields in its structs', async () => {
    const document = (await (await fetch(`${session.server.url}/api/openapi.json`)).json()) as OpenApi
    const described = await run([join(programs, 'describe')])
    expect(described.code).toBe(0)
    const declared = JSON.parse(described.stdout) as { operations: Record<string, string>; methods: string[]; shapes: Record<string, Shape> }

    const operations = Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])))
    expect(Object.keys(declared.operations).sort()).toEqual(operations.sort())
    for (const method of Object.values(declared.operations)) expect(declared.methods).toContain(method)

    const answer = (operationId: string, status: string) => operationOf(document, operationId).responses[status]!.content!['application/json']!.schema
    const component = (name: string) => ({ $ref: `#/components/schemas/${name}` })
    const documented: Record<string, Schema> = {
      Link: component('Link'),
      NewLink: component('NewLink'),
      LinkChanges: component('LinkChanges'),
      CreatedLink: component('CreatedLink'),
      LinkByTarget: component('LinkByTarget'),
      LinkStats: component('LinkStats'),
      BulkResult: answer('createLinks', '200'),
      ExportedLink: answer('exportLinks', '200'),
      Caller: answer('getCaller', '200'),
      Image: answer('uploadImage', '201'),
      CustomDomain: answer('getCustomDomain', '200'),
      ServerHealth: answer('getHealth', '200'),
    }
    for (const [name, schema] of Object.entries(documented)) expect({ name, fields: declared.shapes[name] }).toEqual({ name, fields: shapeOf(document, schema) })
    // The client also reads a `code`, which refusals may carry before the document names it.
    expect(declared.shapes.Error).toMatchObject(shapeOf(document, component('Error')) as object)
  })
})

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: Schema | boolean; patternProperties?: Record<string, Schema>; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] }
type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }
/** An object's fields, each with its own shape; a list or map has its elements' shape; any other value is null. */
type Shape = { [field: string]: Shape } | null

function operationOf(document: OpenApi, operationId: string): Operation {
  const found = Object.values(document.paths).flatMap((item) => Object.values(item)).find((operation) => operation.operationId === operationId)
  if (!found) throw new Error(`the document has no operation ${operationId}`)
  return found
}

function shapeOf(document: OpenApi, schema: Schema): Shape {
  if (schema.$ref) return shapeOf(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!)
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf
  // A union (a new link with its title, or read from its page) has the fields of all its branches.
  if (branches) return branches.map((branch) => shapeOf(document, branch)).reduce(mergeShapes, null)
  if (schema.properties && Object.keys(schema.properties).length > 0) return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, shapeOf(document, property)]))
  if (schema.items) return shapeOf(document, schema.items)
  // A map (platform → card, country → URL): its values' shape, as a Go map's.
  if (typeof schema.additionalProperties === 'object') return shapeOf(document, schema.additionalProperties)
  if (schema.patternProperties) return Object.values(schema.patternProperties).map((value) => shapeOf(document, value)).reduce(mergeShapes, null)
  return null
}

function mergeShapes(a: Shape, b: Shape): Shape {
  if (a === null) return b
  if (b === null) return a
  const merged: Record<string, Shape> = { ...a }
  for (const [name, shape] of Object.entries(b)) merged[name] = mergeShapes(merged[name] ?? null, shape)
  return merged
}
