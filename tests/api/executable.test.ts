// The compiled executable carries the web app and the migrations: run from an empty folder, it
// serves the same product as `npm start` and takes the same commands.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { PNG } from 'pngjs'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../helpers/server'
import { version } from '../../package.json'

const root = join(import.meta.dir, '../..')
const folder = mkdtempSync(join(tmpdir(), 'linkcard-exe-'))
const executable = join(folder, 'linkcard')
const port = freePort()
const base = `http://127.0.0.1:${port}`
let server: ReturnType<typeof Bun.spawn> | undefined

// The executable runs in an empty folder, with nothing of the project's environment.
const env = { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }

beforeAll(async () => {
  // Built exactly as `npm run build` builds it.
  const build = Bun.spawn([process.execPath, 'scripts/build.ts', '--outfile', executable], { cwd: root, stdout: 'pipe', stderr: 'pipe' })
  if ((await build.exited) !== 0) throw new Error(await new Response(build.stderr).text())
  server = Bun.spawn([executable], { cwd: folder, env, stdout: 'ignore', stderr: 'inherit' })
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return
    await Bun.sleep(100)
  }
  throw new Error('the executable did not start')
}, 120_000)

afterAll(async () => {
  server?.kill('SIGTERM')
  await server?.exited
  rmSync(folder, { recursive: true, force: true })
})

describe('the compiled executable', () => {
  it('creates its data in the folder it runs from', () => {
    expect(existsSync(join(folder, 'data', 'linkcard.db'))).toBe(true)
    expect(existsSync(join(folder, 'data', 'jwt-secret'))).toBe(true)
  })

  it("says which release it is, from package.json, with no package.json beside it", async () => {
    expect(existsSync(join(folder, 'package.json'))).toBe(false)
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', version })
  })

  it('serves the web app, its assets and the content pages', async () => {
    const home = await fetch(`${base}/pricing`)
    expect(home.status).toBe(200)
    const html = await home.text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect((await fetch(base + script)).status).toBe(200)
    expect(await (await fetch(`${base}/blog/`)).text()).toContain('Social previews explained')
    expect((await fetch(`${base}/edge-worker.js`)).status).toBe(200)
  })

  it('signs up, creates a link and redirects through it', async () => {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'exe@example.com', password: 'a long password' }),
    })
    expect(signup.status).toBe(201)
    const { token } = (await signup.json()) as { token: string }
    const created = await fetch(`${base}/api/shareLinks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ targetUrl: 'https://example.com/exe', title: 'From the executable' }),
    })
    expect(created.status).toBe(201)
    const link = (await created.json()) as { url: string }
    const visit = await fetch(link.url, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } })
    expect(visit.status).toBe(302)
    expect(visit.headers.get('location')).toBe('https://example.com/exe')
    // The click is written by the event writer's own thread, which travels inside the executable.
    let clicks = 0
    for (let i = 0; i < 50 && clicks === 0; i++) {
      await Bun.sleep(100)
      const stats = await fetch(`${base}/api/dashboard-stats`, { headers: { authorization: `Bearer ${token}` } })
      clicks = ((await stats.json()) as { totalClicks: number }).totalClicks
    }
    expect(clicks).toBe(1)
  })

  it('makes card images and re-encodes uploads with the renderer, font and codecs it carries', async () => {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'exe-images@example.com', password: 'a long password' }),
    })
    const { token } = (await signup.json()) as { token: string }
    const created = await fetch(`${base}/api/shareLinks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ targetUrl: 'https://example.com/exe-image', title: 'Made by the executable', cardImage: 'classic' }),
    })
    const { cardImageUrl } = (await created.json()) as { cardImageUrl: string }
    const image = await fetch(cardImageUrl)
    expect(image.status).toBe(200)
    const png = PNG.sync.read(Buffer.from(await image.arrayBuffer()))
    expect([png.width, png.height]).toEqual([1200, 630])

    // A PNG as a card image (a JPEG), that JPEG again, and the PNG as a logo (a PNG).
    const upload = async (body: Uint8Array<ArrayBuffer>, type: string, purpose: string) => {
      const answer = await fetch(`${base}/api/images?purpose=${purpose}`, { method: 'POST', headers: { 'content-type': type, authorization: `Bearer ${token}` }, body })
      expect(answer.status).toBe(201)
      const uploaded = (await answer.json()) as { url: string; contentType: string; width: number }
      const served = await fetch(uploaded.url)
      expect(served.headers.get('content-type')).toBe(uploaded.contentType)
      return { ...uploaded, bytes: new Uint8Array(await served.arrayBuffer()) }
    }
    const source = new Uint8Array(PNG.sync.write(png))
    const card = await upload(source, 'image/png', 'card')
    expect(card).toMatchObject({ contentType: 'image/jpeg', width: 1200 })
    expect((await upload(card.bytes, 'image/jpeg', 'card')).contentType).toBe('image/jpeg')
    expect(await upload(source, 'image/png', 'logo')).toMatchObject({ contentType: 'image/png', width: 512 })
  })

  it('reads an import file on the import thread it carries', async () => {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'exe-import@example.com', password: 'a long password' }),
    })
    const { token } = (await signup.json()) as { token: string }
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
    const file = 'url,title\nhttps://example.com/exe-import,Imported by the executable\n'
    const started = await fetch(`${base}/api/imports`, { method: 'POST', headers, body: JSON.stringify({ file, source: 'csv', fileName: 'exe.csv', mapping: { targetUrl: 'url', title: 'title' } }) })
    expect(started.status).toBe(202)
    const { id } = (await started.json()) as { id: string }
    for (let i = 0; i < 100; i++) {
      const job = (await fetch(`${base}/api/imports/${id}`, { headers }).then((answer) => answer.json())) as { status: string; created: number }
      if (job.status === 'done') return expect(job.created).toBe(1)
      await Bun.sleep(100)
    }
    throw new Error('the import did not finish')
  })

  it('runs grant-admin as a subcommand, failing clearly for an unknown e-mail', async () => {
    const run = async (...args: string[]) => {
      const child = Bun.spawn([executable, ...args], { cwd: folder, env, stdout: 'pipe', stderr: 'pipe' })
      return { code: await child.exited, stdout: await new Response(child.stdout).text(), stderr: await new Response(child.stderr).text() }
    }
    const granted = await run('grant-admin', 'exe@example.com')
    expect(granted.code).toBe(0)
    expect(granted.stdout).toContain('exe@example.com is now a super admin.')
    const unknown = await run('grant-admin', 'nobody@example.com')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user has the e-mail address nobody@example.com.')
  })
})
