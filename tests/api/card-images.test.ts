// Card images Linkcard makes for links without an image of their own: 1200x630 PNGs in the link's
// accent colour, one per card version, served from Linkcard's origin for good (the address names
// the version), named by the card page for every platform that has no image of its own.
import { beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { signUp, type SignedIn } from '../helpers/accounts'
import { visit, } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'card-images')
})

const create = (body: Record<string, unknown>) =>
  linkcard.http.post('/api/shareLinks', { targetUrl: 'https://www.example.com/launch', title: 'Our launch day', description: 'Everything about it.', ...body }, { token: owner.token })

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
    expect(bold.body.cardImageUrl).toBe(`${linkcard.server.url}/api/card-image/${bold.body.slug}/1.png`)
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
    const own = await linkcard.http.patch(`/api/shareLinks/${made.body.id}`, { ogImage: 'https://example.com/own.png' }, { token: owner.token })
    expect(own.body.cardImageUrl).toBeNull()
    expect((await fetch(made.body.cardImageUrl)).status).toBe(404)
  })

  it('change address with the card: an older version is sent on to the current one', async () => {
    const made = await create({ targetUrl: 'https://example.com/versions', cardImage: 'bold' })
    const first = await (await fetch(made.body.cardImageUrl)).arrayBuffer()
    const changed = await linkcard.http.patch(`/api/shareLinks/${made.body.id}`, { title: 'A new title' }, { token: owner.token })
    expect(changed.body.cardImageUrl).toBe(`${linkcard.server.url}/api/card-image/${made.body.slug}/2.png`)
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
      expect((await fetch(`${linkcard.server.url}/api/card-image/${path}`)).status).toBe(404)
    const off = await create({ targetUrl: 'https://example.com/off', cardImage: 'bold' })
    await linkcard.http.patch(`/api/shareLinks/${off.body.id}`, { isActive: false }, { token: owner.token })
    expect((await fetch(off.body.cardImageUrl)).status).toBe(404)
    expect((await create({ targetUrl: 'https://example.com/bad', cardImage: 'fancy' })).status).toBe(400)
  })
})

describe('card images in other scripts', () => {
  // A glyph the fonts lack is drawn as the same "no glyph" box: two titles of as many such glyphs would draw alike.
  it('draw Latin with diacritics, Cyrillic, Greek and Vietnamese titles with their own glyphs', async () => {
    const bytesOf = async (title: string) => {
      const made = await create({ targetUrl: `https://example.com/script-${encodeURIComponent(title)}`, title, cardImage: 'minimal' })
      return Buffer.from(await (await fetch(made.body.cardImageUrl)).arrayBuffer())
    }
    for (const [one, other] of [
      ['Łżć', 'Śźę'],
      ['Жизнь', 'Борщи'],
      ['Ελλάδα', 'Αθήνας'],
      ['ế ộ ữ', 'ặ ỡ ự'],
    ])
      expect({ one, other, same: (await bytesOf(one)).equals(await bytesOf(other)) }).toEqual({ one, other, same: false })
  })
})

describe("the account's brand", () => {
  const uploadLogo = async (who: SignedIn, color: [number, number, number]) => {
    const logo = new PNG({ width: 200, height: 200 })
    for (let at = 0; at < logo.data.length; at += 4) logo.data.set([...color, 255], at)
    const answer = await fetch(`${linkcard.server.url}/api/images?purpose=logo`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'image/png' }, body: new Uint8Array(PNG.sync.write(logo)) })
    expect(answer.status).toBe(201)
    return ((await answer.json()) as { url: string }).url
  }

  it("draws the account's colour and logo, and a change to either is a new card version", async () => {
    const brand = await signUp(linkcard.http, 'card-images-brand')
    const made = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/brand', title: 'Branded', cardImage: 'classic' }, { token: brand.token })).body
    const own = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/own', title: 'Own colour', cardImage: 'classic', themeColor: '#b45309' }, { token: brand.token })).body
    expect(pixel((await decode(made.cardImageUrl)).png, 5, 300)).toBe('#4f46e5')
    expect((await linkcard.http.get('/api/brand', { token: brand.token })).body).toEqual({ color: null, logo: null })

    const logo = await uploadLogo(brand, [225, 29, 72])
    const set = await linkcard.http.put('/api/brand', { color: '#0F766E', logo }, { token: brand.token })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ color: '#0f766e', logo })
    const changed = (await linkcard.http.get(`/api/shareLinks/${made.id}`, { token: brand.token })).body
    expect(changed.cardVersion).toBe(2)
    expect(changed.cardImageUrl).toBe(`${linkcard.server.url}/api/card-image/${made.slug}/2.png`)
    const moved = await fetch(made.cardImageUrl, { redirect: 'manual' })
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe(`/api/card-image/${made.slug}/2.png`)
    const drawn = (await decode(changed.cardImageUrl)).png
    expect(pixel(drawn, 5, 300)).toBe('#0f766e')
    // The logo stands before the site at the bottom left, 56 pixels high.
    expect(pixel(drawn, 124, 530)).toBe('#e11d48')
    // A link's own accent colour goes before the account's.
    const ownChanged = (await linkcard.http.get(`/api/shareLinks/${own.id}`, { token: brand.token })).body
    expect(pixel((await decode(ownChanged.cardImageUrl)).png, 5, 300)).toBe('#b45309')

    // The same brand again is no change; a bad one changes nothing.
    expect((await linkcard.http.put('/api/brand', { color: '#0f766e', logo }, { token: brand.token })).status).toBe(200)
    const stranger = await signUp(linkcard.http, 'card-images-stranger')
    const strangersLogo = await uploadLogo(stranger, [0, 0, 0])
    const refused = await linkcard.http.put('/api/brand', { color: '#0f766e', logo: strangersLogo }, { token: brand.token })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe('logo')
    expect((await linkcard.http.put('/api/brand', { color: 'teal', logo: null }, { token: brand.token })).status).toBe(400)
    expect((await linkcard.http.put('/api/brand', { color: '#0f766e', logo: 'https://example.com/logo.png' }, { token: brand.token })).status).toBe(400)
    expect((await linkcard.http.get(`/api/shareLinks/${made.id}`, { token: brand.token })).body.cardVersion).toBe(2)
    expect((await linkcard.http.get('/api/brand', { token: brand.token })).body).toEqual({ color: '#0f766e', logo })
    // Without the logo, the accent dot is back: a new version again.
    expect((await linkcard.http.put('/api/brand', { color: '#0f766e', logo: null }, { token: brand.token })).body).toEqual({ color: '#0f766e', logo: null })
    expect((await linkcard.http.get(`/api/shareLinks/${made.id}`, { token: brand.token })).body.cardVersion).toBe(3)
  })
})
