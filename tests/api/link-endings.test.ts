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

describe('a link that no longer works', () => {
  /** A visit's status and page, and whether the page is a dead link's in the account's brand of `color`. */
  async function dead(url: string, color: string) {
    const answer = await visit(url)
    const page = await answer.text()
    return { status: answer.status, says: page.includes('This link no longer works'), inBrand: page.includes(color) && !/Linkcard|Get Started|Sign up|router/i.test(page) }
  }

  it('gives visitors of a turned-off or deleted link a plain page in the account’s brand, until a link takes the address again', async () => {
    const person = await signUp(linkcard.http, 'dead-links')
    expect((await linkcard.http.put('/api/brand', { color: '#0E7490', logo: null }, { token: person.token })).status).toBe(200)
    const made = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Spring sale', alias: 'spring-sale' }, { token: person.token })
    const link = made.body
    const byAlias = link.url
    const bySlug = link.url.replace(/[^/]+$/, link.slug)
    expect(byAlias).toEndWith('/spring-sale')
    expect((await visit(byAlias)).headers.get('location')).toBe(TARGET)

    // Turned off: 404, as before, with the page; turned on again, it works.
    await linkcard.http.patch(`/api/shareLinks/${link.id}`, { isActive: false }, { token: person.token })
    for (const url of [bySlug, byAlias]) expect(await dead(url, '#0e7490')).toEqual({ status: 404, says: true, inBrand: true })
    await linkcard.http.patch(`/api/shareLinks/${link.id}`, { isActive: true }, { token: person.token })
    expect((await visit(bySlug)).headers.get('location')).toBe(TARGET)

    // Deleted: its slug and alias are remembered.
    expect((await linkcard.http.delete(`/api/shareLinks/${link.id}`, { token: person.token })).status).toBe(204)
    for (const url of [bySlug, byAlias]) expect(await dead(url, '#0e7490')).toEqual({ status: 404, says: true, inBrand: true })

    // An address that never was a link keeps the service's not-found page.
    const never = await dead(link.url.replace(/[^/]+$/, 'never-was-a-link'), '#0e7490')
    expect(never).toMatchObject({ status: 404, says: false })

    // Another account takes the alias: it answers for that account's link.
    const other = await signUp(linkcard.http, 'dead-links-other')
    const taken = await linkcard.http.post('/api/shareLinks', { targetUrl: FALLBACK, title: 'Taken', alias: 'Spring-Sale' }, { token: other.token })
    expect(taken.status).toBe(201)
    expect((await visit(byAlias)).headers.get('location')).toBe(FALLBACK)

    // The account deleted, its addresses are forgotten.
    expect((await linkcard.http.call('DELETE', '/api/auth/delete-account', { currentPassword: person.password }, { token: person.token })).status).toBe(204)
    expect(await dead(bySlug, '#0e7490')).toMatchObject({ status: 404, says: false })
  })

  it('shows an ended link’s page in the account’s brand, with no word of the service', async () => {
    const person = await signUp(linkcard.http, 'ended-brand')
    expect((await linkcard.http.put('/api/brand', { color: '#7C3AED', logo: null }, { token: person.token })).status).toBe(200)
    const made = await linkcard.http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Once', clickLimit: 1 }, { token: person.token })
    expect((await visit(made.body.url)).headers.get('location')).toBe(TARGET)
    const ended = await visit(made.body.url)
    expect(ended.status).toBe(410)
    const page = await ended.text()
    expect(page).toContain('This link has reached its limit')
    expect(page).toContain('#7c3aed')
    expect(page).not.toMatch(/Linkcard/)
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
