// The Python client in sdk/python: it runs the scripted client session against a live server,
// waiting out a 429 by itself; its async client awaits the same calls; a create keeps one
// Idempotency-Key across its retries; and it is held to the OpenAPI document the server serves,
// each operation a method and each shape the schema's fields.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { type ClientSession, expectSessionHeld, startClientSession, summaryOf } from '../helpers/client-session'

const PYTHON_ROOT = join(import.meta.dir, '../../sdk/python')

let session: ClientSession

beforeAll(async () => {
  session = await startClientSession()
})
afterAll(() => session?.close())

/** Runs python3 with the package importable from its source (nothing installed), any warning an error, and no .pyc left in the tree. */
async function python(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(['python3', '-W', 'error', ...args], {
    cwd: PYTHON_ROOT,
    env: { ...process.env, PYTHONPATH: join(PYTHON_ROOT, 'src'), PYTHONDONTWRITEBYTECODE: '1', LINKCARD_API_KEY: session.apiKey, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  if (code !== 0) throw new Error(`python3 ${args.join(' ')} exited with ${code}:\n${stdout}${stderr}`)
  return stdout
}

describe('the Python client', () => {
  // First in the file: the session counts every link of the account, and the stand-in refuses only the first stats call.
  it('runs the scripted session: whoami, create, bulk create, paging, change, stats after a 429, delete, a typed 404', async () => {
    const stdout = await python(['examples/session.py'], { LINKCARD_URL: session.url, SESSION_ALIAS: session.alias })
    await expectSessionHeld(session, summaryOf(stdout))
    expect(new Set(session.seen.map((request) => request.userAgent?.split(' ')[0]))).toEqual(new Set(['linkcard-python/0.1.0']))
  })

  it('awaits the same calls with AsyncLinkcard, side by side and paging', async () => {
    const script = `
import asyncio, json, os
from linkcard import AsyncLinkcard, NotFoundError

async def main():
    linkcard = AsyncLinkcard(os.environ["LINKCARD_URL"], os.environ["LINKCARD_API_KEY"])
    caller, created = await asyncio.gather(
        linkcard.get_caller(), linkcard.create_link({"targetUrl": "https://example.com/async", "title": "Awaited"})
    )
    seen = [link["id"] async for link in linkcard.iter_links(limit=50)]
    try:
        await linkcard.get_link("no-such-link")
    except NotFoundError as error:
        missing = error.status
    print(json.dumps({"accountId": caller["account"]["id"], "createdId": created["id"], "seen": seen, "missing": missing}))

asyncio.run(main())
`
    const answer = JSON.parse(await python(['-c', script], { LINKCARD_URL: session.url }))
    expect(answer.accountId).toBe(session.owner.user.accountId)
    expect(answer.seen).toContain(answer.createdId)
    expect(new Set(answer.seen).size).toBe(answer.seen.length)
    expect(answer.missing).toBe(404)
  })

  it('sends one Idempotency-Key across the retries of a create (its own or the caller’s), waits as a Retry-After date says, and does not retry an unkeyed POST', async () => {
    // A stand-in that fails the first call of each POST with 503 (as a restarting server would), then passes calls on.
    // The bulk call's 503 says when to come back as an HTTP date, about two seconds on (dates count whole seconds).
    const seen: { path: string; status: number; key: string | null; at: number }[] = []
    const failed = new Set<string>()
    const flaky = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        const path = new URL(request.url).pathname
        const key = request.headers.get('idempotency-key')
        if (request.method === 'POST' && !failed.has(path)) {
          failed.add(path)
          seen.push({ path, status: 503, key, at: Date.now() })
          const retryAfter: Record<string, string> = path === '/api/links/bulk' ? { 'retry-after': new Date(Date.now() + 2000).toUTCString() } : {}
          return Response.json({ message: 'Service unavailable.' }, { status: 503, headers: retryAfter })
        }
        const headers = new Headers(request.headers)
        headers.delete('host')
        const body = request.method === 'GET' ? undefined : await request.arrayBuffer()
        const answer = await fetch(`${session.server.url}${path}`, { method: request.method, headers, body })
        seen.push({ path, status: answer.status, key, at: Date.now() })
        return new Response(await answer.text(), { status: answer.status, headers: { 'content-type': 'application/json' } })
      },
    })
    try {
      const script = `
import json, os
from linkcard import Linkcard, ServerError

linkcard = Linkcard(os.environ["LINKCARD_URL"], os.environ["LINKCARD_API_KEY"])
created = linkcard.create_link({"targetUrl": "https://example.com/retried", "title": "Retried"})
bulk = linkcard.create_links([{"targetUrl": "https://example.com/retried/bulk", "title": "Retried in bulk"}], idempotency_key="caller-chosen-key-0001")
try:
    linkcard.upload_image(b"not really an image", "image/png")
except ServerError as error:
    refused = error.status
print(json.dumps({"createdId": created["id"], "bulk": bulk["created"], "refused": refused}))
`
      const answer = JSON.parse(await python(['-c', script], { LINKCARD_URL: `http://127.0.0.1:${flaky.port}` }))
      expect(answer).toEqual({ createdId: expect.any(String), bulk: 1, refused: 503 })

      const creates = seen.filter((request) => request.path === '/api/link')
      expect(creates.map((request) => request.status)).toEqual([503, 201])
      expect(creates[0]!.key).toMatch(/^.{16,255}$/)
      expect(creates[1]!.key).toBe(creates[0]!.key)
      const bulks = seen.filter((request) => request.path === '/api/links/bulk')
      expect(bulks.map(({ status, key }) => ({ status, key }))).toEqual([
        { status: 503, key: 'caller-chosen-key-0001' },
        { status: 200, key: 'caller-chosen-key-0001' },
      ])
      expect(bulks[1]!.at - bulks[0]!.at).toBeGreaterThanOrEqual(900)
      // An upload carries no key: a second try could be a second upload, so the 503 is the caller's to see.
      expect(seen.filter((request) => request.path === '/api/image').map(({ status, key }) => ({ status, key }))).toEqual([{ status: 503, key: null }])
    } finally {
      flaky.stop(true)
    }
  })

  it('has a method for each operation of the served document, and each shape holds the fields of its schema', async () => {
    const document = (await (await fetch(`${session.server.url}/api/openapi.json`)).json()) as OpenApi
    const declared = JSON.parse(await python(['tests/declared.py'])) as Declared

    // Each operationId named once in OPERATIONS, and each of its methods on both clients; the only others page through links.
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])))
    expect(Object.keys(declared.operations).sort()).toEqual(operationIds.sort())
    const methods = Object.values(declared.operations)
    for (const onClient of Object.values(declared.methods)) expect(onClient.sort()).toEqual([...methods, 'iter_links', 'iter_pages'].sort())

    // Each method answers the shape of its operation's JSON answer (a list's items), and nothing where it has none.
    const answers = Object.fromEntries(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => (operation.operationId ? [[operation.operationId, jsonAnswer(operation)]] : []))),
    )
    for (const [operationId, method] of Object.entries(declared.operations)) {
      const shape = declared.returns[method]
      const answer = answers[operationId]
      expect({ operationId, fields: shape ? (declared.shapes[shape] ?? null) : null }).toEqual({ operationId, fields: answer ? fieldsOf(document, answer) : null })
    }

    // Each named schema has its shape; NewLink's two forms are NewLink's.
    const named: Record<string, string> = { Link: 'Link', NewLink: 'NewLink', LinkChanges: 'LinkChanges', CreatedLink: 'CreatedLink', LinkByTarget: 'LinkByTarget', LinkStats: 'LinkStats', Error: 'ErrorBody' }
    expect(Object.keys(document.components.schemas).sort()).toEqual([...Object.keys(named), 'NewLinkFromPage', 'NewLinkWithTitle'].sort())
    for (const [schema, shape] of Object.entries(named)) {
      expect({ schema, fields: declared.shapes[shape] ?? null }).toEqual({ schema, fields: fieldsOf(document, document.components.schemas[schema]!) })
    }
  })
})

type JsonSchema = {
  $ref?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  additionalProperties?: boolean | JsonSchema
  patternProperties?: Record<string, JsonSchema>
}
type Operation = { operationId?: string; responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } }

/** A shape's fields as tests/declared.py prints them: each field, whether it is required, and the shape within it. */
type Fields = Record<string, { required: boolean; shape: Fields | null }>
type Declared = { operations: Record<string, string>; methods: Record<string, string[]>; shapes: Partial<Record<string, Fields>>; returns: Record<string, string | null> }

function jsonAnswer(operation: Operation): JsonSchema | undefined {
  const [, answer] = Object.entries(operation.responses ?? {}).find(([status, response]) => status.startsWith('2') && response.content?.['application/json']) ?? []
  return answer?.content?.['application/json']?.schema
}

/** The object a schema holds: itself, or one under a $ref, null, a list, a map or either of two forms. */
function objectIn(document: OpenApi, schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (schema.$ref) return objectIn(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!)
  if (schema.properties && Object.keys(schema.properties).length > 0) return { properties: schema.properties, required: schema.required ?? [] }
  const forms = (schema.anyOf ?? schema.oneOf ?? []).flatMap((form) => objectIn(document, form) ?? [])
  if (forms.length > 0) {
    // A body of either form: every field of each, required where each requires it.
    return { properties: Object.assign({}, ...forms.map((form) => form.properties)), required: forms[0]!.required.filter((name) => forms.every((form) => form.required.includes(name))) }
  }
  const inner = schema.items ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : Object.values(schema.patternProperties ?? {})[0])
  return inner ? objectIn(document, inner) : null
}

function fieldsOf(document: OpenApi, schema: JsonSchema): Fields | null {
  const object = objectIn(document, schema)
  if (!object) return null
  return Object.fromEntries(
    Object.entries(object.properties).map(([name, property]) => [name, { required: object.required.includes(name), shape: fieldsOf(document, property) }]),
  )
}
