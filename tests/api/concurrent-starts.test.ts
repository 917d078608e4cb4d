// `npm start` builds the web app, then serves (prestart: scripts/build-web.ts). Instances started at
// the same moment from one folder all serve, one build made for them all; a start with nothing
// changed builds nothing and is quick; a changed input is built.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'

const root = join(import.meta.dir, '../..')
let project: string
const servers: TestServer[] = []

beforeAll(() => {
  // A copy of the project, so its builds are its own.
  project = mkdtempSync(join(tmpdir(), 'linkcard-starts-'))
  for (const entry of ['src', 'web', 'content', 'scripts', 'edge-worker', 'drizzle', 'package.json', 'package-lock.json', 'tsconfig.json', 'bunfig.toml'])
    cpSync(join(root, entry), join(project, entry), { recursive: true })
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'))
  // Builds left by earlier starts, long enough ago to be cleared: every start passes over them.
  mkdirSync(join(project, 'dist'))
  const longAgo = new Date(Date.now() - 3_600_000)
  for (let i = 0; i < 100; i++) {
    const old = join(project, 'dist', `web-1790000000000-${i}`)
    mkdirSync(join(old, 'assets'), { recursive: true })
    for (let file = 0; file < 20; file++) writeFileSync(join(old, 'assets', `chunk-${file}.js`), 'old build')
    utimesSync(old, longAgo, longAgo)
  }
}, 30_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  rmSync(project, { recursive: true, force: true })
}, 30_000)

async function buildWeb() {
  const started = performance.now()
  const child = Bun.spawn([process.execPath, 'scripts/build-web.ts'], { cwd: project, stdout: 'pipe', stderr: 'pipe' })
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()])
  return { code, output: out + err, ms: performance.now() - started }
}

const linked = () => readlinkSync(join(project, 'dist/web'))

describe('starting', () => {
  it('several instances at once from one folder: each serves the web app, from one build', async () => {
    const starts = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const build = await buildWeb()
        if (build.code !== 0) throw new Error(`the build failed:\n${build.output}`)
        const server = await startServer({ root: project })
        servers.push(server)
        return { build, server }
      }),
    )
    expect(starts.filter(({ build }) => build.output.includes('built into'))).toHaveLength(1)
    for (const { server } of starts) {
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      const html = await home.text()
      const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1]
      expect(script).toBeDefined()
      expect((await fetch(`${server.url}${script}`)).status).toBe(200)
    }
    // The old builds are cleared, the new one kept.
    expect(readdirSync(join(project, 'dist')).filter((name) => name.startsWith('web-1790000000000-'))).toEqual([])
  }, 120_000)

  it('again with nothing changed: builds nothing, quickly', async () => {
    const before = linked()
    const build = await buildWeb()
    expect(build.code).toBe(0)
    expect(build.output).toContain('up to date')
    expect(linked()).toBe(before)
    expect(build.ms).toBeLessThan(5_000)
  })

  it('again after a change: builds the change', async () => {
    const before = linked()
    const [article] = readdirSync(join(project, 'content/blog')).filter((name) => name.endsWith('.md'))
    appendFileSync(join(project, 'content/blog', article), '\nOne more line.\n')
    const build = await buildWeb()
    expect(build.code).toBe(0)
    expect(build.output).toContain('built into')
    expect(linked()).not.toBe(before)
  }, 60_000)
})
