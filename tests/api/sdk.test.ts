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
import { signUp } from '../helpers/accounts'
import { client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let apiKey: string

beforeAll(async () => {
  server = await startServer()
  const http = client(server.url)
  const owner = await signUp(http, 'sdk')
  apiKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'SDK' }, { token: owner.token })).body.key
})
afterAll(() => server?.close())

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
