// X's player and app cards carry what X needs to draw them, or are refused without it; the accent
// colour reaches the card page. Read back by an OpenGraph parser, as the platforms read them.
import { beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { CARD_MESSAGES } from '../../src/shared/card-rules'
import { URL_MAX } from '../../src/shared/link-rules'
import { signUp, type SignedIn } from '../helpers/accounts'
import { visit, } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { sql } from '../helpers/sql'
import { CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)
let owner: SignedIn
let key: string
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'card-types')
  key = (await linkcard.http.post('/api/apiKeys', { name: 'Cards' }, { token: owner.token })).body.key
})

const PLAYER = { url: 'https://player.example/embed/42', width: 1280, height: 720 }
const IMAGE = 'https://example.com/poster.png'
const base = { targetUrl: 'https://example.com/video', title: 'A video' }

const create = (body: Record<string, unknown>) => linkcard.http.post('/api/shareLinks', { ...base, ...body }, { token: owner.token })
const change = (id: string, body: Record<string, unknown>) => linkcard.http.patch(`/api/shareLinks/${id}`, body, { token: owner.token })

async function card(url: string) {
  const html = await (await visit(url, { userAgent: CRAWLER_UA.x })).text()
  return { html, result: (await ogs({ html })).result }
}

function expectRefused(answer: { status: number; body: { errors?: { field: string; message: string }[] } }, field: string, message: string) {
  expect(answer.status).toBe(400)
  expect(answer.body.errors).toEqual([{ field, message }])
}

describe('player cards', () => {
  it('are refused without the player, or without the image shown before it plays', async () => {
    expectRefused(await create({ twitterCard: 'player', ogImage: IMAGE }), 'twitterPlayer', CARD_MESSAGES.playerNeeded)
    expectRefused(await create({ twitterCard: 'player', twitterPlayer: PLAYER }), 'ogImage', CARD_MESSAGES.playerImage)
    expectRefused(await create({ twitterCard: 'player', ogImage: IMAGE, twitterPlayer: { ...PLAYER, url: 'http://player.example/x' } }), 'twitterPlayer', CARD_MESSAGES.playerUrl)
    expectRefused(await create({ twitterCard: 'player', ogImage: IMAGE, twitterPlayer: { ...PLAYER, width: 0 } }), 'twitterPlayer', CARD_MESSAGES.playerSize)
    const tooLarge = await create({ twitterCard: 'player', ogImage: IMAGE, twitterPlayer: { ...PLAYER, height: 5000 } })
    expect(tooLarge.status).toBe(400)
    const longUrl = `https://player.example/${'p'.repeat(URL_MAX)}`
    expectRefused(await create({ twitterCard: 'player', ogImage: IMAGE, twitterPlayer: { ...PLAYER, url: longUrl } }), 'twitterPlayer', CARD_MESSAGES.playerUrl)
  })

  it("carry the player's address and size to X, and keep them through edits", async () => {
    const made = await create({ twitterCard: 'player', ogImage: IMAGE, twitterPlayer: PLAYER })
    expect(made.status).toBe(201)
    expect(made.body.twitterPlayer).toEqual(PLAYER)
    const { html, result } = await card(made.body.url)
    expect(result.twitterCard).toBe('player')
    expect(html).toContain('<meta name="twitter:player" content="https://player.example/embed/42">')
    expect(html).toContain('<meta name="twitter:player:width" content="1280">')
    expect(html).toContain('<meta name="twitter:player:height" content="720">')
    expect(result.twitterImage?.[0]?.url).toBe(IMAGE)

    // An edit may not leave the card without what it needs, whichever field it touches.
    expectRefused(await change(made.body.id, { twitterPlayer: null }), 'twitterPlayer', CARD_MESSAGES.playerNeeded)
    expectRefused(await change(made.body.id, { ogImage: null }), 'ogImage', CARD_MESSAGES.playerImage)
    const retitled = await change(made.body.id, { title: 'Renamed video' })
    expect(retitled.body.twitterPlayer).toEqual(PLAYER)
    const summary = await change(made.body.id, { twitterCard: 'summary', twitterPlayer: null })
    expect(summary.status).toBe(200)
    expect((await card(made.body.url)).html).not.toContain('twitter:player')
  })

  it('turn a link into a player card only with the player', async () => {
    const plain = (await create({ ogImage: IMAGE })).body
    expectRefused(await change(plain.id, { twitterCard: 'player' }), 'twitterPlayer', CARD_MESSAGES.playerNeeded)
    expect((await change(plain.id, { twitterCard: 'player', twitterPlayer: PLAYER })).status).toBe(200)
    expect((await card(plain.url)).result.twitterCard).toBe('player')
  })
})

describe('app cards', () => {
  it('are refused without a store id, or with one that is not one', async () => {
    expectRefused(await create({ twitterCard: 'app' }), 'twitterApp', CARD_MESSAGES.appNeeded)
    expectRefused(await create({ twitterCard: 'app', twitterApp: { iphone: '', googleplay: '  ' } }), 'twitterApp', CARD_MESSAGES.appNeeded)
    expectRefused(await create({ twitterCard: 'app', twitterApp: { iphone: 'id284882215' } }), 'twitterApp', CARD_MESSAGES.appStoreId)
    expectRefused(await create({ twitterCard: 'app', twitterApp: { googleplay: 'not a package' } }), 'twitterApp', CARD_MESSAGES.googlePlayId)
  })

  it("name the app in each store, the iPhone app standing in for the iPad one", async () => {
    const made = await create({ twitterCard: 'app', twitterApp: { iphone: '284882215', googleplay: 'com.example.app' } })
    expect(made.status).toBe(201)
    expect(made.body.twitterApp).toEqual({ iphone: '284882215', ipad: null, googleplay: 'com.example.app' })
    const { html, result } = await card(made.body.url)
    expect(result.twitterCard).toBe('app')
    expect(html).toContain('<meta name="twitter:app:id:iphone" content="284882215">')
    expect(html).toContain('<meta name="twitter:app:id:ipad" content="284882215">')
    expect(html).toContain('<meta name="twitter:app:id:googleplay" content="com.example.app">')
  })
})

describe('links saved before player and app cards needed their fields', () => {
  it('are shown as the card their image allows, keep taking other edits, and are asked for the fields when their card changes', async () => {
    const pictured = (await create({ ogImage: IMAGE })).body
    const plain = (await create({})).body
    // As an earlier release stored them: the card type alone.
    await sql(linkcard.server, "update share_links set twitter_card = 'player' where id = $1", [pictured.id])
    await sql(linkcard.server, "update share_links set twitter_card = 'app' where id = $1", [plain.id])
    expect((await card(pictured.url)).result.twitterCard).toBe('summary_large_image')
    expect((await card(plain.url)).result.twitterCard).toBe('summary')
    expect((await change(pictured.id, { title: 'Retitled' })).status).toBe(200)
    expectRefused(await change(pictured.id, { ogImage: 'https://example.com/other.png' }), 'twitterPlayer', CARD_MESSAGES.playerNeeded)
    expect((await change(pictured.id, { twitterCard: 'summary_large_image' })).status).toBe(200)
  })
})

describe('the accent colour', () => {
  it('reaches the card as theme-color, and is refused when it is not a hex colour', async () => {
    const made = await create({ themeColor: '#4F46E5' })
    expect(made.body.themeColor).toBe('#4f46e5')
    expect((await card(made.body.url)).html).toContain('<meta name="theme-color" content="#4f46e5">')
    for (const wrong of ['red', '#4f46e', 'rgb(0,0,0)', '#4f46e5"><script>'])
      expectRefused(await create({ themeColor: wrong }), 'themeColor', CARD_MESSAGES.themeColor)
    const cleared = await change(made.body.id, { themeColor: null })
    expect(cleared.body.themeColor).toBeNull()
    expect((await card(made.body.url)).html).not.toContain('theme-color')
  })
})

describe('the public API', () => {
  it('takes the same fields, and an identical request answers the existing link only when they match too', async () => {
    const body = { ...base, targetUrl: 'https://example.com/public-video', twitterCard: 'player', ogImage: IMAGE, twitterPlayer: PLAYER, themeColor: '#112233' }
    const first = await linkcard.http.post('/api/link', body, { token: key })
    expect(first.status).toBe(201)
    const again = await linkcard.http.post('/api/link', { ...body, twitterPlayer: { height: 720, width: 1280, url: PLAYER.url } }, { token: key })
    expect(again.status).toBe(200)
    expect(again.body.existing).toBe(true)
    const otherSize = await linkcard.http.post('/api/link', { ...body, twitterPlayer: { ...PLAYER, width: 640 } }, { token: key })
    expect(otherSize.status).toBe(201)
    const read = await linkcard.http.get(`/api/link/${first.body.id}`, { token: key })
    expect(read.body).toMatchObject({ twitterCard: 'player', twitterPlayer: PLAYER, twitterApp: null, themeColor: '#112233' })
    expectRefused(await linkcard.http.post('/api/link', { ...body, twitterPlayer: null }, { token: key }), 'twitterPlayer', CARD_MESSAGES.playerNeeded)
  })
})
