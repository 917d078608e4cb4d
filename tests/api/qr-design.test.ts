// Styled QR codes: colours, quiet zone, error correction, size and a logo, each decoded back to the
// short URL and its scan marker with jsQR. Logos come from a local https image host the server may read
// (FETCH_ALLOWED_HOSTS, its certificate trusted through NODE_EXTRA_CA_CERTS).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { QR_LOGO_MAX_SIDE, QR_LOGO_SHARE } from '../../src/shared/qr-design'
import { QR_DRAW_LIMIT } from '../../src/shared/rate-limits'
import { signUp } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { selfSignedCertificate } from '../helpers/tls-server'

type Rgba = { width: number; height: number; data: Uint8Array }

const LOGO_RGB = [225, 29, 72] as const

/** A PNG of one colour, or of nothing at all when `alpha` is 0. */
function solidPng(width: number, height: number, rgb: readonly number[], alpha = 255) {
  const png = new PNG({ width, height })
  for (let at = 0; at < png.data.length; at += 4) png.data.set([...rgb, alpha], at)
  return new Uint8Array(PNG.sync.write(png))
}

const certificate = selfSignedCertificate(['127.0.0.1'])

let logoReads = 0
const logos = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  tls: { key: certificate.key, cert: certificate.cert },
  fetch(request) {
    const path = new URL(request.url).pathname
    const png = (body: Uint8Array<ArrayBuffer>) => new Response(body, { headers: { 'content-type': 'image/png' } })
    if (path.startsWith('/logo.png')) {
      logoReads += 1
      return png(solidPng(300, 200, LOGO_RGB))
    }
    if (path === '/huge.png') return png(solidPng(QR_LOGO_MAX_SIDE + 1, 1, LOGO_RGB))
    if (path === '/broken.png') return png(new TextEncoder().encode('not a png at all'))
    if (path === '/page.html') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
    return new Response('missing', { status: 404 })
  },
})
const logoUrl = (path: string) => `https://127.0.0.1:${logos.port}${path}`

let server: TestServer
let http: Client
let link: { url: string; slug: string; qrCodeUrl: string }

beforeAll(async () => {
  // Behind a trusted proxy, so a test can call from an address of its own.
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${logos.port}`, NODE_EXTRA_CA_CERTS: certificate.certFile, TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
  const owner = await signUp(http, 'qr-design')
  link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/qr', title: 'QR' }, { token: owner.token })).body
})
afterAll(async () => {
  await server.close()
  logos.stop(true)
  certificate.remove()
})

const qrPath = (options: Record<string, string | number> = {}) => {
  const query = new URLSearchParams(Object.entries(options).map(([name, value]) => [name, String(value)]))
  return `/api/qr/${link.slug}${query.size ? `?${query}` : ''}`
}

async function fetchPng(options: Record<string, string | number> = {}) {
  const answer = await fetch(server.url + qrPath(options))
  expect({ status: answer.status, type: answer.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' })
  const png = PNG.sync.read(Buffer.from(await answer.arrayBuffer()))
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) }
}

/** The image on an opaque white page, as a phone sees a printed code. */
function onWhite(image: Rgba, border = 0): Rgba {
  const width = image.width + 2 * border
  const height = image.height + 2 * border
  const data = new Uint8Array(width * height * 4).fill(255)
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * 4
      const to = ((y + border) * width + x + border) * 4
      const alpha = image.data[from + 3] / 255
      for (let channel = 0; channel < 3; channel++) data[to + channel] = Math.round(image.data[from + channel] * alpha + 255 * (1 - alpha))
    }
  return { width, height, data }
}

const decode = (image: Rgba) => jsQR(new Uint8ClampedArray(image.data), image.width, image.height)
const pixel = (image: Rgba, x: number, y: number) => [...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)]
const isColour = (image: Rgba, x: number, y: number, rgb: readonly number[]) => pixel(image, x, y).slice(0, 3).every((value, i) => value === rgb[i])

/** The quiet zone in modules, from the top-left finder pattern: its top edge is 7 modules of foreground. */
function quietZone(image: Rgba, foreground: readonly number[]) {
  for (let y = 0; y < image.height; y++) {
    let x = 0
    while (x < image.width && !isColour(image, x, y, foreground)) x++
    if (x === image.width) continue
    let run = 0
    while (x + run < image.width && isColour(image, x + run, y, foreground)) run++
    return Math.round(x / (run / 7))
  }
  throw new Error('no foreground pixel')
}

/** An SVG code's modules drawn as pixels, from its path: each `M x y h n v1h-n z` is a run of dark modules. */
function rasterisedSvg(svg: string, pixelsPerModule = 8): Rgba {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const width = side * pixelsPerModule
  const data = new Uint8Array(width * width * 4).fill(255)
  const path = /<path[^>]* d="([^"]*)"/.exec(svg)![1]
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let py = Number(y) * pixelsPerModule; py < (Number(y) + 1) * pixelsPerModule; py++)
      for (let px = Number(x) * pixelsPerModule; px < (Number(x) + Number(run)) * pixelsPerModule; px++) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
  return { width, height: width, data }
}

const hex = (rgb: readonly number[]) => `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`

describe('GET /api/qr/:path with a design', () => {
  it('draws the colours asked for, and still decodes to the short URL', async () => {
    const foreground = [30, 58, 138]
    const background = [253, 230, 138]
    const image = await fetchPng({ foreground: hex(foreground), background: hex(background).slice(1) })
    expect(decode(image)?.data).toBe(`${link.url}?qr`)
    expect(pixel(image, 0, 0)).toEqual([...background, 255])
    expect(quietZone(image, foreground)).toBe(2)

    const transparent = await fetchPng({ foreground: '#14532d', background: 'transparent' })
    expect(pixel(transparent, 0, 0)[3]).toBe(0)
    expect(decode(onWhite(transparent))?.data).toBe(`${link.url}?qr`)
  })

  it('leaves the quiet zone asked for, from none to 16 modules', async () => {
    for (const margin of [0, 1, 4, 16]) {
      const image = await fetchPng({ margin, size: 600 })
      expect(quietZone(image, [0, 0, 0])).toBe(margin)
      // Without a quiet zone of its own the code is read on the page around it.
      expect(decode(onWhite(image, margin === 0 ? 40 : 0))?.data).toBe(`${link.url}?qr`)
    }
  })

  it('encodes at each error-correction level, more correction taking more modules', async () => {
    const versions: number[] = []
    for (const errorCorrection of ['L', 'M', 'Q', 'H']) {
      const decoded = decode(await fetchPng({ errorCorrection }))
      expect(decoded?.data).toBe(`${link.url}?qr`)
      versions.push(decoded!.version)
    }
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(versions[3]).toBeGreaterThan(versions[0])
  })

  it('answers the size asked for, from 128 to 2048 pixels', async () => {
    for (const size of [128, 333, 2048]) {
      const image = await fetchPng({ size })
      expect([image.width, image.height]).toEqual([size, size])
      expect(decode(image)?.data).toBe(`${link.url}?qr`)
    }
  })

  it('draws an SVG with the same design, whose modules decode to the short URL', async () => {
    const answer = await fetch(server.url + qrPath({ format: 'svg', foreground: '#7c2d12', background: '#ffedd5', margin: 3, errorCorrection: 'Q', size: 300 }))
    expect(answer.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await answer.text()
    expect(svg).toMatch(/^<svg [^>]*width="300" height="300"/)
    expect(svg).toContain('fill="#ffedd5"')
    expect(svg).toContain('fill="#7c2d12"')
    const decoded = decode(rasterisedSvg(svg))
    expect(decoded?.data).toBe(`${link.url}?qr`)
    expect(Number(/viewBox="0 0 (\d+)/.exec(svg)![1])).toBe(17 + 4 * decoded!.version + 2 * 3)

    const transparent = await (await fetch(server.url + qrPath({ format: 'svg', background: 'transparent' }))).text()
    expect(transparent).not.toContain('<rect')
  })

  it('puts a logo in the middle, at most a fifth of the width, with error correction H', async () => {
    const size = 800
    const image = await fetchPng({ logo: logoUrl('/logo.png'), errorCorrection: 'L', size, foreground: '#111827' })
    const decoded = decode(image)
    expect(decoded?.data).toBe(`${link.url}?qr`)
    expect(decoded!.version).toBe(decode(await fetchPng({ errorCorrection: 'H', size }))!.version)
    const logoColumns = new Set<number>()
    const logoRows = new Set<number>()
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (isColour(image, x, y, LOGO_RGB)) {
          logoColumns.add(x)
          logoRows.add(y)
        }
    expect(isColour(image, size / 2, size / 2, LOGO_RGB)).toBe(true)
    expect(logoColumns.size).toBeLessThanOrEqual(QR_LOGO_SHARE * size)
    // The logo keeps its proportions (300 × 200).
    expect(logoColumns.size / logoRows.size).toBeCloseTo(1.5, 1)

    const svg = await (await fetch(server.url + qrPath({ format: 'svg', logo: logoUrl('/logo.png') }))).text()
    expect(svg).toMatch(/<image [^>]*xlink:href="data:image\/png;base64,[A-Za-z0-9+/=]+"/)
    expect(decode(rasterisedSvg(svg))?.data).toBe(`${link.url}?qr`)
  })

  it('reads a logo once for many codes, and tells codes with different options apart', async () => {
    const before = logoReads
    const logo = logoUrl('/logo.png?shared')
    const answers = await Promise.all([300, 400, 500].map((size) => fetch(server.url + qrPath({ logo, size }))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(logoReads - before).toBe(1)
    expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(3)

    const first = await fetch(server.url + qrPath({ margin: 5 }))
    const again = await fetch(server.url + qrPath({ margin: 5 }), { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
    const other = await fetch(server.url + qrPath({ margin: 6 }), { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(other.status).toBe(200)
  })
})

describe('GET /api/qr/:path refuses', () => {
  it('a bad value of each option with 400 naming it', async () => {
    const bad: Record<string, string[]> = {
      format: ['gif'],
      foreground: ['red', '#12345', '#gggggg'],
      background: ['blue', '#1234567'],
      margin: ['-1', '17', '2.5', 'wide'],
      errorCorrection: ['X', 'h'],
      size: ['127', '2049', 'big'],
      logo: ['http://example.com/logo.png', 'ftp://example.com/logo.png', 'logo.png'],
    }
    for (const [field, values] of Object.entries(bad))
      for (const value of values) {
        const answer = await http.get(qrPath({ [field]: value }))
        expect({ field, value, status: answer.status }).toEqual({ field, value, status: 400 })
        expect(answer.body.errors[0].field).toBe(field)
        expect(answer.body.message).toContain(field)
      }
  })

  it('colours that contrast too little to scan, saying so', async () => {
    for (const [foreground, background] of [
      ['#777777', '#888888'],
      ['#ffff00', '#ffffff'],
      ['#eeeeee', 'transparent'],
    ]) {
      const answer = await http.get(qrPath({ foreground, background }))
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain('contrast')
      expect(answer.body.errors.map((error: { field: string }) => error.field)).toEqual(['foreground', 'background'])
    }
    // Light on dark contrasts as well as dark on light.
    expect((await fetch(server.url + qrPath({ foreground: '#ffffff', background: '#000000' }))).status).toBe(200)
  })

  it('a logo it cannot use with 400 naming the logo and why', async () => {
    const cases: [string, RegExp][] = [
      [logoUrl('/missing.png'), /HTTP 404/],
      [logoUrl('/page.html'), /not a PNG/],
      [logoUrl('/broken.png'), /not a readable PNG/],
      [logoUrl('/huge.png'), /larger than/],
      // Not on FETCH_ALLOWED_HOSTS: a private address is never read.
      [`https://127.0.0.1:${server.port}/logo.png`, /private or local network/],
      ['https://169.254.169.254/latest/meta-data', /private or local network/],
      // Special-use names, whatever DNS answers for them, and an address whose password would never be sent.
      ['https://logo.localhost./logo.png', /private or local network/],
      ['https://brand.internal/logo.png', /private or local network/],
      [`https://user:secret@${new URL(logoUrl('/logo.png')).host}/logo.png`, /user name or password/],
    ]
    for (const [logo, reason] of cases) {
      const answer = await http.get(qrPath({ logo }))
      expect({ logo, status: answer.status }).toEqual({ logo, status: 400 })
      expect(answer.body.errors).toEqual([{ field: 'logo', message: answer.body.message }])
      expect(answer.body.message).toMatch(reason)
    }
  })

  it('a link that does not exist with 404, before any logo is read', async () => {
    const before = logoReads
    const answer = await http.get(`/api/qr/no-such-link-here?logo=${encodeURIComponent(logoUrl('/logo.png?unknown'))}`)
    expect(answer.status).toBe(404)
    expect(logoReads).toBe(before)
  })
})

describe('drawing many codes', () => {
  it('answers 429 with Retry-After once an address has drawn its new codes for the minute; another address draws on', async () => {
    // The exact count, in one minute, is in tests/api/qr-draw-limits.test.ts; here a minute's edge
    // may fall among the draws, which then start counting again.
    const from = { 'x-forwarded-for': '198.51.100.77' }
    const draw = (size: number) => fetch(server.url + qrPath({ size }), { headers: from })
    await Promise.all(Array.from({ length: QR_DRAW_LIMIT.perMinute }, (_, i) => draw(200 + i)))
    let refused = await draw(1000)
    for (let size = 1001; refused.status === 200 && size <= 1000 + QR_DRAW_LIMIT.perMinute; size++) refused = await draw(size)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await fetch(server.url + qrPath({ size: 1000 }), { headers: { 'x-forwarded-for': '198.51.100.78' } })).status).toBe(200)
  })
})
