// How a link ends: after its expiry or its click limit, people go to its fallback URL (or get a 410
// page that says why); crawlers keep the card; the limit holds under concurrent clicks and across a
// restart, counted from the clicks recorded.
import { beforeAll, describe, expect, it } from 'bun:test'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { signUp, type SignedIn } from '../helpers/accounts'
import { visit, } from '../helpers/http'
import { serverAroundTests, } from '../helpers/server'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests()
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'endings')
})

const TARGET = 'https://example.com/offer'
const FALLBACK = 'https://example.com/offer-ended'

async function create(body: Record<string, unknown>) {
  const answer = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Limited offer', ...body }, { token: owner.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

const change = (id: string, body: Record<string, unknown>) => linkcard.http.patch(`/api/shareLinks/${id}`, body, { token: owner.token })

/** Where each of `count` people's visits went: the Location, or the status without one. */
async function destinations(url: string, count: number) {
  const answers = await Promise.all(Array.from({ length: count }, () => visit(url)))
  return answers.map((answer) => answer.headers.get('location') ?? String(answer.status))
}

const tally = (seen: string[]) => Object.fromEntries([...new Set(seen)].map((place) => [place, seen.filter((other) => other === place).length]))

describe('a click limit', () => {
  it('sends exactly that many people to the target, however many arrive at once, and the rest to the fallback', async () => {
    const link = await create({ clickLimit: 5, fallbackUrl: FALLBACK })
    expect(link).toMatchObject({ clickLimit: 5, fallbackUrl: FALLBACK })
    expect(tally(await destinations(link.url, 20))).toEqual({ [TARGET]: 5, [FALLBACK]: 15 })
    // Crawlers keep the card; HEAD requests and clients count nothing and get the fallback too.
    const card = await visit(link.url, { userAgent: CRAWLER_UA.facebook })
    expect(card.status).toBe(200)
    expect(await card.text()).toContain('Limited offer')
    expect((await visit(link.url, { method: 'HEAD' })).headers.get('location')).toBe(FALLBACK)
    // Only the clicks that went through are recorded.
    const totals = await until(() => linkcard.http.get(`/api/shareLinks/${link.id}/analytics`, { token: owner.token }), {
      what: 'the 5 clicks to be recorded',
      done: (answer) => answer.body.totals?.clicks >= 5,
    })
    expect(totals.body.totals.clicks).toBe(5)

    // A higher limit lets that many more through.
    expect((await change(link.id, { clickLimit: 7 })).body.clickLimit).toBe(7)
    expect(tally(await destinations(link.url, 4))).toEqual({ [TARGET]: 2, [FALLBACK]: 2 })
    // No limit: everyone goes through again.
    expect((await change(link.id, { clickLimit: null })).body.clickLimit).toBeNull()
    expect(tally(await destinations(link.url, 3))).toEqual({ [TARGET]: 3 })
  })

  it('answers 410 with a page that says why when there is no fallback, and keeps its count across a restart', async () => {
    const link = await create({ clickLimit: 3 })
    expect(tally(await destinations(link.url, 2))).toEqual({ [TARGET]: 2 })
    await until(() => linkcard.http.get(`/api/shareLinks/${link.id}/analytics`, { token: owner.token }), {
      what: 'the 2 clicks to be recorded',
      done: (answer) => answer.body.totals?.clicks >= 2,
    })
    // A new process holds no count: it starts from the clicks recorded.
    await linkcard.server.restart()
    expect(tally(await destinations(link.url, 3))).toEqual({ [TARGET]: 1, '410': 2 })
    const ended = await visit(link.url)
    expect(ended.status).toBe(410)
    // A client that counts nothing is held to the limit too, also by a process that has counted nothing yet.
    await linkcard.server.restart()
    expect((await visit(link.url, { userAgent: 'curl/8.5.0' })).status).toBe(410)
    expect(ended.headers.get('cache-control')).toBe('no-store')
    expect(await ended.text()).toContain('This link has reached its limit')
  })
})

describe('an expiry with a fallback', () => {
  it('sends people to the fallback once the link has expired, while crawlers keep the card', async () => {
    // Long enough for the first visit to come before the expiry on a busy machine.
    const link = await create({ expiresAt: new Date(Date.now() + 5000).toISOString(), fallbackUrl: FALLBACK })
    expect((await visit(link.url)).headers.get('location')).toBe(TARGET)
    await until(() => visit(link.url), { what: 'the link to expire', done: (answer) => answer.headers.get('location') === FALLBACK })
    expect((await visit(link.url, { userAgent: CRAWLER_UA.linkedin })).status).toBe(200)
    // Without the fallback, the expired page.
    await change(link.id, { fallbackUrl: null })
    const expired = await visit(link.url)
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain('This link has expired')
  })
})

describe('the fields', () => {
  it('refuses a click limit that is no whole number from 1 up, a fallback that is not http(s) or is a short link, and changes nothing', async () => {
    const link = await create({})
    for (const clickLimit of [0, -1, 1.5, 1_000_000_001, 'ten']) {
      const answer = await change(link.id, { clickLimit })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].field).toBe('clickLimit')
    }
    expect((await change(link.id, { clickLimit: 0 })).body.errors[0].message).toBe(LINK_MESSAGES.clickLimit)
    const notHttp = await change(link.id, { fallbackUrl: 'ftp://files.example.com/' })
    expect(notHttp.body.errors[0]).toEqual({ field: 'fallbackUrl', message: LINK_MESSAGES.invalidFallbackUrl })
    const loop = await change(link.id, { fallbackUrl: link.url })
    expect(loop.status).toBe(400)
    expect(loop.body.errors[0]).toEqual({ field: 'fallbackUrl', message: LINK_MESSAGES.fallbackIsShortLink })
    expect((await linkcard.http.get(`/api/shareLinks/${link.id}`, { token: owner.token })).body).toMatchObject({ clickLimit: null, fallbackUrl: null })
    // A bare host is made an address, as the target is.
    expect((await change(link.id, { fallbackUrl: 'https://example.com' })).body.fallbackUrl).toBe('https://example.com/')
  })
})
