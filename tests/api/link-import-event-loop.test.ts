// Imports never hold the event loop: while the largest files the import calls accept are previewed,
// imported (CSV and JSON), worked through in the background and reported on, a short link's
// redirects on another connection keep answering within the request thread's budget.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { IMPORT_FILE_MAX_BYTES, IMPORT_PREVIEW_BYTES } from '../../src/shared/imports'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { timeRedirects, type Stalls } from '../helpers/import-stalls'
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

// The request thread's budget is 50 ms, and with the machine to itself the longest redirect here
// waits about that long (each phase's longest is printed). A machine busy with other work (other
// test files and their servers, the other database's pass: load averages of 10 and more on two
// cores) delays any answer by tens of milliseconds, and now and then by several hundred: the bound
// leaves room for that. It stays below what reading or working through a file on the request thread
// cost: the loop held for 1.3 to 10 seconds.
const BOUND_MS = 1_000

const ROWS = 10_000
// Rows of about 3.2 kB (a long target, title and description): ROWS of them nearly fill the largest file.
const pad = (text: string, length: number) => text + 'x'.repeat(Math.max(0, length - text.length))
const csvRow = (i: number) => `${pad(`https://example.com/p/${i}?ref=`, 2040)},"${pad(`Row ${i}, imported `, 190)}",${pad(`About row ${i} `, 990)},news`
const largestCsv = () => {
  const lines = ['url,title,description,tags']
  for (let i = 0; i < ROWS; i++) lines.push(csvRow(i))
  return lines.join('\n')
}
const largestJson = () => {
  const data = []
  for (let i = 0; i < ROWS; i++) {
    const target = pad(`https://example.com/j/${i}?ref=`, 1950)
    data.push({ address: `j${i}-${Date.now().toString(36)}`, target, description: pad(`About ${i} `, 900), visit_count: i, created_at: '2023-04-01T10:00:00.000Z', password: false, expire_in: null })
  }
  return JSON.stringify({ total: ROWS, limit: ROWS, skip: 0, data })
}

const start = (who: SignedIn, file: string, mapping: Record<string, string>, source = 'csv') => http.post('/api/imports', { file, source, fileName: 'big.csv', mapping }, { token: who.token })
const finished = (who: SignedIn, id: string) =>
  until(() => http.get(`/api/imports/${id}`, { token: who.token }), { what: 'the import to finish', done: (answer) => ['done', 'failed'].includes(answer.body.status), timeoutMs: 120_000, everyMs: 200 })

async function shortLinkOf(who: SignedIn) {
  const made = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/timed', title: 'Timed' }, { token: who.token })
  expect(made.status).toBe(201)
  return made.body.url as string
}

function report(name: string, stalls: Stalls) {
  const line = Object.entries(stalls)
    .filter(([phase]) => phase !== 'warm-up')
    .map(([phase, { maxMs, count }]) => `${phase} ${maxMs.toFixed(1)} ms (${count})`)
    .join(', ')
  console.log(`longest redirect, ${name}: ${line}`)
}

describe('imports and the event loop', () => {
  it('keep redirects answering while the largest CSV is previewed, imported, worked through and reported on', async () => {
    const who = await signUp(http, 'big-importer')
    await sql(server, "update accounts set plan = 'pro' where id = $1", [who.user.accountId])
    const timer = await timeRedirects(await shortLinkOf(who))
    const file = largestCsv()
    expect(file.length).toBeLessThanOrEqual(IMPORT_FILE_MAX_BYTES)

    // A route's first call has Elysia compile its validators, whatever the file: not what is timed here.
    expect((await http.post('/api/imports/preview', { file: 'url\nhttps://example.com/\n' }, { token: who.token })).status).toBe(200)
    await timer.phase('preview')
    const shown = await http.post('/api/imports/preview', { file: file.slice(0, IMPORT_PREVIEW_BYTES) }, { token: who.token })
    expect(shown.status).toBe(200)
    await timer.phase('import call')
    const started = await start(who, file, shown.body.mapping)
    expect(started.status).toBe(202)
    await timer.phase('background')
    const done = await finished(who, started.body.id)
    expect(done.body).toMatchObject({ status: 'done', total: ROWS, created: ROWS, failed: 0 })
    await timer.phase('report')
    const got = await http.get(`/api/imports/${started.body.id}/report`, { token: who.token })
    expect(got.status).toBe(200)
    const stalls = await timer.stop()
    report('CSV', stalls)
    for (const phase of ['preview', 'import call', 'background', 'report']) expect(stalls[phase]!.maxMs, phase).toBeLessThan(BOUND_MS)
  }, 240_000)

  it('keep redirects answering while the largest JSON export is imported, and while files over the plan are refused again and again', async () => {
    const who = await signUp(http, 'json-importer')
    const timer = await timeRedirects(await shortLinkOf(who))
    const json = largestJson()
    expect(json.length).toBeLessThanOrEqual(IMPORT_FILE_MAX_BYTES)
    await timer.phase('refused')
    // A free plan makes up to 10,000 links a day: more rows are refused, each time.
    const tooMany = ['url', ...Array.from({ length: 100_000 }, (_, i) => pad(`https://example.com/n/${i}?`, 300))].join('\n')
    for (let i = 0; i < 3; i++) expect((await start(who, tooMany, { targetUrl: 'url' })).status).toBe(400)
    await timer.phase('JSON import call')
    const started = await start(who, json, { targetUrl: 'target', alias: 'address', description: 'description' }, 'kutt')
    expect(started.status).toBe(202)
    const stalls = await timer.stop()
    report('JSON and refusals', stalls)
    for (const phase of ['refused', 'JSON import call']) expect(stalls[phase]!.maxMs, phase).toBeLessThan(BOUND_MS)
  }, 240_000)
})
