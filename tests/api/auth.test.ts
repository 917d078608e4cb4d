import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SignJWT } from 'jose'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PASSWORD, runCommand, signUp } from '../helpers/accounts'
import { client, uniqueEmail, type Client } from '../helpers/http'
import { confirmLinkFor, readOutbox, resetLinkFor, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

let server: TestServer
let http: Client

beforeAll(async () => {
  // Behind a (pretend) proxy, so tests can call from several networks.
  server = await startServer({ env: { TRUST_PROXY: 'true' } })
  http = client(server.url)
})

let lastNetwork = 0
/** A client address of its own, so rate limits of one test do not touch another. */
const fromNetwork = (address = `198.51.100.${++lastNetwork}`) => ({ 'x-forwarded-for': address })
const LONG_PASSWORD = 'x'.repeat(201)
afterAll(() => server.close())

const me = (token: string) => http.get('/api/auth/me', { token })
const deleteAccount = (token: string | undefined, proof?: object) => http.call('DELETE', '/api/auth/delete-account', proof, { token })

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
    expect(user.emailVerified).toBe(false)
    expect(Object.keys(user).sort()).toEqual(['accountId', 'accountName', 'createdAt', 'email', 'emailVerified', 'id', 'isSuperAdmin', 'mustSetUpSecondFactor', 'plan', 'role', 'secondFactorRequired'])
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

  it('refuses a 201-character password with the too-long message', async () => {
    const email = uniqueEmail('long')
    const answer = await http.post('/api/auth/signup', { email, password: LONG_PASSWORD })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Password must be at most 200 characters.')
    expect(answer.body.errors).toEqual([{ field: 'password', message: 'Password must be at most 200 characters.' }])
    expect((await sql(server, 'select id from users where email = $1', [email])).length).toBe(0)
    expect((await http.post('/api/auth/signup', { email, password: 'y'.repeat(200) })).status).toBe(201)
  })
})

describe('e-mail confirmation', () => {
  const status = (token: string) => http.get('/api/auth/email-status', { token })

  it('mails a link on sign-up; the account works unconfirmed, and the link confirms it', async () => {
    const person = await signUp(http)
    expect((await status(person.token)).body).toEqual({ email: person.email, emailVerified: false })
    expect((await me(person.token)).status).toBe(200)
    const link = await waitForMail(() => confirmLinkFor(server.dataDir, person.email))
    expect(link).toStartWith(`${server.url}/verify-email?token=`)
    const answer = await http.post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Your email address is confirmed.' })
    expect((await status(person.token)).body).toEqual({ email: person.email, emailVerified: true })
  })

  it('refuses a made-up or tampered link and changes nothing', async () => {
    const person = await signUp(http)
    const link = await waitForMail(() => confirmLinkFor(server.dataDir, person.email))
    const token = new URL(link).searchParams.get('token')!
    for (const bad of ['made-up', `${token.slice(0, -4)}AAAA`]) {
      const answer = await http.post('/api/auth/verify-email', { token: bad })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('This confirmation link is invalid or has expired. Please request a new one.')
    }
    const [row] = await sql<{ email_verified_at: unknown }>(server, 'select email_verified_at from users where id = $1', [person.user.id])
    expect(row.email_verified_at).toBeNull()
  })

  it('mails a new link on request, a limited number of times', async () => {
    const person = await signUp(http)
    await waitForMail(() => confirmLinkFor(server.dataDir, person.email))
    const before = readOutbox(server.dataDir).filter((m) => m.to.includes(person.email)).length
    const again = await http.post('/api/auth/resend-verification', undefined, { token: person.token })
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('We sent you a new confirmation link.')
    expect(readOutbox(server.dataDir).filter((m) => m.to.includes(person.email)).length).toBe(before + 1)
    let last = again
    for (let i = 0; i < 5 && last.status === 200; i++) last = await http.post('/api/auth/resend-verification', undefined, { token: person.token })
    expect(last.status).toBe(429)
    expect((await http.post('/api/auth/resend-verification')).status).toBe(401)
  })
})

describe('log in', () => {
  it('answers a 201-character password with the too-long message, on sign-in and when one is confirmed', async () => {
    const person = await signUp(http)
    const login = await http.post('/api/auth/login', { email: person.email, password: LONG_PASSWORD })
    expect(login.status).toBe(400)
    expect(login.body.errors).toEqual([{ field: 'password', message: 'Password must be at most 200 characters.' }])
    const change = await http.patch('/api/auth/update-password', { currentPassword: LONG_PASSWORD, newPassword: 'another password' }, { token: person.token })
    expect(change.status).toBe(400)
    expect(change.body.message).toBe('Password must be at most 200 characters.')
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

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

  it('throttles repeated failures for one e-mail with 429, Retry-After and the product message', async () => {
    // The exact counts, each in one window, are in tests/api/sign-in-limits.test.ts; here a window's
    // edge may fall among the guesses, which then start counting again.
    const person = await signUp(http)
    let blocked = await http.post('/api/auth/login', { email: person.email, password: 'guess' })
    for (let i = 0; i < 10 && blocked.status === 401; i++) blocked = await http.post('/api/auth/login', { email: person.email, password: `guess ${i}` })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(blocked.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.')
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(429)
  })
})

describe('sessions', () => {
  it('signs out on the server: the token is refused afterwards, other sessions go on', async () => {
    const person = await signUp(http)
    const other = (await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).body.token
    expect((await http.post('/api/auth/logout')).status).toBe(401)
    const answer = await http.post('/api/auth/logout', undefined, { token: person.token })
    expect(answer.status).toBe(204)
    expect((await me(person.token)).status).toBe(401)
    expect((await http.post('/api/auth/logout', undefined, { token: person.token })).status).toBe(401)
    expect((await me(other)).status).toBe(200)
  })

  it('signs out everywhere: every session ends, this one included, and signing in again works', async () => {
    const person = await signUp(http)
    const other = (await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).body.token
    expect((await http.post('/api/auth/logout-everywhere', undefined, { token: person.token })).status).toBe(204)
    expect((await me(person.token)).status).toBe(401)
    expect((await me(other)).status).toBe(401)
    const again = await http.post('/api/auth/login', { email: person.email, password: PASSWORD })
    expect((await me(again.body.token)).status).toBe(200)
  })

  it("refuses a validly signed session token without exp; one without a session id is an older release's, kept", async () => {
    const person = await signUp(http)
    const secret = new TextEncoder().encode(readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim())
    const claims = { ver: 0, typ: 'session' }
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(person.user.id).setIssuer('linkcard').setJti('a-session').sign(secret)
    expect((await me(forever)).status).toBe(401)
    // Releases before sessions had an id signed no `jti` (tests/api/upgrade.test.ts): such a session is one of theirs.
    const older = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(person.user.id).setIssuer('linkcard').setExpirationTime('1h').sign(secret)
    expect((await me(older)).status).toBe(200)
    const [, payload] = person.token.split('.')
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ exp: expect.any(Number), jti: expect.any(String) })
  })

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

    const fresh = await new SignJWT(base).setProtectedHeader({ alg: 'HS256' }).setSubject(person.user.id).setIssuer('linkcard').setJti('s-1').setExpirationTime('1h').sign(secret)
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
  it('changes the e-mail only with the current password, refusing the same one and one taken by someone else', async () => {
    const person = await signUp(http)
    const other = await signUp(http)
    const update = (body: unknown) => http.patch('/api/auth/update-email', body, { token: person.token })
    const fresh = uniqueEmail('renamed')
    const missing = await update({ email: fresh })
    expect(missing.status).toBe(400)
    const wrong = await update({ email: fresh, currentPassword: 'not it at all' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Current password is incorrect.')
    const same = await update({ email: person.email.toUpperCase(), currentPassword: PASSWORD })
    expect(same.status).toBe(400)
    expect(same.body.message).toBe('The email address is the same as current.')
    const taken = await update({ email: other.email, currentPassword: PASSWORD })
    expect(taken.status).toBe(409)
    expect(confirmLinkFor(server.dataDir, fresh)).toBeUndefined()
    expect((await me(person.token)).body.user.email).toBe(person.email)
  })

  it('applies a new e-mail only when it confirms, and tells the old address', async () => {
    const person = await signUp(http)
    const fresh = uniqueEmail('moved')
    const started = await http.patch('/api/auth/update-email', { email: fresh, currentPassword: PASSWORD }, { token: person.token })
    expect(started.status).toBe(200)
    expect(started.body.user.email).toBe(person.email)
    expect(started.body.message).toBe(`We sent a confirmation link to ${fresh}. Your address changes when you open it.`)
    // Nothing changes until the new address confirms.
    expect((await me(person.token)).body.user.email).toBe(person.email)
    expect((await http.post('/api/auth/login', { email: fresh, password: PASSWORD })).status).toBe(401)
    const told = await waitForMail(() => readOutbox(server.dataDir).find((m) => m.to.includes(person.email) && m.text.includes(fresh)))
    expect(told.subject).toBe('Your Linkcard email address is about to change')

    // A reset link mailed to the old address dies with it.
    await http.post('/api/auth/forgot-password', { email: person.email })
    const reset = await waitForMail(() => resetLinkFor(server.dataDir, person.email))
    const link = confirmLinkFor(server.dataDir, fresh)!
    const confirmed = await http.post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.message).toBe('Your email address has been changed.')
    expect((await me(person.token)).body.user.email).toBe(fresh)
    expect((await http.get('/api/auth/email-status', { token: person.token })).body.emailVerified).toBe(true)
    expect((await http.post('/api/auth/login', { email: fresh, password: PASSWORD })).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(401)
    const late = await http.post('/api/auth/reset-password', { token: new URL(reset).searchParams.get('token'), newPassword: 'taken over now' })
    expect(late.status).toBe(400)
    // The link works once: the address it moves from is gone.
    expect((await http.post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') })).status).toBe(400)
  })

  it('changes the password, ending every earlier session, and answers a fresh one', async () => {
    const person = await signUp(http)
    const otherDevice = (await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).body.token
    const wrong = await http.patch('/api/auth/update-password', { currentPassword: 'not it at all', newPassword: 'a new password' }, { token: person.token })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Current password is incorrect.')
    const short = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'short' }, { token: person.token })
    expect(short.status).toBe(400)
    const long = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: LONG_PASSWORD }, { token: person.token })
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('Password must be at most 200 characters.')
    expect((await me(otherDevice)).status).toBe(200) // nothing changed by the refusals

    const changed = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'a new password' }, { token: person.token })
    expect(changed.status).toBe(200)
    expect((await me(person.token)).status).toBe(401)
    expect((await me(otherDevice)).status).toBe(401)
    expect((await me(changed.body.token)).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: 'a new password' })).status).toBe(200)
  })

  it('deletes the account with its last user, given the password: sessions and sign-in stop working', async () => {
    const person = await signUp(http)
    expect((await deleteAccount(undefined, { currentPassword: PASSWORD })).status).toBe(401)
    expect((await me(person.token)).body.hasPassword).toBe(true)
    const answer = await deleteAccount(person.token, { currentPassword: PASSWORD })
    expect(answer.status).toBe(204)
    expect((await me(person.token)).status).toBe(401)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(401)
    expect((await sql(server, 'select id from accounts where id = $1', [person.user.accountId])).length).toBe(0)
  })

  it('refuses to delete the account without the right password (400, nothing deleted)', async () => {
    const person = await signUp(http)
    const link = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/kept', title: 'Kept' }, { token: person.token })
    for (const proof of [{ currentPassword: 'not it at all' }, { email: person.email }, {}]) {
      const refused = await deleteAccount(person.token, proof)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe('Current password is incorrect.')
      expect(refused.body.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect.' }])
    }
    expect((await deleteAccount(person.token)).status).toBe(400)
    expect((await me(person.token)).status).toBe(200)
    expect((await http.get(`/api/shareLinks/${link.body.id}`, { token: person.token })).status).toBe(200)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })
})

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists, and mails only a real user', async () => {
    const person = await signUp(http)
    const resetMails = () => readOutbox(server.dataDir).filter((m) => m.subject === 'Reset your Linkcard password')
    const before = resetMails().length
    const known = await http.post('/api/auth/forgot-password', { email: person.email })
    const unknown = await http.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(await waitForMail(() => resetLinkFor(server.dataDir, person.email))).toStartWith(`${server.url}/reset-password?token=`)
    const mails = resetMails()
    expect(mails.length).toBe(before + 1)
    expect(mails.at(-1)!.to).toContain(person.email)
  })

  it('stores only a hash of the token, which works once', async () => {
    const person = await signUp(http)
    await http.post('/api/auth/forgot-password', { email: person.email })
    const token = new URL(await waitForMail(() => resetLinkFor(server.dataDir, person.email))).searchParams.get('token')!
    const stored = await sql<{ token_hash: string }>(server, 'select token_hash from password_reset_tokens where user_id = $1', [person.user.id])
    expect(stored.length).toBe(1)
    expect(stored[0].token_hash).not.toContain(token)
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/)

    const short = await http.post('/api/auth/reset-password', { token, newPassword: 'short' })
    expect(short.status).toBe(400)
    const long = await http.post('/api/auth/reset-password', { token, newPassword: LONG_PASSWORD })
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('Password must be at most 200 characters.')
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
    const token = new URL(await waitForMail(() => resetLinkFor(server.dataDir, person.email))).searchParams.get('token')!
    await sql(server, 'update password_reset_tokens set expires_at = $1 where user_id = $2', [dbTime(server, new Date(Date.now() - 1000)), person.user.id])
    const answer = await http.post('/api/auth/reset-password', { token, newPassword: 'too late now' })
    expect(answer.status).toBe(400)
    expect((await http.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200)
  })

  it('refuses an unknown token, and limits bogus tokens per client', async () => {
    const headers = fromNetwork()
    for (let i = 0; i < 10; i++) {
      const answer = await http.post('/api/auth/reset-password', { token: `made-up-token-${i}`, newPassword: 'whatever pass' }, { headers })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('This reset link is invalid or has expired. Please request a new password reset.')
    }
    const blocked = await http.post('/api/auth/reset-password', { token: 'made-up-token-x', newPassword: 'whatever pass' }, { headers })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not blocked.
    expect((await http.post('/api/auth/reset-password', { token: 'made-up-token-y', newPassword: 'whatever pass' }, { headers: fromNetwork() })).status).toBe(400)
  })

  it('kills reset links when the password changes', async () => {
    const person = await signUp(http)
    await http.post('/api/auth/forgot-password', { email: person.email })
    const token = new URL(await waitForMail(() => resetLinkFor(server.dataDir, person.email))).searchParams.get('token')!
    expect((await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'a new password' }, { token: person.token })).status).toBe(200)
    const answer = await http.post('/api/auth/reset-password', { token, newPassword: 'attacker password' })
    expect(answer.status).toBe(400)
    expect((await http.post('/api/auth/login', { email: person.email, password: 'a new password' })).status).toBe(200)
  })
})

describe('forgot password with a mail server that never answers', () => {
  it('answers a known address as fast as an unknown one: the mail goes out in the background', async () => {
    // An SMTP server that accepts connections and never says a word.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const slow = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${silent.port}` } })
    try {
      const slowHttp = client(slow.url)
      const person = await signUp(slowHttp)
      const timed = async (email: string) => {
        const started = performance.now()
        const answer = await slowHttp.post('/api/auth/forgot-password', { email })
        return { answer, ms: performance.now() - started }
      }
      const known = await timed(person.email)
      const unknown = await timed(uniqueEmail('nobody'))
      expect(known.answer.status).toBe(200)
      expect(known.answer.body).toEqual(unknown.answer.body)
      // Awaiting the mail would take until the SMTP greeting timed out (30 s).
      expect(known.ms).toBeLessThan(5000)
    } finally {
      await slow.close()
      silent.stop(true)
    }
  }, 60_000)
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

  it('exits non-zero with a clear message, creating nothing, when DATA_DIR holds no database', async () => {
    const person = await signUp(http)
    const elsewhere = join(server.dataDir, 'not-an-installation')
    const result = await runCommand(server, ['grant-admin', person.email], { DATA_DIR: elsewhere, DATABASE_URL: '' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`No Linkcard database at ${join(elsewhere, 'linkcard.db')}.`)
    expect(existsSync(elsewhere)).toBe(false)
    expect((await me(person.token)).body.user.isSuperAdmin).toBe(false)
  })

  it('exits non-zero with a clear message when no such user exists', async () => {
    const result = await runCommand(server, ['grant-admin', 'nobody-at-all@example.com'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('No user has the e-mail address nobody-at-all@example.com.')
  })
})

describe('confirm-email', () => {
  it("confirms an address without the mailed link, says so once it is, and names an unknown one", async () => {
    const person = await signUp(http)
    const status = async () => (await http.get('/api/auth/email-status', { token: person.token })).body.emailVerified
    expect(await status()).toBe(false)
    const confirmed = await runCommand(server, ['confirm-email', person.email.toUpperCase()])
    expect(confirmed).toMatchObject({ code: 0 })
    expect(confirmed.stdout).toContain(`${person.email} is now confirmed.`)
    expect(await status()).toBe(true)
    expect((await runCommand(server, ['confirm-email', person.email])).stdout).toContain(`${person.email} was confirmed already.`)
    const unknown = await runCommand(server, ['confirm-email', 'nobody-at-all@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user has the e-mail address nobody-at-all@example.com.')
  })
})

describe('identity providers', () => {
  it('lists none when none is configured', async () => {
    expect((await http.get('/api/auth/providers')).body).toEqual([])
    expect((await http.get('/api/auth/google')).status).toBe(404)
  })
})
