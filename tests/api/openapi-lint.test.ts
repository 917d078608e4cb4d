// The OpenAPI document passes the linters clients' tooling is judged by: Redocly's recommended
// rules and Spectral's OpenAPI rules, with no error and no warning.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'

const bin = (name: string) => join(import.meta.dir, '../../node_modules/.bin', name)

let server: TestServer
let dir: string
let documentFile: string

beforeAll(async () => {
  server = await startServer()
  dir = mkdtempSync(join(tmpdir(), 'linkcard-openapi-'))
  documentFile = join(dir, 'openapi.json')
  writeFileSync(documentFile, await (await fetch(`${server.url}/api/openapi.json`)).text())
  // OpenAPI 3.1 lets a requirement of a scheme other than OAuth2 list role names: each call lists
  // the API key scope it needs. Spectral's rule knows OAuth2 scopes only; Redocly's security-defined
  // still checks that every requirement names a defined scheme.
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\nrules:\n  oas3-operation-security-defined: off\n')
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

async function run(command: string[]) {
  const child = Bun.spawn(command, { cwd: dir, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { out, err, code }
}

describe('the OpenAPI document', () => {
  it('has no error and no warning under redocly lint (recommended)', async () => {
    const { out, err, code } = await run([bin('redocly'), 'lint', documentFile, '--format=json'])
    const report = JSON.parse(out.slice(out.indexOf('{')))
    expect(report.problems.map((problem: { ruleId: string; message: string }) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    expect({ code, err: err.includes('error') ? err : '' }).toEqual({ code: 0, err: '' })
  }, 60_000)

  it('has no error and no warning under spectral lint (spectral:oas)', async () => {
    const { out, code } = await run([bin('spectral'), 'lint', documentFile, '--format', 'json', '--quiet'])
    const problems = out.trim() ? JSON.parse(out) : []
    expect(problems.map((problem: { code: string; message: string; path: string[] }) => `${problem.code} at ${problem.path.join('.')}: ${problem.message}`)).toEqual([])
    expect(code).toBe(0)
  }, 60_000)

  it('names its shared schemas as components and every operation readably', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json()
    expect(Object.keys(document.components.schemas).sort()).toEqual(['CreatedLink', 'Error', 'Link', 'LinkByTarget', 'LinkChanges', 'LinkStats', 'NewLink', 'NewLinkFromPage', 'NewLinkWithTitle'])
    const operationIds = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId))
    expect(operationIds.sort()).toEqual([
      'createLink',
      'createLinks',
      'deleteLink',
      'exportLinks',
      'getCaller',
      'getCustomDomain',
      'getHealth',
      'getLink',
      'getLinkByTarget',
      'getLinkStats',
      'getQrCode',
      'listLinks',
      'updateLink',
      'uploadImage',
    ])
    expect(document.paths['/api/health'].get.security).toEqual([])
    // The export is a file in either format.
    expect(Object.keys(document.paths['/api/links/export'].get.responses['200'].content).sort()).toEqual(['application/json', 'text/csv'])
    expect(document.paths['/api/link'].post.responses['413'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error')
    expect(Object.keys(document.paths['/api/link'].post.responses['401'].headers)).toContain('X-RateLimit-Limit')
    expect(document.info.license.name).toBeTruthy()
    expect(document.info.contact.url).toBe(`${server.url}/docs`)
  })
})
