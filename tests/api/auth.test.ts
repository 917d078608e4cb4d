import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SignJWT } from 'jose'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PASSWORD, runCommand, signUp } from '../helpers/accounts'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { readOutbox, resetLinkFor } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
})
afterAll(() => server.close())

const me = (token: string) => http.get('/api/auth/me', { token })

describe('sign up', () => {
  it('creates the account and its owner and answers 201 {token, user}', async () => {
    const email = uniqueEmail('Owner').replace('owner', 'OWNER')
    const answer = await http.post('/api/auth/signup', { email: `  ${email}  `.trim(), password: PASSWORD })
    expect(answer.status).toBe(201)
    expect(typeof answer.body.token).toBe('string')
    const { user } = answer.body
    expect(user.email).toBe(email.toLowerCase())
    expect(user.role).toBe('owner')
    expect(user.isSuperAdmin).toBe(false)
    expect(user.plan).toBe('free')
    expect(user.accountName).toBe(email.toLowerCase().split('@')[0])
    expect(Object.keys(user).sort()).toEqual(['accountId', 'accountName', 'createdAt', 'email', 'id', 'isSuperAdmin', 'plan', 'role'])
    const [stored] = await sql<{ password_hash: string }>(server, 'select password_hash from users where id = $1', [user.id])
    expect(stored.password_hash.startsWith('$argon2id$')).toBe(true)
  })

  it('answers 409 for an e-mail already taken, in any letter case, and keeps the first account', async () => {
    const first = await signUp(http)
    const again = await http.post('/api/auth/signup', { email: first.email.toUpperCase(), password: 'another password' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('An account with this email already exists.')
    expect((await http.post('/api/auth/login', { email: first.email, password: PASSWORD })).status).toBe(200)
  })

  it('refuses a short password or a bad e-mail with 400 and the product message', async () => {
    const email = uniqueEmail()
    const short = await http.post('/api/auth/signup', { email, password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Password must be at least 8 characters.')
    const bad = await http.post('/api/auth/signup', { email: 'not-an-email', password: PASSWORD })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('email')
    const missing = await http.post('/api/auth/signup', {})
    expect(missing.status).toBe(400)
    expect((await sql(server, 'select id from users where email = $1', [email])).length).toBe(0)
  })
})

describe('log in', () => {
  it('answers {token, user} for the right password, whatever the e-mail case', async () => {
    const person = await signUp(http)
    const answer = await http.post('/api/auth/login', { email: person.email.toUpperCase(), password: PASSWORD })
    expect(answer.status).toBe(200)
    expect(answer.body.user.id).toBe(person.user.id)
    expect((await me(answer.body.token)).status).toBe(200)
  })

  it('answers 401 with one message for a wrong password and an unknown e-mail alike', async () => {
    const person = await signUp(http)
    const wrong = await http.post('/api/auth/login', { email: person.email, password: 'wrong password' })
    const unknown = await http.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ message: 'Invalid email or password.' })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('throttles repeated failures for one e-mail with 429 and Retry-After, known or not', async () => {
    for (const email of [(await signUp(http)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await http.post('/api/auth/login', { email, password: `guess ${i}` })).status).toBe(401)
      const blocked = await http.post('/api/auth/login', { email, password: PASSWORD })
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(blocked.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.')
    }
  })
})

describe('sessions', () => {
  it('answers 401 without a token, with a forged one, an expired one and an alg:none one', async () => {
    const person = await signUp(http)
    expect((await http.get('/api/auth/me')).status).toBe(401)
    const [head, payload] = person.token.split('.')
    expect((await me(`${head}.${payload}.${'A'.repeat(43)}`)).status).toBe(401)

    const secret = new TextEncoder().encode(readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim())
    const base = { ver: 0, typ: 'session' }
    const expired = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(person.user.id)
      .setIssuer('linkcard')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret)
    expect((await me(expired)).status).toBe(401)

    const fresh = await new SignJWT(base).setProtectedHeader({ alg: 'HS256' }).setSubject(person.user.id).setIssuer('linkcard').setExpirationTime('1h').sign(secret)
    expect((await me(fresh)).status).toBe(200) // the same claims, validly signed, work: the checks above are real

    const none = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...base, sub: person.user.id, iss: 'linkcard', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url'),
      '',
    ].join('.')
    expect((await me(none)).status).toBe(401)
  })
})

describe('account changes', () => {
  it('changes the e-mail, refusing the same one and one taken by someone else', async () => {
    const person = await signUp(http)
    const other = await signUp(http)
    const same = await http.patch('/api/auth/update-email', { email: person.email.toUpperCase() }, { token: person.token })
    expect(same.status).toBe(400)
    expect(same.body.message).toBe('The email address is the same as current.')
    const taken = await http.patch('/api/auth/update-email', { email: other.email }, { token: person.token })
    expect(taken.status).toBe(409)
    const fresh = uniqueEmail('renamed')
    const changed = await http.patch('/api/auth/update-email', { email: fresh }, { token: person.token })
    expect(changed.status).toBe(200)
    expect(changed.body.user.email).toBe(fresh)
    expect((await http.post('/api/auth/login', { email: fresh, password: PASSWORD })).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(401)
  })

  it('changes the password, ending every earlier session, and answers a fresh one', async () => {
    const person = await signUp(http)
    const otherDevice = (await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).body.token
    const wrong = await http.patch('/api/auth/update-password', { currentPassword: 'not it at all', newPassword: 'a new password' }, { token: person.token })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Current password is incorrect.')
    const short = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'short' }, { token: person.token })
    expect(short.status).toBe(400)
    expect((await me(otherDevice)).status).toBe(200) // nothing changed by the refusals

    const changed = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'a new password' }, { token: person.token })
    expect(changed.status).toBe(200)
    expect((await me(person.token)).status).toBe(401)
    expect((await me(otherDevice)).status).toBe(401)
    expect((await me(changed.body.token)).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: 'a new password' })).status).toBe(200)
  })

  it('deletes the account with its last user: sessions and sign-in stop working', async () => {
    const person = await signUp(http)
    expect((await http.delete('/api/auth/delete-account')).status).toBe(401)
    const answer = await http.delete('/api/auth/delete-account', { token: person.token })
    expect(answer.status).toBe(204)
    expect((await me(person.token)).status).toBe(401)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(401)
    expect((await sql(server, 'select id from accounts where id = $1', [person.user.accountId])).length).toBe(0)
  })
})

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists, and mails only a real user', async () => {
    const person = await signUp(http)
    const before = readOutbox(server.dataDir).length
    const known = await http.post('/api/auth/forgot-password', { email: person.email })
    const unknown = await http.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    const mails = readOutbox(server.dataDir)
    expect(mails.length).toBe(before + 1)
    expect(mails.at(-1)!.to).toContain(person.email)
    expect(resetLinkFor(server.dataDir, person.email)).toStartWith(`${server.url}/reset-password?token=`)
  })

  it('stores only a hash of the token, which works once', async () => {
    const person = await signUp(http)
    await http.post('/api/auth/forgot-password', { email: person.email })
    const token = new URL(resetLinkFor(server.dataDir, person.email)!).searchParams.get('token')!
    const stored = await sql<{ token_hash: string }>(server, 'select token_hash from password_reset_tokens where user_id = $1', [person.user.id])
    expect(stored.length).toBe(1)
    expect(stored[0].token_hash).not.toContain(token)
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/)

    const short = await http.post('/api/auth/reset-password', { token, newPassword: 'short' })
    expect(short.status).toBe(400)
    const first = await http.post('/api/auth/reset-password', { token, newPassword: 'reset password 1' })
    expect(first.status).toBe(200)
    expect((await me(person.token)).status).toBe(401) // earlier sessions end
    const second = await http.post('/api/auth/reset-password', { token, newPassword: 'reset password 2' })
    expect(second.status).toBe(400)
    expect(second.body.message).toBe('This reset link is invalid or has expired. Please request a new password reset.')
    expect((await http.post('/api/auth/login', { email: person.email, password: 'reset password 1' })).status).toBe(200)
  })

  it('refuses a token past its hour', async () => {
    const person = await signUp(http)
    await http.post('/api/auth/forgot-password', { email: person.email })
    const token = new URL(resetLinkFor(server.dataDir, person.email)!).searchParams.get('token')!
    await sql(server, 'update password_reset_tokens set expires_at = $1 where user_id = $2', [dbTime(server, new Date(Date.now() - 1000)), person.user.id])
    const answer = await http.post('/api/auth/reset-password', { token, newPassword: 'too late now' })
    expect(answer.status).toBe(400)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const answer = await http.post('/api/auth/reset-password', { token: 'made-up-token', newPassword: 'whatever pass' })
    expect(answer.status).toBe(400)
  })
})

describe('grant-admin', () => {
  it('makes an existing user a super admin and takes it back', async () => {
    const person = await signUp(http)
    const granted = await runCommand(server, ['grant-admin', person.email.toUpperCase()])
    expect(granted.code).toBe(0)
    expect(granted.stdout).toContain(`${person.email} is now a super admin.`)
    expect((await me(person.token)).body.user.isSuperAdmin).toBe(true)
    const revoked = await runCommand(server, ['grant-admin', '--revoke', person.email])
    expect(revoked.code).toBe(0)
    expect((await me(person.token)).body.user.isSuperAdmin).toBe(false)
  })

  it('exits non-zero with a clear message when no such user exists', async () => {
    const result = await runCommand(server, ['grant-admin', 'nobody-at-all@example.com'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('No user has the e-mail address nobody-at-all@example.com.')
  })
})

describe('identity providers', () => {
  it('lists none when none is configured', async () => {
    expect((await http.get('/api/auth/providers')).body).toEqual([])
    expect((await http.get('/api/auth/google')).status).toBe(404)
  })
})
