// Uploaded images: checked, re-encoded to fit their purpose (a card image within every platform's
// limits, a logo with its transparency), kept where every instance reads them (the database, or an
// S3-compatible bucket), served from Linkcard's own address for their content, and taken by cards
// and QR codes. The stored pixels are read back with Squoosh's own decoder.
import { beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { IMAGE_MESSAGES } from '../../src/shared/images'
import { signUp, type SignedIn } from '../helpers/accounts'
import { painted, pixelAt, readJpeg, writeJpeg, writeWebp, type Pixels } from '../helpers/codecs'
import { client, visit, } from '../helpers/http'
import { S3_CREDENTIALS, startS3Server } from '../helpers/s3-server'
import { serverAroundTests, startServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests()
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'images')
})

const png = (image: Pixels) => {
  const file = new PNG({ width: image.width, height: image.height })
  file.data.set(image.data)
  return new Uint8Array(PNG.sync.write(file))
}
const readPng = (bytes: Uint8Array): Pixels => {
  const file = PNG.sync.read(Buffer.from(bytes))
  return { width: file.width, height: file.height, data: new Uint8ClampedArray(file.data) }
}

type Uploaded = { id: string; url: string; purpose: string; contentType: string; width: number; height: number; size: number }
async function upload(body: Uint8Array<ArrayBuffer> | string, options: { path?: string; token?: string; type?: string; purpose?: string; base?: string } = {}) {
  const query = options.purpose ? `?purpose=${options.purpose}` : ''
  const answer = await fetch(`${options.base ?? linkcard.server.url}${options.path ?? '/api/images'}${query}`, {
    method: 'POST',
    headers: { 'content-type': options.type ?? 'application/octet-stream', ...(options.token === '' ? {} : { authorization: `Bearer ${options.token ?? owner.token}` }) },
    body,
  })
  return { status: answer.status, body: (await answer.json()) as Uploaded & { message?: string } }
}
const served = async (url: string) => {
  const answer = await fetch(url)
  return { answer, bytes: new Uint8Array(await answer.arrayBuffer()) }
}

// A pseudo-random image: noise is the hardest thing to compress, so it meets the size limit.
function noise(width: number, height: number, transparentCorner = false) {
  let seed = 7
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 255
  return painted(width, height, (x, y) => (transparentCorner && x < width / 4 && y < height / 4 ? [0, 0, 0, 0] : [next(), next(), next(), 255]))
}

/** A JPEG with an EXIF orientation (6: turn it a quarter clockwise) and a comment saying where it was taken. */
function withExif(jpeg: Uint8Array, comment: string): Uint8Array<ArrayBuffer> {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
  const exif = [...new TextEncoder().encode('Exif\0\0'), ...tiff]
  const text = [...new TextEncoder().encode(comment)]
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]
  return new Uint8Array([0xff, 0xd8, ...segment(0xe1, exif), ...segment(0xfe, text), ...jpeg.slice(2)])
}

describe('POST /api/images', () => {
  it('makes a card image a JPEG within 1200 px and 300 KB, with transparency on white, served for good from its own address', async () => {
    const made = await upload(png(noise(2400, 1260, true)), { type: 'image/png' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ purpose: 'card', contentType: 'image/jpeg' })
    expect(made.body.width).toBeLessThanOrEqual(1200)
    expect(made.body.height / made.body.width).toBeCloseTo(1260 / 2400, 2)
    expect(made.body.size).toBeLessThanOrEqual(300 * 1024)
    expect(made.body.url).toBe(`${linkcard.server.url}/api/images/${made.body.id}.jpg`)

    const { answer, bytes } = await served(made.body.url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/jpeg')
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(bytes.byteLength).toBe(made.body.size)
    const pixels = await readJpeg(bytes)
    expect([pixels.width, pixels.height]).toEqual([made.body.width, made.body.height])
    // The transparent corner is white, as on every platform.
    for (const channel of pixelAt(pixels, 10, 10).slice(0, 3)) expect(channel).toBeGreaterThan(240)
    const again = await fetch(made.body.url, { headers: { 'if-none-match': answer.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('is one image for the same upload twice, and another for the same upload by another account', async () => {
    const image = png(painted(300, 200, (x) => [x % 256, 90, 160, 255]))
    const first = await upload(image)
    const second = await upload(image)
    expect(second.body.url).toBe(first.body.url)
    const other = await upload(image, { token: (await signUp(linkcard.http, 'images-other')).token })
    expect(other.status).toBe(201)
    expect(other.body.url).not.toBe(first.body.url)
    expect((await sql(linkcard.server, 'SELECT id FROM images WHERE id IN ($1, $2)', [first.body.id, other.body.id])).length).toBe(2)
  })

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    // Red on the left, blue on the right; turned a quarter clockwise, red is on top.
    const photo = await writeJpeg(painted(80, 40, (x) => (x < 40 ? [220, 0, 0, 255] : [0, 0, 220, 255])))
    const made = await upload(withExif(photo, 'Taken at 51.5074 N, 0.1278 W'), { type: 'image/jpeg' })
    expect(made.status).toBe(201)
    expect([made.body.width, made.body.height]).toEqual([40, 80])
    const { bytes } = await served(made.body.url)
    expect(new TextDecoder('latin1').decode(bytes)).not.toContain('51.5074')
    expect(new TextDecoder('latin1').decode(bytes)).not.toContain('Exif')
    const pixels = await readJpeg(bytes)
    expect(pixelAt(pixels, 20, 10)[0]).toBeGreaterThan(180)
    expect(pixelAt(pixels, 20, 70)[2]).toBeGreaterThan(180)
  })

  it('takes an image larger than other bodies at its address with a trailing slash too', async () => {
    const large = png(noise(1100, 1000))
    expect(large.byteLength).toBeGreaterThan(1024 * 1024)
    expect((await upload(large, { path: '/api/images/' })).status).toBe(201)
  })

  it('takes WebP', async () => {
    const made = await upload(await writeWebp(painted(640, 336, () => [20, 120, 60, 255])), { type: 'image/webp' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 336 })
    expect(pixelAt(await readJpeg((await served(made.body.url)).bytes), 320, 168)[1]).toBeGreaterThan(100)
  })

  it('makes a logo a PNG within 512 px that keeps its transparency, which a QR code then carries', async () => {
    const logo = painted(1024, 1024, (x, y) => (Math.hypot(x - 512, y - 512) < 400 ? [200, 30, 90, 255] : [0, 0, 0, 0]))
    const made = await upload(png(logo), { purpose: 'logo', type: 'image/png' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ purpose: 'logo', contentType: 'image/png', width: 512, height: 512 })
    expect(made.body.url).toEndWith('.png')
    const stored = readPng((await served(made.body.url)).bytes)
    expect(pixelAt(stored, 0, 0)[3]).toBe(0)
    const inside = pixelAt(stored, 256, 256)
    for (const [at, value] of [200, 30, 90, 255].entries()) expect(Math.abs(inside[at]! - value)).toBeLessThanOrEqual(2)

    // The QR code reads the logo from where Linkcard keeps it: its own address is private, and would not be fetched.
    const link = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/logo', title: 'With a logo' }, { token: owner.token })).body
    const plain = await served(`${linkcard.server.url}/api/qr/${link.slug}`)
    const withLogo = await served(`${linkcard.server.url}/api/qr/${link.slug}?logo=${encodeURIComponent(made.body.url)}`)
    expect(withLogo.answer.status).toBe(200)
    const code = readPng(withLogo.bytes)
    const centre = pixelAt(code, Math.floor(code.width / 2), Math.floor(code.height / 2))
    for (const [at, value] of [200, 30, 90].entries()) expect(Math.abs(centre[at]! - value)).toBeLessThanOrEqual(2)
    expect(Buffer.compare(Buffer.from(plain.bytes), Buffer.from(withLogo.bytes))).not.toBe(0)

    // A card image is a JPEG: QR codes take PNG logos only.
    const card = await upload(png(painted(64, 64, () => [0, 0, 0, 255])))
    const refused = await fetch(`${linkcard.server.url}/api/qr/${link.slug}?logo=${encodeURIComponent(card.body.url)}`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toContain('not a PNG')
  })

  it("gives a link's card the uploaded image with its size, read where Linkcard keeps it", async () => {
    const made = await upload(png(painted(1200, 630, (x) => [x % 200, 40, 120, 255])))
    const link = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/upload', title: 'Uploaded', ogImage: made.body.url }, { token: owner.token })).body
    const image = await until(
      async () => (await ogs({ html: await (await visit(link.url, { userAgent: CRAWLER_UA.facebook })).text() })).result.ogImage?.[0],
      { what: "the card's image size", done: (found) => found?.width !== undefined },
    )
    expect(image).toMatchObject({ url: made.body.url, type: 'image/jpeg' })
    expect([String(image!.width), String(image!.height)]).toEqual(['1200', '630'])
  })

  it('refuses what it does not take with a clear 4xx, stores nothing, and keeps serving', async () => {
    const before = Number((await sql<{ n: number }>(linkcard.server, 'SELECT count(*) AS n FROM images'))[0]!.n)
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 44, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 68, 1, 0, 59])
    // A PNG whose header claims 20,000 × 20,000 pixels: refused before anything is decoded.
    const huge = png(painted(1, 1, () => [0, 0, 0, 255]))
    new DataView(huge.buffer).setUint32(16, 20_000)
    new DataView(huge.buffer).setUint32(20, 20_000)
    const damaged = png(noise(200, 200)).slice(0, 400)
    // A JPEG showing a 16 × 16 frame inside a comment, after a restart marker, before its real 8000 × 8000 frame.
    const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]
    const frame = (side: number) => segment(0xc0, [8, side >> 8, side & 255, side >> 8, side & 255, 1, 1, 0x11, 0])
    const decoy = new Uint8Array([0xff, 0xd8, 0xff, 0xd0, ...segment(0xfe, [0, 0, ...frame(16), 0, 0]), ...frame(8000), ...segment(0xda, [1, 1, 0, 0, 63, 0]), 0xff, 0xd9])
    const cases: [string, Promise<{ status: number; body: { message?: string } }>, number, string][] = [
      ['empty', upload(new Uint8Array(0)), 400, 'The body holds no image.'],
      ['text', upload('<svg xmlns="http://www.w3.org/2000/svg"/>', { type: 'image/svg+xml' }), 415, 'Upload a PNG, JPEG or WebP image.'],
      ['a GIF', upload(gif, { type: 'image/gif' }), 415, 'Upload a PNG, JPEG or WebP image.'],
      ['too many pixels', upload(huge), 413, 'The image is larger than 25 megapixels.'],
      ['too many pixels behind a decoy frame', upload(decoy, { type: 'image/jpeg' }), 413, 'The image is larger than 25 megapixels.'],
      ['damaged', upload(damaged), 400, IMAGE_MESSAGES.unreadable],
      ['too large', upload(new Uint8Array(11 * 1024 * 1024)), 413, 'Request body is too large.'],
      ['an unknown purpose', upload(png(noise(10, 10)), { purpose: 'banner' }), 400, 'purpose must be one of card, logo.'],
      ['no session', upload(png(noise(10, 10)), { token: '' }), 401, ''],
    ]
    for (const [what, answer, status, message] of cases) {
      const { status: got, body } = await answer
      expect({ what, status: got }).toEqual({ what, status })
      if (message) expect(body.message).toBe(message)
    }
    expect(Number((await sql<{ n: number }>(linkcard.server, 'SELECT count(*) AS n FROM images'))[0]!.n)).toBe(before)
    for (const path of ['/api/images/nothing.jpg', '/api/images/..%2F..%2Fetc%2Fpasswd', `/api/images/${'a'.repeat(27)}.jpg`]) expect((await fetch(linkcard.server.url + path)).status).toBe(404)
    expect(linkcard.server.isRunning()).toBe(true)
    expect((await fetch(`${linkcard.server.url}/api/health`)).status).toBe(200)
  })
})

describe('POST /api/image (public API)', () => {
  it('takes an upload with an API key', async () => {
    const { key } = (await linkcard.http.post<{ key: string }>('/api/apiKeys', { name: 'Images' }, { token: owner.token })).body
    const made = await upload(png(painted(400, 210, () => [10, 10, 10, 255])), { path: '/api/image', token: key })
    expect(made.status).toBe(201)
    expect((await served(made.body.url)).answer.status).toBe(200)
    expect((await upload(png(painted(4, 4, () => [0, 0, 0, 255])), { path: '/api/image', token: 'lnk_wrong' })).status).toBe(401)
    // A session is not an API key.
    expect((await upload(png(painted(4, 4, () => [0, 0, 0, 255])), { path: '/api/image' })).status).toBe(401)
  })
})

describe('with S3_BUCKET set', () => {
  it('keeps the bytes in the S3-compatible bucket, not the database, and serves them from Linkcard', async () => {
    const bucket = await startS3Server('card-images')
    const s3Server = await startServer({
      env: { S3_BUCKET: 'card-images', S3_ENDPOINT: bucket.endpoint, S3_REGION: S3_CREDENTIALS.region, S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey },
    })
    try {
      const who = await signUp(client(s3Server.url), 'images-s3')
      const made = await upload(png(painted(600, 315, (x, y) => [x % 256, y % 256, 77, 255])), { base: s3Server.url, token: who.token })
      expect(made.status).toBe(201)
      const [row] = await sql<{ data: unknown }>(s3Server, 'SELECT data FROM images WHERE id = $1', [made.body.id])
      expect(row!.data).toBeNull()
      const kept = new Uint8Array(await bucket.client.file(`images/${made.body.id}`).arrayBuffer())
      const { answer, bytes } = await served(made.body.url)
      expect(answer.status).toBe(200)
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(kept))).toBe(0)
      expect(bytes.byteLength).toBe(made.body.size)
    } finally {
      await s3Server.close()
      await bucket.close()
    }
  })
})
