// Active sessions (issue 41): each sign-in is listed with where it came from, can be ended alone,
// and a sign-in from a browser the person has not used before is mailed to them.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SignJWT } from 'jose'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { readOutbox, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client

beforeAll(async () => {
  // Behind a (pretend) proxy that tells the client's address and country.
  server = await startServer({ env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' } })
  http = client(server.url)
})
afterAll(() => server.close())

type ListedSession = { id: string; current: boolean; browser: string; device: string; country: string | null; createdAt: string; lastSeenAt: string }

let lastNetwork = 0
/** A browser at an address of its own (documentation range: no country), so rate limits of one test do not touch another. */
const from = (userAgent: string, more: Record<string, string> = {}) => ({ 'user-agent': userAgent, 'x-forwarded-for': `198.51.100.${++lastNetwork}`, ...more })

const signIn = async (who: SignedIn, headers: Record<string, string>) => {
  const answer = await http.post('/api/auth/login', { email: who.email, password: who.password }, { headers })
  expect(answer.status).toBe(200)
  return answer.body.token as string
}
const sessionsOf = async (token: string, headers?: Record<string, string>) => {
  const answer = await http.get('/api/auth/sessions', { token, headers })
  expect(answer.status).toBe(200)
  return answer.body.sessions as ListedSession[]
}
const me = (token: string) => http.get('/api/auth/me', { token })
const endSession = (token: string, id: string) => http.delete(`/api/auth/sessions/${encodeURIComponent(id)}`, { token })
const person = (label = 'sessions') => signUp(http, label, from(BROWSER_UA.chromeWindows))
/** The token's session id, as the list names it. */
const idOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string
const jwtSecret = () => new TextEncoder().encode(readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim())

describe('the list', () => {
  it('names each session by browser, device and country, this one marked current', async () => {
    const owner = await person()
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone, { 'cf-ipcountry': 'de' }))
    const sessions = await sessionsOf(phone)
    expect(sessions).toHaveLength(2)
    for (const session of sessions) expect(Object.keys(session).sort()).toEqual(['browser', 'country', 'createdAt', 'current', 'device', 'id', 'lastSeenAt'])
    const [current, other] = sessions
    expect(current).toMatchObject({ id: idOf(phone), current: true, browser: 'Safari', device: 'iPhone', country: 'DE' })
    expect(other).toMatchObject({ id: idOf(owner.token), current: false, browser: 'Chrome', device: 'Windows PC', country: null })
    for (const at of [current.createdAt, current.lastSeenAt, other.createdAt, other.lastSeenAt]) expect(new Date(at).toISOString()).toBe(at)
    expect(Date.now() - Date.parse(current.createdAt)).toBeLessThan(60_000)
    // The same list seen from the other session: only the current flag moves.
    const fromLaptop = await sessionsOf(owner.token)
    expect(fromLaptop.map((session) => [session.id, session.current])).toEqual([
      [idOf(owner.token), true],
      [idOf(phone), false],
    ])
  })

  it("takes the country from the client's address when no proxy names it", async () => {
    const owner = await person()
    // 8.8.8.8 is Google's, listed in the United States.
    const token = await signIn(owner, { 'user-agent': BROWSER_UA.firefoxLinux, 'x-forwarded-for': '8.8.8.8' })
    expect((await sessionsOf(token))[0]).toMatchObject({ browser: 'Firefox', device: 'Linux PC', country: 'US' })
  })

  it('answers 401 without a token, before it reads the body', async () => {
    const owner = await person()
    expect((await http.get('/api/auth/sessions')).status).toBe(401)
    const garbled = await http.call('DELETE', `/api/auth/sessions/${idOf(owner.token)}`, undefined, { raw: '{not json', headers: { 'content-type': 'application/json' } })
    expect(garbled.status).toBe(401)
    const forged = await http.call('DELETE', `/api/auth/sessions/${idOf(owner.token)}`, undefined, { token: `${owner.token}x`, raw: '{not json', headers: { 'content-type': 'application/json' } })
    expect(forged.status).toBe(401)
    expect((await me(owner.token)).status).toBe(200)
  })
})

describe('ending a session', () => {
  it('refuses its token from then on, and the others keep working', async () => {
    const owner = await person()
    const [phone, tablet] = [await signIn(owner, from(BROWSER_UA.safariIphone)), await signIn(owner, from(BROWSER_UA.chromeAndroid))]
    const ended = await endSession(owner.token, idOf(phone))
    expect(ended.status).toBe(204)
    expect((await me(phone)).status).toBe(401)
    expect((await http.get('/api/shareLinks', { token: phone })).status).toBe(401)
    expect((await me(tablet)).status).toBe(200)
    expect((await me(owner.token)).status).toBe(200)
    expect((await sessionsOf(tablet)).map((session) => session.id).sort()).toEqual([idOf(owner.token), idOf(tablet)].sort())
    // Ended is ended: the id no longer names a session to end.
    expect((await endSession(owner.token, idOf(phone))).status).toBe(404)
  })

  it("answers 404 for another user's session, which keeps working", async () => {
    const [owner, stranger] = [await person(), await person('stranger')]
    const answer = await endSession(stranger.token, idOf(owner.token))
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('Session not found.')
    expect((await endSession(stranger.token, 'no-such-session')).status).toBe(404)
    expect((await me(owner.token)).status).toBe(200)
    expect((await sessionsOf(owner.token)).map((session) => session.id)).toEqual([idOf(owner.token)])
  })

  it('by signing out takes it off the list', async () => {
    const owner = await person()
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone))
    expect((await http.post('/api/auth/logout', undefined, { token: phone })).status).toBe(204)
    expect((await me(phone)).status).toBe(401)
    expect((await sessionsOf(owner.token)).map((session) => session.id)).toEqual([idOf(owner.token)])
  })

  it('refuses a token whose session row is gone', async () => {
    const owner = await person()
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone))
    await sql(server, 'delete from sessions where id = $1', [idOf(phone)])
    expect((await me(phone)).status).toBe(401)
    expect((await me(owner.token)).status).toBe(200)
  })
})

describe('ending every session', () => {
  it('on a password change leaves only the fresh one of this device', async () => {
    const owner = await person()
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone))
    const changed = await http.patch('/api/auth/update-password', { currentPassword: PASSWORD, newPassword: 'another good password' }, { token: owner.token, headers: from(BROWSER_UA.chromeWindows) })
    expect(changed.status).toBe(200)
    expect((await me(phone)).status).toBe(401)
    expect((await me(owner.token)).status).toBe(401)
    const sessions = await sessionsOf(changed.body.token)
    expect(sessions).toEqual([expect.objectContaining({ id: idOf(changed.body.token), current: true, browser: 'Chrome', device: 'Windows PC' })])
  })

  it('by signing out everywhere empties the list until the next sign-in', async () => {
    const owner = await person()
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone))
    expect((await http.post('/api/auth/logout-everywhere', undefined, { token: phone })).status).toBe(204)
    expect((await me(owner.token)).status).toBe(401)
    const again = await signIn(owner, from(BROWSER_UA.safariIphone))
    expect((await sessionsOf(again)).map((session) => session.id)).toEqual([idOf(again)])
  })
})

describe('a sign-in from a new browser', () => {
  it('is mailed once; the first session of a new account and known browsers are not', async () => {
    const owner = await person('mailed')
    const newSignIns = () => readOutbox(server.dataDir).filter((mail) => mail.to.includes(owner.email) && mail.subject === 'New sign-in to your Linkcard account')
    await signIn(owner, from(BROWSER_UA.chromeWindows))
    const firefox = await signIn(owner, from(BROWSER_UA.firefoxLinux, { 'cf-ipcountry': 'FR' }))
    const told = await waitForMail(() => newSignIns()[0])
    expect(told.text).toContain('Firefox on Linux PC in France')
    // Known from then on, also once signed out.
    await http.post('/api/auth/logout', undefined, { token: firefox })
    await signIn(owner, from(BROWSER_UA.firefoxLinux))
    await signIn(owner, from(BROWSER_UA.safariIphone))
    await waitForMail(() => newSignIns().find((mail) => mail.text.includes('Safari on iPhone')))
    expect(newSignIns().map((mail) => /from (.+?) on/.exec(mail.text)?.[1])).toEqual(['Firefox', 'Safari'])
  })
})

describe('last use', () => {
  it('is written when a request comes a minute or more after the last one written', async () => {
    const owner = await person()
    const id = idOf(owner.token)
    const lastSeen = async () => Number(new Date((await sql<{ last_seen_at: number | string }>(server, 'select last_seen_at from sessions where id = $1', [id]))[0].last_seen_at))
    const longAgo = new Date(Date.now() - 10 * 60_000)
    await sql(server, 'update sessions set last_seen_at = $1 where id = $2', [dbTime(server, longAgo), id])
    expect((await me(owner.token)).status).toBe(200)
    const written = await until(lastSeen, { what: 'the last use to be written', done: (at) => at > longAgo.getTime() })
    expect(Date.now() - written).toBeLessThan(60_000)
    // Within the minute, requests read it and leave it.
    const beforeMore = await lastSeen()
    for (let i = 0; i < 3; i++) expect((await me(owner.token)).status).toBe(200)
    const phone = await signIn(owner, from(BROWSER_UA.safariIphone))
    expect((await sessionsOf(phone)).find((session) => session.id === id)?.lastSeenAt).toBe(new Date(beforeMore).toISOString())
  })
})

describe('expired sessions', () => {
  it('are cleared as new ones are made', async () => {
    const owner = await person()
    const past = (minutes: number) => dbTime(server, new Date(Date.now() - minutes * 60_000))
    await sql(server, 'insert into sessions (id, user_id, browser, device, country, created_at, last_seen_at, expires_at) values ($1, $2, $3, $4, null, $5, $6, $7)', [
      'expired-session',
      owner.user.id,
      'Chrome',
      'Mac',
      past(120),
      past(90),
      past(60),
    ])
    await signIn(owner, from(BROWSER_UA.chromeWindows))
    await until(async () => (await sql(server, "select id from sessions where id = 'expired-session'")).length, { what: 'the expired session row to go', done: (left) => left === 0 })
  })
})

describe('sessions signed before this release', () => {
  /** A session token as the release before this one signed it: a `jti` but no row behind it. */
  const earlierToken = (userId: string, jti = crypto.randomUUID()) =>
    new SignJWT({ ver: 0, typ: 'session' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer('linkcard')
      .setJti(jti)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime('30d')
      .sign(jwtSecret())

  it('keep working, and are listed from their first use with the browser that used them', async () => {
    const owner = await person()
    const token = await earlierToken(owner.user.id)
    expect((await sql(server, 'select id from sessions where id = $1', [idOf(token)])).length).toBe(0)
    expect((await http.get('/api/auth/me', { token, headers: from(BROWSER_UA.firefoxLinux) })).status).toBe(200)
    const sessions = await sessionsOf(token)
    expect(sessions).toHaveLength(2)
    const [listed] = sessions
    expect(listed).toMatchObject({ id: idOf(token), current: true, browser: 'Firefox', device: 'Linux PC' })
    // Signed in an hour ago, as the token says.
    expect(Date.now() - Date.parse(listed.createdAt)).toBeGreaterThan(3_500_000)
    // Listed, they can be ended like any other.
    expect((await endSession(owner.token, idOf(token))).status).toBe(204)
    expect((await me(token)).status).toBe(401)
  })

  it('stay ended when the release before signed them out', async () => {
    const owner = await person()
    const token = await earlierToken(owner.user.id)
    await sql(server, 'insert into spent_tokens (jti, expires_at) values ($1, $2)', [idOf(token), dbTime(server, new Date(Date.now() + 86_400_000))])
    expect((await me(token)).status).toBe(401)
    expect((await sessionsOf(owner.token)).map((session) => session.id)).toEqual([idOf(owner.token)])
  })
})
