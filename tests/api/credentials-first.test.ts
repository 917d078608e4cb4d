// Who is calling is checked before what they send: every route that needs a session, a super admin
// or an API key answers 401 to no or bad credentials whatever the body (none, malformed, invalid,
// too deep, too large), and the public API's answers keep their rate-limit and CORS headers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { app } from '../../src/app'
import type { NamesCallerCheck } from '../../src/platform/callers'
import { PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { atStartOfNextWindow, clockRunsAgain } from '../helpers/windows'

let server: TestServer
let http: Client
let someone: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  someone = await signUp(http, 'caller')
})
afterAll(async () => {
  clockRunsAgain()
  await server.close()
})

// The public API's routes are the ones whose check is the API key's.
const PUBLIC_API = /^\/api\/(links?|image|domain|mcp|stats)(\/|$)/
type Hooks = Partial<NamesCallerCheck> & { beforeHandle?: { subType?: string }[] }
// The credential options resolve who is calling (`user`, `owner`): a route that resolves needs them.
const needsCredentials = (hooks: Hooks) => Boolean(hooks.callerCheck) || Boolean(hooks.beforeHandle?.some((hook) => hook.subType === 'resolve'))
const protectedRoutes = () =>
  app.routes
    .filter((route) => needsCredentials(route.hooks as Hooks))
    .map((route) => ({ method: route.method, path: route.path.replace(/:\w+/g, 'x1').replace('*', 'x1'), usesKey: PUBLIC_API.test(route.path) }))

const deep = `${'['.repeat(40)}${']'.repeat(40)}`
const BODIES: Record<string, string | undefined> = {
  none: undefined,
  malformed: '{"email":',
  invalid: '{"email":7,"unknown":[1,2,3]}',
  'control characters': '{"title":"a\\u0000b","email":"a\\u0000@example.com"}',
  'nested too deep': deep,
}
const BAD_TOKENS = { none: undefined, 'a bad session token': 'not.a.token', 'an unknown API key': `lnk_${'z'.repeat(40)}` }

async function call(method: string, path: string, token: string | undefined, body: string | undefined) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  return fetch(server.url + path, { method, headers, body: method === 'GET' ? undefined : body })
}

describe('routes that need credentials', () => {
  it('are found in the route table: sessions, super admins and API keys', () => {
    const routes = protectedRoutes()
    expect(routes.length).toBeGreaterThan(80)
    expect(routes.filter((route) => route.usesKey).length).toBeGreaterThan(10)
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain('PATCH /api/auth/update-email')
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain('GET /api/admin/users')
  })

  it('answer 401 to no or bad credentials, whatever the body', async () => {
    const wrong: string[] = []
    let calls = 0
    for (const route of protectedRoutes()) {
      // The public API counts invalid keys per address: each route starts in a fresh window.
      if (route.usesKey) atStartOfNextWindow(10 * 60_000)
      for (const [tokenName, token] of Object.entries(BAD_TOKENS))
        for (const [bodyName, body] of Object.entries(BODIES)) {
          if (route.method === 'GET' && body !== undefined) continue
          const answer = await call(route.method, route.path, token, body)
          calls++
          const json = (await answer.json().catch(() => ({}))) as { message?: string; errors?: unknown }
          const where = `${route.method} ${route.path} with ${tokenName} and ${bodyName} body`
          if (answer.status !== 401) wrong.push(`${where}: ${answer.status} ${json.message}`)
          else if (json.errors !== undefined) wrong.push(`${where}: names fields ${JSON.stringify(json.errors)}`)
          if (route.usesKey)
            for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'access-control-allow-origin', 'www-authenticate'])
              if (!answer.headers.has(header)) wrong.push(`${where}: no ${header}`)
        }
    }
    clockRunsAgain()
    expect(wrong).toEqual([])
    expect(calls).toBeGreaterThan(800)
  }, 60_000)

  it('answer 401 before refusing a body that is too large', async () => {
    const large = JSON.stringify({ title: 'x'.repeat(1_200_000) })
    const session = await call('POST', '/api/shareLinks', undefined, large)
    expect(session.status).toBe(401)
    atStartOfNextWindow(10 * 60_000)
    const publicApi = await call('POST', '/api/link', `lnk_${'y'.repeat(40)}`, large)
    clockRunsAgain()
    expect(publicApi.status).toBe(401)
    expect(publicApi.headers.get('x-ratelimit-limit')).toBe('20')
    // With good credentials, the body is what is refused.
    expect((await call('POST', '/api/shareLinks', someone.token, large)).status).toBe(413)
  })

  it('answer 403 to a signed-in user without the role, before reading the body', async () => {
    const answer = await call('GET', '/api/admin/users', someone.token, undefined)
    expect(answer.status).toBe(403)
    const invalid = await call('PATCH', '/api/admin/users/x1/plan', someone.token, '{"plan":')
    expect(invalid.status).toBe(403)
  })
})

describe('a call with good credentials and a field left out', () => {
  it('is told the field is required, not a rule about its length', async () => {
    const answer = await http.patch('/api/auth/update-email', { email: 'new-address@example.com' }, { token: someone.token })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('currentPassword is required.')
    expect(answer.body.errors).toEqual([{ field: 'currentPassword', message: 'currentPassword is required.' }])
    const password = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD }, { token: someone.token })
    expect(password.status).toBe(400)
    expect(password.body.message).toBe('newPassword is required.')
    // A value that breaks a rule still gets the rule's words.
    const tooLong = await http.patch('/api/auth/update-email', { email: 'new-address@example.com', currentPassword: 'x'.repeat(201) }, { token: someone.token })
    expect(tooLong.body.message).toBe('Password must be at most 200 characters.')
    // Nothing changed.
    expect((await http.get('/api/auth/me', { token: someone.token })).body.user.email).toBe(someone.email)
  })

  it('is told so without credentials as 401', async () => {
    const answer = await http.patch('/api/auth/update-email', { email: 'new-address@example.com' })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('Please sign in.')
  })
})
