// NUL and the other C0 control characters are refused in every text field of every body, by one
// check before any route: a clear 400 naming the field, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let http: Client
let ann: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  ann = await signUp(http, 'ann')
})
afterAll(() => server.close())

const count = async (table: string) => Number((await sql<{ n: number }>(server, `select count(*) as n from ${table}`))[0].n)
const MESSAGE = 'Control characters (such as NUL, tabs or line breaks) are not allowed here.'

describe('control characters in bodies', () => {
  it.each([
    ['the e-mail of a sign-up', 'users', '/api/auth/signup', () => ({ email: `nul\u0000${uniqueEmail()}`, password: 'correct horse battery' }), 'email', false],
    ['the e-mail of a contact message', 'contact_messages', '/api/contact', () => ({ email: `a\u0000${uniqueEmail()}`, message: 'Hello' }), 'email', false],
    ['a contact message', 'contact_messages', '/api/contact', () => ({ email: uniqueEmail(), message: 'Hello\u0000there' }), 'message', false],
    ['the name of an API key', 'api_keys', '/api/apiKeys', () => ({ name: 'Key\u0000name' }), 'name', true],
    ['a line break in the name of an API key', 'api_keys', '/api/apiKeys', () => ({ name: 'Key\nname' }), 'name', true],
    ['a title', 'share_links', '/api/shareLinks', () => ({ targetUrl: 'https://example.com/', title: 'A\u0000B' }), 'title', true],
    ['an alias', 'share_links', '/api/shareLinks', () => ({ targetUrl: 'https://example.com/', title: 'T', alias: 'abc\u0000' }), 'alias', true],
    ['a nested key', 'share_links', '/api/shareLinks', () => ({ targetUrl: 'https://example.com/', title: 'T', "x\u0000": 1 }), 'x\u0000', true],
  ])('refuses %s with 400 and stores nothing', async (_, table, path, body, field, signedIn) => {
    const before = await count(table)
    const answer = await http.post(path, body(), signedIn ? { token: ann.token } : {})
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(`${field}: ${MESSAGE}`)
    expect(answer.body.errors).toEqual([{ field, message: MESSAGE }])
    expect(await count(table)).toBe(before)
  })

  it('refuses them in a PATCH and in the custom-domain form, and leaves the data as it was', async () => {
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Before' }, { token: ann.token })).body
    const answer = await http.patch(`/api/shareLinks/${link.id}`, { title: 'After\u0001' }, { token: ann.token })
    expect(answer.status).toBe(400)
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.title).toBe('Before')
    const domain = await http.post('/api/custom-domain', { hostname: 'links.example.com\u0000' }, { token: ann.token })
    expect(domain.status).toBe(400)
    expect(domain.body.errors[0].field).toBe('hostname')
  })

  it('keeps tabs and line breaks where a field may span lines', async () => {
    const answer = await http.post('/api/contact', { email: uniqueEmail(), message: 'First line\r\n\tSecond line' })
    expect(answer.status).toBeLessThan(300)
  })
})

describe('control characters in paths and queries', () => {
  it('refuses a NUL in a path or query value with 400 on every database, and deletes nothing', async () => {
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Kept' }, { token: ann.token })).body
    const key = (await http.post('/api/apiKeys', { name: 'Paths' }, { token: ann.token })).body.key
    for (const [method, path, token] of [
      ['DELETE', `/api/link/a%00b`, key],
      ['GET', `/api/link/${link.id}%00`, key],
      ['DELETE', '/api/apiKeys/%00', ann.token],
      ['PATCH', `/api/shareLinks/%00`, ann.token],
      ['GET', '/api/shareLinks?search=%00', ann.token],
    ] as const) {
      const answer = await http.call(method, path, method === 'PATCH' ? { title: 'x' } : undefined, { token })
      expect({ method, path, status: answer.status, message: answer.body.errors?.[0]?.message }).toEqual({ method, path, status: 400, message: MESSAGE })
    }
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.title).toBe('Kept')
  })
})
