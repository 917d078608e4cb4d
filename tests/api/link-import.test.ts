// Importing links from a file: the sources told apart and their columns mapped, short codes kept
// as aliases where free, a report of every row read back by a CSV parser nobody here wrote, the
// plan's link limits, and an import that carries on after its server is killed, making nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { IMPORT_ATTEMPTS_PER_HOUR } from '../../src/shared/imports'
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
const fixture = (name: string) => Bun.file(join(import.meta.dir, '../fixtures/imports', name)).text()
const reportOf = async (who: SignedIn, id: string) => parse((await http.get(`/api/imports/${id}/report`, { token: who.token })).text, { columns: true }) as Record<string, string>[]
const linkAt = async (who: SignedIn, shortUrl: string) => {
  const listed = await http.get('/api/shareLinks?limit=100', { token: who.token })
  return listed.body.find((link: { url: string }) => link.url === shortUrl)
}
/** Previews a file, imports it with the mapping the preview chose, and answers the finished import and its report. */
async function importFile(who: SignedIn, file: string) {
  const shown = await preview(who, file)
  expect(shown.status).toBe(200)
  const started = await start(who, file, shown.body.mapping, shown.body.source)
  expect(started.status).toBe(202)
  const done = await finished(who, started.body.id)
  return { shown: shown.body, done, report: await reportOf(who, started.body.id) }
}
/** Imports a small CSV whose columns are found by their names, and answers the link its first row made. */
async function importFileAfter(who: SignedIn, file: string) {
  const { report } = await importFile(who, file)
  return linkAt(who, report[0]!.shortUrl!)
}
const setPlan = (who: SignedIn, plan: string) => sql(server, 'update accounts set plan = $1 where id = $2', [plan, who.user.accountId])

describe('an import preview', () => {
  it("tells each shortener's export apart and maps its columns by their names", async () => {
    const who = await signUp(http, 'previewer')
    const files: [string, string, Record<string, string>][] = [
      ['bitly', 'title,link,long_url,created_at,tags\nDocs,https://bit.ly/docs-1,https://example.com/docs,2024-01-01,"a,b"\n', { targetUrl: 'long_url', title: 'title', alias: 'link', tags: 'tags', createdAt: 'created_at' }],
      ['shlink', 'createdAt,shortCode,shortUrl,longUrl,title,tags,visits\n2024-01-01,abc123,https://s.test/abc123,https://example.com/a,A page,x|y,4\n', { targetUrl: 'longUrl', title: 'title', alias: 'shortCode', tags: 'tags', createdAt: 'createdAt', clicks: 'visits' }],
      ['kutt', JSON.stringify({ data: [{ address: 'kutt-1', target: 'https://example.com/k', description: 'From Kutt', visit_count: 2 }] }), { targetUrl: 'target', description: 'description', alias: 'address', clicks: 'visit_count' }],
      ['yourls', 'keyword;url;title;timestamp;ip;clicks\nyour-1;https://example.com/y;Y page;2024-01-01 10:00:00;127.0.0.1;3\n', { targetUrl: 'url', title: 'title', alias: 'keyword', createdAt: 'timestamp', clicks: 'clicks' }],
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

describe("other shorteners' own exports", () => {
  it("reads Shlink's REST API export (links under shortUrls.data), with their dates, visits and expiry", async () => {
    const who = await signUp(http, 'shlink-rest')
    const { shown, done, report } = await importFile(who, await fixture('shlink-short-urls.json'))
    expect(shown.source).toBe('shlink')
    expect(shown.mapping).toMatchObject({ targetUrl: 'longUrl', alias: 'shortCode', title: 'title', tags: 'tags', expiresAt: 'meta.validUntil', forwardQuery: 'forwardQuery', createdAt: 'dateCreated', clicks: 'visitsSummary.total' })
    expect(shown.rows[0]).toMatchObject({ link: { targetUrl: 'https://news.example.com/technology', alias: 'tech-news', tags: ['news', 'tech'], expiresAt: '2099-12-31T23:59:59.000Z' }, history: { createdAt: '2021-08-05T08:22:12.000Z', clicks: 328 }, problem: null })
    expect(done).toMatchObject({ status: 'done', total: 2, created: 2, failed: 0 })
    const link = await linkAt(who, report[0]!.shortUrl!)
    expect(link).toMatchObject({ alias: 'tech-news', expiresAt: '2099-12-31T23:59:59.000Z', isActive: true, importedFrom: { source: 'shlink', createdAt: '2021-08-05T08:22:12.000Z', clicks: 328 } })
    // A short URL that did not forward query strings there does not here either.
    expect(link.forwardQuery).toBe(true)
    expect((await linkAt(who, report[1]!.shortUrl!)).forwardQuery).toBe(false)
  })

  it('refuses an SQL dump (YOURLS, mysqldump) with what to export instead, and reads the same table as CSV', async () => {
    const who = await signUp(http, 'yourls')
    const dump = await fixture('yourls-dump.sql')
    for (const answer of [await preview(who, dump), await start(who, dump, { targetUrl: 'url' })]) {
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain('SQL dump')
      expect(answer.body.message).toContain('export the result as CSV')
      expect(answer.body.errors[0].field).toBe('file')
    }
    // Other files that are no export of links say what they are too.
    for (const [file, kind] of [
      ['PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml', 'spreadsheet'],
      ['<!DOCTYPE html><html><body>Links</body></html>', 'web page'],
      ['url\nhttps://example.com/\u0000\u0001', 'binary file'],
    ]) {
      const answer = await start(who, file!, { targetUrl: 'url' })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain(kind!)
    }
    expect((await http.get('/api/imports', { token: who.token })).body).toEqual([])
    const { shown, done, report } = await importFile(who, await fixture('yourls-links.csv'))
    expect(shown).toMatchObject({ source: 'yourls', mapping: { targetUrl: 'url', alias: 'keyword', createdAt: 'timestamp', clicks: 'clicks' } })
    expect(done).toMatchObject({ created: 2, failed: 0 })
    expect((await linkAt(who, report[0]!.shortUrl!)).importedFrom).toEqual({ source: 'yourls', createdAt: '2019-04-02T10:11:12.000Z', clicks: 312 })
  })

  it("keeps Bitly's creation dates and click totals as each link's history, and brings archived links in switched off", async () => {
    const who = await signUp(http, 'bitly')
    const { shown, done, report } = await importFile(who, await fixture('bitly-links.csv'))
    expect(shown.mapping).toMatchObject({ targetUrl: 'long_url', alias: 'custom_bitlinks', archived: 'archived', createdAt: 'created_at', clicks: 'clicks' })
    expect(shown.rows.map((row: { isActive: boolean }) => row.isActive)).toEqual([true, false, true])
    expect(shown.rows[1].notes).toContain('Archived there: imported switched off.')
    expect(done).toMatchObject({ created: 3, failed: 0 })
    const [sale, archived, docs] = await Promise.all(report.map((line) => linkAt(who, line.shortUrl!)))
    expect(sale).toMatchObject({ alias: 'spring-sale-24', isActive: true, tags: ['campaign', 'spring'], importedFrom: { source: 'bitly', createdAt: '2024-03-02T09:15:02.000Z', clicks: 1532 } })
    expect(archived).toMatchObject({ isActive: false, importedFrom: { createdAt: '2023-06-11T17:40:55.000Z', clicks: 87 } })
    expect(docs.importedFrom.clicks).toBe(12408)
    expect(report[1]!.note).toContain('Archived there')
    // An archived link answers as any switched-off link does.
    expect((await fetch(archived.url, { redirect: 'manual' })).status).toBe(404)
    // The link's own JSON, as the app and the public API show it, carries its history.
    expect((await http.get(`/api/shareLinks/${sale.id}`, { token: who.token })).body.importedFrom).toEqual({ source: 'bitly', createdAt: '2024-03-02T09:15:02.000Z', clicks: 1532 })
  })

  it("carries Kutt's expiry over, and brings password-protected and expired links in switched off, with a note", async () => {
    const who = await signUp(http, 'kutt')
    const { shown, done, report } = await importFile(who, await fixture('kutt-links.json'))
    expect(shown).toMatchObject({ source: 'kutt', mapping: { targetUrl: 'target', alias: 'address', expiresAt: 'expire_in', password: 'password', createdAt: 'created_at', clicks: 'visit_count' } })
    const [later, secret, expired] = shown.rows
    expect(later).toMatchObject({ isActive: true, notes: [], link: { expiresAt: '2099-01-01T00:00:00.000Z' } })
    expect(secret.isActive).toBe(false)
    expect(secret.notes.join(' ')).toContain('Password-protected there')
    expect(expired.isActive).toBe(false)
    expect(expired.notes.join(' ')).toContain('Expired there on 2020-12-01')
    expect(done).toMatchObject({ created: 3, failed: 0 })
    const links = await Promise.all(report.map((line) => linkAt(who, line.shortUrl!)))
    expect(links.map((link) => [link.alias, link.isActive, link.expiresAt, link.hasPassword])).toEqual([
      ['kt-docs', true, '2099-01-01T00:00:00.000Z', false],
      ['kt-private', false, null, false],
      ['kt-old-promo', false, null, false],
    ])
    expect(report[1]!.note).toContain('its password cannot be exported')
    // A file that carries the password itself keeps it.
    const carried = await importFileAfter(who, 'url,password\nhttps://example.com/locked,s3cret-pass\n')
    expect(carried).toMatchObject({ hasPassword: true, isActive: true })
  })

  it("carries a split test over from Linkcard's own export and Dub's testVariants, and notes one it cannot read", async () => {
    const [from, to] = await Promise.all([signUp(http, 'split-export'), signUp(http, 'split-import')])
    const variants = [
      { targetUrl: 'https://example.com/a', weight: 3 },
      { targetUrl: 'https://example.com/b?x=1,2', weight: 1 },
    ]
    expect((await http.post('/api/shareLinks', { targetUrl: 'https://example.com/split', title: 'Split', variants }, { token: from.token })).status).toBe(201)
    const exported = (await http.get('/api/shareLinks/export?format=csv', { token: from.token })).text
    expect((await importFileAfter(to, exported)).variants).toEqual(variants)
    const dub = JSON.stringify([
      { url: 'https://example.com/dub', title: 'Dub', testVariants: [{ url: 'https://example.com/c', percentage: 70 }, { url: 'https://example.com/d', percentage: 30 }] },
      { url: 'https://example.com/dub-one', title: 'Dub one', testVariants: [{ url: 'https://example.com/e', percentage: 100 }] },
    ])
    const { shown, report } = await importFile(to, dub)
    expect(shown.mapping.variants).toBe('testVariants')
    expect(shown.rows[1].notes.join(' ')).toContain('Split test')
    const [withTest, without] = await Promise.all(report.map((line) => linkAt(to, line.shortUrl!)))
    expect(withTest.variants).toEqual([
      { targetUrl: 'https://example.com/c', weight: 70 },
      { targetUrl: 'https://example.com/d', weight: 30 },
    ])
    expect(without).toMatchObject({ title: 'Dub one', variants: null })
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

describe('imports sent by the crowd', () => {
  it("refuses an account's second file before reading it, while its first is under way, and counts the files an account may send an hour", async () => {
    const who = await signUp(http, 'crowded')
    const bystander = await signUp(http, 'bystander-importer')
    await setPlan(bystander, 'pro')
    // Past the free plan's hourly link limit the first import pauses: it stays under way.
    const first = await start(who, ['url', ...Array.from({ length: 1_100 }, (_, i) => `https://example.com/q/${i}`)].join('\n'), { targetUrl: 'url' })
    expect(first.status).toBe(202)
    await until(() => http.get(`/api/imports/${first.body.id}`, { token: who.token }), { what: 'the import to pause', done: (answer) => answer.body.status === 'paused', timeoutMs: 30_000, everyMs: 100 })
    const big = ['url', ...Array.from({ length: 9_000 }, (_, i) => `https://example.com/big/${i}?${'q'.repeat(3_000)}`)].join('\n')
    const timed = async (who: SignedIn) => {
      const startedAt = performance.now()
      const answer = await start(who, big, { targetUrl: 'url' })
      return { status: answer.status, message: answer.body.message, ms: performance.now() - startedAt }
    }
    // The same file from an account that may import it is read whole; the crowded account's is not read at all.
    const read = await timed(bystander)
    expect(read.status).toBe(202)
    const refused = await Promise.all([timed(who), timed(who), timed(who)])
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, message: 'An import is already under way; wait for it to finish.' })
    // Three refusals at once still take less than one file read whole (a busy machine slows both).
    expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(read.ms)

    // A file refused after it was read frees the account at once, so how many it may send an hour is counted.
    const hasty = await signUp(http, 'hasty')
    for (let i = 0; i < IMPORT_ATTEMPTS_PER_HOUR; i++) expect((await start(hasty, 'url\nhttps://example.com/\n', {})).status).toBe(400)
    const over = await start(hasty, 'url\nhttps://example.com/\n', { targetUrl: 'url' })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await http.get('/api/imports', { token: hasty.token })).body).toEqual([])
  }, 120_000)
})

describe('an import when its server is killed', () => {
  it('carries on after the restart from where it stopped, and makes no link twice', async () => {
    const who = await signUp(http, 'survivor')
    await setPlan(who, 'pro')
    // Enough rows to be killed well before the end: an import works through a few hundred at a time.
    const total = 8_000
    const file = ['url,title', ...Array.from({ length: total }, (_, i) => `https://example.com/r/${i},Row ${i}`)].join('\n')
    const started = await start(who, file, { targetUrl: 'url', title: 'title' })
    expect(started.status).toBe(202)
    const underWay = await until(() => http.get(`/api/imports/${started.body.id}`, { token: who.token }), { what: 'some rows to be done', done: (answer) => answer.body.done > 0, timeoutMs: 30_000, everyMs: 20 })
    await server.kill()
    expect(underWay.body.done).toBeLessThan(total)
    await server.restart()
    // Past the killed instance's lease, then the rest of the rows.
    const done = await finished(who, started.body.id, 150_000)
    expect(done).toMatchObject({ status: 'done', total, done: total, created: total, failed: 0 })
    const stored = await sql(server, 'select count(*) as n, count(distinct target_url) as targets from share_links where account_id = $1', [who.user.accountId])
    expect(Number(stored[0]!.n)).toBe(total)
    expect(Number(stored[0]!.targets)).toBe(total)
  }, 240_000)
})
