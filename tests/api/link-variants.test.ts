// Variants (A/B): a link splits people between two to four targets by weight, each person keeping
// theirs all day on every instance; clicks are counted per variant in analytics, the stats API and
// the events export; the query string is forwarded to a variant, device URLs come first, crawlers
// keep the card, and ending the test keeps the winner as the target. Card tests: a second card
// crawlers get in turn with the link's own, and people's clicks counted for the card their
// platform's crawler last read, on whichever instance.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { LINK_MESSAGES, VARIANT_WEIGHT_MAX } from '../../src/shared/link-rules'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let second: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  // Two instances on one database, sharing Redis, behind a proxy that names each visitor's address.
  const env = { REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' }
  server = await startServer({ env })
  second = await startServer({ env, dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  http = client(server.url)
  owner = await signUp(http, 'variants')
}, 60_000)
afterAll(async () => {
  await second?.close()
  await server?.close()
})

const TARGET = 'https://example.com/landing'
const A = 'https://example.com/a'
const B = 'https://example.com/b?ref=short'
const as = (who: SignedIn) => ({ token: who.token })

async function create(body: Record<string, unknown>) {
  const made = await http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Split', ...body }, as(owner))
  if (made.status !== 201) throw new Error(`create answered ${made.status}: ${made.text}`)
  return made.body
}
const change = (id: string, body: Record<string, unknown>) => http.patch(`/api/shareLinks/${id}`, body, as(owner))
/** Where a person from `from` is sent, through `via`'s instance when given. */
const whereTo = async (url: string, from: string, options: { userAgent?: string; via?: TestServer } = {}) =>
  (await visit(options.via ? url.replace(server.url, options.via.url) : url, { from, userAgent: options.userAgent })).headers.get('location')
/** The visitors' addresses, one each. */
const addresses = (count: number, block = 20) => Array.from({ length: count }, (_, i) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`)
const today = () => new Date().toISOString().slice(0, 10)

/**
 * The link's analytics once both instances' `clicks` are in: an instance stores what it recorded
 * before it answers analytics, so the other is asked first.
 */
async function analyticsOfBoth(linkId: string, clicks: number) {
  const path = `/api/shareLinks/${linkId}/analytics`
  return until(
    async () => {
      await client(second.url).get(path, as(owner))
      return http.get(path, as(owner))
    },
    { what: "both instances' clicks", done: (answer) => answer.body.totals.clicks === clicks, timeoutMs: 20_000 },
  )
}

describe('variants', () => {
  it('are saved, answered by both APIs and cleared', async () => {
    const link = await create({ variants: [{ targetUrl: A, weight: 3 }, { targetUrl: ' https://example.com/b ', weight: 1 }] })
    expect(link.variants).toEqual([
      { targetUrl: A, weight: 3 },
      { targetUrl: 'https://example.com/b', weight: 1 },
    ])
    const key = (await http.post('/api/apiKeys', { name: 'Variants' }, as(owner))).body.key as string
    const made = await http.post('/api/link', { targetUrl: 'https://example.com/public', title: 'Public split', variants: [{ targetUrl: A, weight: 1 }, { targetUrl: B, weight: 1 }] }, { token: key })
    expect(made.status).toBe(201)
    expect((await http.get(`/api/link/${made.body.id}`, { token: key })).body.variants).toEqual([
      { targetUrl: A, weight: 1 },
      { targetUrl: B, weight: 1 },
    ])
    // The same link asked for again is the same link; other variants make another.
    const again = await http.post('/api/link', { targetUrl: 'https://example.com/public', title: 'Public split', variants: [{ targetUrl: A, weight: 1 }, { targetUrl: B, weight: 1 }] }, { token: key })
    expect(again.body.id).toBe(made.body.id)
    const other = await http.post('/api/link', { targetUrl: 'https://example.com/public', title: 'Public split', variants: [{ targetUrl: A, weight: 2 }, { targetUrl: B, weight: 1 }] }, { token: key })
    expect(other.body.id).not.toBe(made.body.id)
    expect((await change(link.id, { variants: null })).body.variants).toBeNull()
  })

  it('answer 400 naming the field for a bad list, URL or weight, and store nothing', async () => {
    const link = await create({ variants: [{ targetUrl: A, weight: 1 }, { targetUrl: B, weight: 1 }] })
    const short = await create({})
    const refused = async (variants: unknown, field: string, message: string) => {
      const answer = await change(link.id, { variants })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field, message })
    }
    const v = (targetUrl: unknown, weight: unknown) => ({ targetUrl, weight })
    await refused([v(A, 1)], 'variants', LINK_MESSAGES.variants)
    await refused([], 'variants', LINK_MESSAGES.variants)
    await refused([v(A, 1), v(B, 1), v('https://example.com/c', 1), v('https://example.com/d', 1), v('https://example.com/e', 1)], 'variants', LINK_MESSAGES.variants)
    await refused([v(A, 0), v(B, 1)], 'variants.0.weight', LINK_MESSAGES.variantWeight)
    await refused([v(A, 1), v(B, VARIANT_WEIGHT_MAX + 1)], 'variants.1.weight', LINK_MESSAGES.variantWeight)
    await refused([v(A, 1), v('ftp://example.com/b', 1)], 'variants.1.targetUrl', LINK_MESSAGES.invalidVariantUrl)
    await refused([v(A, 1), v('https://EXAMPLE.com/a/', 2)], 'variants.1.targetUrl', LINK_MESSAGES.variantRepeated)
    await refused([v(A, 1), v(short.url, 1)], 'variants.1.targetUrl', LINK_MESSAGES.routeIsShortLink)
    await refused([v(A, 1.5), v(B, 1)], 'variants.0.weight', LINK_MESSAGES.variantWeight)
    await refused([v(A, '1'), v(B, 1)], 'variants.0.weight', LINK_MESSAGES.variantWeight)
    await refused([{ targetUrl: A }, v(B, 1)], 'variants.0.weight', LINK_MESSAGES.variantWeight)
    await refused([v(null, 1), v(B, 1)], 'variants.0.targetUrl', LINK_MESSAGES.invalidVariantUrl)
    for (const variants of ['A,B', [A, B], 7]) {
      const answer = await change(link.id, { variants })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].field).toStartWith('variants')
    }
    expect((await http.get(`/api/shareLinks/${link.id}`, as(owner))).body.variants).toEqual([v(A, 1), v(B, 1)])
  })

  it('split people by weight, each keeping the same variant on every instance, and count each exactly', async () => {
    const link = await create({ variants: [{ targetUrl: A, weight: 3 }, { targetUrl: B, weight: 1 }] })
    const people = addresses(200)
    const sentTo: string[] = []
    for (let i = 0; i < people.length; i += 20) sentTo.push(...(await Promise.all(people.slice(i, i + 20).map((from) => whereTo(link.url, from)))).map(String))
    const toA = sentTo.filter((url) => url === A).length
    const toB = sentTo.filter((url) => url === B).length
    expect(toA + toB).toBe(200)
    // 3 to 1: 150 expected, five standard deviations either side.
    expect(toA).toBeGreaterThan(120)
    expect(toA).toBeLessThan(180)

    // The same person (address and browser) keeps theirs, here and on the other instance.
    for (const [i, from] of people.slice(0, 10).entries()) {
      expect(await whereTo(link.url, from, { via: second })).toBe(sentTo[i])
      expect(await whereTo(link.url, from)).toBe(sentTo[i])
    }
    const analytics = await analyticsOfBoth(link.id, 220)
    const repeated = sentTo.slice(0, 10)
    expect(analytics.body.variants).toEqual([
      { targetUrl: A, clicks: toA + 2 * repeated.filter((url) => url === A).length },
      { targetUrl: B, clicks: toB + 2 * repeated.filter((url) => url === B).length },
    ])

    // The stats API (a paid plan's) and the events file tell each click's variant too.
    await sql(server, "update accounts set plan = 'pro' where id = $1", [owner.user.accountId])
    const key = (await http.post('/api/apiKeys', { name: 'Stats' }, as(owner))).body.key as string
    const stats = await http.get(`/api/stats/${link.id}`, { token: key })
    expect(stats.status).toBe(200)
    expect(stats.body.variants).toEqual(analytics.body.variants)
    const csv = await fetch(`${server.url}/api/shareLinks/${link.id}/analytics?format=csv&from=${today()}&to=${today()}`, { headers: { authorization: `Bearer ${owner.token}` } })
    const rows = (await csv.text()).trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(220)
    expect(rows.filter((row) => row.endsWith(`,${A},,false`)).length).toBe(analytics.body.variants[0].clicks)
    expect(rows.filter((row) => row.endsWith(`,${B},,false`)).length).toBe(analytics.body.variants[1].clicks)
  })

  it('forward the query string to the variant, come after device URLs, and leave crawlers the card', async () => {
    const link = await create({ variants: [{ targetUrl: A, weight: 1 }, { targetUrl: B, weight: 1 }], iosUrl: 'https://apps.apple.com/app/id123456789' })
    const from = '10.30.0.1'
    const variant = await whereTo(link.url, from)
    expect([A, B]).toContain(variant!)
    const forwarded = await whereTo(`${link.url}?utm_source=news&ref=visitor`, from)
    // B keeps its own ref; the visitor's other parameters are added.
    expect(forwarded).toBe(variant === A ? `${A}?utm_source=news&ref=visitor` : `${B}&utm_source=news`)
    expect(await whereTo(link.url, from, { userAgent: BROWSER_UA.safariIphone })).toBe('https://apps.apple.com/app/id123456789')
    const card = await visit(link.url, { userAgent: CRAWLER_UA.slack, from: '10.30.0.2' })
    expect(card.status).toBe(200)
    expect(await card.text()).toContain(TARGET)
    // The iPhone's click went to its device URL: it counts for no variant.
    const analytics = (await http.get(`/api/shareLinks/${link.id}/analytics`, as(owner))).body
    expect(analytics.totals.clicks).toBe(3)
    expect(analytics.variants.reduce((sum: number, row: { clicks: number }) => sum + row.clicks, 0)).toBe(2)
  })

  it('end with the winner kept as the target, its clicks still counted', async () => {
    const link = await create({ variants: [{ targetUrl: A, weight: 1 }, { targetUrl: B, weight: 1 }] })
    const sentTo = await Promise.all(addresses(20, 40).map((from) => whereTo(link.url, from)))
    const ended = await change(link.id, { targetUrl: B, variants: null })
    expect(ended.status).toBe(200)
    expect(ended.body).toMatchObject({ targetUrl: B, variants: null })
    expect(new Set(await Promise.all(addresses(20, 40).map((from) => whereTo(link.url, from))))).toEqual(new Set([B]))
    const analytics = (await http.get(`/api/shareLinks/${link.id}/analytics`, as(owner))).body
    expect(analytics.totals.clicks).toBe(40)
    // Without variants the analytics list none.
    expect(analytics.variants).toBeUndefined()
    expect(sentTo.every((url) => url === A || url === B)).toBe(true)
  })
})

// Crawlers get the link's own card ('a') in even 10-minute windows, the second ('b') in odd ones.
const versionAt = (time: number) => (Math.floor(time / 600_000) % 2 === 0 ? 'a' : 'b')

/** A crawler's fetch of the card and the version the window served; again if the window turned meanwhile. */
async function crawl(url: string, userAgent: string, from: string) {
  for (;;) {
    const before = versionAt(Date.now())
    const answer = await visit(url, { userAgent, from })
    if (versionAt(Date.now()) === before) return { version: before, html: await answer.text(), status: answer.status }
  }
}

describe('card tests', () => {
  it('are saved and answered, and refused with 400 naming the field when incomplete', async () => {
    const link = await create({ cardVariant: { title: ' Second title ', ogImage: 'https://example.com/b.png' } })
    expect(link.cardVariant).toEqual({ title: 'Second title', description: null, ogImage: 'https://example.com/b.png' })
    const refused = async (cardVariant: unknown, field: string, message: string) => {
      const answer = await change(link.id, { cardVariant })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toEqual({ field, message })
    }
    await refused({ title: '  ' }, 'cardVariant.title', LINK_MESSAGES.cardVariantTitle)
    await refused({ title: 'B', ogImage: 'javascript:alert(1)' }, 'cardVariant.ogImage', LINK_MESSAGES.invalidCardVariantImage)
    for (const cardVariant of ['B', [{ title: 'B' }], {}]) expect((await change(link.id, { cardVariant })).status).toBe(400)
    expect((await http.get(`/api/shareLinks/${link.id}`, as(owner))).body.cardVariant.title).toBe('Second title')
    // A new card version: platforms are told to read it again.
    const changed = await change(link.id, { cardVariant: { title: 'Third title' } })
    expect(changed.body.cardVersion).toBe(link.cardVersion + 1)
    expect((await change(link.id, { cardVariant: null })).body.cardVariant).toBeNull()
  })

  it("serve each version in its window, and count people for the card their platform's crawler last read, on either instance", async () => {
    const link = await create({ title: 'First title', cardVariant: { title: 'Second title', description: 'Second words' } })
    // A link the other instance holds in its cache, changed after the crawl: the bus carries what this
    // instance tells in order, so once the other sends people to the new target, it knows of the crawl.
    const marker = await create({ targetUrl: 'https://example.com/before' })
    expect(await whereTo(marker.url, '10.50.9.9', { via: second })).toBe('https://example.com/before')
    const facebook = await crawl(link.url, CRAWLER_UA.facebook, '10.50.0.1')
    expect((await change(marker.id, { targetUrl: 'https://example.com/after' })).status).toBe(200)
    await until(() => whereTo(marker.url, '10.50.9.9', { via: second }), { what: 'the other instance to hear of the change', done: (url) => url === 'https://example.com/after' })
    expect(facebook.status).toBe(200)
    expect(facebook.html).toContain(facebook.version === 'a' ? '<title>First title</title>' : '<title>Second title</title>')
    if (facebook.version === 'b') expect(facebook.html).toContain('content="Second words"')
    // Clicks from Facebook, on this instance and on the other; from X, whose crawler read nothing yet; and from nowhere.
    const person = (from: string, referrer?: string, via = server) => visit(link.url.replace(server.url, via.url), { from, referrer })
    expect((await person('10.50.1.1', 'https://l.facebook.com/l.php?u=x')).status).toBe(302)
    expect((await person('10.50.1.2', 'https://m.facebook.com/', second)).status).toBe(302)
    expect((await person('10.50.1.3', 'https://t.co/abc')).status).toBe(302)
    expect((await person('10.50.1.4')).status).toBe(302)
    const analytics = await analyticsOfBoth(link.id, 4)
    const served = facebook.version
    const other = served === 'a' ? 'b' : 'a'
    expect(analytics.body.cardVariants).toEqual([
      { version: 'a', title: 'First title', previews: served === 'a' ? 1 : 0, clicks: served === 'a' ? 2 : 0 },
      { version: 'b', title: 'Second title', previews: served === 'b' ? 1 : 0, clicks: served === 'b' ? 2 : 0 },
    ])
    expect(analytics.body.cardVariants.find((row: { version: string }) => row.version === other).clicks).toBe(0)
    const csv = await fetch(`${server.url}/api/shareLinks/${link.id}/analytics?format=csv&from=${today()}&to=${today()}`, { headers: { authorization: `Bearer ${owner.token}` } })
    const rows = (await csv.text()).trim().split('\r\n')
    expect(rows[0]).toBe('time,type,platform,referrer,country,device,browser,os,scan,variant,card,unverified')
    expect(rows.filter((row) => row.endsWith(`,${served},false`))).toHaveLength(3)
  })

  it('end keeping the second card as the link\'s own', async () => {
    const link = await create({ title: 'First title', cardVariant: { title: 'Second title', ogImage: 'https://example.com/second.png' } })
    const ended = await change(link.id, { title: 'Second title', ogImage: 'https://example.com/second.png', cardVariant: null })
    expect(ended.body).toMatchObject({ title: 'Second title', ogImage: 'https://example.com/second.png', cardVariant: null })
    const card = await crawl(link.url, CRAWLER_UA.linkedin, '10.60.0.1')
    expect(card.html).toContain('<title>Second title</title>')
    expect((await http.get(`/api/shareLinks/${link.id}/analytics`, as(owner))).body.cardVariants).toBeUndefined()
  })
})
