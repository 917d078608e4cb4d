// Exporting every link of an account, in the app and the public API: CSV read back by a CSV parser
// nobody here wrote, JSON as the API shows links, with the counts of all time.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { linkExportFileName } from '../../src/shared/link-list'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import { LINK_FIELDS } from '../helpers/link-fields'
import type { TestServer } from '../helpers/server'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer
let http: Client
let owner: SignedIn
let apiKey: string
const made: Record<string, any>[] = []

// Cells a spreadsheet would misread or run: a formula, separators, quotes, a line break, and more than one page of links.
const TRICKY = { title: '=HYPERLINK("https://evil.example","click")', description: 'Commas, "quotes"\nand a second line' }
const LINKS = 520

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  owner = await signUp(http, 'exporter')
  apiKey = (await http.post('/api/apiKeys', { name: 'Export' }, { token: owner.token })).body.key
  const create = (body: Record<string, unknown>) => http.post('/api/shareLinks', { targetUrl: 'https://example.com/page', ...body }, { token: owner.token })
  made.push((await create({ ...TRICKY, alias: `first-${Date.now().toString(36)}` })).body)
  made.push((await create({ title: 'Player', twitterCard: 'player', ogImage: 'https://example.com/poster.png', twitterPlayer: { url: 'https://player.example/embed', width: 640, height: 360 } })).body)
  // An old alias kept, listed with the link.
  const renamed = await http.patch(`/api/shareLinks/${made[0].id}`, { alias: `second-${Date.now().toString(36)}`, formerAliases: [made[0].alias] }, { token: owner.token })
  made[0] = renamed.body
  for (let i = made.length; i < LINKS; i++) made.push((await create({ title: `Link ${i}` })).body)
  for (let i = 0; i < 3; i++) await visit(made[0].url)
  await visit(made[1].url, { userAgent: CRAWLER_UA.facebook })
  // Events are written in batches.
  await until(() => http.get('/api/dashboard-stats', { token: owner.token }), { what: 'the clicks to be counted', done: (answer) => answer.body.totalClicks >= 3 })
}, 120_000)
afterAll(() => server.close())

const exportAs = (format: string, via: 'app' | 'api' = 'app') =>
  via === 'app' ? http.get(`/api/shareLinks/export?format=${format}`, { token: owner.token }) : http.get(`/api/links/export?format=${format}`, { token: apiKey })

describe('the link export', () => {
  it('writes every link as a CSV row, oldest first, that a CSV parser reads back unchanged and a spreadsheet does not run', async () => {
    const answer = await exportAs('csv')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${linkExportFileName('csv')}"`)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.text.endsWith('\r\n')).toBe(true)
    const rows: Record<string, string>[] = parse(answer.text, { columns: true })
    expect(rows.map((row) => row.id)).toEqual(made.map((link) => link.id))
    const [first, player] = rows
    expect(first.title).toBe(`'${TRICKY.title}`)
    expect(first.description).toBe(TRICKY.description)
    expect(first.alias).toBe(made[0].alias)
    expect(first.formerAliases).toBe(made[0].formerAliases[0])
    expect(first.url).toBe(made[0].url)
    expect(first.isActive).toBe('true')
    expect(first.clicks).toBe('3')
    expect(JSON.parse(player.twitterPlayer)).toEqual({ url: 'https://player.example/embed', width: 640, height: 360 })
    expect(player.previews).toBe('1')
    expect(rows[LINKS - 1].clicks).toBe('0')
  })

  it('writes the links as JSON, each as the API shows it with its counts', async () => {
    const answer = await exportAs('json')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${linkExportFileName('json')}"`)
    const links = answer.body as Record<string, any>[]
    expect(links.length).toBe(LINKS)
    expect(Object.keys(links[0]).sort()).toEqual([...LINK_FIELDS, 'clicks', 'scans', 'previews'].sort())
    expect(links[0]).toEqual({ ...made[0], clicks: 3, scans: 0, previews: 0 })
    expect(links[1]).toMatchObject({ id: made[1].id, clicks: 0, previews: 1 })
  })

  it('answers the same through the public API, and the CSV by default', async () => {
    const [app, api] = await Promise.all([exportAs('json'), exportAs('json', 'api')])
    expect(api.status).toBe(200)
    expect(api.body).toEqual(app.body)
    const csv = await http.get('/api/links/export', { token: apiKey })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.text).toBe((await exportAs('csv')).text)
  })

  it("holds one account's links only, is empty for an account without links, and refuses other formats", async () => {
    const other = await signUp(http, 'empty-exporter')
    const json = await http.get('/api/shareLinks/export?format=json', { token: other.token })
    expect(json.body).toEqual([])
    const csv = await http.get('/api/shareLinks/export', { token: other.token })
    expect(parse(csv.text, { columns: true })).toEqual([])
    expect(csv.text.startsWith('id,url,slug,alias,domain,formerAliases,')).toBe(true)
    const wrong = await http.get('/api/shareLinks/export?format=xlsx', { token: owner.token })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('format must be one of csv, json.')
    expect((await http.get('/api/shareLinks/export')).status).toBe(401)
    expect((await http.get('/api/links/export')).status).toBe(401)
  })
})
