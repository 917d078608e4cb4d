import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { signUp } from '../helpers/accounts'
import { confirmLinkFor } from '../helpers/outbox'
import { until } from '../helpers/until'
import { client, type Client } from '../helpers/http'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { version } from '../../package.json'

let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
})
afterAll(() => server.close())

describe('health', () => {
  it('answers 200 {status: ok} once the database is ready, with the version package.json names', async () => {
    const answer = await http.get('/api/health')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok', version })
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('names its version in the log line that says it listens', () => {
    const listening = server.logs().find((line) => line.includes('"msg":"listening"'))
    expect(JSON.parse(listening!)).toMatchObject({ msg: 'listening', version })
  })
})

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404, not the web app', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await http.call(method, '/api/no-such-call')
      expect(answer.status).toBe(404)
      expect(answer.headers.get('content-type')).toContain('application/json')
      expect(answer.body).toEqual({ message: 'Not found.' })
    }
  })

  it('answers a malformed JSON body with 400 and a message, no stack trace', async () => {
    const answer = await http.call('POST', '/api/contact', undefined, { raw: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: 'Malformed request body.' })
  })

  it('answers a body over the size limit with 413', async () => {
    const answer = await http.post('/api/contact', { email: 'big@example.com', message: 'x'.repeat(2 * 1024 * 1024) })
    expect(answer.status).toBe(413)
    expect(answer.body.message).toBe('Request body is too large.')
  })
})

describe('security headers', () => {
  it('sends them on pages, calls and errors alike', async () => {
    for (const path of ['/', '/pricing', '/api/health', '/api/nope', '/no-such-page']) {
      const answer = await http.get(path)
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    }
  })
})

describe('web app', () => {
  it('serves index.html for every client route', async () => {
    for (const path of ['/', '/pricing', '/docs', '/login', '/signup', '/dashboard', '/admin']) {
      const answer = await http.get(path)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toContain('text/html')
      expect(answer.text).toContain('<div id="root"></div>')
    }
  })

  it('serves the web app with 404 for an unknown path', async () => {
    const answer = await http.get('/no/such/page')
    expect(answer.status).toBe(404)
    expect(answer.text).toContain('<div id="root"></div>')
  })

  it('serves hashed assets cached for a year, compressed when asked', async () => {
    const html = (await http.get('/')).text
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const answer = await fetch(server.url + script, { headers: { 'accept-encoding': 'gzip' } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(answer.headers.get('content-type')).toContain('text/javascript')
    expect((await answer.text()).length).toBeGreaterThan(1000)
  })

  it('answers a repeated asset request with 304 when the ETag matches', async () => {
    const first = await fetch(`${server.url}/robots.txt`)
    const etag = first.headers.get('etag')!
    const second = await fetch(`${server.url}/robots.txt`, { headers: { 'if-none-match': etag } })
    expect(second.status).toBe(304)
  })

  it('serves the blog and how-to guides as real pages', async () => {
    const blog = await http.get('/blog/')
    expect(blog.status).toBe(200)
    expect(blog.text).toContain('Social previews explained')
    const howTo = await http.get('/how-to/')
    expect(howTo.text).toContain('Getting started with the Linkcard API')
    expect(howTo.text).toContain('Setting up a custom domain')
    const article = await http.get('/how-to/getting-started-with-the-api/')
    expect(article.status).toBe(200)
    expect(article.text).toContain('1. Create an API key</h2>')
  })
})

describe('contact', () => {
  it('stores a message and answers 201', async () => {
    const answer = await http.post('/api/contact', { email: 'Visitor@Example.com', message: 'Hello there' })
    expect(answer.status).toBe(201)
  })

  it('refuses a bad e-mail or an empty message with 400 and the field', async () => {
    const badEmail = await http.post('/api/contact', { email: 'not-an-email', message: 'Hi' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.errors[0]).toEqual({ field: 'email', message: 'Please enter a valid email address.' })
    const empty = await http.post('/api/contact', { email: 'a@example.com', message: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Please enter a message.')
    const missing = await http.post('/api/contact', { email: 'a@example.com' })
    expect(missing.status).toBe(400)
  })

  it('limits messages per client with 429 and Retry-After', async () => {
    let last: Awaited<ReturnType<typeof http.post>> | undefined
    for (let i = 0; i < 6; i++) last = await http.post('/api/contact', { email: 'spam@example.com', message: `note ${i}` })
    expect(last!.status).toBe(429)
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('process', () => {
  it('keeps a generated JWT secret in DATA_DIR and stops cleanly on SIGTERM', async () => {
    expect(existsSync(join(server.dataDir, 'jwt-secret'))).toBe(true)
    expect(await server.stop()).toBe(0)
    expect(server.logs().some((line) => line.includes('"msg":"stopped"'))).toBe(true)
    await server.restart()
    expect((await http.get('/api/health')).status).toBe(200)
  })

  it('refuses to start with a clear message when a setting is bad', async () => {
    const child = Bun.spawn(['bun', 'src/index.ts'], {
      cwd: join(import.meta.dir, '../..'),
      env: { ...process.env, PORT: 'eighty', DATA_DIR: server.dataDir },
      stderr: 'pipe',
      stdout: 'pipe',
    })
    expect(await child.exited).toBe(1)
    expect(await new Response(child.stderr).text()).toContain('PORT must be a port number from 0 to 65535, got "eighty".')
  })

  it('gives new accounts the plan DEFAULT_PLAN names, leaving older accounts theirs, and refuses one that is no plan', async () => {
    const before = await signUp(http, 'before-default-plan')
    // Without SMTP, the log line of each mail carries its links whole, the address's confirmation too.
    const mailed = await until(
      () => server.logs().filter((line) => line.includes('mail written to outbox') && line.includes(before.email)),
      { what: 'the confirmation mail', done: (lines) => lines.length > 0 },
    )
    const [link] = JSON.parse(mailed[0]!).links as string[]
    expect(link).toBe(confirmLinkFor(server.dataDir, before.email)!)
    const privateInstall = await startServer({ env: { DEFAULT_PLAN: 'enterprise' }, dataDir: server.dataDir, databaseUrl: server.databaseUrl })
    try {
      const onPrivate = client(privateInstall.url)
      const after = await signUp(onPrivate, 'after-default-plan')
      expect((await onPrivate.get('/api/usage', { token: after.token })).body).toMatchObject({ plan: 'enterprise', usageLimit: null })
      expect((await onPrivate.get('/api/usage', { token: before.token })).body.plan).toBe('free')
    } finally {
      await privateInstall.close()
    }
    const child = Bun.spawn(['bun', 'src/index.ts'], {
      cwd: join(import.meta.dir, '../..'),
      env: { ...process.env, DEFAULT_PLAN: 'gold', DATA_DIR: server.dataDir },
      stderr: 'pipe',
      stdout: 'pipe',
    })
    expect(await child.exited).toBe(1)
    expect(await new Response(child.stderr).text()).toContain('DEFAULT_PLAN must be one of free, indie, pro, enterprise, got "gold".')
  })
})
