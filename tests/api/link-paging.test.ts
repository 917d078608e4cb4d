// Both link lists (the app's /api/shareLinks and the public /api/links) are paged: a plain array
// body, X-Total-Count, and an RFC 8288 Link header; newest first with ties broken by id.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Answer, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

let server: TestServer
let http: Client
let ann: SignedIn
let bob: SignedIn
let annKey: string
let bobKey: string

const SEEDED = 120
const BASE = Date.UTC(2026, 0, 1)
/** Seeded ids in the order the lists must give them: newest first, then by id, descending. */
let expectedOrder: string[]

/** Inserts `count` links for the account straight into the table; pairs share a creation time. */
async function seedLinks(who: SignedIn, count: number, prefix: string) {
  const rows: unknown[][] = []
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${String(i).padStart(4, '0')}`
    const at = dbTime(server, new Date(BASE + Math.floor(i / 2) * 1000))
    const active = server.databaseUrl ? i % 10 !== 0 : i % 10 !== 0 ? 1 : 0
    const title = i % 3 === 0 ? `Recipe number ${i}` : `Post number ${i}`
    const target = `https://example.com/${i}`
    rows.push([id, who.user.accountId, `${prefix.slice(0, 3)}${String(i).padStart(4, '0')}`, target, target, title, 'summary', active, at, at])
  }
  const values = rows.map((_, r) => `(${Array.from({ length: 10 }, (_, c) => `$${r * 10 + c + 1}`).join(', ')})`).join(', ')
  await sql(
    server,
    `insert into share_links (id, account_id, slug, target_url, target_key, title, twitter_card, is_active, created_at, updated_at) values ${values}`,
    rows.flat(),
  )
}

async function makeKey(who: SignedIn) {
  const answer = await http.post('/api/apiKeys', { name: 'Paging' }, { token: who.token })
  expect(answer.status).toBe(201)
  return answer.body.key as string
}

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  ann = await signUp(http, 'ann')
  bob = await signUp(http, 'bob')
  await seedLinks(ann, SEEDED, 'annlink')
  for (const title of ['Bob one', 'Bob two', 'Bob three']) await http.post('/api/shareLinks', { targetUrl: 'https://example.org/', title }, { token: bob.token })
  expectedOrder = Array.from({ length: SEEDED }, (_, i) => `annlink-${String(i).padStart(4, '0')}`).sort((a, b) => (a < b ? 1 : -1))
  annKey = await makeKey(ann)
  bobKey = await makeKey(bob)
})
afterAll(() => server.close())

/** The rel="…" targets of a Link header, by relation. */
function relations(header: string | null) {
  const found: Record<string, string> = {}
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="([^"]+)"$/.exec(part.trim())
    if (match) found[match[2]] = match[1]
  }
  return found
}

const lists = [
  { name: 'GET /api/shareLinks', path: '/api/shareLinks', auth: () => ({ token: ann.token }), other: () => ({ token: bob.token }) },
  { name: 'GET /api/links', path: '/api/links', auth: () => ({ token: annKey }), other: () => ({ token: bobKey }) },
]

describe.each(lists)('$name', ({ path, auth, other }) => {
  it('answers the newest 50 by default, with the total and a next page but no previous one', async () => {
    const answer = await http.get(path, auth())
    expect(answer.status).toBe(200)
    expect(Array.isArray(answer.body)).toBe(true)
    expect(answer.body.map((link: { id: string }) => link.id)).toEqual(expectedOrder.slice(0, 50))
    expect(answer.headers.get('x-total-count')).toBe(String(SEEDED))
    const rel = relations(answer.headers.get('link'))
    expect(rel.next).toBe(`${path}?limit=50&page=2`)
    expect(rel.last).toBe(`${path}?limit=50&page=3`)
    expect(rel.prev).toBeUndefined()
  })

  it('walks every link exactly once, in a stable order, by following rel="next"', async () => {
    const seen: string[] = []
    let next: string | undefined = `${path}?limit=7`
    let pages = 0
    while (next) {
      const answer: Answer = await http.get(next, auth())
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-total-count')).toBe(String(SEEDED))
      seen.push(...answer.body.map((link: { id: string }) => link.id))
      next = relations(answer.headers.get('link')).next
      pages++
    }
    expect(pages).toBe(Math.ceil(SEEDED / 7))
    expect(seen).toEqual(expectedOrder)
  })

  it('answers the last page short, with a previous page and no next one', async () => {
    const answer = await http.get(`${path}?limit=50&page=3`, auth())
    expect(answer.body.map((link: { id: string }) => link.id)).toEqual(expectedOrder.slice(100))
    const rel = relations(answer.headers.get('link'))
    expect(rel.next).toBeUndefined()
    expect(rel.prev).toBe(`${path}?limit=50&page=2`)
  })

  it('answers an empty array past the last page, still with the total', async () => {
    const answer = await http.get(`${path}?page=9`, auth())
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([])
    expect(answer.headers.get('x-total-count')).toBe(String(SEEDED))
    expect(relations(answer.headers.get('link')).next).toBeUndefined()
  })

  it('gives up to 500 in one page', async () => {
    const answer = await http.get(`${path}?limit=500`, auth())
    expect(answer.status).toBe(200)
    expect(answer.body).toHaveLength(SEEDED)
    expect(relations(answer.headers.get('link')).next).toBeUndefined()
  })

  it.each([
    ['limit=501', 'limit must be a whole number from 1 to 500.'],
    ['limit=0', 'limit must be a whole number from 1 to 500.'],
    ['limit=-5', 'limit must be a whole number from 1 to 500.'],
    ['limit=2.5', 'limit must be a whole number from 1 to 500.'],
    ['limit=lots', 'limit must be a whole number from 1 to 500.'],
    ['page=0', 'page must be a whole number from 1 to 1000000.'],
    ['page=99999999999', 'page must be a whole number from 1 to 1000000.'],
    ['status=gone', 'status must be one of all, active, inactive.'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters.'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const answer = await http.get(`${path}?${query}`, auth())
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(message)
  })

  it("never lists another account's links", async () => {
    const mine = await http.get(`${path}?limit=500`, other())
    expect(mine.headers.get('x-total-count')).toBe('3')
    expect(mine.body.map((link: { title: string }) => link.title)).toEqual(['Bob three', 'Bob two', 'Bob one'])
    const annIds = new Set((await http.get(`${path}?limit=500`, auth())).body.map((link: { id: string }) => link.id))
    for (const link of mine.body) expect(annIds.has(link.id)).toBe(false)
  })

  it('pages search and status filters together, keeping them in the Link header', async () => {
    // Titles of every third link say "Recipe"; every tenth link is switched off.
    const recipesActive = expectedOrder.filter((id) => {
      const i = Number(id.slice(-4))
      return i % 3 === 0 && i % 10 !== 0
    })
    const first = await http.get(`${path}?search=RECIPE&status=active&limit=10`, auth())
    expect(first.status).toBe(200)
    expect(first.headers.get('x-total-count')).toBe(String(recipesActive.length))
    expect(first.body.map((link: { id: string }) => link.id)).toEqual(recipesActive.slice(0, 10))
    const next = relations(first.headers.get('link')).next
    expect(next).toBe(`${path}?search=RECIPE&status=active&limit=10&page=2`)
    const second = await http.get(next, auth())
    expect(second.body.map((link: { id: string }) => link.id)).toEqual(recipesActive.slice(10, 20))
    const inactive = await http.get(`${path}?status=inactive&limit=500`, auth())
    expect(inactive.headers.get('x-total-count')).toBe(String(SEEDED / 10))
  })
})

describe('GET /api/shareLinks', () => {
  it('keeps the period of the counts working with paging', async () => {
    const answer = await http.get('/api/shareLinks?period=7days&limit=5&page=2', { token: ann.token })
    expect(answer.status).toBe(200)
    expect(answer.body.map((link: { id: string }) => link.id)).toEqual(expectedOrder.slice(5, 10))
    expect(answer.body.every((link: { clicks: number; previews: number }) => link.clicks === 0 && link.previews === 0)).toBe(true)
    expect(relations(answer.headers.get('link')).next).toBe('/api/shareLinks?period=7days&limit=5&page=3')
    expect((await http.get('/api/shareLinks?period=decade', { token: ann.token })).status).toBe(400)
  })
})

describe('GET /api/links', () => {
  it('lets browsers on other origins read the paging headers', async () => {
    const answer = await http.get('/api/links?limit=1', { token: annKey, headers: { origin: 'https://elsewhere.example' } })
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/)
    expect(exposed).toContain('x-total-count')
    expect(exposed).toContain('link')
  })

  it('documents limit, page and the paging headers in the OpenAPI document', async () => {
    const document = (await http.get('/api/openapi.json')).body
    const list = document.paths['/api/links'].get
    const parameters = Object.fromEntries(list.parameters.map((p: { name: string; in: string; schema: Record<string, unknown> }) => [p.name, p]))
    expect(parameters.limit.in).toBe('query')
    expect(parameters.limit.schema).toMatchObject({ minimum: 1, maximum: 500 })
    expect(parameters.page.in).toBe('query')
    expect(Object.keys(list.responses['200'].headers)).toEqual(expect.arrayContaining(['X-Total-Count', 'Link', 'X-RateLimit-Limit']))
    expect(list.responses['400']).toBeDefined()
  })
})
