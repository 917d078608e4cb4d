// The TypeScript client kept in sdk/: its types are exactly what openapi-typescript writes from the
// document the server serves (`npm run sdk` writes them again), and it calls the API, typed under
// tsc --strict (this file is type-checked with the rest).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SDK_TYPES_FILE, sdkTypes } from '../../scripts/sdk-types'
import { createLinkcardClient, type NewLink } from '../../sdk'
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

  it("compiles as the docs page shows it, copied into another project, under tsc --strict", async () => {
    const root = join(import.meta.dir, '../..')
    const project = mkdtempSync(join(tmpdir(), 'linkcard-sdk-'))
    try {
      symlinkSync(join(root, 'sdk'), join(project, 'linkcard-sdk'))
      symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'))
      writeFileSync(join(project, 'sample.ts'), createLinkTypeScript('https://links.example.com'))
      const options = ['--strict', '--noEmit', '--target', 'es2022', '--module', 'preserve', '--moduleResolution', 'bundler', '--skipLibCheck', '--types', 'bun']
      const tsc = Bun.spawn([join(root, 'node_modules/.bin/tsc'), ...options, 'sample.ts'], { cwd: project, stdout: 'pipe', stderr: 'pipe' })
      const [out, code] = await Promise.all([new Response(tsc.stdout).text(), tsc.exited])
      expect({ out, code }).toEqual({ out: '', code: 0 })
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  }, 60_000)
})
