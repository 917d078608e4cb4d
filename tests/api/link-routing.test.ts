// Device and country routing: people on iOS or Android, or in a country, go to URLs of their own
// (a device's URL before a country's, then the target), chosen from the cached row with no
// database read; crawlers keep the card, the password form and the click limit send people on the
// same way. Both APIs take and answer the rules, checked as the target is.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { GEO_TARGETS_MAX, LINK_MESSAGES } from '../../src/shared/link-rules'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let owner: SignedIn
let other: SignedIn
let apiKey: string

beforeAll(async () => {
  // Behind a trusted proxy that names the visitor's country.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' } })
  http = client(server.url)
  ;[owner, other] = await Promise.all([signUp(http, 'router'), signUp(http, 'stranger')])
  apiKey = (await http.post('/api/apiKeys', { name: 'Routing' }, { token: owner.token })).body.key
})
afterAll(() => server.close())

const TARGET = 'https://example.com/app'
const IOS = 'https://apps.apple.com/app/id123456789'
const ANDROID = 'https://play.google.com/store/apps/details?id=com.example.app'
const FRANCE = 'https://example.fr/app'
const JAPAN = 'https://example.jp/app'

async function create(body: Record<string, unknown>) {
  const answer = await http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Our app', ...body }, { token: owner.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

const change = (id: string, body: Record<string, unknown>, token = owner.token) => http.patch(`/api/shareLinks/${id}`, body, { token })
const stored = async (id: string) => (await http.get(`/api/shareLinks/${id}`, { token: owner.token })).body
const bearer = () => ({ headers: { authorization: `Bearer ${apiKey}` } })

/** Opens the short link as someone on `userAgent` in `country` would, without following the redirect. */
function open(url: string, options: { userAgent?: string; country?: string; method?: string } = {}) {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? BROWSER_UA.chromeWindows }
  if (options.country) headers['cf-ipcountry'] = options.country
  return fetch(url, { method: options.method ?? 'GET', headers, redirect: 'manual' })
}
const whereTo = async (url: string, options: Parameters<typeof open>[1] = {}) => (await open(url, options)).headers.get('location')

describe('routing rules through the app API', () => {
  it('are saved, answered, changed and cleared', async () => {
    const link = await create({ iosUrl: IOS, androidUrl: ANDROID, geoTargets: { JP: JAPAN, FR: FRANCE } })
    expect(link).toMatchObject({ iosUrl: IOS, androidUrl: ANDROID, geoTargets: { FR: FRANCE, JP: JAPAN } })
    expect(await stored(link.id)).toMatchObject({ iosUrl: IOS, androidUrl: ANDROID, geoTargets: { FR: FRANCE, JP: JAPAN } })

    // A field left out stays; null (or blank, or an empty map) clears.
    expect((await change(link.id, { iosUrl: 'apps.example.com' })).status).toBe(400)
    expect((await change(link.id, { iosUrl: 'https://apps.example.com' })).body).toMatchObject({ iosUrl: 'https://apps.example.com/', androidUrl: ANDROID })
    const cleared = await change(link.id, { iosUrl: null, androidUrl: '  ', geoTargets: {} })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ iosUrl: null, androidUrl: null, geoTargets: null })
    expect((await change(link.id, { geoTargets: { DE: 'https://example.de/' } })).body.geoTargets).toEqual({ DE: 'https://example.de/' })
    expect((await change(link.id, { geoTargets: null })).body.geoTargets).toBeNull()
  })

  it('answers 400 naming the field for a bad URL, country or count, and stores nothing', async () => {
    const link = await create({ geoTargets: { FR: FRANCE } })
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await change(link.id, body)
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field, message })
    }
    await refused({ iosUrl: 'ftp://files.example.com/app' }, 'iosUrl', LINK_MESSAGES.invalidIosUrl)
    await refused({ androidUrl: 'javascript:alert(1)' }, 'androidUrl', LINK_MESSAGES.invalidAndroidUrl)
    await refused({ iosUrl: `https://example.com/${'a'.repeat(2100)}` }, 'iosUrl', LINK_MESSAGES.invalidIosUrl)
    await refused({ geoTargets: { fr: FRANCE } }, 'geoTargets', LINK_MESSAGES.geoTargetCountry)
    await refused({ geoTargets: { QQ: FRANCE } }, 'geoTargets', LINK_MESSAGES.geoTargetCountry)
    await refused({ geoTargets: { FRA: FRANCE } }, 'geoTargets', LINK_MESSAGES.geoTargetCountry)
    await refused({ geoTargets: { DE: 'not a url' } }, 'geoTargets.DE', LINK_MESSAGES.invalidGeoTargetUrl)
    await refused({ geoTargets: { DE: '' } }, 'geoTargets.DE', LINK_MESSAGES.invalidGeoTargetUrl)
    // A short link of this service would send visitors in a loop.
    await refused({ iosUrl: link.url }, 'iosUrl', LINK_MESSAGES.routeIsShortLink)
    await refused({ geoTargets: { DE: link.url } }, 'geoTargets.DE', LINK_MESSAGES.routeIsShortLink)
    const many = Object.fromEntries(['AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU'].map((code) => [code, `https://example.com/${code}`]))
    expect(Object.keys(many).length).toBeGreaterThan(GEO_TARGETS_MAX)
    await refused({ geoTargets: many }, 'geoTargets', LINK_MESSAGES.geoTargetsTooMany)
    // Not a map of texts: refused, the field named.
    for (const geoTargets of [['FR'], 'FR', { FR: 1 }]) {
      const wrongType = await change(link.id, { geoTargets })
      expect(wrongType.status).toBe(400)
      expect(wrongType.body.errors[0].field).toBe('geoTargets')
    }
    expect(await stored(link.id)).toMatchObject({ iosUrl: null, androidUrl: null, geoTargets: { FR: FRANCE } })
    // Creating checks the same.
    const created = await http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Bad', geoTargets: { XX: FRANCE } }, { token: owner.token })
    expect(created.status).toBe(400)
    expect(created.body.errors[0].field).toBe('geoTargets')
  })

  it("answers 404 for another account's link", async () => {
    const link = await create({ iosUrl: IOS })
    const answer = await change(link.id, { iosUrl: 'https://evil.example/' }, other.token)
    expect(answer.status).toBe(404)
    expect((await stored(link.id)).iosUrl).toBe(IOS)
  })
})

describe('routing rules through the public API', () => {
  it('are created, answered, changed and cleared, and count in duplicate detection', async () => {
    const body = { targetUrl: TARGET, title: 'Public app', iosUrl: IOS, geoTargets: { FR: FRANCE } }
    const made = await http.post('/api/link', body, bearer())
    expect(made.status).toBe(201)
    const read = await http.get(`/api/link/${made.body.id}`, bearer())
    expect(read.body).toMatchObject({ iosUrl: IOS, androidUrl: null, geoTargets: { FR: FRANCE } })
    // The same rules: the earlier link; other rules: a new one.
    expect((await http.post('/api/link', body, bearer())).body).toMatchObject({ existing: true, id: made.body.id })
    const otherRules = await http.post('/api/link', { ...body, geoTargets: { FR: JAPAN } }, bearer())
    expect(otherRules.status).toBe(201)
    expect(otherRules.body.id).not.toBe(made.body.id)

    const changed = await http.patch(`/api/link/${made.body.id}`, { androidUrl: ANDROID, geoTargets: null }, bearer())
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ iosUrl: IOS, androidUrl: ANDROID, geoTargets: null })
    const bad = await http.patch(`/api/link/${made.body.id}`, { geoTargets: { ZZ: FRANCE } }, bearer())
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0]).toEqual({ field: 'geoTargets', message: LINK_MESSAGES.geoTargetCountry })
    const badCreate = await http.post('/api/link', { ...body, androidUrl: 'mailto:a@example.com' }, bearer())
    expect(badCreate.status).toBe(400)
    expect(badCreate.body.errors[0]).toEqual({ field: 'androidUrl', message: LINK_MESSAGES.invalidAndroidUrl })
  })
})

describe('a routed link', () => {
  it("sends each person to their device's URL, else their country's, else the target", async () => {
    const link = await create({ iosUrl: IOS, androidUrl: ANDROID, geoTargets: { FR: FRANCE, JP: JAPAN } })
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone })).toBe(IOS)
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.chromeAndroid })).toBe(ANDROID)
    expect(await whereTo(link.url, { country: 'FR' })).toBe(FRANCE)
    expect(await whereTo(link.url, { country: 'jp' })).toBe(JAPAN)
    expect(await whereTo(link.url, { country: 'DE' })).toBe(`${TARGET}`)
    expect(await whereTo(link.url)).toBe(TARGET)
    // The device comes first.
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone, country: 'FR' })).toBe(IOS)
    // A HEAD request carries the same Location; repeated visits get the same answer.
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.chromeAndroid, method: 'HEAD' })).toBe(ANDROID)
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone })).toBe(IOS)
  })

  it('falls back to the country, then the target, for a device without a URL of its own', async () => {
    const link = await create({ iosUrl: IOS, geoTargets: { FR: FRANCE } })
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.chromeAndroid, country: 'FR' })).toBe(FRANCE)
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.chromeAndroid })).toBe(TARGET)
  })

  it('sends everyone to the target when it has no rules', async () => {
    const link = await create({})
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone, country: 'FR' })).toBe(TARGET)
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.chromeAndroid })).toBe(TARGET)
  })

  it('still gives crawlers the card', async () => {
    const link = await create({ iosUrl: IOS, geoTargets: { FR: FRANCE } })
    const card = await open(link.url, { userAgent: CRAWLER_UA.facebook, country: 'FR' })
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toContain('text/html')
    expect(await card.text()).toContain('og:title')
  })

  it('sends people who give the password to their routed URL', async () => {
    const link = await create({ password: 'open sesame', iosUrl: IOS })
    const unlocked = await fetch(`${server.url}/api/unlock/${link.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA.safariIphone },
      body: new URLSearchParams({ password: 'open sesame' }),
      redirect: 'manual',
    })
    expect(unlocked.status).toBe(200)
    expect(await unlocked.text()).toContain(`content="0;url=${IOS}"`)
  })

  it('routes within a click limit and sends people to the fallback past it', async () => {
    const link = await create({ clickLimit: 1, fallbackUrl: 'https://example.com/ended', geoTargets: { FR: FRANCE } })
    expect(await whereTo(link.url, { country: 'FR' })).toBe(FRANCE)
    expect(await whereTo(link.url, { country: 'FR' })).toBe('https://example.com/ended')
  })

  it('routes from the cached row, reading no database', async () => {
    const link = await create({ iosUrl: IOS, geoTargets: { FR: FRANCE } })
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone })).toBe(IOS)
    // Changed behind the service's back: a visit that read the database would see the new rules.
    await sql(server, "update share_links set ios_url = 'https://example.com/changed', geo_targets = null where id = $1", [link.id])
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone })).toBe(IOS)
    expect(await whereTo(link.url, { country: 'FR' })).toBe(FRANCE)
    // A change through the service reaches the redirect at once.
    await change(link.id, { iosUrl: JAPAN })
    expect(await whereTo(link.url, { userAgent: BROWSER_UA.safariIphone })).toBe(JAPAN)
  })
})
