// Limits that no number of keys, revocations or guesses gets around: the public API's minute per key,
// its hour and day per account, making keys and links per account, and invalid keys per client address.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests, startServer, type TestServer } from '../helpers/server'
import { sql, storedEvents } from '../helpers/sql'
import { atStartOfNextWindow, clockRunsAgain } from '../helpers/windows'

const linkcard = serverAroundTests(startInProcess)
afterEach(clockRunsAgain)

async function newKey(who: SignedIn) {
  const answer = await linkcard.http.post('/api/apiKeys', { name: 'Limits' }, { token: who.token })
  if (answer.status !== 201) throw new Error(`key: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; key: string }
}

/** Sends `count` calls with the key, a few at a time; answers their statuses. */
async function spend(key: string, count: number) {
  const statuses: number[] = []
  for (let sent = 0; sent < count; sent += 25) {
    const batch = Array.from({ length: Math.min(25, count - sent) }, () => linkcard.http.get('/api/links?limit=1', { token: key }))
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status))
  }
  return statuses
}

describe('the public API limits per account', () => {
  it('holds the hourly limit across all the account’s keys, and reports the tightest window', async () => {
    const ann = await signUp(linkcard.http, 'ann')
    const keys = []
    for (let i = 0; i < 11; i++) keys.push((await newKey(ann)).key)
    atStartOfNextWindow(60 * 60_000)
    // Ten keys spend 100 calls each: each key's minute is used up, and so is the account's hour.
    const spent = (await Promise.all(keys.slice(0, 10).map((key) => spend(key, 100)))).flat()
    expect(spent.every((status) => status === 200)).toBe(true)
    const refused = await linkcard.http.get('/api/links', { token: keys[10] })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Rate limit of 1000 requests per hour reached\. Try again in \d+ seconds\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    // Another account is not touched.
    const bob = await signUp(linkcard.http, 'bob')
    const fresh = await linkcard.http.get('/api/links', { token: (await newKey(bob)).key })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('x-ratelimit-limit')).toBe('100')
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('99')
  }, 60_000)

  it('reports the hour when fewer calls are left in it than in the key’s minute', async () => {
    const cat = await signUp(linkcard.http, 'cat')
    const keys = []
    for (let i = 0; i < 11; i++) keys.push((await newKey(cat)).key)
    atStartOfNextWindow(60 * 60_000)
    await Promise.all(keys.slice(0, 9).map((key) => spend(key, 100)))
    await spend(keys[9], 50)
    // A fresh key has 99 calls left in its minute; the account has 49 left in its hour.
    const answer = await linkcard.http.get('/api/links', { token: keys[10] })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('49')
  }, 60_000)
})

describe('the public API limits per key', () => {
  it('allows 100 calls a minute per key, then answers 429 with Retry-After; other keys are not affected', async () => {
    const ann = await signUp(linkcard.http, 'minute')
    const [{ key }, other] = [await newKey(ann), await newKey(ann)]
    atStartOfNextWindow(60_000)
    const first = await linkcard.http.get('/api/links', { token: key })
    expect(first.headers.get('x-ratelimit-limit')).toBe('100')
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99')
    const reset = Number(first.headers.get('x-ratelimit-reset'))
    expect(reset % 60).toBe(0)
    expect(reset - Date.now() / 1000).toBeLessThanOrEqual(60)
    for (let i = 2; i <= 100; i++) {
      const answer = await linkcard.http.get('/api/links', { token: key })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(100 - i))
    }
    const limited = await linkcard.http.get('/api/links', { token: key })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^Rate limit of 100 requests per minute reached\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-ratelimit-reset')).toBe(String(reset))
    expect((await linkcard.http.get('/api/links', { token: other.key })).status).toBe(200)
  }, 30_000)
})

describe('making keys and links', () => {
  it('limits new API keys per account, revoked ones included, without storing the refused one', async () => {
    // Counted in windows of an hour and a day: all of it within one of each.
    atStartOfNextWindow(24 * 60 * 60_000)
    const dan = await signUp(linkcard.http, 'dan')
    for (let i = 0; i < 60; i++) {
      const { id } = await newKey(dan)
      expect((await linkcard.http.delete(`/api/apiKeys/${id}`, { token: dan.token })).status).toBe(204)
    }
    const refused = await linkcard.http.post('/api/apiKeys', { name: 'One more' }, { token: dan.token })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many API keys created recently\. Try again in \d+ seconds\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const stored = await sql(linkcard.server, 'select count(*) as n from api_keys where account_id = $1', [dan.user.accountId])
    expect(Number(stored[0].n)).toBe(60)
  }, 30_000)

  it('limits new links per account across both APIs, without storing the refused one', async () => {
    atStartOfNextWindow(24 * 60 * 60_000)
    const eve = await signUp(linkcard.http, 'eve')
    const { key } = await newKey(eve)
    const body = (i: number) => ({ targetUrl: `https://example.com/${i}`, title: `Link ${i}` })
    // 999 through the app, one through the public API: the account's hour is full.
    for (let sent = 0; sent < 999; sent += 50) {
      const batch = Array.from({ length: Math.min(50, 999 - sent) }, (_, i) => linkcard.http.post('/api/shareLinks', body(sent + i), { token: eve.token }))
      expect((await Promise.all(batch)).every((answer) => answer.status === 201)).toBe(true)
    }
    expect((await linkcard.http.post('/api/link', body(999), { token: key })).status).toBe(201)
    for (const refused of [await linkcard.http.post('/api/shareLinks', body(1000), { token: eve.token }), await linkcard.http.post('/api/link', body(1001), { token: key })]) {
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/^Too many links created recently\. Try again in \d+ seconds\.$/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    const stored = await sql(linkcard.server, 'select count(*) as n from share_links where account_id = $1', [eve.user.accountId])
    expect(Number(stored[0].n)).toBe(1000)
  }, 90_000)
})

describe('invalid keys', () => {
  it('answers 429 with Retry-After after 20 invalid or revoked keys from one address; valid keys still work', async () => {
    const fay = await signUp(linkcard.http, 'fay')
    const revoked = await newKey(fay)
    await linkcard.http.delete(`/api/apiKeys/${revoked.id}`, { token: fay.token })
    const valid = (await newKey(fay)).key
    const bogus = [`lnk_${'x'.repeat(40)}`, 'nonsense', revoked.key, '']
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const key = bogus[i % bogus.length]
      statuses.push((await linkcard.http.get('/api/links', key ? { token: key } : {})).status)
    }
    expect(statuses).toEqual(Array(20).fill(401))
    const refused = await linkcard.http.get('/api/links', { token: revoked.key })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many calls with an invalid API key\. Try again in \d+ seconds\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await linkcard.http.get('/api/links', { token: valid })).status).toBe(200)
  })
})

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let proxied: TestServer
  let api: Client
  beforeAll(async () => {
    proxied = await startServer({ env: { TRUST_PROXY: '1' } })
    api = client(proxied.url)
  })
  afterAll(() => proxied.close())

  const guess = (forwardedFor: string) => api.get('/api/links', { token: `lnk_${'y'.repeat(40)}`, headers: { 'x-forwarded-for': forwardedFor } })

  it('limits the address the proxy saw, however the client fills in X-Forwarded-For before it', async () => {
    // The client writes a fresh address each time; the proxy appends the one it saw, always the same.
    for (let i = 0; i < 20; i++) expect((await guess(`198.51.100.${i}, 203.0.113.77`)).status).toBe(401)
    const refused = await guess('198.51.100.250, 203.0.113.77')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client behind the same proxy is not limited.
    expect((await guess('203.0.113.77, 203.0.113.78')).status).toBe(401)
  })

  it('reads no country header unless COUNTRY_HEADER names it', async () => {
    const who = await signUp(api, 'geo')
    const link = (await api.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Geo' }, { token: who.token })).body
    const visit = await fetch(link.url, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'x-forwarded-for': '10.9.9.9', 'cf-ipcountry': 'FR', 'x-country': 'FR' },
    })
    expect(visit.status).toBe(302)
    let events: Awaited<ReturnType<typeof storedEvents>> = []
    for (let tries = 0; events.length === 0 && tries < 100; tries++) {
      events = await storedEvents(proxied, link.id)
      if (events.length === 0) await Bun.sleep(100)
    }
    expect(events).toHaveLength(1)
    expect(events[0].country).toBeNull()
  })
})
