// Clients generated from the served OpenAPI document by the generators outside developers use
// (hey-api's openapi-ts and orval) type the calls as the server takes them: compiled under
// tsc --strict, a call the server refuses does not compile (each `@ts-expect-error` below must meet
// an error, else the compile fails).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient as heyApi } from '@hey-api/openapi-ts'
import { generate as orval } from 'orval'
import { app } from '../src/app'

const root = join(import.meta.dir, '..')
let project: string

// Each call stays on one line: `@ts-expect-error` holds for the line after it.
const HEY_API_CALLS = `import { createLink, createLinks, updateLink } from './hey-api'

export async function calls() {
  await createLink({ body: { targetUrl: 'https://example.com/a', title: 'A title' } })
  await createLink({ body: { targetUrl: 'https://example.com/b', useOriginalMeta: true } })
  await createLink({ body: { targetUrl: 'https://example.com/b', useOriginalMeta: true, title: 'Mine' } })
  await createLink({ body: { targetUrl: 'https://example.com/a', title: 'A title', useOriginalMeta: false } })
  // @ts-expect-error a title is needed unless useOriginalMeta is true
  await createLink({ body: { targetUrl: 'https://example.com/c' } })
  // @ts-expect-error a title is needed unless useOriginalMeta is true
  await createLink({ body: { targetUrl: 'https://example.com/c', useOriginalMeta: false } })
  await createLinks({ body: { links: [{ targetUrl: 'https://example.com/a', title: 'A title' }] } })
  // @ts-expect-error each link of a bulk create needs its title
  await createLinks({ body: { links: [{ targetUrl: 'https://example.com/c' }] } })
  await updateLink({ path: { id: 'x' }, body: { title: 'Renamed' } })
}
`

const ORVAL_CALLS = `import { createLink, createLinks, updateLink } from './orval/client'

export async function calls() {
  await createLink({ targetUrl: 'https://example.com/a', title: 'A title' })
  await createLink({ targetUrl: 'https://example.com/b', useOriginalMeta: true })
  await createLink({ targetUrl: 'https://example.com/b', useOriginalMeta: true, title: 'Mine' })
  await createLink({ targetUrl: 'https://example.com/a', title: 'A title', useOriginalMeta: false })
  // @ts-expect-error a title is needed unless useOriginalMeta is true
  await createLink({ targetUrl: 'https://example.com/c' })
  // @ts-expect-error a title is needed unless useOriginalMeta is true
  await createLink({ targetUrl: 'https://example.com/c', useOriginalMeta: false })
  await createLinks({ links: [{ targetUrl: 'https://example.com/a', title: 'A title' }] })
  // @ts-expect-error each link of a bulk create needs its title
  await createLinks({ links: [{ targetUrl: 'https://example.com/c' }] })
  await updateLink('x', { title: 'Renamed' })
}
`

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
    skipLibCheck: true,
  },
  include: ['*.ts', 'hey-api/**/*.ts', 'orval/**/*.ts'],
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'linkcard-clients-'))
  const answer = await app.handle(new Request('http://localhost/api/openapi.json'))
  expect(answer.status).toBe(200)
  const document = join(project, 'openapi.json')
  writeFileSync(document, await answer.text())
  // Each generator once for the file; both run offline from the saved document.
  await heyApi({ input: document, output: { path: join(project, 'hey-api') }, logs: { level: 'silent' } })
  // Calls that answer the body alone: orval 7 names one status's {data, status} type once per media type.
  const override = { fetch: { includeHttpResponseReturnType: false } }
  await orval({ input: { target: document }, output: { target: join(project, 'orval/client.ts'), client: 'fetch', mode: 'single', override } })
  writeFileSync(join(project, 'hey-api-calls.ts'), HEY_API_CALLS)
  writeFileSync(join(project, 'orval-calls.ts'), ORVAL_CALLS)
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG))
}, 60_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('clients generated from the OpenAPI document', () => {
  it('take a new link with a title or with useOriginalMeta, and refuse one with neither, under tsc --strict (hey-api and orval)', async () => {
    const tsc = Bun.spawn([join(root, 'node_modules/.bin/tsc'), '-p', project], { cwd: project, stdout: 'pipe', stderr: 'pipe' })
    const [out, code] = await Promise.all([new Response(tsc.stdout).text(), tsc.exited])
    expect({ out, code }).toEqual({ out: '', code: 0 })
  }, 60_000)
})
