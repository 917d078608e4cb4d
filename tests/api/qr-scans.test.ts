// QR code scans: the code encodes the short URL with the scan marker (?qr); a person who follows it
// is sent to the stored target as from any visit, and counted as a click that is also a scan.
import { beforeAll, describe, expect, it } from 'bun:test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { signUp, type SignedIn } from '../helpers/accounts'
import { serverAroundTests, } from '../helpers/server'
import { sql, storedEvents } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests()
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'scanner')
})

type Link = { id: string; url: string; slug: string; targetUrl: string }

const TARGET = 'https://example.com/menu?table=4#today'

async function createLink(title: string): Promise<Link> {
  const answer = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title }, { token: owner.token })
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`)
  return answer.body
}

const visit = (url: string, userAgent: string, method = 'GET') => fetch(url, { method, headers: { 'user-agent': userAgent }, redirect: 'manual' })
const today = () => new Date().toISOString().slice(0, 10)
const analytics = (link: Link) => linkcard.http.get(`/api/shareLinks/${link.id}/analytics`, { token: owner.token })

/** Events are written in batches: waits until the analytics count them all. */
const settled = (link: Link, totals: { clicks: number; scans: number; previews: number }) =>
  until(() => analytics(link), {
    what: `${JSON.stringify(totals)} to be counted`,
    done: (answer) => answer.body.totals?.clicks === totals.clicks && answer.body.totals?.scans === totals.scans && answer.body.totals?.previews === totals.previews,
  })

/** An SVG code's modules drawn as pixels, from its path: each `M x y h n v1h-n z` is a run of dark modules. */
function rasterisedSvg(svg: string, pixelsPerModule = 8) {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const width = side * pixelsPerModule
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  const path = /<path[^>]* d="([^"]*)"/.exec(svg)![1]
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let py = Number(y) * pixelsPerModule; py < (Number(y) + 1) * pixelsPerModule; py++)
      for (let px = Number(x) * pixelsPerModule; px < (Number(x) + Number(run)) * pixelsPerModule; px++) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
  return jsQR(data, width, width)
}

describe('a QR code', () => {
  it('encodes the short URL with the scan marker, as PNG and as SVG', async () => {
    const link = await createLink('Encoded')
    const png = await fetch(`${linkcard.server.url}/api/qr/${link.slug}`)
    expect(png.status).toBe(200)
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()))
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${link.url}?qr`)
    const svg = await fetch(`${linkcard.server.url}/api/qr/${link.slug}?format=svg`)
    expect(svg.status).toBe(200)
    expect(rasterisedSvg(await svg.text())?.data).toBe(`${link.url}?qr`)
  })
})

describe('visits from a QR code', () => {
  let link: Link
  let scanned: string

  beforeAll(async () => {
    link = await createLink('Scanned')
    scanned = `${link.url}?qr`
  })

  it('send people to the stored target exactly, the marker not passed on', async () => {
    const answer = await visit(scanned, BROWSER_UA.safariIphone)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(TARGET)
    expect(answer.headers.get('location')).toBe(link.targetUrl)
  })

  it('count nothing on HEAD, and give crawlers the card, counted as a preview and no scan', async () => {
    const head = await visit(scanned, BROWSER_UA.safariIphone, 'HEAD')
    expect(head.status).toBe(302)
    const card = await visit(scanned, CRAWLER_UA.facebook)
    expect(card.status).toBe(200)
    expect(await card.text()).toContain('og:title')
  })

  it('count a scan as a click and a scan, and a plain visit as a click only', async () => {
    const plain = await visit(link.url, BROWSER_UA.chromeWindows)
    expect(plain.status).toBe(302)
    expect(plain.headers.get('location')).toBe(TARGET)
    // The first visit (a scan), the HEAD and the crawler came before: only the scan and the plain click count, and the card.
    const answer = await settled(link, { clicks: 2, scans: 1, previews: 1 })
    expect(answer.body.series.at(-1)).toMatchObject({ day: today(), clicks: 2, scans: 1, previews: 1 })
    const events = await storedEvents(linkcard.server, link.id)
    const clicks = events.filter((event) => event.type === 'click')
    expect(clicks.map((event) => Boolean(event.isScan)).sort()).toEqual([false, true])
    expect(events.find((event) => event.type === 'preview')?.isScan).toBeUndefined()
  })

  it('answer the scans in the dashboard totals, the link list, the export and the public stats', async () => {
    await settled(link, { clicks: 2, scans: 1, previews: 1 })
    const dashboard = await linkcard.http.get('/api/dashboard-stats', { token: owner.token })
    expect(dashboard.body.totalScans).toBe(1)
    expect(dashboard.body.series.at(-1)).toMatchObject({ day: today(), scans: 1 })
    const exported = await linkcard.http.get('/api/shareLinks/export?format=json', { token: owner.token })
    expect(exported.body.find((row: { id: string }) => row.id === link.id)).toMatchObject({ clicks: 2, scans: 1, previews: 1 })
    await sql(linkcard.server, "update accounts set plan = 'pro' where id = $1", [owner.user.accountId])
    const { key } = (await linkcard.http.post('/api/apiKeys', { name: 'Scans' }, { token: owner.token })).body
    const stats = await linkcard.http.get(`/api/stats/${link.id}?from=${today()}&to=${today()}`, { token: key })
    expect(stats.status).toBe(200)
    expect(stats.body).toMatchObject({ totalClicks: 2, totalScans: 1, clicksInPeriod: 2, scansInPeriod: 1 })
    const recent = stats.body.recentEvents as { type: string; isScan: boolean }[]
    expect(recent.filter((event) => event.isScan)).toHaveLength(1)
    expect(recent.find((event) => event.type === 'preview')?.isScan).toBe(false)
  })

  it('count the click a scan of a link with a password leads to as a scan', async () => {
    const made = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Locked', password: 'open sesame' }, { token: owner.token })
    expect(made.status).toBe(201)
    const locked: Link = made.body
    const form = await (await visit(`${locked.url}?qr`, BROWSER_UA.safariIphone)).text()
    const action = /action="([^"]+)"/.exec(form)![1]
    expect(action).toBe(`/api/unlock/${locked.slug}?qr`)
    const unlock = (path: string) =>
      fetch(linkcard.server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA.safariIphone },
        body: new URLSearchParams({ password: 'open sesame' }),
        redirect: 'manual',
      })
    expect((await unlock(action)).status).toBe(200)
    expect((await unlock(`/api/unlock/${locked.slug}`)).status).toBe(200)
    await settled(locked, { clicks: 2, scans: 1, previews: 0 })
  })

  it('read the marker among other parameters, and no other parameter as the marker', async () => {
    const other = await createLink('Parameters')
    // The other parameters go on to the target (the link forwards query strings); the marker does not.
    expect((await visit(`${other.url}?utm_source=poster&qr`, BROWSER_UA.firefoxLinux)).headers.get('location')).toBe('https://example.com/menu?table=4&utm_source=poster#today')
    await visit(`${other.url}?qrx=1`, BROWSER_UA.firefoxLinux)
    await visit(`${other.url}?x=qr`, BROWSER_UA.firefoxLinux)
    await settled(other, { clicks: 3, scans: 1, previews: 0 })
  })
})
