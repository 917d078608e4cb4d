// A link may give a platform's crawler a card of its own (a square image for WhatsApp, a shorter
// title for X); every other crawler gets the link's card. Read back by an OpenGraph parser, as the
// platforms read them, through both APIs.
import { beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { TITLE_MAX } from '../../src/shared/link-rules'
import { CARD_PLATFORMS, PLATFORM_CARD_MESSAGES } from '../../src/shared/platform-cards'
import { signUp, type SignedIn } from '../helpers/accounts'
import { visit, } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { BROWSER_UA, CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests(startInProcess)
let owner: SignedIn
let key: string
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'platform-cards')
  key = (await linkcard.http.post('/api/apiKeys', { name: 'Cards' }, { token: owner.token })).body.key
})

const IMAGE = 'https://example.com/wide.png'
const SQUARE = 'https://example.com/square.png'
const base = { targetUrl: 'https://example.com/launch', title: 'Our launch, with every detail of the day', description: 'The whole story.', ogImage: IMAGE, ogImageAlt: 'A wide banner' }
const TAILORED = {
  whatsapp: { ogImage: SQUARE },
  x: { title: 'Launch day', description: '' },
  linkedin: { description: 'What the launch means for teams.', title: null },
}

const create = (body: Record<string, unknown>) => linkcard.http.post('/api/shareLinks', { ...base, ...body }, { token: owner.token })
const change = (id: string, body: Record<string, unknown>) => linkcard.http.patch(`/api/shareLinks/${id}`, body, { token: owner.token })

/** What a crawler reads from the link's card page. */
async function cardSeenBy(url: string, platform: string) {
  const answer = await visit(url, { userAgent: CRAWLER_UA[platform] })
  expect(answer.status).toBe(200)
  const html = await answer.text()
  const { result } = await ogs({ html })
  return { html, title: result.ogTitle, description: result.ogDescription, image: result.ogImage?.[0]?.url, xTitle: result.twitterTitle, xImage: result.twitterImage?.[0]?.url, alt: result.ogImage?.[0]?.alt }
}

function expectRefused(answer: { status: number; body: { errors?: { field: string; message: string }[] } }, field: string, message?: string) {
  expect(answer.status).toBe(400)
  expect(answer.body.errors?.[0]?.field).toBe(field)
  if (message) expect(answer.body.errors?.[0]?.message).toBe(message)
}

describe('platform cards', () => {
  it("are stored with blank fields as null, in the platforms' order, and a platform that sets nothing left out", async () => {
    const made = await create({ platformCards: { ...TAILORED, slack: { title: '  ', description: null } } })
    expect(made.status).toBe(201)
    expect(made.body.platformCards).toEqual({
      x: { title: 'Launch day', description: null, ogImage: null },
      linkedin: { title: null, description: 'What the launch means for teams.', ogImage: null },
      whatsapp: { title: null, description: null, ogImage: SQUARE },
    })
    // In the platforms' own order, on either database, as it reads back too.
    expect(Object.keys(made.body.platformCards)).toEqual(['x', 'linkedin', 'whatsapp'])
    expect(Object.keys((await linkcard.http.get(`/api/shareLinks/${made.body.id}`, { token: owner.token })).body.platformCards)).toEqual(['x', 'linkedin', 'whatsapp'])
    expect((await create({ targetUrl: 'https://example.com/none', platformCards: {} })).body.platformCards).toBeNull()
  })

  it("reach only their platform's crawler; every other crawler gets the link's card, and people the redirect", async () => {
    const made = await create({ platformCards: TAILORED })
    const { url } = made.body

    const whatsapp = await cardSeenBy(url, 'whatsapp')
    expect(whatsapp).toMatchObject({ title: base.title, description: base.description, image: SQUARE, xImage: SQUARE })
    // The link's image description and measured size tell of its own image.
    expect(whatsapp.alt).toBeUndefined()
    expect(whatsapp.html).not.toContain('A wide banner')

    expect(await cardSeenBy(url, 'x')).toMatchObject({ title: 'Launch day', xTitle: 'Launch day', description: base.description, image: IMAGE })
    expect(await cardSeenBy(url, 'linkedin')).toMatchObject({ title: base.title, description: 'What the launch means for teams.', image: IMAGE })
    for (const platform of ['facebook', 'slack', 'discord', 'imessage', 'telegram', 'pinterest']) {
      expect(await cardSeenBy(url, platform)).toMatchObject({ title: base.title, description: base.description, image: IMAGE, alt: 'A wide banner' })
    }
    const person = await visit(url, { userAgent: BROWSER_UA.chromeWindows })
    expect(person.status).toBe(302)
    expect(person.headers.get('location')).toBe(base.targetUrl)
  })

  it('can be tailored for each of the eight platforms, and an edit reaches the crawler at once', async () => {
    const made = await create({ targetUrl: 'https://example.com/every', platformCards: Object.fromEntries(CARD_PLATFORMS.map((platform) => [platform, { title: `For ${platform}` }])) })
    expect(made.status).toBe(201)
    for (const platform of CARD_PLATFORMS) expect((await cardSeenBy(made.body.url, platform)).title).toBe(`For ${platform}`)

    const changed = await change(made.body.id, { platformCards: { x: { title: 'Only X now' } } })
    expect(changed.status).toBe(200)
    expect((await cardSeenBy(made.body.url, 'x')).title).toBe('Only X now')
    expect((await cardSeenBy(made.body.url, 'whatsapp')).title).toBe(base.title)

    expect((await change(made.body.id, { platformCards: null })).body.platformCards).toBeNull()
    expect((await cardSeenBy(made.body.url, 'x')).title).toBe(base.title)
    // Other edits leave them as they are.
    await change(made.body.id, { platformCards: { telegram: { description: 'For Telegram' } } })
    expect((await change(made.body.id, { title: 'A new title' })).body.platformCards).toEqual({ telegram: { title: null, description: 'For Telegram', ogImage: null } })
  })

  it('are refused, each field with its own message, and nothing is stored', async () => {
    const before = (await linkcard.http.get('/api/shareLinks?limit=100', { token: owner.token })).body.length
    expectRefused(await create({ platformCards: { instagram: { title: 'No' } } }), 'platformCards', PLATFORM_CARD_MESSAGES.platform)
    expectRefused(await create({ platformCards: { x: { ogImage: 'javascript:alert(1)' } } }), 'platformCards.x.ogImage', PLATFORM_CARD_MESSAGES.ogImage)
    expectRefused(await create({ platformCards: { whatsapp: { title: 'x'.repeat(TITLE_MAX + 1) } } }), 'platformCards.whatsapp.title')
    expectRefused(await create({ platformCards: { slack: { title: 'two\nlines' } } }), 'platformCards.slack.title')
    expectRefused(await create({ platformCards: { x: { title: 42 } } }), 'platformCards', PLATFORM_CARD_MESSAGES.shape)
    expectRefused(await create({ platformCards: ['x'] }), 'platformCards', PLATFORM_CARD_MESSAGES.shape)
    expectRefused(await create({ platformCards: { x: 'Short' } }), 'platformCards', PLATFORM_CARD_MESSAGES.shape)
    expect((await linkcard.http.get('/api/shareLinks?limit=100', { token: owner.token })).body.length).toBe(before)
  })
})

describe('platform cards in the public API', () => {
  const post = (body: Record<string, unknown>) => linkcard.http.post('/api/link', { ...base, targetUrl: 'https://example.com/public', ...body }, { token: key })

  it('make a link, which a second identical call finds, and a call with other cards does not', async () => {
    const made = await post({ platformCards: { whatsapp: { ogImage: SQUARE } } })
    expect(made.status).toBe(201)
    const again = await post({ platformCards: { whatsapp: { ogImage: SQUARE, title: '' } } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id: made.body.id, existing: true })
    const other = await post({ platformCards: { whatsapp: { ogImage: IMAGE } } })
    expect(other.status).toBe(201)
    expect(other.body.id).not.toBe(made.body.id)

    const read = await linkcard.http.get(`/api/link/${made.body.id}`, { token: key })
    expect(read.body.platformCards).toEqual({ whatsapp: { title: null, description: null, ogImage: SQUARE } })
    const byTarget = await linkcard.http.get(`/api/link/byTarget/${encodeURIComponent('https://example.com/public')}`, { token: key })
    expect(byTarget.body.platformCards).not.toBeUndefined()
    expect((await cardSeenBy(made.body.url, 'whatsapp')).image).toBe(SQUARE)
  })

  it('are changed and cleared by PATCH, and refused with their field', async () => {
    const made = await post({ targetUrl: 'https://example.com/public-patch' })
    const patched = await linkcard.http.patch(`/api/link/${made.body.id}`, { platformCards: { discord: { description: 'For Discord' } } }, { token: key })
    expect(patched.status).toBe(200)
    expect((await cardSeenBy(made.body.url, 'discord')).description).toBe('For Discord')
    expectRefused(await linkcard.http.patch(`/api/link/${made.body.id}`, { platformCards: { discord: { ogImage: 'ftp://example.com/x.png' } } }, { token: key }), 'platformCards.discord.ogImage')
    expect((await cardSeenBy(made.body.url, 'discord')).description).toBe('For Discord')
  })

  it('are in the OpenAPI document, by platform', async () => {
    const document = (await linkcard.http.get('/api/openapi.json')).body
    const text = JSON.stringify(document)
    expect(text).toContain('platformCards')
    for (const platform of CARD_PLATFORMS) expect(text).toContain(`"${platform}"`)
  })
})
