// Card images Linkcard makes for links without an image of their own: 1200x630 PNGs in the link's
// accent colour, one per card version, served from Linkcard's origin for good (the address names
// the version), named by the card page for every platform that has no image of its own.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  owner = await signUp(http, 'card-images')
})
afterAll(() => server.close())

const create = (body: Record<string, unknown>) =>
  http.post('/api/shareLinks', { targetUrl: 'https://www.example.com/launch', title: 'Our launch day', description: 'Everything about it.', ...body }, { token: owner.token })

const decode = async (url: string) => {
  const answer = await fetch(url)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('image/png')
  return { answer, png: PNG.sync.read(Buffer.from(await answer.arrayBuffer())) }
}
const pixel = (png: PNG, x: number, y: number) => {
  const i = (png.width * y + x) * 4
  return `#${[png.data[i], png.data[i + 1], png.data[i + 2]].map((n) => n!.toString(16).padStart(2, '0')).join('')}`
}

describe('card images', () => {
  it('are 1200x630 PNGs in the layout and accent colour asked for, kept for good', async () => {
    const bold = await create({ cardImage: 'bold', themeColor: '#0e7490' })
    expect(bold.status).toBe(201)
    expect(bold.body.cardImageUrl).toBe(`${server.url}/api/card-image/${bold.body.slug}/1.png`)
    const { answer, png } = await decode(bold.body.cardImageUrl)
    expect([png.width, png.height]).toEqual([1200, 630])
    // The bold layout fills the image with the accent colour.
    expect(pixel(png, 10, 10)).toBe('#0e7490')
    expect(pixel(png, 1190, 620)).toBe('#0e7490')
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = answer.headers.get('etag')!
    expect((await fetch(bold.body.cardImageUrl, { headers: { 'if-none-match': etag } })).status).toBe(304)

    // The classic layout: a light page with a bar of the accent colour down its left side.
    const classic = await create({ targetUrl: 'https://example.com/classic', cardImage: 'classic' })
    const drawn = (await decode(classic.body.cardImageUrl)).png
    expect(pixel(drawn, 5, 300)).toBe('#4f46e5')
    expect(pixel(drawn, 1150, 20)).toBe('#f8fafc')
    const minimal = (await decode((await create({ targetUrl: 'https://example.com/minimal', cardImage: 'minimal' })).body.cardImageUrl)).png
    expect(pixel(minimal, 5, 5)).toBe('#ffffff')
  })

  it('are named by the card page, with their size, for each platform without an image of its own', async () => {
    const made = await create({ targetUrl: 'https://example.com/named', cardImage: 'classic', platformCards: { whatsapp: { ogImage: 'https://example.com/square.png' } } })
    const facebook = (await ogs({ html: await (await visit(made.body.url, { userAgent: CRAWLER_UA.facebook })).text() })).result
    expect(facebook.ogImage?.[0]).toMatchObject({ url: made.body.cardImageUrl, width: '1200', height: '630', type: 'image/png' })
    expect(facebook.twitterCard).toBe('summary_large_image')
    const whatsapp = (await ogs({ html: await (await visit(made.body.url, { userAgent: CRAWLER_UA.whatsapp })).text() })).result
    expect(whatsapp.ogImage?.[0]?.url).toBe('https://example.com/square.png')
    // An image of the link's own comes first; the made one is not used.
    const own = await http.patch(`/api/shareLinks/${made.body.id}`, { ogImage: 'https://example.com/own.png' }, { token: owner.token })
    expect(own.body.cardImageUrl).toBeNull()
    expect((await fetch(made.body.cardImageUrl)).status).toBe(404)
  })

  it('change address with the card: an older version is sent on to the current one', async () => {
    const made = await create({ targetUrl: 'https://example.com/versions', cardImage: 'bold' })
    const first = await (await fetch(made.body.cardImageUrl)).arrayBuffer()
    const changed = await http.patch(`/api/shareLinks/${made.body.id}`, { title: 'A new title' }, { token: owner.token })
    expect(changed.body.cardImageUrl).toBe(`${server.url}/api/card-image/${made.body.slug}/2.png`)
    const moved = await fetch(made.body.cardImageUrl, { redirect: 'manual' })
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(`/api/card-image/${made.body.slug}/2.png`)
    const second = await (await fetch(changed.body.cardImageUrl)).arrayBuffer()
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(false)
    const page = (await ogs({ html: await (await visit(made.body.url, { userAgent: CRAWLER_UA.linkedin })).text() })).result
    expect(page.ogImage?.[0]?.url).toBe(changed.body.cardImageUrl)
  })

  it('answer 404 for a link without one, an unknown or inactive link, and a malformed address', async () => {
    const plain = await create({ targetUrl: 'https://example.com/plain' })
    expect(plain.body.cardImageUrl).toBeNull()
    for (const path of [`${plain.body.slug}/1.png`, 'NoSuchSlug/1.png', `${plain.body.slug}/0.png`, `${plain.body.slug}/1.jpg`, `${plain.body.slug}/99999999999.png`, `${plain.body.slug}/x.png`])
      expect((await fetch(`${server.url}/api/card-image/${path}`)).status).toBe(404)
    const off = await create({ targetUrl: 'https://example.com/off', cardImage: 'bold' })
    await http.patch(`/api/shareLinks/${off.body.id}`, { isActive: false }, { token: owner.token })
    expect((await fetch(off.body.cardImageUrl)).status).toBe(404)
    expect((await create({ targetUrl: 'https://example.com/bad', cardImage: 'fancy' })).status).toBe(400)
  })
})
