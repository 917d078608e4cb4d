import { afterAll, beforeAll, describe, expect, it, setSystemTime } from 'bun:test'
import jsQR from 'jsqr'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests, startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { BROWSER_UA, CLIENT_UA, CRAWLER_UA, DEVICE_UA, SEARCH_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'owner')
})

type Link = { id: string; url: string; slug: string; alias: string | null; qrCodeUrl: string }

async function createLink(who: SignedIn, body: Record<string, unknown> = {}): Promise<Link> {
  const answer = await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/landing', title: 'Landing', ...body }, { token: who.token })
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`)
  return answer.body
}

const usage = async (who: SignedIn) => (await linkcard.http.get('/api/usage', { token: who.token })).body.usageThisMonth as number
/**
 * The link's clicks once every visit made so far is counted. Events are written in batches, in the
 * order they came: a click on a fresh link, made now, is counted after all of them.
 */
const clicksOf = async (who: SignedIn, linkId: string) => {
  const marker = await createLink(who, { title: 'Marker' })
  expect((await visit(marker.url)).status).toBe(302)
  const stats = await until(async () => (await linkcard.http.get('/api/dashboard-stats', { token: who.token })).body, {
    what: 'a later click to be counted',
    done: (body) => body.clicksByLinkId?.[marker.id] === 1,
  })
  return (stats.clicksByLinkId[linkId] ?? 0) as number
}

describe('people', () => {
  it('are sent on with a 302 and each visit is a click', async () => {
    const link = await createLink(owner, { targetUrl: 'https://example.com/where?x=1' })
    for (const ua of Object.values(BROWSER_UA)) {
      const answer = await visit(link.url, { userAgent: ua })
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('https://example.com/where?x=1')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      // The headers that act on a redirect, not those that guard a document it does not have.
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('content-security-policy')).toBeNull()
    }
    expect(await clicksOf(owner, link.id)).toBe(Object.keys(BROWSER_UA).length)
  })

  it('resolve an alias in any letter case', async () => {
    const link = await createLink(owner, { alias: `Promo-${Date.now()}` })
    expect((await visit(`${linkcard.server.url}/${link.alias!.toUpperCase()}`)).status).toBe(302)
    expect((await visit(`${linkcard.server.url}/${link.slug}`)).status).toBe(302)
  })

  it('get nothing counted for a HEAD request', async () => {
    const link = await createLink(owner)
    const answer = await visit(link.url, { method: 'HEAD' })
    expect(answer.status).toBe(302)
    expect(await clicksOf(owner, link.id)).toBe(0)
  })
})

describe('unknown, inactive and expired links', () => {
  it('answers 404 for an unknown path and for an inactive link', async () => {
    expect((await visit(`${linkcard.server.url}/zzzzzzz`)).status).toBe(404)
    const link = await createLink(owner)
    await linkcard.http.patch(`/api/shareLinks/${link.id}`, { isActive: false }, { token: owner.token })
    expect((await visit(link.url)).status).toBe(404)
    expect((await visit(link.url, { userAgent: CRAWLER_UA.facebook })).status).toBe(404)
    await linkcard.http.patch(`/api/shareLinks/${link.id}`, { isActive: true }, { token: owner.token })
    expect((await visit(link.url)).status).toBe(302)
  })

  it('answers people 410 with a page once the link has expired; crawlers still get the card, uncounted', async () => {
    const person = await signUp(linkcard.http, 'expiring')
    const expiresAt = Date.now() + 60_000
    const link = await createLink(person, { expiresAt: new Date(expiresAt).toISOString(), title: 'Shared before the end' })
    expect((await visit(link.url)).status).toBe(302)
    // The in-process server shares the test's clock: moved past the link's lifetime.
    setSystemTime(new Date(expiresAt + 1000))
    try {
      // Every answer carries the page's headers, not only the first.
      for (let i = 0; i < 2; i++) {
        const answer = await visit(link.url)
        expect(answer.status).toBe(410)
        expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
        expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
        expect(answer.headers.get('cache-control')).toBe('no-store')
        expect(await answer.text()).toContain('This link has expired')
      }
      // Posts made before the expiry keep their preview.
      const card = await visit(link.url, { userAgent: CRAWLER_UA.linkedin })
      expect(card.status).toBe(200)
      expect(await card.text()).toContain('<meta property="og:title" content="Shared before the end">')
    } finally {
      setSystemTime()
    }
    expect(await usage(person)).toBe(0)
    expect(await clicksOf(person, link.id)).toBe(1)
  })
})

describe('search engines, HTTP clients and unknown bots', () => {
  it('get the person\'s redirect and count nothing: no click, no preview', async () => {
    const person = await signUp(linkcard.http, 'not-counted')
    const link = await createLink(person, { targetUrl: 'https://example.com/pointer' })
    const visitors = [...Object.values(SEARCH_UA), ...Object.values(CLIENT_UA), '']
    for (const userAgent of visitors) {
      const answer = await visit(link.url, { userAgent })
      expect({ userAgent, status: answer.status, location: answer.headers.get('location') }).toEqual({ userAgent, status: 302, location: 'https://example.com/pointer' })
    }
    // No User-Agent at all: the same.
    const bare = await fetch(link.url, { redirect: 'manual', headers: { 'user-agent': '' } })
    expect(bare.status).toBe(302)
    expect(await clicksOf(person, link.id)).toBe(0)
    expect(await usage(person)).toBe(0)
  })

  it('count nothing, while people in in-app browsers click as people do', async () => {
    const person = await signUp(linkcard.http, 'in-app')
    const link = await createLink(person)
    expect((await visit(link.url, { userAgent: DEVICE_UA.facebookInApp })).status).toBe(302)
    expect((await visit(link.url, { userAgent: SEARCH_UA.google })).status).toBe(302)
    expect(await clicksOf(person, link.id)).toBe(1)
  })

  it('give an unknown bot that says it fetches link previews the card, uncounted', async () => {
    const person = await signUp(linkcard.http, 'unknown-preview')
    const link = await createLink(person, { title: 'For unfurlers' })
    const answer = await visit(link.url, { userAgent: 'Mozilla/5.0 (compatible; ExampleLinkPreview/1.0; bot; +https://example.org/bot)' })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<meta property="og:title" content="For unfurlers">')
    expect(await usage(person)).toBe(0)
  })
})

describe('crawlers', () => {
  it('each platform gets the preview page with every tag, read back exactly by an OpenGraph parser', async () => {
    const hostile = {
      title: `"><script>alert('t')</script> Tom & Jerry's <b>café</b> ☕`,
      description: `</title><img src=x onerror=alert(1)> "quoted" & <em>more</em>`,
      ogImage: 'https://example.com/card.png?a=1&b="2"',
      ogImageAlt: `<alt> & "alt"`,
      canonicalUrl: 'https://example.com/canonical?x=1&y=2',
      twitterCard: 'summary',
    }
    const link = await createLink(owner, { targetUrl: 'https://example.com/t?a=1&b=<2>', ...hostile })
    for (const [platform, ua] of Object.entries(CRAWLER_UA)) {
      const answer = await visit(link.url, { userAgent: ua })
      expect(answer.status, platform).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      const html = await answer.text()
      expect(html.match(/<script/g)).toHaveLength(1)
      expect(html).not.toContain('<img')
      const { result } = await ogs({ html })
      expect(result.ogTitle).toBe(hostile.title)
      expect(result.ogDescription).toBe(hostile.description)
      // Stored, and so served, in its normalised form.
      expect(result.ogImage?.[0]?.url).toBe('https://example.com/card.png?a=1&b=%222%22')
      expect(result.ogImage?.[0]?.alt).toBe(hostile.ogImageAlt)
      expect(result.ogUrl).toBe(link.url)
      expect(result.twitterCard).toBe('summary')
      expect(result.twitterTitle).toBe(hostile.title)
      expect(result.twitterDescription).toBe(hostile.description)
      expect(result.twitterImage?.[0]?.url).toBe('https://example.com/card.png?a=1&b=%222%22')
      expect(html).toContain('<link rel="canonical" href="https://example.com/canonical?x=1&amp;y=2">')
      // No refresh a platform could follow to the target's own card; people are sent on by a script the CSP allows by its hash.
      expect(html).not.toContain('http-equiv')
      expect(html).toContain('<a id="target" href="https://example.com/t?a=1&amp;b=%3C2%3E">')
      const script = /<script>([^<]*)<\/script>/.exec(html)?.[1]
      const hash = `'sha256-${new Bun.CryptoHasher('sha256').update(script ?? '').digest('base64')}'`
      expect(answer.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash}`)
    }
  })

  it('answers HEAD with the headers of GET, Content-Length included, and counts nothing', async () => {
    const person = await signUp(linkcard.http, 'head')
    const link = await createLink(person, { title: 'Headed' })
    const head = await visit(link.url, { userAgent: CRAWLER_UA.facebook, method: 'HEAD' })
    expect(await usage(person)).toBe(0)
    const get = await visit(link.url, { userAgent: CRAWLER_UA.facebook })
    const body = await get.arrayBuffer()
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength)
    expect(Object.fromEntries([...head.headers].filter(([name]) => name !== 'date'))).toEqual(Object.fromEntries([...get.headers].filter(([name]) => name !== 'date')))
  })

  it('makes a link without an image a summary card', async () => {
    const link = await createLink(owner, { title: 'No picture', twitterCard: 'summary_large_image' })
    const { result } = await ogs({ html: await (await visit(link.url, { userAgent: CRAWLER_UA.x })).text() })
    expect(result.twitterCard).toBe('summary')
    const pictured = await createLink(owner, { title: 'Picture', ogImage: 'https://example.com/card.png', twitterCard: 'summary_large_image' })
    expect((await ogs({ html: await (await visit(pictured.url, { userAgent: CRAWLER_UA.x })).text() })).result.twitterCard).toBe('summary_large_image')
  })

  it('links the target as canonical when no canonical URL is set', async () => {
    const link = await createLink(owner, { targetUrl: 'https://example.com/only-target' })
    const html = await (await visit(link.url, { userAgent: CRAWLER_UA.linkedin })).text()
    expect(html).toContain('<link rel="canonical" href="https://example.com/only-target">')
  })

  it('counts a preview once per link, platform and window; repeats still get the page', async () => {
    const person = await signUp(linkcard.http, 'dedupe')
    const link = await createLink(person)
    for (let i = 0; i < 3; i++) expect((await visit(link.url, { userAgent: CRAWLER_UA.slack })).status).toBe(200)
    expect(await usage(person)).toBe(1)
    expect((await visit(link.url, { userAgent: CRAWLER_UA.discord })).status).toBe(200)
    expect(await usage(person)).toBe(2)
    const other = await createLink(person)
    await visit(other.url, { userAgent: CRAWLER_UA.slack })
    expect(await usage(person)).toBe(3)
    // A HEAD counts nothing.
    await visit((await createLink(person)).url, { userAgent: CRAWLER_UA.x, method: 'HEAD' })
    expect(await usage(person)).toBe(3)
  })

})

describe('QR codes', () => {
  it('serves a PNG that decodes to the short link, and an SVG, both cacheable', async () => {
    const link = await createLink(owner, { alias: `qr-${Date.now()}` })
    const png = await fetch(link.qrCodeUrl)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('cache-control')).toContain('max-age=')
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()))
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)
    expect(decoded?.data).toBe(`${link.url}?qr`)

    const svg = await fetch(`${link.qrCodeUrl}?format=svg`)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(await svg.text()).toContain('<svg')

    const again = await fetch(link.qrCodeUrl, { headers: { 'if-none-match': png.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('answers 404 for an unknown link and 400 for an unknown format', async () => {
    expect((await linkcard.http.get('/api/qr/nothing-here')).status).toBe(404)
    const link = await createLink(owner)
    expect((await linkcard.http.get(`/api/qr/${link.slug}?format=gif`)).status).toBe(400)
  })
})

describe('graceful stop', () => {
  it('loses no event: every click answered before SIGTERM is counted after the restart', async () => {
    const own = await startServer()
    try {
      const ownHttp = client(own.url)
      const person = await signUp(ownHttp, 'restart')
      const link = (await ownHttp.post('/api/shareLinks', { targetUrl: 'https://example.com/r', title: 'R' }, { token: person.token })).body
      let answered = 0
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => visit(link.url)))
        answered += answers.filter((a) => a.status === 302).length
      }
      expect(await own.stop()).toBe(0)
      await own.restart()
      const stats = await ownHttp.get('/api/dashboard-stats', { token: person.token })
      expect(answered).toBe(500)
      expect(stats.body.clicksByLinkId[link.id]).toBe(answered)
    } finally {
      await own.close()
    }
  }, 60_000)
})

describe('the preview quota', () => {
  // Behind a trusted proxy, so requests can come from many client addresses.
  let proxied: TestServer
  let api: Client
  beforeAll(async () => {
    proxied = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } })
    api = client(proxied.url)
  })
  afterAll(() => proxied.close())

  const newLink = async (who: SignedIn, targetUrl = 'https://example.com/quota') =>
    (await api.post('/api/shareLinks', { targetUrl, title: 'Quota' }, { token: who.token })).body as Link
  const previewsOf = async (who: SignedIn) => (await api.get('/api/usage', { token: who.token })).body.usageThisMonth as number
  const address = (n: number) => `203.0.113.${n % 250}`

  it('counts the 500th preview of a free account as the last, under concurrent requests from many addresses, then sends crawlers on', async () => {
    const person = await signUp(api, 'quota')
    const links = await Promise.all(Array.from({ length: 30 }, () => newLink(person)))
    const platforms = Object.values(CRAWLER_UA)
    const requests = links.flatMap((link, i) => platforms.map((ua, j) => () => visit(link.url, { userAgent: ua, from: address(i * platforms.length + j) })))
    expect(requests.length).toBeGreaterThan(550)
    const statuses: number[] = []
    for (let i = 0; i < requests.length; i += 64) {
      const answers = await Promise.all(requests.slice(i, i + 64).map((go) => go()))
      statuses.push(...answers.map((a) => a.status))
    }
    expect(statuses.filter((s) => s === 200).length).toBe(500)
    expect(statuses.filter((s) => s === 302).length).toBe(requests.length - 500)
    expect(await previewsOf(person)).toBe(500)
    // Past the quota the link still works: a crawler gets the plain redirect, even in a burst of
    // identical requests for a link and platform not yet counted in the window.
    const late = await newLink(person)
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => visit(late.url, { userAgent: CRAWLER_UA.facebook, from: address(i) })))
    expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 302))
    expect(burst[0].headers.get('location')).toBe('https://example.com/quota')
    expect(await previewsOf(person)).toBe(500)
  }, 60_000)

  it('lets one address spend at most 20 of an account\'s previews in a window; past that it gets the card, uncounted', async () => {
    const person = await signUp(api, 'one-address')
    const links = await Promise.all(Array.from({ length: 26 }, () => newLink(person)))
    const answers = await Promise.all(links.map((link) => visit(link.url, { userAgent: CRAWLER_UA.slack, from: '198.51.100.7' })))
    expect(answers.map((answer) => answer.status)).toEqual(links.map(() => 200))
    expect(await previewsOf(person)).toBe(20)
    // Known to be past its previews for the rest of the window, it still gets cards, on other platforms and new links too.
    const more = [...links.slice(0, 3), ...(await Promise.all(Array.from({ length: 3 }, () => newLink(person))))]
    for (const link of more) expect((await visit(link.url, { userAgent: CRAWLER_UA.linkedin, from: '198.51.100.7' })).status).toBe(200)
    expect(await previewsOf(person)).toBe(20)
    // Other addresses still count, exactly.
    await Promise.all(links.slice(0, 5).map((link, i) => visit(link.url, { userAgent: CRAWLER_UA.discord, from: address(i) })))
    expect(await previewsOf(person)).toBe(25)
  })

  it("counts an IPv6 network's previews together: the addresses of one /64 spend one allowance", async () => {
    const person = await signUp(api, 'one-network')
    const links = await Promise.all(Array.from({ length: 26 }, () => newLink(person)))
    const answers = await Promise.all(links.map((link, i) => visit(link.url, { userAgent: CRAWLER_UA.slack, from: `2001:db8:64:1::${(i + 1).toString(16)}` })))
    expect(answers.map((answer) => answer.status)).toEqual(links.map(() => 200))
    expect(await previewsOf(person)).toBe(20)
    // Another /64 is another network.
    expect((await visit(links[0]!.url, { userAgent: CRAWLER_UA.discord, from: '2001:db8:64:2::1' })).status).toBe(200)
    expect(await previewsOf(person)).toBe(21)
  })
})
