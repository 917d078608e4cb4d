// The TypeScript client kept in sdk/: its types are exactly what openapi-typescript writes from the
// document the server serves and its package files what `npm run sdk` builds from index.ts (it
// writes them again); it calls the API, typed under tsc --strict (this file is type-checked with
// the rest), and installed as a package it compiles under each of TypeScript's module settings.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SDK_TYPES_FILE, sdkBuild, sdkFile, sdkTypes } from '../../scripts/sdk-types'
import { createLinkcardClient, type NewLink } from '../../sdk/index.ts'
import { createLinkTypeScript } from '../../web/lib/code-samples'
import { expectSessionHeld, SESSION, startClientSession, type ClientSession, type SessionSummary } from '../helpers/client-session'
import type { TestServer } from '../helpers/server'

let session: ClientSession
let server: TestServer
let apiKey: string

beforeAll(async () => {
  session = await startClientSession()
  server = session.server
  apiKey = session.apiKey
})
afterAll(() => session?.close())

describe('the TypeScript client', () => {
  it("holds the types openapi-typescript writes from the served document (else run `npm run sdk`)", async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json()
    expect(await Bun.file(SDK_TYPES_FILE).text()).toBe(await sdkTypes(document))
  })

  it('holds the package files `npm run sdk` builds from index.ts', async () => {
    for (const [name, text] of Object.entries(await sdkBuild())) expect({ name, text: await Bun.file(sdkFile(name)).text() }).toEqual({ name, text })
  })

  it('creates, finds, reads, changes and deletes a link, and reads refusals as the error body', async () => {
    const linkcard = createLinkcardClient({ baseUrl: `${server.url}/`, apiKey })
    const input: NewLink = { targetUrl: 'https://example.com/sdk', title: 'Made with the SDK', description: 'Typed end to end' }
    const created = await linkcard.POST('/api/link', { body: input })
    expect(created.response.status).toBe(201)
    const id = created.data!.id

    const listed = await linkcard.GET('/api/links', { params: { query: { limit: 10 } } })
    expect(listed.data!.map((link) => link.id)).toContain(id)
    const found = await linkcard.GET('/api/link/byTarget/{targetUrl}', { params: { path: { targetUrl: 'https://example.com/sdk' } } })
    expect(found.data!.id).toBe(id)

    const changed = await linkcard.PATCH('/api/link/{id}', { params: { path: { id } }, body: { title: 'Renamed with the SDK' } })
    expect(changed.data!.title).toBe('Renamed with the SDK')
    const read = await linkcard.GET('/api/link/{id}', { params: { path: { id } } })
    expect(read.data!.title).toBe('Renamed with the SDK')

    const refused = await linkcard.POST('/api/link', { body: { ...input, targetUrl: 'not a url' } })
    expect(refused.response.status).toBe(400)
    expect(refused.error!.errors![0]!.field).toBe('targetUrl')

    const deleted = await linkcard.DELETE('/api/link/{id}', { params: { path: { id } } })
    expect(deleted.response.status).toBe(204)
    expect((await linkcard.GET('/api/link/{id}', { params: { path: { id } } })).response.status).toBe(404)
  })

  it('runs the scripted session: retries the refused stats call after its Retry-After, and keys every create', async () => {
    const linkcard = createLinkcardClient({ baseUrl: session.url, apiKey })
    const me = await linkcard.GET('/api/me')
    const created = await linkcard.POST('/api/link', { body: { targetUrl: SESSION.target, title: SESSION.title, alias: session.alias } })
    const bulk = await linkcard.POST('/api/links/bulk', {
      body: { links: Array.from({ length: SESSION.bulkCount }, (_, i) => ({ targetUrl: SESSION.bulkTarget(i), title: SESSION.bulkTitle(i) })) },
    })
    const pagedIds: string[] = []
    let pages = 0
    for (let page = 1; ; page++) {
      const listed = await linkcard.GET('/api/links', { params: { query: { limit: SESSION.pageSize, page } } })
      pages++
      pagedIds.push(...listed.data!.map((link) => link.id))
      if (!listed.response.headers.get('link')?.includes('rel="next"')) break
    }
    const id = created.data!.id
    const renamed = await linkcard.PATCH('/api/link/{id}', { params: { path: { id } }, body: { title: SESSION.renamed } })
    const stats = await linkcard.GET('/api/stats/{id}', { params: { path: { id } } })
    const deleted = await linkcard.DELETE('/api/link/{id}', { params: { path: { id } } })
    const gone = await linkcard.GET('/api/link/{id}', { params: { path: { id } } })
    const summary: SessionSummary = {
      accountId: me.data!.account.id,
      createdId: id,
      createdUrl: created.data!.url,
      bulkIds: bulk.data!.results.map((result) => result.link?.id ?? ''),
      pagedIds,
      pages,
      renamedTitle: renamed.data!.title,
      statsClicks: stats.data!.totalClicks,
      deleted: deleted.response.status === 204,
      notFound: { status: gone.response.status, message: gone.error!.message },
    }
    await expectSessionHeld(session, summary)
  })

  it('sends a retried create with the key of its first try, and does not retry a change without one', async () => {
    const keys: (string | null)[] = []
    const methods: string[] = []
    // The server's first answer to each call is a 503, as a restarting server's would be.
    const failingFirst = async (request: Request) => {
      keys.push(request.headers.get('idempotency-key'))
      methods.push(request.method)
      if (methods.filter((method) => method === request.method).length === 1) return Response.json({ message: 'Restarting' }, { status: 503, headers: { 'retry-after': '0' } })
      return fetch(request)
    }
    const linkcard = createLinkcardClient({ baseUrl: server.url, apiKey, fetch: failingFirst })
    const made = await linkcard.POST('/api/link', { body: { targetUrl: 'https://example.com/sdk-retry', title: 'Retried' } })
    expect(made.response.status).toBe(201)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    const changed = await linkcard.PATCH('/api/link/{id}', { params: { path: { id: made.data!.id } }, body: { title: 'Not retried' } })
    expect(changed.response.status).toBe(503)
    expect(methods).toEqual(['POST', 'POST', 'PATCH'])
    // A 429 was refused before anything was done: the change is sent again after it.
    let refused = false
    const limitedFirst = async (request: Request) => {
      if (refused) return fetch(request)
      refused = true
      return Response.json({ message: 'Rate limit' }, { status: 429, headers: { 'retry-after': '0' } })
    }
    const limited = createLinkcardClient({ baseUrl: server.url, apiKey, fetch: limitedFirst })
    const retried = await limited.PATCH('/api/link/{id}', { params: { path: { id: made.data!.id } }, body: { title: 'Retried after 429' } })
    expect({ status: retried.response.status, title: retried.data?.title }).toEqual({ status: 200, title: 'Retried after 429' })
  })

  it("compiles as a package under tsc --init's defaults (nodenext), bundler and CommonJS, refusing a new link without a title, and as the docs page shows it", async () => {
    const settings: Record<string, { tsconfig: Record<string, unknown> | 'tsc --init'; type?: 'module' }> = {
      // What `tsc --init` writes: module nodenext, verbatimModuleSyntax, exactOptionalPropertyTypes...
      'nodenext (tsc --init), an ES module': { tsconfig: 'tsc --init', type: 'module' },
      'nodenext, CommonJS': { tsconfig: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' } },
      "bundler, with the docs page's example": { tsconfig: { module: 'preserve', moduleResolution: 'bundler', target: 'es2022', types: ['bun'] } },
      'CommonJS (node10)': { tsconfig: { module: 'commonjs', moduleResolution: 'node10', target: 'es2022', esModuleInterop: true } },
    }
    const projects = Object.entries(settings).map(([name, { tsconfig, type }]) => ({ name, type, project: packageProject(tsconfig === 'tsc --init' ? undefined : tsconfig, type) }))
    try {
      const compiled = await Promise.all(
        projects.map(async ({ name, project }) => {
          writeFileSync(join(project, 'consumer.ts'), CONSUMER)
          if (name.startsWith('bundler')) writeFileSync(join(project, 'sample.ts'), createLinkTypeScript('https://links.example.com'))
          return { name, ...(await compile(project)) }
        }),
      )
      expect(compiled).toEqual(projects.map(({ name }) => ({ name, out: '', code: 0 })))
    } finally {
      for (const { project } of projects) rmSync(project, { recursive: true, force: true })
    }
  }, 60_000)

  it('runs under Node as an ES module and as CommonJS', async () => {
    const project = packageProject({})
    try {
      const check = "const client = sdk.createLinkcardClient({ baseUrl: 'https://links.example.com', apiKey: 'lnk_example' }); console.log(typeof client.POST)"
      const runs = await Promise.all(
        [
          ['--input-type=module', '-e', `import * as sdk from 'linkcard-sdk'; ${check}`],
          ['--input-type=commonjs', '-e', `const sdk = require('linkcard-sdk'); ${check}`],
        ].map(async (args) => {
          const node = Bun.spawn(['node', ...args], { cwd: project, stdout: 'pipe', stderr: 'pipe' })
          const [out, err, code] = await Promise.all([new Response(node.stdout).text(), new Response(node.stderr).text(), node.exited])
          return { out, err, code }
        }),
      )
      expect(runs).toEqual([0, 1].map(() => ({ out: 'function\n', err: '', code: 0 })))
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })
})

const root = join(import.meta.dir, '../..')
const tsc = join(root, 'node_modules/.bin/tsc')

// Each call on one line: `@ts-expect-error` holds for the line after it, and finds no error when
// the package's types are lost (any).
const CONSUMER = `import { createLinkcardClient, type Link, type NewLink } from 'linkcard-sdk'

const linkcard = createLinkcardClient({ baseUrl: 'https://links.example.com', apiKey: 'lnk_example' })

export async function shorten(): Promise<Link | undefined> {
  const withTitle: NewLink = { targetUrl: 'https://example.com/a', title: 'A title' }
  const made = await linkcard.POST('/api/link', { body: withTitle })
  await linkcard.POST('/api/link', { body: { targetUrl: 'https://example.com/b', useOriginalMeta: true } })
  // @ts-expect-error a title is needed unless useOriginalMeta is true
  await linkcard.POST('/api/link', { body: { targetUrl: 'https://example.com/c' } })
  // @ts-expect-error no such path
  await linkcard.GET('/api/nowhere')
  return made.data?.id ? (await linkcard.GET('/api/link/{id}', { params: { path: { id: made.data.id } } })).data : undefined
}
`

/**
 * A project with the package installed as copying sdk/ to linkcard-sdk/ and running `npm install
 * ./linkcard-sdk` would: the copy, and another in node_modules beside openapi-fetch. Its tsconfig is
 * `tsconfig` with --strict and no output (the project's own files), or what `tsc --init` writes,
 * which compiles every file of the project, the copy's index.ts among them.
 */
function packageProject(tsconfig?: Record<string, unknown>, type?: 'module') {
  const project = mkdtempSync(join(tmpdir(), 'linkcard-sdk-'))
  mkdirSync(join(project, 'node_modules'))
  for (const copy of ['linkcard-sdk', 'node_modules/linkcard-sdk']) cpSync(join(root, 'sdk'), join(project, copy), { recursive: true })
  for (const name of ['openapi-fetch', 'openapi-typescript-helpers', '@types', 'bun-types']) symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name))
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, ...(type ? { type } : {}) }))
  if (tsconfig) writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, types: [], ...tsconfig }, include: ['*.ts'] }))
  else Bun.spawnSync([tsc, '--init'], { cwd: project })
  return project
}

async function compile(project: string) {
  const child = Bun.spawn([tsc, '-p', project, '--noEmit'], { cwd: project, stdout: 'pipe', stderr: 'pipe' })
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
  return { out, code }
}
