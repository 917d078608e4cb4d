// Short codes an import cannot keep, and rows it cannot make: the preview flags each row whose code
// is taken on its domain (by a link of any account, a former alias or an earlier row of the file)
// with a count, revealing nothing else of another account's link; the import lists the rows that
// failed or were changed, and why, bounded and built as it runs, and as CSV.
import { describe, expect, it } from 'bun:test'
import { parse } from 'csv-parse/sync'
import { IMPORT_PREVIEW_BYTES, IMPORT_PROBLEMS_SHOWN } from '../../src/shared/imports'
import { signUp, type SignedIn } from '../helpers/accounts'
import { leastStallDuring } from '../helpers/loop-stalls'
import { serverAroundTests } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'

const linkcard = serverAroundTests()
// The request thread's budget (docs: STYLE), as tests/api/link-import-event-loop.test.ts holds imports to it.
const BUDGET_MS = 50

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const preview = (who: SignedIn, file: string) => linkcard.http.post('/api/imports/preview', { file }, { token: who.token })
const importOf = (who: SignedIn, id: string) => linkcard.http.get(`/api/imports/${id}`, { token: who.token })
const finished = (who: SignedIn, id: string) =>
  until(() => importOf(who, id), { what: 'the import to finish', done: (answer) => ['done', 'failed'].includes(answer.body.status), timeoutMs: 60_000, everyMs: 100 }).then((answer) => answer.body)
/** Previews a file (its start, as the dialog sends it) and imports it with the mapping the preview chose: the preview and the finished import. */
async function importFile(who: SignedIn, file: string) {
  const shown = await preview(who, file.slice(0, IMPORT_PREVIEW_BYTES))
  expect(shown.status).toBe(200)
  const started = await linkcard.http.post('/api/imports', { file, source: shown.body.source, fileName: 'links.csv', mapping: shown.body.mapping }, { token: who.token })
  expect(started.status).toBe(202)
  return { shown: shown.body, done: await finished(who, started.body.id) }
}
const makeLink = async (who: SignedIn, fields: Record<string, unknown>) => {
  const made = await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Made here', ...fields }, { token: who.token })
  expect(made.status, made.text).toBe(201)
  return made.body
}
/** Gives the account a plan with custom domains and a verified domain, `hostname`. */
async function withDomain(who: SignedIn, hostname: string) {
  await sql(linkcard.server, `update accounts set plan = 'indie' where id = $1`, [who.user.accountId])
  await sql(
    linkcard.server,
    `insert into custom_domains (id, account_id, hostname, verification_token, status, ssl_status, verification_errors, verified_at, created_at)
     values ($1, $2, $3, 'token', 'active', 'active', '[]', $4, $4)`,
    [crypto.randomUUID(), who.user.accountId, hostname, dbTime(linkcard.server, new Date())],
  )
}
type Row = { row: number; aliasTaken: boolean; notes: string[]; problem: string | null }
type Problem = { row: number; alias: string | null; targetUrl: string; shortUrl: string | null; outcome: string; reason: string }

describe('short codes an import cannot keep', () => {
  it('are flagged in the preview with a count, and listed with why in the result, with the failed rows', async () => {
    const [who, other] = [await signUp(linkcard.http, 'codes'), await signUp(linkcard.http, 'codes-other')]
    const id = unique()
    await makeLink(who, { alias: `mine-${id}` })
    const theirs = await makeLink(other, { alias: `theirs-${id}`, targetUrl: 'https://secret.example/theirs', title: 'Their secret page', description: 'Their plans' })
    // An alias a link had, kept so its old address goes on working, is as taken as its alias.
    const renamed = await makeLink(who, { alias: `old-${id}` })
    expect((await linkcard.http.patch(`/api/shareLinks/${renamed.id}`, { alias: `new-${id}`, formerAliases: [`old-${id}`] }, { token: who.token })).status).toBe(200)
    const file = [
      'alias,url',
      `MINE-${id},https://example.com/2`,
      `theirs-${id},https://example.com/3`,
      `old-${id},https://example.com/4`,
      `twice-${id},https://example.com/5`,
      `twice-${id},https://example.com/6`,
      `failing-${id},not a url`,
      `failing-${id},https://example.com/8`,
      'ab,https://example.com/9',
    ].join('\n')

    const { shown, done } = await importFile(who, file)
    const taken = (code: string) => `Short code "${code}" is taken: this row's link gets a random code instead.`
    expect(shown.aliasesTaken).toBe(4)
    expect(shown.rows.map((row: Row) => [row.row, row.aliasTaken])).toEqual([
      [2, true],
      [3, true],
      [4, true],
      [5, false],
      [6, true],
      [7, false],
      [8, false],
      [9, false],
    ])
    const notes = shown.rows.map((row: Row) => row.notes)
    expect(notes.slice(0, 5)).toEqual([[taken(`MINE-${id}`)], [taken(`theirs-${id}`)], [taken(`old-${id}`)], [], [`Short code "twice-${id}" is also on row 5, which keeps it: this row's link gets a random code instead.`]])
    // A row that fails makes no link, so the same code on a later row is kept.
    expect(shown.rows[5].problem).not.toBeNull()
    expect(notes[6]).toEqual([])
    expect(notes[7][0]).toContain('Short code "ab" not kept')
    // Another account's link shows as taken, and nothing more of it.
    const said = JSON.stringify(shown)
    for (const secret of ['secret.example', 'Their secret page', 'Their plans', theirs.id, theirs.slug]) expect(said).not.toContain(secret)

    // What the preview said is what the import did.
    expect(done).toMatchObject({ status: 'done', total: 8, created: 7, failed: 1, changed: 5 })
    expect(done.problems.total).toBe(6)
    const problems: Problem[] = done.problems.rows
    expect(problems.map((problem) => [problem.row, problem.alias, problem.outcome])).toEqual([
      [2, `MINE-${id}`, 'changed'],
      [3, `theirs-${id}`, 'changed'],
      [4, `old-${id}`, 'changed'],
      [6, `twice-${id}`, 'changed'],
      [7, `failing-${id}`, 'failed'],
      [9, 'ab', 'changed'],
    ])
    expect(problems[0]!.reason).toBe(taken(`MINE-${id}`))
    expect(problems[4]).toMatchObject({ targetUrl: 'not a url', shortUrl: null })
    expect(problems[4]!.reason.length).toBeGreaterThan(0)
    for (const problem of problems.filter((problem) => problem.outcome === 'changed')) {
      expect(problem.shortUrl).toStartWith(`${linkcard.server.url}/`)
      expect(problem.shortUrl).not.toBe(`${linkcard.server.url}/${problem.alias}`)
    }
    expect(JSON.stringify(done)).not.toContain('secret.example')
    // The rows kept their codes where the preview said they would.
    const listed = (await linkcard.http.get('/api/shareLinks?limit=100', { token: who.token })).body as { alias: string | null }[]
    expect(listed.map((link) => link.alias).filter((alias) => alias?.endsWith(id)).sort()).toEqual([`failing-${id}`, `mine-${id}`, `new-${id}`, `twice-${id}`])

    // All of them as CSV, the columns the report has.
    const csv = await linkcard.http.get(`/api/imports/${done.id}/report?rows=problems`, { token: who.token })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="links-problems.csv"')
    const lines = parse(csv.text, { columns: true }) as Record<string, string>[]
    expect(lines.map((line) => [line.row, line.status])).toEqual([
      ['2', 'created'],
      ['3', 'created'],
      ['4', 'created'],
      ['6', 'created'],
      ['7', 'failed'],
      ['9', 'created'],
    ])
    expect(lines[0]!.note).toBe(taken(`MINE-${id}`))

    // The list of imports carries the counts, not the rows; another account sees none of it.
    const [summary] = (await linkcard.http.get('/api/imports', { token: who.token })).body
    expect(summary).toMatchObject({ id: done.id, changed: 5, failed: 1 })
    expect(summary.problems).toBeUndefined()
    expect((await importOf(other, done.id)).status).toBe(404)
    expect((await linkcard.http.get(`/api/imports/${done.id}/report?rows=problems`, { token: other.token })).status).toBe(404)
  })

  it("are looked up on each row's domain: the account's own, or the service's host for a domain that is not the account's", async () => {
    const [who, other] = [await signUp(linkcard.http, 'domain-codes'), await signUp(linkcard.http, 'domain-codes-other')]
    const id = unique()
    const [mine, theirs] = [`go-${id}.mine.test`, `go-${id}.theirs.test`]
    await withDomain(who, mine)
    await withDomain(other, theirs)
    await makeLink(who, { domain: mine, alias: `launch-${id}` })
    await makeLink(other, { domain: theirs, alias: `promo-${id}`, targetUrl: 'https://secret.example/promo' })
    const file = [
      'domain,alias,url',
      // Taken on the account's domain; free on the service's host, where aliases are apart.
      `${mine},launch-${id},https://example.com/2`,
      `,launch-${id},https://example.com/3`,
      // Another account's domain is left out: the code is looked up (and kept) on the service's host.
      `${theirs},promo-${id},https://example.com/4`,
      `,promo-${id},https://example.com/5`,
    ].join('\n')
    const { shown, done } = await importFile(who, file)
    expect(shown.aliasesTaken).toBe(2)
    expect(shown.rows.map((row: Row) => [row.row, row.aliasTaken])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, true],
    ])
    expect(shown.rows[2].notes).toEqual([`Domain ${theirs} is not one of your verified domains; the link is made on the service's own address.`])
    expect(shown.rows[3].notes).toEqual([`Short code "promo-${id}" is also on row 4, which keeps it: this row's link gets a random code instead.`])
    expect(JSON.stringify(shown)).not.toContain('secret.example')

    expect(done).toMatchObject({ created: 4, failed: 0, changed: 3 })
    expect(done.problems.rows.map((problem: Problem) => [problem.row, problem.alias])).toEqual([
      [2, `launch-${id}`],
      [4, `promo-${id}`],
      [5, `promo-${id}`],
    ])
    expect(done.problems.rows[1].reason).toContain(`Domain ${theirs} is not one of your verified domains`)
    expect(done.problems.rows[1].shortUrl).toBe(`${linkcard.server.url}/promo-${id}`)
  })

  it(`lists the first ${IMPORT_PROBLEMS_SHOWN} of a large import's, with the total, built as it runs without holding the event loop, and all of them as CSV`, async () => {
    const probe = (await makeLink(await signUp(linkcard.http, 'problems-probe'), {})).url
    // Over several chunks of rows (1,000 each), every one asking for the same code: the first keeps it.
    const total = 3_000
    const file = (code: string) => ['alias,url', ...Array.from({ length: total }, (_, i) => `${code},https://example.com/many/${i}`)].join('\n')
    let done: { id: string; changed: number; problems: { total: number; rows: Problem[] } } | undefined
    let csv = ''
    const stall = await leastStallDuring(
      linkcard.server,
      probe,
      async () => {
        const who = await signUp(linkcard.http, 'many-codes')
        await sql(linkcard.server, `update accounts set plan = 'pro' where id = $1`, [who.user.accountId])
        done = (await importFile(who, file(`same-${unique()}`))).done
        csv = (await linkcard.http.get(`/api/imports/${done!.id}/report?rows=problems`, { token: who.token })).text
      },
      { limitMs: BUDGET_MS },
    )
    expect(stall.heldMs).toBeLessThan(BUDGET_MS)
    expect(done).toMatchObject({ status: 'done', created: total, failed: 0, changed: total - 1 })
    expect(done!.problems.total).toBe(total - 1)
    expect(done!.problems.rows.map((problem) => problem.row)).toEqual(Array.from({ length: IMPORT_PROBLEMS_SHOWN }, (_, i) => i + 3))
    expect(parse(csv, { columns: true })).toHaveLength(total - 1)
  }, 240_000)
})
