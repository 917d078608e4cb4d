import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { LINK_FIELDS } from '../helpers/link-fields'
import type { TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  ann = await signUp(http, 'ann')
  bob = await signUp(http, 'bob')
})
afterAll(() => server.close())

const create = (who: SignedIn, body: Record<string, unknown>) => http.post('/api/shareLinks', body, { token: who.token })
const basic = (extra: Record<string, unknown> = {}) => ({ targetUrl: 'https://example.com/page', title: 'A page', ...extra })
const uniqueAlias = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`

describe('create', () => {
  it('answers 201 with every field of the contract', async () => {
    const alias = uniqueAlias('launch')
    const answer = await create(ann, {
      targetUrl: 'https://example.com/launch?utm=1',
      title: 'We launched',
      description: 'All about it',
      alias,
      ogImage: 'https://example.com/card.png',
      ogImageAlt: 'A rocket',
      twitterCard: 'summary',
      canonicalUrl: 'https://example.com/launch',
      expiresAt: '2099-01-01T00:00:00.000Z',
    })
    expect(answer.status).toBe(201)
    const link = answer.body
    expect(Object.keys(link).sort()).toEqual(LINK_FIELDS)
    expect(link.url).toBe(`${server.url}/${alias}`)
    expect(link.qrCodeUrl).toBe(`${server.url}/api/qr/${alias}`)
    expect(link.slug).toMatch(/^[0-9A-Za-z]{7}$/)
    expect(link.twitterCard).toBe('summary')
    expect([link.twitterPlayer, link.twitterApp, link.themeColor]).toEqual([null, null, null])
    expect(link.expiresAt).toBe('2099-01-01T00:00:00.000Z')
    expect(link.isActive).toBe(true)
  })

  it('uses the slug when there is no alias, omits an empty alias and defaults the card type', async () => {
    const answer = await create(ann, basic({ alias: '', description: '' }))
    expect(answer.status).toBe(201)
    expect(answer.body.alias).toBeNull()
    expect(answer.body.description).toBeNull()
    expect(answer.body.url).toBe(`${server.url}/${answer.body.slug}`)
    expect(answer.body.twitterCard).toBe('summary_large_image')
  })

  it.each([
    [{ title: 'No target' }, 'Please fill in the target URL and title.'],
    [{ targetUrl: 'https://example.com' }, 'Please fill in the target URL and title.'],
    [{ targetUrl: 'https://example.com', title: '   ' }, 'Please fill in the target URL and title.'],
    [{ targetUrl: 'javascript:alert(1)', title: 'x' }, 'The target URL must be a valid http:// or https:// address.'],
    [{ targetUrl: 'ftp://example.com/file', title: 'x' }, 'The target URL must be a valid http:// or https:// address.'],
    [basic({ ogImage: 'data:image/png;base64,AAAA' }), 'The preview image must be a valid http:// or https:// address.'],
    [basic({ canonicalUrl: 'not a url' }), 'The canonical URL must be a valid http:// or https:// address.'],
    [basic({ alias: 'ab' }), 'Alias must be at least 3 characters'],
    [basic({ alias: 'a'.repeat(51) }), 'Alias must be no more than 50 characters'],
    [basic({ alias: '-bad' }), 'Alias can only contain letters, numbers, hyphens, and underscores, and cannot start or end with a hyphen'],
    [basic({ alias: 'has space' }), 'Alias can only contain letters, numbers, hyphens, and underscores, and cannot start or end with a hyphen'],
    [basic({ alias: 'Dashboard' }), 'This alias is reserved and cannot be used'],
    [basic({ alias: 'share-links' }), 'This alias is reserved and cannot be used'],
    [basic({ expiresAt: 'next tuesday' }), 'The expiry date must be a date and time with a time zone, such as 2030-01-31T18:00:00Z.'],
    [basic({ title: 'x'.repeat(201) }), 'The title must be at most 200 characters.'],
    [basic({ twitterCard: 'huge' }), 'twitterCard must be one of summary, summary_large_image, app, player.'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = await sql(server, 'select count(*) as n from share_links where account_id = $1', [ann.user.accountId])
    const answer = await create(ann, body)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
    const after = await sql(server, 'select count(*) as n from share_links where account_id = $1', [ann.user.accountId])
    expect(Number(after[0].n)).toBe(Number(before[0].n))
  })

  it('answers 409 for an alias taken in any letter case, by any account', async () => {
    const alias = uniqueAlias('Sale')
    expect((await create(ann, basic({ alias }))).status).toBe(201)
    const again = await create(bob, basic({ alias: alias.toUpperCase() }))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This alias is already taken.')
  })

  it('gives exactly one of two racing requests the alias; the other gets 409', async () => {
    const alias = uniqueAlias('race')
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(i % 2 ? ann : bob, basic({ alias }))))
    expect(answers.filter((a) => a.status === 201).length).toBe(1)
    expect(answers.filter((a) => a.status === 409).length).toBe(7)
    const rows = await sql(server, 'select id from share_links where alias_key = $1', [alias.toLowerCase()])
    expect(rows.length).toBe(1)
  })

  it('makes the other links sent at the same moment when one loses an alias race', async () => {
    const alias = uniqueAlias('crowd')
    const bodies = [basic({ alias }), basic({ alias }), ...Array.from({ length: 6 }, (_, i) => basic({ title: `Crowd ${i}` }))]
    const answers = await Promise.all(bodies.map((body, i) => create(i % 2 ? ann : bob, body)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 201, 409])
    const stored = await sql<{ id: string }>(server, "select id from share_links where alias_key = $1 or title like 'Crowd %'", [alias.toLowerCase()])
    expect(stored.map((row) => row.id).sort()).toEqual(answers.filter((a) => a.status === 201).map((a) => a.body.id).sort())
  })

  it('needs a session', async () => {
    expect((await http.post('/api/shareLinks', basic())).status).toBe(401)
    expect((await http.get('/api/shareLinks')).status).toBe(401)
  })
})

describe('list', () => {
  it("lists the account's own links newest first, with clicks and previews", async () => {
    const person = await signUp(http, 'lister')
    const first = (await create(person, basic({ title: 'First' }))).body
    const second = (await create(person, basic({ title: 'Second' }))).body
    await create(bob, basic({ title: 'Not yours' }))
    const answer = await http.get('/api/shareLinks', { token: person.token })
    expect(answer.status).toBe(200)
    expect(answer.body.map((l: { id: string }) => l.id)).toEqual([second.id, first.id])
    expect(answer.body[0].clicks).toBe(0)
    expect(answer.body[0].previews).toBe(0)
  })

  it('counts clicks in the chosen period only', async () => {
    const person = await signUp(http, 'period')
    const link = (await create(person, basic())).body
    // 3 clicks today, and 5 clicks 40 days ago written straight into the daily totals.
    for (let i = 0; i < 3; i++) await visit(link.url)
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10)
    await sql(server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, 5, 0, 0, 0)', [
      link.id,
      person.user.accountId,
      old,
    ])
    const counts = async (period: string) => (await http.get(`/api/shareLinks?period=${period}`, { token: person.token })).body[0].clicks
    // Events are written in batches.
    await until(() => counts('7days'), { what: "today's 3 clicks to be counted", done: (clicks) => clicks >= 3 })
    expect(await counts('7days')).toBe(3)
    expect(await counts('30days')).toBe(3)
    expect(await counts('90days')).toBe(8)
    expect(await counts('all')).toBe(8)
    expect((await http.get('/api/shareLinks?period=decade', { token: person.token })).status).toBe(400)
  })
})

describe('update', () => {
  it('changes fields, keeps the rest, and the short link follows at once', async () => {
    const link = (await create(ann, basic({ alias: uniqueAlias('edit') }))).body
    const answer = await http.patch(`/api/shareLinks/${link.id}`, { title: 'New title', targetUrl: 'https://example.org/new' }, { token: ann.token })
    expect(answer.status).toBe(200)
    expect(answer.body.title).toBe('New title')
    expect(answer.body.alias).toBe(link.alias)
    const answerAfter = await visit(link.url)
    expect(answerAfter.headers.get('location')).toBe('https://example.org/new')
  })

  it('moves the alias: the old path stops resolving, the new one resolves', async () => {
    const link = (await create(ann, basic({ alias: uniqueAlias('old') }))).body
    await visit(link.url) // warm the cache
    const alias = uniqueAlias('new')
    const answer = await http.patch(`/api/shareLinks/${link.id}`, { alias }, { token: ann.token })
    expect(answer.status).toBe(200)
    expect((await visit(link.url)).status).toBe(404)
    expect((await visit(`${server.url}/${alias}`)).status).toBe(302)
  })

  it('refuses bad changes with 400 and leaves the link as it was', async () => {
    const link = (await create(ann, basic())).body
    const answer = await http.patch(`/api/shareLinks/${link.id}`, { targetUrl: 'mailto:x@example.com' }, { token: ann.token })
    expect(answer.status).toBe(400)
    const taken = (await create(bob, basic({ alias: uniqueAlias('bobs') }))).body
    const conflict = await http.patch(`/api/shareLinks/${link.id}`, { alias: taken.alias }, { token: ann.token })
    expect(conflict.status).toBe(409)
    const [row] = await sql<{ target_url: string; alias: string | null }>(server, 'select target_url, alias from share_links where id = $1', [link.id])
    expect(row.target_url).toBe('https://example.com/page')
    expect(row.alias).toBeNull()
  })

  it('sets and clears the expiry', async () => {
    const link = (await create(ann, basic())).body
    const set = await http.patch(`/api/shareLinks/${link.id}`, { expiresAt: '2030-05-01T12:00:00Z' }, { token: ann.token })
    expect(set.body.expiresAt).toBe('2030-05-01T12:00:00.000Z')
    const cleared = await http.patch(`/api/shareLinks/${link.id}`, { expiresAt: null }, { token: ann.token })
    expect(cleared.body.expiresAt).toBeNull()
  })
})

describe('old aliases', () => {
  const patch = (who: SignedIn, id: string, body: Record<string, unknown>) => http.patch(`/api/shareLinks/${id}`, body, { token: who.token })
  const path = (alias: string) => `${server.url}/${alias}`

  it('keep leading to the link when kept, are nobody else’s meanwhile, and stop when let go', async () => {
    const first = uniqueAlias('First')
    const link = (await create(ann, basic({ alias: first }))).body
    expect(link.formerAliases).toEqual([])
    await visit(link.url) // cached as the link's alias
    const second = uniqueAlias('second')
    const moved = await patch(ann, link.id, { alias: second, formerAliases: [first.toLowerCase()] })
    expect(moved.status).toBe(200)
    // Kept as it was typed, whatever case the change named it in.
    expect(moved.body.formerAliases).toEqual([first])
    expect(moved.body.url).toBe(path(second))
    for (const old of [first, first.toUpperCase()]) expect((await visit(path(old))).headers.get('location')).toBe('https://example.com/page')
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.formerAliases).toEqual([first])
    expect((await http.get('/api/shareLinks', { token: ann.token })).body.find((l: { id: string }) => l.id === link.id).formerAliases).toEqual([first])

    // Nobody else may take it, nor may a new slug be it.
    expect((await create(bob, basic({ alias: first.toUpperCase() }))).status).toBe(409)
    const bobs = (await create(bob, basic())).body
    expect((await patch(bob, bobs.id, { alias: first })).status).toBe(409)
    expect((await http.get(`/api/shareLinks/alias-availability?alias=${first}`, { token: bob.token })).body.available).toBe(false)
    expect((await http.get(`/api/shareLinks/alias-availability?alias=${first}&except=${link.id}`, { token: ann.token })).body.available).toBe(true)

    // It follows the link: switched off, the old alias answers 404 too.
    await patch(ann, link.id, { isActive: false })
    expect((await visit(path(first))).status).toBe(404)
    await patch(ann, link.id, { isActive: true })
    expect((await visit(path(first))).status).toBe(302)

    // Taken back as the alias, it is no longer an old one; the alias given up without keeping it goes.
    const back = await patch(ann, link.id, { alias: first })
    expect(back.body.alias).toBe(first)
    expect(back.body.formerAliases).toEqual([])
    expect((await visit(path(second))).status).toBe(404)

    // Let go, it answers 404 and is free for anyone.
    const third = uniqueAlias('third')
    expect((await patch(ann, link.id, { alias: third, formerAliases: [first] })).body.formerAliases).toEqual([first])
    expect((await patch(ann, link.id, { formerAliases: [] })).body.formerAliases).toEqual([])
    expect((await visit(path(first))).status).toBe(404)
    expect((await patch(bob, bobs.id, { alias: first })).status).toBe(200)
  })

  it('are only ones the link has had, at most ten, and a refused change changes nothing', async () => {
    const start = uniqueAlias('start')
    const link = (await create(ann, basic({ alias: start }))).body
    const others = (await create(bob, basic({ alias: uniqueAlias('bobs') }))).body
    for (const wrong of [[uniqueAlias('never')], [others.alias], ['']]) {
      const answer = await patch(ann, link.id, { alias: uniqueAlias('next'), formerAliases: wrong })
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0]).toMatchObject({ field: 'formerAliases', message: LINK_MESSAGES.formerAliases })
    }
    expect((await patch(ann, link.id, { formerAliases: Array.from({ length: 11 }, (_, i) => `a${i}-x`) })).status).toBe(400)
    expect((await patch(ann, link.id, { formerAliases: 'start' })).status).toBe(400)
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.alias).toBe(start)

    // Ten renames, each keeping the alias before: the eleventh cannot keep one more.
    let kept: string[] = []
    let alias = start
    for (let i = 0; i < 10; i++) {
      const next = uniqueAlias(`r${i}`)
      const answer = await patch(ann, link.id, { alias: next, formerAliases: [...kept, alias] })
      expect(answer.status).toBe(200)
      kept = answer.body.formerAliases
      alias = next
    }
    expect(kept.length).toBe(10)
    const over = await patch(ann, link.id, { alias: uniqueAlias('over'), formerAliases: [...kept, alias] })
    expect(over.status).toBe(400)
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.alias).toBe(alias)

    // Deleting the link frees them all.
    expect((await http.delete(`/api/shareLinks/${link.id}`, { token: ann.token })).status).toBe(204)
    expect((await visit(path(start))).status).toBe(404)
    expect((await create(bob, basic({ alias: start }))).status).toBe(201)
  })
})

describe('isolation', () => {
  it("answers 404 for another account's link on every call, and changes nothing", async () => {
    const link = (await create(ann, basic({ title: 'Private' }))).body
    const asBob = { token: bob.token }
    expect((await http.get(`/api/shareLinks/${link.id}`, asBob)).status).toBe(404)
    expect((await http.patch(`/api/shareLinks/${link.id}`, { title: 'Mine now' }, asBob)).status).toBe(404)
    expect((await http.delete(`/api/shareLinks/${link.id}`, asBob)).status).toBe(404)
    const list = await http.get('/api/shareLinks', asBob)
    expect(list.body.some((l: { id: string }) => l.id === link.id)).toBe(false)
    const mine = await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })
    expect(mine.body.title).toBe('Private')
  })
})

describe('delete', () => {
  it('answers 204; the link is gone and its short path answers 404', async () => {
    const link = (await create(ann, basic({ alias: uniqueAlias('gone') }))).body
    expect((await visit(link.url)).status).toBe(302)
    expect((await http.delete(`/api/shareLinks/${link.id}`, { token: ann.token })).status).toBe(204)
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).status).toBe(404)
    expect((await visit(link.url)).status).toBe(404)
    expect((await http.delete(`/api/shareLinks/${link.id}`, { token: ann.token })).status).toBe(404)
  })
})

describe('usage and dashboard', () => {
  it('starts a free account at 0 of 500 in the current calendar month', async () => {
    const person = await signUp(http, 'usage')
    const answer = await http.get('/api/usage', { token: person.token })
    expect(answer.status).toBe(200)
    const now = new Date()
    expect(answer.body).toEqual({
      plan: 'free',
      usageThisMonth: 0,
      usageLimit: 500,
      billingPeriodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      billingPeriodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    })
    expect((await http.get('/api/usage')).status).toBe(401)
  })

  it('adds up clicks per link for the dashboard', async () => {
    const person = await signUp(http, 'dash')
    const a = (await create(person, basic())).body
    const b = (await create(person, basic())).body
    for (let i = 0; i < 2; i++) await visit(a.url)
    await visit(b.url)
    // Events are written in batches.
    const stats = await until(() => http.get('/api/dashboard-stats', { token: person.token }), {
      what: 'the 3 clicks to be counted',
      done: (answer) => answer.status !== 200 || answer.body.totalClicks >= 3,
    })
    expect(stats.status).toBe(200)
    expect(stats.body.totalClicks).toBe(3)
    expect(stats.body.clicksByLinkId).toEqual({ [a.id]: 2, [b.id]: 1 })
    expect(stats.body.totalApiCalls).toBe(0)
  })
})

describe('alias availability', () => {
  const ask = (who: SignedIn, query: string) => http.get(`/api/shareLinks/alias-availability?${query}`, { token: who.token })

  it("answers whether an alias is free, in any letter case and across accounts, with the create call's words", async () => {
    const alias = uniqueAlias('Taken')
    const made = (await create(bob, basic({ alias }))).body
    const free = uniqueAlias('free')
    expect((await ask(ann, `alias=${free}`)).body).toEqual({ alias: free, available: true, message: null })
    expect((await ask(ann, `alias=${alias.toUpperCase()}`)).body).toEqual({ alias: alias.toUpperCase(), available: false, message: LINK_MESSAGES.aliasTaken })
    // A slug resolves first: it is taken as an alias too.
    expect((await ask(ann, `alias=${made.slug}`)).body.available).toBe(false)
    for (const [wrong, message] of [
      ['ab', LINK_MESSAGES.aliasTooShort],
      ['dashboard', LINK_MESSAGES.aliasReserved],
      ['-x-y', LINK_MESSAGES.aliasCharacters],
    ])
      expect((await ask(ann, `alias=${wrong}`)).body).toEqual({ alias: wrong, available: false, message })
    // The link being edited keeps its own alias.
    expect((await ask(bob, `alias=${alias}&except=${made.id}`)).body.available).toBe(true)
  })

  it('needs a session and an alias', async () => {
    expect((await http.get('/api/shareLinks/alias-availability?alias=anything')).status).toBe(401)
    expect((await ask(ann, '')).status).toBe(400)
  })
})
