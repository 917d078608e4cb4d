// A link's card has a version, one more on every change to what crawlers get; the link's card
// status says when each platform's crawler last fetched it and which version it got, and how to
// refresh it there: Facebook's re-scrape through the Graph API (a local stand-in here), or the
// platform's own tool or wait.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { CardStatus } from '../../src/modules/cards/schema'
import { CARD_PLATFORMS } from '../../src/shared/platform-cards'
import { signUp, type SignedIn } from '../helpers/accounts'
import { startGraphStandIn } from '../helpers/facebook-graph'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { CRAWLER_UA } from '../helpers/user-agents'

const TOKEN = '1234567890|app-secret-of-the-test'
const graph = startGraphStandIn(TOKEN)
const scrapes = graph.calls

let server: TestServer
let withoutToken: TestServer
let http: Client
let owner: SignedIn
let other: SignedIn

beforeAll(async () => {
  ;[server, withoutToken] = await Promise.all([startServer({ env: { FACEBOOK_APP_TOKEN: TOKEN, FACEBOOK_GRAPH_URL: graph.url } }), startServer()])
  http = client(server.url)
  owner = await signUp(http, 'card-refresh')
  other = await signUp(http, 'card-refresh-other')
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), withoutToken?.close()])
  graph.stop()
})

const create = (body: Record<string, unknown> = {}) =>
  http.post('/api/shareLinks', { targetUrl: 'https://example.com/launch', title: 'Launch', ogImage: 'https://example.com/a.png', ...body }, { token: owner.token })
const status = (id: string, who = owner) => http.get<CardStatus>(`/api/shareLinks/${id}/card`, { token: who.token })
const seen = async (id: string, platform: string) => (await status(id)).body.platforms.find((entry) => entry.platform === platform)!

describe('card versions', () => {
  it('start at 1 and go up once for each change to what crawlers get, and not for other changes', async () => {
    const made = await create()
    expect(made.body.cardVersion).toBe(1)
    const change = async (body: Record<string, unknown>) => (await http.patch(`/api/shareLinks/${made.body.id}`, body, { token: owner.token })).body.cardVersion
    expect(await change({ title: 'Launch day' })).toBe(2)
    expect(await change({ title: 'Launch day' })).toBe(2)
    expect(await change({ clickLimit: 10, tags: ['news'], fallbackUrl: 'https://example.com/ended' })).toBe(2)
    expect(await change({ platformCards: { x: { title: 'For X' } } })).toBe(3)
    expect(await change({ ogImage: 'https://example.com/b.png', themeColor: '#112233' })).toBe(4)
    // The target is the card's canonical address and the site its image names.
    expect(await change({ targetUrl: 'https://example.com/launch-2' })).toBe(5)
    expect(await change({ cardImage: 'bold' })).toBe(6)
    expect((await http.get(`/api/shareLinks/${made.body.id}`, { token: owner.token })).body.cardVersion).toBe(6)
  })
})

describe("a link's card status", () => {
  it('says when each platform last fetched the card and which version it got', async () => {
    const made = await create({ targetUrl: 'https://example.com/seen' })
    const fresh = await status(made.body.id)
    expect(fresh.status).toBe(200)
    expect(fresh.body.cardVersion).toBe(1)
    expect(fresh.body.platforms.map((entry) => entry.platform)).toEqual([...CARD_PLATFORMS])
    for (const entry of fresh.body.platforms) expect(entry).toMatchObject({ fetchedAt: null, version: null })

    const before = Date.now()
    expect((await visit(made.body.url, { userAgent: CRAWLER_UA.linkedin })).status).toBe(200)
    const linkedin = await seen(made.body.id, 'linkedin')
    expect(linkedin.version).toBe(1)
    expect(Date.parse(linkedin.fetchedAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect((await seen(made.body.id, 'facebook')).fetchedAt).toBeNull()

    // A new card: LinkedIn still holds version 1 until it fetches again; WhatsApp fetches version 2.
    await http.patch(`/api/shareLinks/${made.body.id}`, { description: 'Now with a description' }, { token: owner.token })
    await Bun.sleep(5)
    expect((await visit(made.body.url, { userAgent: CRAWLER_UA.whatsapp })).status).toBe(200)
    const after = await status(made.body.id)
    expect(after.body.cardVersion).toBe(2)
    expect(after.body.platforms.find((entry) => entry.platform === 'linkedin')).toMatchObject({ version: 1 })
    expect(after.body.platforms.find((entry) => entry.platform === 'whatsapp')).toMatchObject({ version: 2 })
    // LinkedIn fetches again (its Post Inspector, say): now it has version 2.
    await visit(made.body.url, { userAgent: CRAWLER_UA.linkedin })
    expect((await seen(made.body.id, 'linkedin')).version).toBe(2)
  })

  it("names each platform's way to a refreshed card, and is another account's 404", async () => {
    const made = await create({ targetUrl: 'https://example.com/ways' })
    const ways = Object.fromEntries((await status(made.body.id)).body.platforms.map((entry) => [entry.platform, entry.refresh]))
    expect(ways.facebook).toEqual({ kind: 'api' })
    expect(ways.linkedin).toMatchObject({ kind: 'tool', url: `https://www.linkedin.com/post-inspector/inspect/${encodeURIComponent(made.body.url)}` })
    expect(ways.telegram).toMatchObject({ kind: 'tool', url: 'https://t.me/WebpageBot' })
    expect(ways.x.kind).toBe('wait')
    expect((await status(made.body.id, other)).status).toBe(404)

    // Without an app token, Facebook's way is its Sharing Debugger.
    const bare = client(withoutToken.url)
    const someone = await signUp(bare, 'card-refresh-bare')
    const link = await bare.post('/api/shareLinks', { targetUrl: 'https://example.com/bare', title: 'Bare' }, { token: someone.token })
    const facebook = (await bare.get<CardStatus>(`/api/shareLinks/${link.body.id}/card`, { token: someone.token })).body.platforms.find((entry) => entry.platform === 'facebook')!
    expect(facebook.refresh).toMatchObject({ kind: 'tool', url: `https://developers.facebook.com/tools/debug/?q=${encodeURIComponent(link.body.url)}` })
    const refused = await bare.post(`/api/shareLinks/${link.body.id}/card/refresh`, { platform: 'facebook' }, { token: someone.token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('Sharing Debugger')
  })
})

describe('refreshing a card', () => {
  it("asks Facebook's Graph API to read the short link again, with the app token", async () => {
    const made = await create({ targetUrl: 'https://example.com/refresh' })
    scrapes.length = 0
    const answer = await http.post(`/api/shareLinks/${made.body.id}/card/refresh`, { platform: 'facebook' }, { token: owner.token })
    expect(answer.status).toBe(200)
    expect(answer.body.platform).toBe('facebook')
    expect(scrapes).toHaveLength(1)
    expect(Object.fromEntries(scrapes[0]!)).toEqual({ id: made.body.url, scrape: 'true', access_token: TOKEN })
  })

  it('is refused where only the platform can do it, for an unknown platform, and for another account', async () => {
    const made = await create({ targetUrl: 'https://example.com/refused' })
    scrapes.length = 0
    const linkedin = await http.post(`/api/shareLinks/${made.body.id}/card/refresh`, { platform: 'linkedin' }, { token: owner.token })
    expect(linkedin.status).toBe(409)
    expect(linkedin.body.message).toContain('Post Inspector')
    expect((await http.post(`/api/shareLinks/${made.body.id}/card/refresh`, { platform: 'myspace' }, { token: owner.token })).status).toBe(400)
    expect((await http.post(`/api/shareLinks/${made.body.id}/card/refresh`, { platform: 'facebook' }, { token: other.token })).status).toBe(404)
    expect(scrapes).toHaveLength(0)
  })

  it("says what Facebook answered when it refuses, and when it cannot be reached", async () => {
    const broken = await startServer({ env: { FACEBOOK_APP_TOKEN: 'wrong|token', FACEBOOK_GRAPH_URL: graph.url } })
    const unreachable = await startServer({ env: { FACEBOOK_APP_TOKEN: TOKEN, FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9' } })
    try {
      for (const [target, message] of [
        [broken, 'Facebook did not read the card again: Invalid OAuth access token.'],
        [unreachable, 'Facebook could not be reached; try again in a moment.'],
      ] as const) {
        const api = client(target.url)
        const someone = await signUp(api, 'card-refresh-broken')
        const link = await api.post('/api/shareLinks', { targetUrl: 'https://example.com/x', title: 'X' }, { token: someone.token })
        const answer = await api.post(`/api/shareLinks/${link.body.id}/card/refresh`, { platform: 'facebook' }, { token: someone.token })
        expect(answer.status).toBe(503)
        expect(answer.body.message).toBe(message)
        expect(answer.text).not.toContain('wrong|token')
      }
    } finally {
      await Promise.all([broken.close(), unreachable.close()])
    }
  }, 60_000)
})
