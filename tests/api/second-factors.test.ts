// Second factors over HTTP: an authenticator app (TOTP) set up, confirmed and turned off; sign-in
// that answers a challenge, not a session, until a code comes; codes and challenges that work once,
// on one instance or two; recovery codes; guesses limited.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SignJWT } from 'jose'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { readOutbox, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let http: Client

beforeAll(async () => {
  // Behind a (pretend) proxy, so each test guesses from a network of its own.
  server = await startServer({ env: { TRUST_PROXY: 'true' } })
  http = client(server.url)
})
afterAll(() => server.close())

let lastNetwork = 0
const fromNetwork = () => ({ 'x-forwarded-for': `203.0.113.${++lastNetwork}` })

/** The code an authenticator app shows for `secret`, `steps` periods of 30 seconds from now. */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

/** A new user with an authenticator confirmed: their secret and recovery codes. */
async function withAuthenticator(label: string) {
  const person = await signUp(http, label)
  const setup = await http.post('/api/auth/2fa/totp/setup', {}, { token: person.token })
  expect(setup.status).toBe(200)
  const enabled = await http.post('/api/auth/2fa/totp/enable', { code: codeOf(setup.body.secret) }, { token: person.token })
  expect(enabled.status).toBe(200)
  return { person, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] }
}

/** Six digits no authenticator of `secret` shows in the minute around now. */
function wrongCodeFor(secret: string) {
  const current = new Set([-2, -1, 0, 1, 2].map((steps) => codeOf(secret, steps)))
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !current.has(code))!
}

const signIn = (person: SignedIn, headers = fromNetwork()) => http.post('/api/auth/login', { email: person.email, password: PASSWORD }, { headers })
const verify = (challenge: string, code: string, headers = fromNetwork(), on = http) => on.post('/api/auth/2fa/verify', { challenge, code }, { headers })
const me = (token: string) => http.get('/api/auth/me', { token })

describe('setting up an authenticator', () => {
  it('answers a secret and its otpauth address, keeps the secret sealed, and turns on only with a right code', async () => {
    const person = await signUp(http, 'setup')
    expect((await http.get('/api/auth/2fa', { token: person.token })).body).toEqual({ totp: false, passkeys: false, recoveryCodesLeft: 0 })
    const setup = await http.post('/api/auth/2fa/totp/setup', {}, { token: person.token })
    expect(setup.status).toBe(200)
    expect(setup.headers.get('cache-control')).toBe('no-store')
    const { secret, otpauthUrl } = setup.body
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const address = new URL(otpauthUrl)
    expect(address.protocol).toBe('otpauth:')
    expect(address.searchParams.get('secret')).toBe(secret)
    expect(address.searchParams.get('issuer')).toBe('Linkcard')
    expect(decodeURIComponent(address.pathname)).toContain(person.email)
    const [stored] = await sql<{ secret: string }>(server, 'select secret from totp_factors where user_id = $1', [person.user.id])
    expect(stored.secret).not.toContain(secret)
    // Not on until a code proves the app holds the secret: signing in still takes a password alone.
    expect((await signIn(person)).body.token).toBeString()

    const wrong = await http.post('/api/auth/2fa/totp/enable', { code: String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0') }, { token: person.token })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].field).toBe('code')
    const enabled = await http.post('/api/auth/2fa/totp/enable', { code: codeOf(secret) }, { token: person.token })
    expect(enabled.status).toBe(200)
    expect(enabled.body.recoveryCodes).toHaveLength(10)
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10)
    const stored10 = await sql<{ code_hash: string }>(server, 'select code_hash from recovery_codes where user_id = $1', [person.user.id])
    expect(stored10).toHaveLength(10)
    expect(stored10.map((row) => row.code_hash)).not.toContain(enabled.body.recoveryCodes[0])
    expect((await http.get('/api/auth/2fa', { token: person.token })).body).toEqual({ totp: true, passkeys: false, recoveryCodesLeft: 10 })
    // Recorded in the account's audit log, by the person, with no secret in it.
    const log = await http.get('/api/audit-log?action=security', { token: person.token })
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['security.two_factor_enabled'])
    expect(log.body.entries[0].actor).toMatchObject({ type: 'user', id: person.user.id })
    expect(log.text).not.toContain(secret)
    // One authenticator at a time.
    expect((await http.post('/api/auth/2fa/totp/setup', {}, { token: person.token })).status).toBe(409)
  })

  it('asks for a session before reading anything', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/2fa/totp/setup'],
      ['POST', '/api/auth/2fa/totp/enable'],
      ['DELETE', '/api/auth/2fa/totp'],
      ['GET', '/api/auth/2fa'],
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/options'],
      ['POST', '/api/auth/passkeys'],
      ['PATCH', '/api/auth/passkeys/any'],
      ['DELETE', '/api/auth/passkeys/any'],
    ]) {
      const answer = await http.call(method!, path!, undefined, method === 'GET' ? {} : { raw: '{not json', headers: { 'content-type': 'application/json' } })
      expect(answer.status).toBe(401)
    }
  })
})

describe('signing in with a second factor', () => {
  it('answers a challenge and no session to the password, and a session to the code', async () => {
    const { person, secret } = await withAuthenticator('challenged')
    const first = await signIn(person)
    expect(first.status).toBe(200)
    expect(first.body.token).toBeUndefined()
    expect(first.body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] })
    const wrong = await verify(first.body.challenge, wrongCodeFor(secret))
    expect(wrong.status).toBe(401)
    // A typo keeps the challenge: the next code still completes it.
    const done = await verify(first.body.challenge, codeOf(secret, 1))
    expect(done.status).toBe(200)
    expect((await me(done.body.token)).status).toBe(200)
    expect(done.body.user.email).toBe(person.email)
  })

  it('takes a code once, and a challenge once', async () => {
    const { person, secret, recoveryCodes } = await withAuthenticator('once')
    const next = codeOf(secret, 1)
    const challenge = (await signIn(person)).body.challenge
    expect((await verify(challenge, next)).status).toBe(200)
    // The same code with a fresh challenge: replayed.
    expect((await verify((await signIn(person)).body.challenge, next)).status).toBe(401)
    // The code that turned the app on, and older ones, are spent too.
    expect((await verify((await signIn(person)).body.challenge, codeOf(secret))).status).toBe(401)
    // The completed challenge with a code no one used yet.
    const again = await verify(challenge, recoveryCodes[0]!)
    expect(again.status).toBe(401)
    expect(again.body.message).toBe('This sign-in has expired or was already completed. Please sign in again.')
  })

  it('refuses a challenge past its five minutes, or one a changed password ended', async () => {
    const { person, secret, recoveryCodes } = await withAuthenticator('expired')
    const key = new TextEncoder().encode(readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim())
    const past = Math.floor(Date.now() / 1000) - 1
    const expired = await new SignJWT({ sub: person.user.id, ver: 0, typ: 'second-factor' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('linkcard').setJti('expired-challenge').setExpirationTime(past).sign(key)
    const late = await verify(expired, codeOf(secret, 1))
    expect(late.status).toBe(401)
    expect(late.body.message).toBe('This sign-in has expired or was already completed. Please sign in again.')

    const challenge = (await signIn(person)).body.challenge
    const session = await verify((await signIn(person)).body.challenge, codeOf(secret, 1))
    const changed = await http.call('PATCH', '/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'a different passphrase' }, { token: session.body.token })
    expect(changed.status).toBe(200)
    const stale = await verify(challenge, recoveryCodes[0]!)
    expect(stale.status).toBe(401)
  })

  it('takes each recovery code once, in any letter case and spacing', async () => {
    const { person, recoveryCodes } = await withAuthenticator('recovery')
    const [code] = recoveryCodes
    const typed = ` ${code!.toUpperCase().replace('-', ' ')} `
    const done = await verify((await signIn(person)).body.challenge, typed)
    expect(done.status).toBe(200)
    expect((await verify((await signIn(person)).body.challenge, code!)).status).toBe(401)
    expect((await http.get('/api/auth/2fa', { token: done.body.token })).body).toEqual({ totp: true, passkeys: false, recoveryCodesLeft: 9 })
    // Another user's code opens nothing here.
    const other = await withAuthenticator('recovery-other')
    expect((await verify((await signIn(person)).body.challenge, other.recoveryCodes[0]!)).status).toBe(401)
  })

  it('limits wrong codes for a user, whatever the network, until a right one is refused too', async () => {
    const { person, secret } = await withAuthenticator('guessed')
    const challenge = (await signIn(person)).body.challenge
    const right = codeOf(secret, 1)
    const wrong = wrongCodeFor(secret)
    for (let guess = 0; guess < 5; guess++) expect((await verify(challenge, wrong)).status).toBe(401)
    const limited = await verify(challenge, right)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('lets one code through once when two instances get it at the same moment', async () => {
    const { person, secret } = await withAuthenticator('two-instances')
    // A second instance on the same database and secret (the same data folder on SQLite).
    const second = await startServer({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, env: { TRUST_PROXY: 'true' } })
    try {
      const code = codeOf(secret, 1)
      const [a, b] = [(await signIn(person)).body.challenge, (await signIn(person)).body.challenge]
      const answers = await Promise.all([verify(a, code), verify(b, code, fromNetwork(), client(second.url))])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    } finally {
      await second.close()
    }
  })
})

describe('turning the second factor off', () => {
  it('takes the password, tells the user by mail, and signing in takes the password alone again', async () => {
    const { person, recoveryCodes } = await withAuthenticator('off')
    const session = await verify((await signIn(person)).body.challenge, recoveryCodes[0]!)
    const token = session.body.token
    const wrongPassword = await http.call('DELETE', '/api/auth/2fa/totp', { currentPassword: 'not the password' }, { token })
    expect(wrongPassword.status).toBe(400)
    expect((await http.get('/api/auth/2fa', { token })).body.totp).toBe(true)
    const off = await http.call('DELETE', '/api/auth/2fa/totp', { currentPassword: PASSWORD }, { token })
    expect(off.status).toBe(204)
    expect((await http.get('/api/auth/2fa', { token })).body).toEqual({ totp: false, passkeys: false, recoveryCodesLeft: 0 })
    expect((await sql(server, 'select 1 from recovery_codes where user_id = $1', [person.user.id])).length).toBe(0)
    expect((await signIn(person)).body.token).toBeString()
    const log = await http.get('/api/audit-log?action=security', { token })
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['security.two_factor_disabled', 'security.two_factor_enabled'])
    await waitForMail(() => readOutbox(server.dataDir).find((mail) => mail.to === person.email && mail.subject.includes('The authenticator app is off')))
  })
})

describe('passkeys over the API', () => {
  it("answers 404 for a passkey that is not the user's, and refuses answers no authenticator made", async () => {
    const person = await signUp(http, 'passkey-api')
    expect((await http.get('/api/auth/passkeys', { token: person.token })).body).toEqual({ passkeys: [] })
    expect((await http.call('DELETE', '/api/auth/passkeys/someone-elses', undefined, { token: person.token })).status).toBe(404)
    expect((await http.call('PATCH', '/api/auth/passkeys/someone-elses', { name: 'Mine now' }, { token: person.token })).status).toBe(404)
    const { options, ticket } = (await http.post('/api/auth/passkeys/options', {}, { token: person.token })).body
    expect(options.rp.id).toBe('127.0.0.1')
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} }
    const refused = await http.post('/api/auth/passkeys', { ticket, name: 'Forged', response: forged }, { token: person.token })
    expect(refused.status).toBe(400)
    expect((await http.get('/api/auth/passkeys', { token: person.token })).body.passkeys).toHaveLength(0)
    // A passwordless sign-in with an answer no passkey here made.
    const start = (await http.post('/api/auth/passkeys/sign-in-options', {})).body
    expect(start.options.allowCredentials).toEqual([])
    const signIn = await http.post('/api/auth/passkeys/sign-in', { ticket: start.ticket, response: { ...forged, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } }, { headers: fromNetwork() })
    expect(signIn.status).toBe(401)
    expect(signIn.body.token).toBeUndefined()
  })
})
