// Links with a password: people get a form and are sent on once they give it (the click counted),
// tries are limited per network and per link from everyone, link-preview crawlers still get the card, and the password is
// kept only as an argon2id hash that no answer carries.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import ogs from 'open-graph-scraper'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { LINK_PASSWORD_TRIES } from '../../src/shared/rate-limits'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { readOutbox, waitForMail } from '../helpers/outbox'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { clearOfWindowEdge } from '../helpers/windows'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let owner: SignedIn

beforeAll(async () => {
  // Behind a trusted proxy, so each test's tries come from an address of its own.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
  owner = await signUp(http, 'protector')
})
afterAll(() => server.close())

const TARGET = 'https://example.com/members'

async function create(body: Record<string, unknown>) {
  const answer = await http.post('/api/shareLinks', { targetUrl: TARGET, title: 'Members only', description: 'For the club', ...body }, { token: owner.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

/** Posts the password form as a browser would. */
const unlock = (link: { slug: string }, password: string, from: string) =>
  fetch(`${server.url}/api/unlock/${link.slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
    body: new URLSearchParams({ password }),
    redirect: 'manual',
  })

describe('a link with a password', () => {
  it('asks people for it, sends them on once given (the click counted), and never answers the password', async () => {
    const link = await create({ password: 'open sesame' })
    expect(link.hasPassword).toBe(true)
    expect(JSON.stringify(link)).not.toContain('open sesame')
    const [{ password_hash: stored }] = await sql<{ password_hash: string }>(server, 'select password_hash from share_links where id = $1', [link.id])
    expect(stored.startsWith('$argon2id$')).toBe(true)

    const asked = await visit(link.url)
    expect(asked.status).toBe(200)
    expect(asked.headers.get('location')).toBeNull()
    expect(asked.headers.get('cache-control')).toBe('no-store')
    const form = await asked.text()
    expect(form).toContain(`action="/api/unlock/${link.slug}"`)
    expect(form).not.toContain(TARGET)

    const wrong = await unlock(link, 'open sesam', '203.0.113.1')
    expect(wrong.status).toBe(403)
    expect(await wrong.text()).toContain('That password is not right.')
    // Sent on by a page, not a redirect, which the form's CSP (form-action 'self') would stop.
    const right = await unlock(link, 'open sesame', '203.0.113.1')
    expect(right.status).toBe(200)
    expect(await right.text()).toContain(`<meta http-equiv="refresh" content="0;url=${TARGET}">`)
    const counted = await until(() => http.get(`/api/shareLinks/${link.id}/analytics`, { token: owner.token }), {
      what: 'the click to be recorded',
      done: (answer) => answer.body.totals?.clicks >= 1,
    })
    expect(counted.body.totals.clicks).toBe(1)
  })

  it('gives link-preview crawlers the card, which a real parser reads', async () => {
    const link = await create({ password: 'crawlers see the card', ogImage: 'https://example.com/card.png' })
    const card = await visit(link.url, { userAgent: CRAWLER_UA.facebook })
    expect(card.status).toBe(200)
    const { result } = await ogs({ html: await card.text() })
    expect(result.ogTitle).toBe('Members only')
    expect(result.ogDescription).toBe('For the club')
  })

  it('allows ten tries from one address in ten minutes, then answers 429 with Retry-After', async () => {
    await clearOfWindowEdge(10 * 60_000, 20_000)
    const link = await create({ password: 'guess me if you can' })
    for (let i = 0; i < 10; i++) expect((await unlock(link, `wrong ${i}`, '203.0.113.2')).status).toBe(403)
    const locked = await unlock(link, 'guess me if you can', '203.0.113.2')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await locked.text()).toContain('Too many tries')
    // Another address is not held back.
    expect((await unlock(link, 'guess me if you can', '203.0.113.3')).status).toBe(200)
  })

  it('counts the tries of one IPv6 network (its /64) together, whichever of its addresses they come from', async () => {
    await clearOfWindowEdge(10 * 60_000, 20_000)
    const link = await create({ password: 'one network, many addresses' })
    for (let i = 1; i <= LINK_PASSWORD_TRIES.perNetwork; i++) expect((await unlock(link, `wrong ${i}`, `2001:db8:77:1::${i.toString(16)}`)).status).toBe(403)
    const walked = await unlock(link, 'one network, many addresses', '2001:db8:77:1:ffff::1')
    expect(walked.status).toBe(429)
    expect(Number(walked.headers.get('retry-after'))).toBeGreaterThan(0)
    // The next network is another subscriber.
    expect((await unlock(link, 'one network, many addresses', '2001:db8:77:2::1')).status).toBe(200)
  })

  it('refuses every address once the link has had too many wrong passwords from all of them, tells its owner once, and shows it on the link', async () => {
    await clearOfWindowEdge(LINK_PASSWORD_TRIES.linkWindowMinutes * 60_000, 60_000)
    const password = 'a crowd cannot guess this'
    const link = await create({ password })
    const from = (i: number) => `198.18.${i >> 8}.${i & 255}`
    // A crowd of addresses, each within its own limit, guessing at once.
    const guesses = await Promise.all(Array.from({ length: LINK_PASSWORD_TRIES.perLink + 20 }, (_, i) => unlock(link, `guess ${i}`, from(i))))
    const statuses = guesses.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 403)).toHaveLength(LINK_PASSWORD_TRIES.perLink)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)

    // Locked for everyone until the window ends, the right password too, from an address never seen.
    const locked = await unlock(link, password, '192.0.2.200')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await locked.text()).toContain('This link has had too many wrong passwords')

    // The owner is mailed, once however long it goes on, and the link's page says until when.
    const mails = () => readOutbox(server.dataDir).filter((mail) => mail.to.includes(owner.email) && mail.text.includes(`your link ${link.url} `))
    const [mail] = await waitForMail(() => (mails().length > 0 ? mails() : undefined))
    expect(mail.subject).toBe("Someone is guessing your link's password")
    expect(mail.text).toContain(`${server.url}/share-links/${link.id}/analytics`)
    for (let i = 0; i < 5; i++) expect((await unlock(link, `more ${i}`, from(500 + i))).status).toBe(429)
    const shown = await http.get(`/api/shareLinks/${link.id}`, { token: owner.token })
    expect(Date.parse(shown.body.passwordLockedUntil)).toBeGreaterThan(Date.now())
    expect((await http.get(`/api/shareLinks/${(await create({ password: 'untouched' })).id}`, { token: owner.token })).body.passwordLockedUntil).toBeNull()
    expect(mails()).toHaveLength(1)
  })

  it('changes and removes the password, refuses one too short or too long, and keeps it through other edits', async () => {
    const link = await create({ password: 'first one' })
    const change = (body: Record<string, unknown>) => http.patch(`/api/shareLinks/${link.id}`, body, { token: owner.token })
    for (const password of ['abc', 'x'.repeat(129)]) {
      const refused = await change({ password })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0]).toEqual({ field: 'password', message: LINK_MESSAGES.password })
    }
    expect((await change({ title: 'Renamed' })).body.hasPassword).toBe(true)
    expect((await change({ password: 'second one' })).body.hasPassword).toBe(true)
    expect((await unlock(link, 'first one', '203.0.113.4')).status).toBe(403)
    expect((await unlock(link, 'second one', '203.0.113.4')).status).toBe(200)
    expect((await change({ password: null })).body.hasPassword).toBe(false)
    expect((await visit(link.url)).headers.get('location')).toBe(TARGET)
  })

  it('answers 404 on the form for a link that is not there, and the public API never reuses a link with a password', async () => {
    expect((await unlock({ slug: 'NoSuchLk' }, 'anything', '203.0.113.5')).status).toBe(404)
    const key = (await http.post('/api/apiKeys', { name: 'Passwords' }, { token: owner.token })).body.key
    const body = { targetUrl: 'https://example.com/api-protected', title: 'API', password: 'via the api' }
    const first = await http.post('/api/link', body, { token: key })
    const second = await http.post('/api/link', body, { token: key })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.body.id)
    expect((await http.get(`/api/link/${first.body.id}`, { token: key })).body.hasPassword).toBe(true)
  })
})
