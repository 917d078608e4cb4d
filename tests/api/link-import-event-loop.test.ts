// Imports never hold the event loop: while the largest files the import calls accept are previewed,
// imported (CSV and JSON), worked through in the background and reported on, a short link's
// redirects beside them keep answering within the request thread's budget, measured as the event
// loop tests measure it (tests/helpers/loop-stalls.ts).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { IMPORT_FILE_MAX_BYTES, IMPORT_PREVIEW_BYTES } from '../../src/shared/imports'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { leastStallDuring, maxStallDuring, type Stall } from '../helpers/loop-stalls'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'

let server: TestServer
let http: Client
let probe: string

beforeAll(async () => {
  server = await startServer()
  http = client(server.url)
  // The redirect timed: another account's link.
  const visitor = await signUp(http, 'import-probe')
  probe = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/timed', title: 'Timed' }, { token: visitor.token })).body.url
}, 60_000)
afterAll(() => server.close())

// The request thread's budget: no import call, nor the work it leaves behind, holds the loop longer.
const BUDGET_MS = 50
// A phase measured once may meet a hiccup of a busy machine; a whole import is measured again,
// up to this many times, while a phase's least is over the budget.
const ATTEMPTS = 3

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

function report(name: string, stalls: Record<string, Stall>) {
  const line = Object.entries(stalls)
    .map(([phase, stall]) => `${phase} ${stall.heldMs.toFixed(1)} ms (${stall.redirects} redirects)`)
    .join(', ')
  console.log(`event loop held, ${name}: ${line}`)
}

/** Runs `flow` (its phases each measured) until every phase's least stall is within the budget, or ATTEMPTS times. */
async function leastPhases(flow: (phase: (name: string, work: () => Promise<unknown>) => Promise<void>) => Promise<void>) {
  const least: Record<string, Stall> = {}
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await flow(async (name, work) => {
      const stall = await maxStallDuring(server, probe, work)
      if (!least[name] || stall.heldMs < least[name].heldMs) least[name] = stall
    })
    if (Object.values(least).every((stall) => stall.heldMs < BUDGET_MS)) break
  }
  return least
}

describe('imports and the event loop', () => {
  it('keep redirects answering while the largest CSV is previewed, imported, worked through and reported on', async () => {
    const file = largestCsv()
    expect(file.length).toBeLessThanOrEqual(IMPORT_FILE_MAX_BYTES)
    const stalls = await leastPhases(async (phase) => {
      const who = await signUp(http, 'big-importer')
      await sql(server, "update accounts set plan = 'pro' where id = $1", [who.user.accountId])
      // A route's first call has Elysia compile its validators, whatever the file: not what is timed here.
      expect((await http.post('/api/imports/preview', { file: 'url\nhttps://example.com/\n' }, { token: who.token })).status).toBe(200)
      let mapping: Record<string, string> = {}
      await phase('preview', async () => {
        const shown = await http.post('/api/imports/preview', { file: file.slice(0, IMPORT_PREVIEW_BYTES) }, { token: who.token })
        expect(shown.status).toBe(200)
        mapping = shown.body.mapping
      })
      let id = ''
      await phase('import call', async () => {
        const started = await start(who, file, mapping)
        expect(started.status).toBe(202)
        id = started.body.id
      })
      await phase('background', async () => {
        const done = await finished(who, id)
        expect(done.body).toMatchObject({ status: 'done', total: ROWS, created: ROWS, failed: 0 })
      })
      await phase('report', async () => {
        const got = await fetch(`${server.url}/api/imports/${id}/report`, { headers: { authorization: `Bearer ${who.token}` } })
        await got.arrayBuffer()
        expect(got.status).toBe(200)
      })
    })
    report('CSV', stalls)
    for (const phase of ['preview', 'import call', 'background', 'report']) expect(stalls[phase]!.heldMs, phase).toBeLessThan(BUDGET_MS)
  }, 600_000)

  it('keep redirects answering while the largest JSON export is imported, and while files over the plan are refused again and again', async () => {
    const json = largestJson()
    expect(json.length).toBeLessThanOrEqual(IMPORT_FILE_MAX_BYTES)
    // A free plan makes up to 10,000 links a day: more rows are refused, each time.
    const tooMany = ['url', ...Array.from({ length: 100_000 }, (_, i) => pad(`https://example.com/n/${i}?`, 300))].join('\n')
    const who = await signUp(http, 'json-importer')
    const refused = await leastStallDuring(
      server,
      probe,
      async () => {
        for (let i = 0; i < 3; i++) expect((await start(who, tooMany, { targetUrl: 'url' })).status).toBe(400)
      },
      { limitMs: BUDGET_MS },
    )
    const stalls = await leastPhases(async (phase) => {
      const importer = await signUp(http, 'json-importer')
      await phase('JSON import call', async () => {
        const started = await start(importer, json, { targetUrl: 'target', alias: 'address', description: 'description' }, 'kutt')
        expect(started.status).toBe(202)
      })
    })
    report('JSON and refusals', { refused, ...stalls })
    expect(refused.heldMs, 'refused').toBeLessThan(BUDGET_MS)
    expect(stalls['JSON import call']!.heldMs, 'JSON import call').toBeLessThan(BUDGET_MS)
  }, 600_000)
})
