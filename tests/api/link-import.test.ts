// Importing links from a file: the sources told apart and their columns mapped, short codes kept
// as aliases where free, a report of every row read back by a CSV parser nobody here wrote, the
// plan's link limits, and an import that carries on after its server is killed, making nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
}, 60_000)
afterAll(() => server.close())

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const preview = (who: SignedIn, file: string, extra: Record<string, unknown> = {}) => http.post('/api/imports/preview', { file, ...extra }, { token: who.token })
const start = (who: SignedIn, file: string, mapping: Record<string, string>, source = 'csv') => http.post('/api/imports', { file, source, fileName: 'links.csv', mapping }, { token: who.token })
const finished = (who: SignedIn, id: string, timeoutMs = 30_000) =>
  until(() => http.get(`/api/imports/${id}`, { token: who.token }), { what: 'the import to finish', done: (answer) => ['done', 'failed'].includes(answer.body.status), timeoutMs, everyMs: 100 }).then((answer) => answer.body)
const setPlan = (who: SignedIn, plan: string) => sql(server, 'update accounts set plan = $1 where id = $2', [plan, who.user.accountId])

describe('an import preview', () => {
  it("tells each shortener's export apart and maps its columns by their names", async () => {
    const who = await signUp(http, 'previewer')
    const files: [string, string, Record<string, string>][] = [
      ['bitly', 'title,link,long_url,created_at,tags\nDocs,https://bit.ly/docs-1,https://example.com/docs,2024-01-01,"a,b"\n', { targetUrl: 'long_url', title: 'title', alias: 'link', tags: 'tags' }],
      ['shlink', 'createdAt,shortCode,shortUrl,longUrl,title,tags,visits\n2024-01-01,abc123,https://s.test/abc123,https://example.com/a,A page,x|y,4\n', { targetUrl: 'longUrl', title: 'title', alias: 'shortCode', tags: 'tags' }],
      ['kutt', JSON.stringify({ data: [{ address: 'kutt-1', target: 'https://example.com/k', description: 'From Kutt', visit_count: 2 }] }), { targetUrl: 'target', description: 'description', alias: 'address' }],
      ['yourls', 'keyword;url;title;timestamp;ip;clicks\nyour-1;https://example.com/y;Y page;2024-01-01 10:00:00;127.0.0.1;3\n', { targetUrl: 'url', title: 'title', alias: 'keyword' }],
      ['csv', 'Page\tName\nhttps://example.com/c\tC page\n', { targetUrl: 'Page', title: 'Name' }],
    ]
    for (const [source, file, mapping] of files) {
      const answer = await preview(who, file)
      expect(answer.status, source).toBe(200)
      expect(answer.body.source, source).toBe(source)
      expect(answer.body.mapping, source).toEqual(mapping)
      expect(answer.body.rows[0].problem, source).toBeNull()
    }
    // Short URLs become their codes, and a row without a title gets its target's host.
    const kutt = await preview(who, files[2]![1])
    expect(kutt.body.rows[0].link).toEqual({ targetUrl: 'https://example.com/k', title: 'example.com', description: 'From Kutt', alias: 'kutt-1' })
    const bitly = await preview(who, files[0]![1])
    expect(bitly.body.rows[0].link).toMatchObject({ alias: 'docs-1', tags: ['a', 'b'] })
  })

  it("names each row's problem, and refuses what it cannot read or map", async () => {
    const who = await signUp(http, 'careful')
    const answer = await preview(who, 'url,title\nnot a url,Broken\njavascript:alert(1),Script\nhttps://example.com/ok,Fine\n')
    expect(answer.status).toBe(200)
    expect(answer.body.rows.map((row: { row: number; problem: string | null }) => [row.row, row.problem !== null])).toEqual([
      [2, true],
      [3, true],
      [4, false],
    ])
    expect((await preview(who, '{"not": "links"')).status).toBe(400)
    const unknown = await preview(who, 'url\nhttps://example.com\n', { mapping: { targetUrl: 'nope' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].field).toBe('mapping.targetUrl')
    // Without a target column a preview says so on each row, and nothing starts.
    const untargeted = await preview(who, 'url\nhttps://example.com\n', { mapping: {} })
    expect(untargeted.body.rows[0].problem).toBe('Choose the column that holds the target URLs.')
    const refused = await start(who, 'url\nhttps://example.com\n', {})
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe('mapping.targetUrl')
    expect((await http.post('/api/imports/preview', { file: 'url\nhttps://example.com\n' })).status).toBe(401)
  })
})

describe('an import', () => {
  it('makes every good row a link, keeps short codes where free, and reports each row', async () => {
    const who = await signUp(http, 'importer')
    const other = await signUp(http, 'bystander')
    const taken = `taken-${unique()}`
    expect((await http.post('/api/shareLinks', { targetUrl: 'https://example.com/mine', title: 'Mine', alias: taken }, { token: other.token })).status).toBe(201)
    const free = `kept-${unique()}`
    const file = [
      'createdAt,shortCode,shortUrl,longUrl,title,tags,visits',
      `2024-01-01,${free},https://s.test/${free},https://example.com/one,"One, with a comma",news|2024,1`,
      `2024-01-02,${taken},https://s.test/${taken},https://example.com/two,Two,,0`,
      '2024-01-03,x,https://s.test/x,not a url,Three,,0',
      `2024-01-04,${free},https://s.test/${free},https://example.com/four,Four,,0`,
    ].join('\n')
    const { body: shown } = await preview(who, file)
    const started = await start(who, file, shown.mapping, shown.source)
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ status: 'queued', total: 4, done: 0, source: 'shlink' })
    const done = await finished(who, started.body.id)
    expect(done).toMatchObject({ status: 'done', total: 4, done: 4, created: 3, failed: 1 })

    const report = await http.get(`/api/imports/${started.body.id}/report`, { token: who.token })
    expect(report.status).toBe(200)
    expect(report.headers.get('content-disposition')).toBe('attachment; filename="links-report.csv"')
    const rows = parse(report.text, { columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.row, row.status, row.alias])).toEqual([
      ['2', 'created', free],
      ['3', 'created', ''],
      ['4', 'failed', ''],
      ['5', 'created', ''],
    ])
    expect(rows[1]!.note).toContain(`"${taken}" is taken`)
    expect(rows[3]!.note).toContain(`"${free}" is taken`)
    expect(rows[2]!.note).not.toBe('')
    // The kept code is the link's alias and answers; tags came along.
    const visit = await fetch(rows[0]!.shortUrl!, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } })
    expect(visit.status).toBe(302)
    expect(visit.headers.get('location')).toBe('https://example.com/one')
    const listed = await http.get('/api/shareLinks?limit=10&search=one', { token: who.token })
    expect(listed.body[0]).toMatchObject({ alias: free, title: 'One, with a comma', tags: ['2024', 'news'] })

    // Another account sees neither the import nor its report.
    expect((await http.get(`/api/imports/${started.body.id}`, { token: other.token })).status).toBe(404)
    expect((await http.get(`/api/imports/${started.body.id}/report`, { token: other.token })).status).toBe(404)
    expect((await http.get('/api/imports', { token: other.token })).body).toEqual([])
    expect((await http.get('/api/imports', { token: who.token })).body.map((job: { id: string }) => job.id)).toEqual([started.body.id])
  })

  it("holds to the plan's link limits: a file over the day's is refused, and one over the hour's pauses there", async () => {
    const who = await signUp(http, 'small-plan')
    const rows = (n: number) => ['url', ...Array.from({ length: n }, (_, i) => `https://example.com/p/${i}`)].join('\n')
    const tooBig = await start(who, rows(10_001), { targetUrl: 'url' })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toContain('10,000 links a day')
    const started = await start(who, rows(1_200), { targetUrl: 'url' })
    expect(started.status).toBe(202)
    const paused = await until(() => http.get(`/api/imports/${started.body.id}`, { token: who.token }), { what: 'the import to pause', done: (answer) => answer.body.status === 'paused', timeoutMs: 30_000, everyMs: 100 })
    expect(paused.body).toMatchObject({ done: 1000, created: 1000, failed: 0 })
    expect(Date.parse(paused.body.resumeAt)).toBeGreaterThan(Date.now())
    // One import at a time per account.
    const second = await start(who, rows(5), { targetUrl: 'url' })
    expect(second.status).toBe(409)
    const stored = await sql(server, 'select count(*) as n from share_links where account_id = $1', [who.user.accountId])
    expect(Number(stored[0]!.n)).toBe(1000)
  }, 60_000)
})

describe('an import when its server is killed', () => {
  it('carries on after the restart from where it stopped, and makes no link twice', async () => {
    const who = await signUp(http, 'survivor')
    await setPlan(who, 'pro')
    const total = 20_000
    const file = ['url,title', ...Array.from({ length: total }, (_, i) => `https://example.com/r/${i},Row ${i}`)].join('\n')
    const started = await start(who, file, { targetUrl: 'url', title: 'title' })
    expect(started.status).toBe(202)
    await until(() => http.get(`/api/imports/${started.body.id}`, { token: who.token }), { what: 'some rows to be done', done: (answer) => answer.body.done > 0, timeoutMs: 30_000, everyMs: 20 })
    await server.kill()
    await server.restart()
    const done = await finished(who, started.body.id, 60_000)
    expect(done).toMatchObject({ status: 'done', total, done: total, created: total, failed: 0 })
    const stored = await sql(server, 'select count(*) as n, count(distinct target_url) as targets from share_links where account_id = $1', [who.user.accountId])
    expect(Number(stored[0]!.n)).toBe(total)
    expect(Number(stored[0]!.targets)).toBe(total)
  }, 120_000)
})
