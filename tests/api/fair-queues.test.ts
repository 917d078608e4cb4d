// The threads that do an account's heavy work (re-encoding uploads, drawing card images) are shared
// by every account: each account takes its turn, so a crowd of accounts, or one account asking for
// many, keeps no other account's work out or waiting behind all of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { PNG } from 'pngjs'
import { ownAddress, signUp, type SignedIn } from '../helpers/accounts'
import { painted } from '../helpers/codecs'
import { client, type Client } from '../helpers/http'
import { seedLinks } from '../helpers/bulk-data'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client

beforeAll(async () => {
  // Behind a trusted proxy, so each account signs up, and each crawler asks, from an address of its own.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
})
afterAll(() => server?.close())

// Noise compresses worst: each upload takes the processor a while.
function noisePng(side: number, seed: number) {
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 255
  const image = painted(side, side, () => [next(), next(), next(), 255])
  const png = new PNG({ width: side, height: side })
  png.data.set(image.data)
  return new Uint8Array(PNG.sync.write(png))
}

const upload = async (who: SignedIn, body: Uint8Array<ArrayBuffer>) => {
  const answer = await fetch(`${server.url}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'image/png' }, body })
  await answer.arrayBuffer()
  return answer.status
}

describe('the image processor', () => {
  it("serves accounts in turn: a dozen accounts uploading without a pause keep no other account's upload out", async () => {
    const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(http, `crowd-${i}`, ownAddress())))
    const other = await signUp(http, 'waiting', ownAddress())
    const image = noisePng(400, 1)
    // Each of the crowd uploads again as soon as its last upload is answered.
    let flooding = true
    const answered: { who: number; status: number }[] = []
    const floods = crowd.map(async (who, i) => {
      while (flooding) answered.push({ who: i, status: await upload(who, image) })
    })
    try {
      // Every account of the crowd has had an upload answered: all nine are uploading in turn.
      await until(() => new Set(answered.map((answer) => answer.who)).size === crowd.length, { what: 'every account of the crowd to upload', timeoutMs: 30_000 })
      const before = answered.length
      const status = await upload(other, noisePng(400, 2))
      expect(status).toBe(201)
      // Its turn came after at most one upload of each account ahead of it (and the one under way).
      expect(answered.length - before).toBeLessThanOrEqual(crowd.length + 1)
    } finally {
      flooding = false
      await Promise.all(floods)
    }
    // None of the crowd was turned away either.
    expect(answered.filter((answer) => answer.status !== 201)).toEqual([])
  }, 60_000)

  it("refuses an account's second upload while its first is processed, with a Retry-After", async () => {
    const who = await signUp(http, 'twice', ownAddress())
    // The first is as large as noise may be (9 MB): shrunk and encoded again and again, it takes a while.
    const [first, second] = await Promise.all([
      upload(who, noisePng(1500, 3)),
      (async () => {
        await Bun.sleep(0)
        const answer = await fetch(`${server.url}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'image/png' }, body: noisePng(500, 4) })
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() }
      })(),
    ])
    expect(first).toBe(201)
    expect(second).toEqual({ status: 429, retryAfter: '1', body: { message: 'Another of your images is being processed; upload this one once it is done.' } })
  })
})

describe('the card image renderer', () => {
  it("draws another account's image in its turn, not after every image one account's crawlers asked for", async () => {
    const busy = await signUp(http, 'busy-cards', ownAddress())
    const quiet = await signUp(http, 'quiet-cards', ownAddress())
    const many = await seedLinks(server, busy.user.accountId, 33, { textLength: 300 })
    await sql(server, "update share_links set card_image = 'classic' where account_id = $1", [busy.user.accountId])
    const own = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/quiet', title: 'Quiet', cardImage: 'classic' }, { token: quiet.token })).body
    const slugs = (await sql<{ slug: string; id: string }>(server, 'select slug, id from share_links where account_id = $1', [busy.user.accountId]))
      .filter((row) => many.includes(row.id))
      .map((row) => row.slug)
    const draw = async (slug: string) => {
      const answer = await fetch(`${server.url}/api/card-image/${slug}/1.png`, { headers: ownAddress() })
      await answer.arrayBuffer()
      expect(answer.status).toBe(200)
    }
    // The thread started first, so what follows is about turns alone.
    await draw(slugs.pop()!)
    let drawn = 0
    const crowd = slugs.map((slug) => draw(slug).then(() => drawn++))
    // Once the first of the crowd's images is drawn (the others wait their turn), the quiet account asks for one.
    await until(() => drawn, { what: "the first of the busy account's images", timeoutMs: 30_000 })
    const drawnBefore = drawn
    await draw(own.slug)
    const drawnMeanwhile = drawn - drawnBefore
    await Promise.all(crowd)
    // Counted in images, not milliseconds, so a busy machine changes nothing: the one under way and
    // perhaps the next went first, not the thirty left of the busy account's.
    expect(drawnMeanwhile).toBeLessThanOrEqual(3)
    expect(drawn).toBe(slugs.length)
  }, 60_000)
})
