// Requests no browser would send: malformed Host headers, oversized and streamed bodies, deeply
// nested JSON, periods that would size huge work. Each gets a clear 4xx, and the server keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { statSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { testDatabaseUrl } from '../helpers/database'

let server: TestServer
let http: Client
let person: SignedIn
let slug: string

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  person = await signUp(http, 'hostile')
  const link = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Hostile' }, { token: person.token })
  slug = link.body.slug
})
afterAll(() => server.close())

/** Sends raw HTTP/1.1 bytes and answers the status code of the reply (0 when the connection failed). */
function rawStatus(port: number, head: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    let reply = ''
    socket.on('data', (chunk) => {
      reply += chunk
      if (reply.includes('\r\n')) {
        socket.destroy()
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0))
      }
    })
    socket.on('error', () => resolve(0))
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0)))
  })
}

const BAD_HOSTS = ['a:b:c', 'foo:bar', 'x y', '[::1', 'a:99999', '[zz::1]', 'a%b', 'a<b>', 'a\\b', '1.2.3.999', 'xn--a', '[::1]:x']

describe('a malformed Host header', () => {
  it('gets 400 on every kind of route, and the process keeps serving', async () => {
    const requests = [
      (host: string) => `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      (host: string) => `GET /${slug} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: Mozilla/5.0\r\nConnection: close\r\n\r\n`,
      (host: string) => `HEAD /${slug} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: facebookexternalhit/1.1\r\nConnection: close\r\n\r\n`,
      (host: string) => `GET /login HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      (host: string) => `GET /no/such/page HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      (host: string) => `GET /api/no-such-call HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      (host: string) => `GET /api/shareLinks HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${person.token}\r\nConnection: close\r\n\r\n`,
      (host: string) =>
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      (host: string) => `OPTIONS /api/links HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ]
    for (const host of BAD_HOSTS) {
      for (const request of requests) {
        const status = await rawStatus(server.port, request(host))
        expect({ host, request: request(host).split('\r\n')[0], status }).toEqual({ host, request: request(host).split('\r\n')[0], status: 400 })
      }
    }
    expect(server.isRunning()).toBe(true)
    expect((await http.get('/api/health')).status).toBe(200)
    expect(server.logs().some((line) => line.includes('"level":"error"'))).toBe(false)
  })

  it('answers 400 in JSON with the security headers', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: a:b:c\r\nConnection: close\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => (text += chunk))
      socket.on('close', () => resolve(text))
    })
    expect(reply).toContain('{"message":"Malformed Host header."}')
    expect(reply.toLowerCase()).toContain('x-content-type-options: nosniff')
  })
})

describe('request bodies', () => {
  it('refuses a chunked body over the size limit with 413, without a Content-Length to go by', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"email":"big@example.com","message":"'))
        if (sent >= 3 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
          return
        }
        controller.enqueue(chunk)
        sent += chunk.byteLength
      },
    })
    const answer = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit)
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({ message: 'Request body is too large.' })
    expect(server.isRunning()).toBe(true)
  })

  it('still takes a chunked body under the limit', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ email: person.email, password: 'not the password' })))
        controller.close()
      },
    })
    const answer = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit)
    expect(answer.status).toBe(401)
  })

  it('refuses a body that states a length and says it is chunked too', async () => {
    const { port, host } = new URL(server.url)
    const chunk = 'x'.repeat(64 * 1024)
    const chunks = Array.from({ length: 48 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('')
    const status = await rawStatus(
      Number(port),
      `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    )
    expect(status).toBe(400)
    expect((await http.get('/api/health')).status).toBe(200)
  })

  it('refuses JSON nested 50,000 deep with 400, not 500', async () => {
    for (const raw of ['['.repeat(50_000) + ']'.repeat(50_000), `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`]) {
      const answer = await http.call('POST', '/api/shareLinks', undefined, { raw, token: person.token, headers: { 'content-type': 'application/json' } })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('JSON nested more than 32 levels deep is not accepted.')
    }
    const links = await http.get('/api/shareLinks', { token: person.token })
    expect(links.body.length).toBe(1)
  })

  it('takes JSON nested within the limit, brackets inside strings not counted', async () => {
    const answer = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/nested', title: '[[[[{{{{'.repeat(8), description: ']]]]}}}}' }, { token: person.token })
    expect(answer.status).toBe(201)
    await http.delete(`/api/shareLinks/${answer.body.id}`, { token: person.token })
  })
})

describe('inputs that size work', () => {
  it('refuses an analytics period of ten thousand years at once', async () => {
    const link = (await http.get('/api/shareLinks', { token: person.token })).body[0]
    const started = performance.now()
    const answer = await http.get(`/api/shareLinks/${link.id}/analytics?from=0001-01-01&to=9999-12-31`, { token: person.token })
    const elapsed = performance.now() - started
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The period can be at most 400 days.')
    // Listing the 3.65 million days first took seconds; the refusal is a subtraction.
    expect(elapsed).toBeLessThan(1000)
    const csv = await http.get(`/api/shareLinks/${link.id}/analytics?from=0001-01-01&to=9999-12-31&format=csv`, { token: person.token })
    expect(csv.status).toBe(400)
  })
})

describe('authenticated answers', () => {
  it('carry Cache-Control: no-store', async () => {
    for (const path of ['/api/auth/me', '/api/shareLinks', '/api/dashboard-stats', '/api/usage', '/api/custom-domain/status']) {
      const answer = await http.get(path, { token: person.token })
      expect({ path, status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({ path, status: 200, cacheControl: 'no-store' })
    }
    const refused = await http.get('/api/shareLinks', { token: 'not-a-token' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })
})

describe.skipIf(Boolean(testDatabaseUrl))('the SQLite database', () => {
  it('is readable by the server’s user alone, with its WAL and shared-memory files', () => {
    const files = readdirSync(server.dataDir).filter((name) => name.startsWith('linkcard.db'))
    expect(files).toContain('linkcard.db')
    for (const name of files) expect({ name, mode: (statSync(join(server.dataDir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: '600' })
  })
})
