// The card's image size and type: read once after a link is saved, from a local image host the
// server is allowed to fetch from (FETCH_ALLOWED_HOSTS), then carried as og:image:width, height and type.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const png = (width: number, height: number) => new Uint8Array(PNG.sync.write(new PNG({ width, height })))
let reads = 0
const images = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname
    reads += 1
    if (path === '/wide.png') return new Response(png(1200, 630), { headers: { 'content-type': 'image/png' } })
    if (path === '/small.png') return new Response(png(150, 100), { headers: { 'content-type': 'image/png' } })
    if (path === '/page.html') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
    return new Response('missing', { status: 404 })
  },
})
const imageUrl = (path: string) => `http://127.0.0.1:${images.port}${path}`

let server: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${images.port}` } })
  http = client(server.url)
  owner = await signUp(http, 'card-image')
})
afterAll(async () => {
  await server.close()
  images.stop(true)
})

/** The card's image as an OpenGraph parser reads it; sizes as the page writes them. */
async function cardImage(url: string) {
  const image = (await ogs({ html: await (await visit(url, { userAgent: CRAWLER_UA.facebook })).text() })).result.ogImage?.[0]
  return image && { url: image.url, width: image.width === undefined ? undefined : String(image.width), height: image.height === undefined ? undefined : String(image.height), type: image.type }
}
const sized = (url: string, width: string) => until(() => cardImage(url), { what: `the card's image to be ${width} wide`, done: (image) => image?.width === width })

describe("the card's image", () => {
  it('carries the size and type read after saving, and the new ones after the image changes', async () => {
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Wide', ogImage: imageUrl('/wide.png') }, { token: owner.token })).body
    const first = await sized(link.url, '1200')
    expect(first).toMatchObject({ url: imageUrl('/wide.png'), width: '1200', height: '630', type: 'image/png' })

    const changed = await http.patch(`/api/shareLinks/${link.id}`, { ogImage: imageUrl('/small.png') }, { token: owner.token })
    expect(changed.status).toBe(200)
    // Until the new image is read, the card claims no size rather than the old one.
    const meanwhile = (await cardImage(link.url))!
    expect(meanwhile.url).toBe(imageUrl('/small.png'))
    expect(['150', undefined]).toContain(meanwhile.width)
    expect(await sized(link.url, '150')).toMatchObject({ width: '150', height: '100', type: 'image/png' })
  })

  it('reads an image many links share once, and names no size for what is not an image', async () => {
    const before = reads
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, i) => http.post('/api/shareLinks', { targetUrl: `https://example.com/${i}`, title: 'Shared', ogImage: imageUrl('/wide.png') }, { token: owner.token })),
    )
    for (const answer of made) await sized(answer.body.url, '1200')
    expect(reads - before).toBeLessThanOrEqual(1)

    for (const path of ['/page.html', '/missing.png']) {
      const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'No size', ogImage: imageUrl(path) }, { token: owner.token })).body
      // A later link with a readable image is sized: by then this one has been read too.
      const marker = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Marker', ogImage: imageUrl(`/small.png?after=${path}`) }, { token: owner.token })).body
      await sized(marker.url, '150')
      const image = (await cardImage(link.url))!
      expect(image.url).toBe(imageUrl(path))
      expect(image.width).toBeUndefined()
    }
  })
})

describe('POST /api/check-image', () => {
  it("answers an image's size and type for the link form, null for what is not an image, and 400 for what is not an address", async () => {
    const check = (url: string) => http.post('/api/check-image', { url }, { token: owner.token })
    const wide = await check(imageUrl('/wide.png'))
    expect(wide.status).toBe(200)
    expect(wide.body.image).toMatchObject({ width: 1200, height: 630, type: 'image/png' })
    expect(wide.body.image.bytes).toBeGreaterThan(0)
    expect((await check(imageUrl('/page.html'))).body).toEqual({ image: null })
    expect((await check('ftp://example.com/x.png')).status).toBe(400)
    expect((await http.post('/api/check-image', { url: imageUrl('/wide.png') })).status).toBe(401)
  })
})
