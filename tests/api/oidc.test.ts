// Identity-provider sign-in end to end against a standards-conformant OpenID Connect server
// (oauth2-mock-server: discovery, JWKS, authorization code with PKCE, signed ID tokens).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { OAuth2Server } from 'oauth2-mock-server'
import { Secret, TOTP } from 'otpauth'
import { confirmAddress, exchangeProviderReturn, PASSWORD, signUp } from '../helpers/accounts'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { sql } from '../helpers/sql'
import { freePort, startServer, type TestServer } from '../helpers/server'

let provider: OAuth2Server
let server: TestServer
let http: Client
// The claims the provider puts in the next ID token.
let nextClaims: Record<string, unknown> = {}

beforeAll(async () => {
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  const port = freePort()
  await provider.start(port, '127.0.0.1')
  provider.issuer.url = `http://127.0.0.1:${port}`
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, nextClaims)
  })
  // The userinfo endpoint tells the same story as the ID token.
  provider.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = Object.fromEntries(Object.entries(nextClaims).filter(([, value]) => value !== undefined))
  })
  server = await startServer({
    env: { OIDC_ISSUER: provider.issuer.url!, OIDC_CLIENT_ID: 'linkcard-test', OIDC_CLIENT_SECRET: 'test-secret', OIDC_NAME: 'Test SSO' },
  })
  http = client(server.url)
})
afterAll(async () => {
  await server.close()
  await provider.stop()
})

/** Walks the browser's redirects: Linkcard → provider → Linkcard callback; answers the final URL. */
async function signInThroughProvider(from: 'login' | 'signup') {
  const start = await fetch(`${server.url}/api/auth/oidc?from=${from}`, { redirect: 'manual' })
  expect(start.status).toBe(302)
  const cookie = start.headers.get('set-cookie')!.split(';')[0]
  const authorize = new URL(start.headers.get('location')!)
  expect(authorize.origin).toBe(provider.issuer.url!)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('state')).toBeTruthy()
  expect(authorize.searchParams.get('nonce')).toBeTruthy()
  const approved = await fetch(authorize, { redirect: 'manual' })
  const callback = approved.headers.get('location')!
  expect(callback.startsWith(`${server.url}/api/auth/oidc/callback?`)).toBe(true)
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie } })
  expect(done.status).toBe(302)
  return { ...(await exchangeProviderReturn(server.url, done)), callback, cookie }
}

describe('identity-provider sign-in with a second factor', () => {
  const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

  it('asks for the authenticator code after the provider, and the session comes with it', async () => {
    const email = uniqueEmail('sso-2fa')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const { token } = await signInThroughProvider('login')
    const { secret } = (await http.post('/api/auth/2fa/totp/setup', {}, { token })).body
    expect((await http.post('/api/auth/2fa/totp/enable', { code: codeOf(secret) }, { token })).status).toBe(200)

    const again = await signInThroughProvider('login')
    expect(again.token).toBeUndefined()
    expect(again.body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] })
    const done = await http.post('/api/auth/2fa/verify', { challenge: again.body!.challenge, code: codeOf(secret, 1) })
    expect(done.status).toBe(200)
    expect(done.body.user.email).toBe(email)
  })

  it("takes the provider's sign-in for both factors when TRUST_PROVIDER_SECOND_FACTOR says so", async () => {
    const email = uniqueEmail('sso-trusted')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const { token } = await signInThroughProvider('login')
    const { secret } = (await http.post('/api/auth/2fa/totp/setup', {}, { token })).body
    await http.post('/api/auth/2fa/totp/enable', { code: codeOf(secret) }, { token })
    // The same database and provider, the provider trusted.
    const trusting = await startServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, env: { ...server.env, PORT: '', PUBLIC_URL: '', TRUST_PROVIDER_SECOND_FACTOR: 'true' } })
    try {
      const start = await fetch(`${trusting.url}/api/auth/oidc?from=login`, { redirect: 'manual' })
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!
      const approved = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' })
      const done = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } })
      const { token: trusted } = await exchangeProviderReturn(trusting.url, done)
      expect((await client(trusting.url).get('/api/auth/me', { token: trusted })).status).toBe(200)
    } finally {
      await trusting.close()
    }
  })
})

describe('identity-provider sign-in', () => {
  it('lists the configured provider', async () => {
    expect((await http.get('/api/auth/providers')).body).toEqual([{ id: 'oidc', name: 'Test SSO' }])
  })

  it('creates a user from a verified e-mail and lands on /signup with a working token', async () => {
    const email = uniqueEmail('sso')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const { final, token } = await signInThroughProvider('signup')
    expect(final.pathname).toBe('/signup')
    const me = await http.get('/api/auth/me', { token })
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(email)
    expect(me.body.user.role).toBe('owner')
    // The provider vouched for the address.
    expect((await http.get('/api/auth/email-status', { token })).body).toEqual({ email, emailVerified: true })
  })

  it('signs the same identity in again as the same user, through /login', async () => {
    const email = uniqueEmail('again')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const first = await signInThroughProvider('login')
    const second = await signInThroughProvider('login')
    expect(second.final.pathname).toBe('/login')
    const a = await http.get('/api/auth/me', { token: first.token })
    const b = await http.get('/api/auth/me', { token: second.token })
    expect(b.body.user.id).toBe(a.body.user.id)
  })

  it('links to an existing password account whose address was confirmed, keeping its password and sessions', async () => {
    const person = await signUp(http)
    await confirmAddress(http, server.dataDir, person.email)
    nextClaims = { sub: `sub-linked-${person.email}`, email: person.email.toUpperCase(), email_verified: true }
    const { final, token } = await signInThroughProvider('login')
    expect(final.searchParams.get('notice')).toBeNull()
    const me = await http.get('/api/auth/me', { token })
    expect(me.body.user.id).toBe(person.user.id)
    expect((await http.get('/api/auth/me', { token: person.token })).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

  it('takes an unconfirmed account back from whoever set its password before joining it', async () => {
    // Someone signs up with the victim's address; the victim later signs in through the provider.
    const squatter = await signUp(http, 'victim')
    const key = (await http.post('/api/apiKeys', { name: 'backdoor' }, { token: squatter.token })).body.key
    expect((await http.get('/api/links', { token: key })).status).toBe(200)
    nextClaims = { sub: `sub-victim-${squatter.email}`, email: squatter.email, email_verified: true }
    const { final, token } = await signInThroughProvider('login')
    expect(final.pathname).toBe('/login')
    expect(final.searchParams.get('notice')).toBe('account_reclaimed')
    expect((await http.get('/api/auth/me', { token })).body.user.id).toBe(squatter.user.id)
    // The squatter's session and password no longer open it.
    expect((await http.get('/api/auth/me', { token: squatter.token })).status).toBe(401)
    const login = await http.post('/api/auth/login', { email: squatter.email, password: PASSWORD })
    expect(login.status).toBe(401)
    const [row] = await sql<{ password_hash: string | null }>(server, 'select password_hash from users where id = $1', [squatter.user.id])
    expect(row.password_hash).toBeNull()
    expect((await http.get('/api/auth/email-status', { token })).body.emailVerified).toBe(true)
    expect((await http.get('/api/links', { token: key })).status).toBe(401)
  })

  it('signs nobody in through a token in the URL; the one-time code works once, and only beside its browser cookie', async () => {
    const email = uniqueEmail('code')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const start = await fetch(`${server.url}/api/auth/oidc?from=login`, { redirect: 'manual' })
    const cookie = start.headers.get('set-cookie')!.split(';')[0]
    const approved = await fetch(start.headers.get('location')!, { redirect: 'manual' })
    const done = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } })
    const location = new URL(done.headers.get('location')!, server.url)
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('token')).toBeNull()
    expect(location.searchParams.get('code')).toBeTruthy()
    const signIn = done.headers.getSetCookie().find((c) => c.startsWith('lc_signin='))!
    expect(signIn).toContain('HttpOnly')
    expect(signIn).toContain('Path=/api/auth/exchange')

    const code = location.searchParams.get('code')
    const post = (headers: Record<string, string>) => http.post('/api/auth/exchange', { code }, { headers })
    // Another browser (no cookie, or another cookie) gets nothing, and does not use the code up.
    const noCookie = await post({})
    expect(noCookie.status).toBe(401)
    expect(noCookie.body.message).toBe('This sign-in link is invalid or has expired. Please sign in again.')
    expect((await post({ cookie: 'lc_signin=someone-else' })).status).toBe(401)
    const first = await post({ cookie: signIn.split(';')[0] })
    expect(first.status).toBe(200)
    expect(first.body.user.email).toBe(email)
    expect((await http.get('/api/auth/me', { token: first.body.token })).status).toBe(200)
    expect((await post({ cookie: signIn.split(';')[0] })).status).toBe(401)
    expect((await http.post('/api/auth/exchange', { code: 'made-up' })).status).toBe(401)
  })

  it('deletes an account without a password only when its e-mail address is typed out (400 otherwise, nothing deleted)', async () => {
    const email = uniqueEmail('sso-delete')
    nextClaims = { sub: `sub-${email}`, email, email_verified: true }
    const { token } = await signInThroughProvider('signup')
    const me = await http.get('/api/auth/me', { token })
    expect(me.body.hasPassword).toBe(false)
    const deleteAccount = (proof: object) => http.call('DELETE', '/api/auth/delete-account', proof, { token })
    for (const proof of [{ email: uniqueEmail('someone-else') }, { currentPassword: PASSWORD }, {}]) {
      const refused = await deleteAccount(proof)
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual([{ field: 'email', message: 'The e-mail address does not match this account.' }])
    }
    expect((await http.get('/api/auth/me', { token })).status).toBe(200)
    expect((await sql(server, 'select id from accounts where id = $1', [me.body.user.accountId])).length).toBe(1)

    expect((await deleteAccount({ email: ` ${email.toUpperCase()} ` })).status).toBe(204)
    expect((await http.get('/api/auth/me', { token })).status).toBe(401)
    expect((await sql(server, 'select id from accounts where id = $1', [me.body.user.accountId])).length).toBe(0)
  })

  it('answers error=no_email when the provider gives no e-mail', async () => {
    nextClaims = { sub: `sub-no-email-${Date.now()}`, email: undefined, email_verified: undefined }
    const { final } = await signInThroughProvider('login')
    expect(final.pathname).toBe('/login')
    expect(final.searchParams.get('error')).toBe('no_email')
    expect(final.searchParams.get('provider')).toBe('Test SSO')
    expect(final.searchParams.get('token')).toBeNull()
  })

  it('refuses to link an unverified e-mail to an existing account', async () => {
    const person = await signUp(http)
    nextClaims = { sub: `sub-unverified-${person.email}`, email: person.email, email_verified: false }
    const { final } = await signInThroughProvider('signup')
    expect(final.pathname).toBe('/signup')
    expect(final.searchParams.get('error')).toBe('email_not_verified')
  })

  it('fails safely when the state or the round-trip cookie does not match', async () => {
    nextClaims = { sub: 'sub-tampered', email: uniqueEmail('tampered'), email_verified: true }
    const { callback } = await signInThroughProvider('login')
    // Replaying the callback without the cookie, or with another flow's cookie, must not sign in.
    const noCookie = await fetch(callback, { redirect: 'manual' })
    expect(new URL(noCookie.headers.get('location')!, server.url).searchParams.get('error')).toBe('sign_in_failed')
    const otherStart = await fetch(`${server.url}/api/auth/oidc?from=login`, { redirect: 'manual' })
    const otherCookie = otherStart.headers.get('set-cookie')!.split(';')[0]
    const mixed = await fetch(callback, { redirect: 'manual', headers: { cookie: otherCookie } })
    const location = new URL(mixed.headers.get('location')!, server.url)
    expect(location.searchParams.get('error')).toBe('sign_in_failed')
    expect(location.searchParams.get('token')).toBeNull()
  })
})
