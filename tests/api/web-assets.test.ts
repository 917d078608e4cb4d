// The web app's files: brotli where the browser takes it, gzip otherwise, as they are for clients
// that take neither; and a first page that loads the marketing screens, not every screen's code.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'

let server: TestServer

beforeAll(async () => {
  server = await startInProcess()
})
afterAll(() => server.close())

const get = (path: string, acceptEncoding: string) => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding }, decompress: false })

/** The scripts the home page loads before it shows: its module and the ones it preloads. */
async function firstScripts() {
  const html = await (await fetch(`${server.url}/`)).text()
  return [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+\.js)"/g)].map((match) => match[1] ?? match[2] ?? match[3])
}

describe('web app files', () => {
  it('are sent brotli-compressed where the browser takes it, else gzip, else as they are', async () => {
    const [script] = await firstScripts()
    const plain = Buffer.from(await (await get(script, 'identity')).arrayBuffer())
    expect(plain.length).toBeGreaterThan(1024)

    const brotli = await get(script, 'gzip, deflate, br, zstd')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('vary')).toContain('accept-encoding')
    const brotliBody = Buffer.from(await brotli.arrayBuffer())
    expect(brotliDecompressSync(brotliBody).equals(plain)).toBe(true)

    const gzip = await get(script, 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const gzipBody = Buffer.from(await gzip.arrayBuffer())
    expect(gunzipSync(gzipBody).equals(plain)).toBe(true)
    expect(brotliBody.length).toBeLessThan(gzipBody.length)

    // An encoding refused with q=0 is not used.
    expect((await get(script, 'br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip')
    expect((await get(script, 'br;q=0, gzip;q=0')).headers.get('content-encoding')).toBeNull()
  })

  it("compress the pages the server fills in too (the share card's address, the deployment's hosts)", async () => {
    for (const path of ['/', '/pricing', '/blog/']) {
      const answer = await get(path, 'br')
      expect(answer.headers.get('content-encoding')).toBe('br')
      const html = brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')
      expect(html).toContain(`${server.url}/share.png`)
      expect(html).not.toContain('{{origin}}')
    }
  })

  it("load the home page without the signed-in screens' code", async () => {
    const scripts = await firstScripts()
    const loaded = await Promise.all(scripts.map(async (path) => (await fetch(`${server.url}${path}`)).text()))
    const code = loaded.join('\n')
    // Words only the dashboard, the link list and the admin panel show.
    for (const word of ['Counted against your plan', 'Actions on the selected links', 'Accounts Management'])
      expect(code).not.toContain(word)
  })
})
