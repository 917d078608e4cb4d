// The app's link list at volume: ordered by the server (newest, oldest, title, clicks, previews in
// the period), and changed many at a time (switched on, off, deleted), within the account only.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { LINK_BULK_MAX, LINK_LIST_MESSAGES } from '../../src/shared/link-list'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let bob: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  bob = await signUp(http, 'bulk-bob')
})
afterAll(() => server.close())

type Listed = { id: string; title: string; clicks: number; previews: number; isActive: boolean }

async function make(who: SignedIn, title: string) {
  const answer = await http.post('/api/shareLinks', { targetUrl: `https://example.com/${encodeURIComponent(title)}`, title }, { token: who.token })
  expect(answer.status).toBe(201)
  return answer.body as { id: string; url: string }
}
const list = async (who: SignedIn, query: string) => {
  const answer = await http.get(`/api/shareLinks?${query}`, { token: who.token })
  expect(answer.status).toBe(200)
  return answer.body as Listed[]
}
const bulk = (who: SignedIn, body: unknown) => http.post('/api/shareLinks/bulk', body, { token: who.token })

describe('ordering the list', () => {
  let ann: SignedIn
  const made: { id: string; url: string }[] = []

  beforeAll(async () => {
    ann = await signUp(http, 'bulk-sorter')
    for (const title of ['banana', 'Apple', 'cherry', 'date']) {
      made.push(await make(ann, title))
      // Creation times count milliseconds: the clock moves on, so each link is newer than the last.
      await Bun.sleep(3)
    }
    // cherry: 3 clicks; banana: 1 click and 2 previews (two platforms); the others nothing.
    for (let i = 0; i < 3; i++) await visit(made[2].url)
    await visit(made[0].url)
    await visit(made[0].url, { userAgent: CRAWLER_UA.facebook })
    await visit(made[0].url, { userAgent: CRAWLER_UA.slack })
    await until(() => list(ann, 'sort=clicks&period=all'), { what: 'the visits to be counted', done: (links) => links[0]?.clicks === 3 && links[1]?.previews === 2 })
  })

  it('by creation, title and counts in the period, on the server, page by page', async () => {
    const titles = async (query: string) => (await list(ann, query)).map((link) => link.title)
    expect(await titles('')).toEqual(['date', 'cherry', 'Apple', 'banana'])
    expect(await titles('sort=newest')).toEqual(['date', 'cherry', 'Apple', 'banana'])
    expect(await titles('sort=oldest')).toEqual(['banana', 'Apple', 'cherry', 'date'])
    // Any letter case: Apple before banana.
    expect(await titles('sort=title')).toEqual(['Apple', 'banana', 'cherry', 'date'])
    // Most first; equal counts newest first.
    expect(await titles('sort=clicks&period=all')).toEqual(['cherry', 'banana', 'date', 'Apple'])
    expect(await titles('sort=previews&period=30days')).toEqual(['banana', 'date', 'cherry', 'Apple'])
    expect(await titles('sort=clicks&period=all&limit=2&page=2')).toEqual(['date', 'Apple'])
    // In any letter case; long enough that no random slug holds it.
    expect(await titles('sort=clicks&period=all&search=ANAN')).toEqual(['banana'])
    const paged = await http.get('/api/shareLinks?sort=clicks&limit=3', { token: ann.token })
    expect(paged.headers.get('x-total-count')).toBe('4')
    expect(paged.headers.get('link')).toContain('sort=clicks')
  })

  it('refuses an order it does not know', async () => {
    const answer = await http.get('/api/shareLinks?sort=popular', { token: ann.token })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain(LINK_LIST_MESSAGES.sort)
  })
})

describe('bulk actions', () => {
  it('switch links off and on, and visitors see it at once', async () => {
    const owner = await signUp(http, 'bulk-owner')
    const links = [await make(owner, 'one'), await make(owner, 'two'), await make(owner, 'three')]
    expect((await visit(links[0].url)).status).toBe(302)

    const off = await bulk(owner, { action: 'deactivate', ids: [links[0].id, links[1].id, links[1].id] })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ action: 'deactivate', changed: expect.arrayContaining([links[0].id, links[1].id]) })
    expect(off.body.changed).toHaveLength(2)
    for (const link of links.slice(0, 2)) expect((await visit(link.url)).status).toBe(404)
    expect((await visit(links[2].url)).status).toBe(302)
    // Already off: nothing changes.
    expect((await bulk(owner, { action: 'deactivate', ids: [links[0].id] })).body.changed).toEqual([])

    const on = await bulk(owner, { action: 'activate', ids: links.map((link) => link.id) })
    expect(on.body.changed.sort()).toEqual([links[0].id, links[1].id].sort())
    for (const link of links) expect((await visit(link.url)).status).toBe(302)
  })

  it("delete links, and never another account's", async () => {
    const owner = await signUp(http, 'bulk-deleter')
    const mine = [await make(owner, 'gone one'), await make(owner, 'gone two'), await make(owner, 'kept')]
    const theirs = await make(bob, 'bob keeps this')
    const answer = await bulk(owner, { action: 'delete', ids: [mine[0].id, mine[1].id, theirs.id, 'no-such-id'] })
    expect(answer.status).toBe(200)
    expect(answer.body.changed.sort()).toEqual([mine[0].id, mine[1].id].sort())
    expect((await list(owner, '')).map((link) => link.title)).toEqual(['kept'])
    expect((await visit(mine[0].url)).status).toBe(404)
    expect((await visit(theirs.url)).status).toBe(302)
    // Bob's link cannot be switched off by another account either.
    expect((await bulk(owner, { action: 'deactivate', ids: [theirs.id] })).body.changed).toEqual([])
    expect((await visit(theirs.url)).status).toBe(302)
  })

  it('refuses an unknown action, no ids, too many ids, and no session', async () => {
    const owner = await signUp(http, 'bulk-refused')
    const link = await make(owner, 'still here')
    for (const [body, message] of [
      [{ action: 'archive', ids: [link.id] }, LINK_LIST_MESSAGES.bulkAction],
      [{ action: 'delete', ids: [] }, LINK_LIST_MESSAGES.bulkIds],
      [{ action: 'delete', ids: Array.from({ length: LINK_BULK_MAX + 1 }, (_, i) => `id-${i}`) }, LINK_LIST_MESSAGES.bulkIds],
      [{ action: 'delete' }, undefined],
    ] as const) {
      const answer = await bulk(owner, body)
      expect(answer.status).toBe(400)
      if (message) expect(answer.body.message).toContain(message)
    }
    expect((await http.post('/api/shareLinks/bulk', { action: 'delete', ids: [link.id] })).status).toBe(401)
    expect((await list(owner, '')).map((row) => row.title)).toEqual(['still here'])
  })
})
