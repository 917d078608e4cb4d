// `npm run bench -- --scale`: a year of history for 1,000 accounts and 100,000 links (50 million
// events), loaded into SQLite and PostgreSQL alike, then the built server timed on a link's
// analytics, an account's and the admin stats, and the answers of the two databases compared.
//   npm run bench -- --scale                   both databases (PostgreSQL: BENCH_DATABASE_URL)
//   npm run bench -- --scale --only=sqlite     one of them (--only=postgres)
//   npm run bench -- --scale --keep            leaves the loaded databases, to look into a slow query
//   BENCH_SCALE_EVENTS=500000 BENCH_SCALE_LINKS=1000 BENCH_SCALE_ACCOUNTS=10 npm run bench -- --scale   a quick run
// The goal: p95 under 100 ms for 90 days of the busiest link.
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { addDays, isoDay } from '../../src/shared/analytics'
import { freePort, root, run, startProcess } from './processes'
import { ADMIN_EMAIL, OWNER_EMAIL, planHistory, type DailyRow, type History } from './scale-history'
import { countRows, emptyCounts, makeEventPartitions, postgresLoader, sqliteLoader, type Loader, type RowCounts } from './scale-load'

const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const SIZE = {
  accounts: envNumber('BENCH_SCALE_ACCOUNTS', 1000),
  links: envNumber('BENCH_SCALE_LINKS', 100_000),
  events: envNumber('BENCH_SCALE_EVENTS', 50_000_000),
}
const REQUESTS = envNumber('BENCH_SCALE_REQUESTS', 50)
const CONCURRENCY = 4
// A call slower than expected stops being repeated after this long (sequential, then concurrent).
const CALL_BUDGET_MS = 20_000
const GOAL_MS = 100
const PASSWORD = 'benchmark-password'
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const executable = process.env.BENCH_EXECUTABLE ?? join(root, 'dist/linkcard')

type Target = { name: 'SQLite' | 'PostgreSQL'; dataDir: string; databaseUrl?: string }
type Call = { name: string; path: string; auth: () => string; goal?: boolean }
type Timing = { n: number; p50: number; p95: number; max: number }
type CallResult = { call: string; goal: boolean; sequential: Timing; concurrent: Timing; failed: number; answer: string }
type Loaded = { writingMs: number; settleMs: number; bytes: number; partitions?: string }

const ms = (value: number) => value.toFixed(1)
const count = (value: number) => value.toLocaleString('en')
const millions = (value: number) => (value >= 1e6 ? `${(value / 1e6).toFixed(1)}M` : count(value))

function serverEnv(target: Target, port: number) {
  return {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: target.dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: target.databaseUrl ?? '', REDIS_URL: '', TRUST_PROXY: '127.0.0.1', LINK_HEALTH_CHECKS: 'off',
    // A year of raw events is kept: the default 90 days would have the server prune most of the load.
    EVENT_RETENTION_DAYS: '400',
  }
}

async function startServer(target: Target) {
  const port = freePort()
  const env = serverEnv(target, port)
  const server = await startProcess([executable], env, port, '/api/health')
  return {
    base: `http://127.0.0.1:${port}`,
    env,
    async stop() {
      server.kill('SIGTERM')
      await server.exited
    },
  }
}

/** The load, one pass of the history feeding every database; answers the rows and what the answers must add up to. */
async function load(history: History, targets: Target[]) {
  const loaders: Loader[] = await Promise.all(
    targets.map((target) => (target.databaseUrl ? postgresLoader(target.databaseUrl) : sqliteLoader(join(target.dataDir, 'linkcard.db')))),
  )
  // argon2id at Bun's defaults, the cost the product hashes people's passwords at.
  const passwordHash = await Bun.password.hash(PASSWORD)
  const counts: RowCounts = { ...emptyCounts(), accounts: history.accounts.length, users: history.accounts.length, share_links: history.links.length }
  for (const loader of loaders) {
    await loader.people(history.accounts, passwordHash)
    await loader.links(history.links)
  }
  const busyDays: DailyRow[] = []
  let totalClicks = 0
  let events = 0
  let reported = 0
  const started = performance.now()
  for (const rows of history.rows()) {
    countRows(counts, rows)
    events += rows.events
    for (const row of rows.daily) {
      totalClicks += row.clicks
      if (row.linkId === history.busyLink.id) busyDays.push(row)
    }
    for (const loader of loaders) await loader.history(rows)
    if (events - reported >= SIZE.events / 10) {
      reported = events
      console.log(`  ${millions(events)} events, ${Math.round((performance.now() - started) / 1000)} s`)
    }
  }
  const writingMs = await Promise.all(loaders.map((loader) => loader.finish()))
  return { counts, events, busyDays, totalClicks, seconds: (performance.now() - started) / 1000, writingMs }
}

/** What settles a database after a bulk load before it serves (statistics, and on PostgreSQL the visibility map); answers its size and partitions. */
async function settle(target: Target): Promise<Omit<Loaded, 'writingMs'>> {
  const started = performance.now()
  if (!target.databaseUrl) {
    const file = join(target.dataDir, 'linkcard.db')
    const db = new Database(file)
    // Sampled, as the server's own PRAGMA optimize analyses: a full ANALYZE reads every index whole.
    db.exec('PRAGMA analysis_limit = 1000')
    db.exec('ANALYZE')
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    db.close()
    const bytes = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)
    return { settleMs: performance.now() - started, bytes }
  }
  const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} })
  for (const table of ['accounts', 'users', 'memberships', 'share_links', 'link_event_chunks', 'link_daily_stats', 'link_daily_breakdowns', 'link_daily_visitors'])
    await sql.unsafe(`vacuum (analyze) ${table}`)
  const settleMs = performance.now() - started
  const [{ bytes }] = await sql`select pg_database_size(current_database())::bigint as bytes`
  const spread = await sql<{ name: string; rows: number }[]>`
    select c.relname as name, count(*)::int as rows from link_event_chunks e join pg_class c on c.oid = e.tableoid group by c.relname order by c.relname`
  await sql.end()
  const months = spread.filter((partition) => partition.name !== 'link_event_chunks_default')
  const inDefault = spread.find((partition) => partition.name === 'link_event_chunks_default')?.rows ?? 0
  const partitions = `${months.length} months (${months.map((partition) => `${partition.name.slice(-7)}: ${millions(partition.rows)}`).join(', ')}), default partition: ${inDefault} rows`
  return { settleMs, bytes: Number(bytes), partitions: inDefault === 0 ? partitions : `MISS ${partitions}` }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
const timingOf = (latencies: number[]): Timing => {
  const sorted = [...latencies].sort((a, b) => a - b)
  return { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? 0 }
}

/** Times the calls on the target's server: each REQUESTS times one after another, then as many from CONCURRENCY clients at once. */
async function measure(target: Target, history: History): Promise<CallResult[]> {
  const server = await startServer(target)
  const { base } = server
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      })
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`)
      return answer.json() as Promise<{ token: string; key: string }>
    }
    const owner = (await post('/api/auth/login', { email: OWNER_EMAIL, password: PASSWORD })).token
    const admin = (await post('/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD })).token
    // Keys enough that the stats calls stay under each key's rate limit.
    const keys = await Promise.all(Array.from({ length: 4 }, (_, i) => post('/api/apiKeys', { name: `Bench ${i}` }, owner).then((made) => made.key)))
    let nextKey = 0
    const { lastDay, firstDay, busyLink } = history
    const days90 = `from=${addDays(lastDay, -89)}&to=${lastDay}`
    const year = `from=${firstDay}&to=${lastDay}`
    const calls: Call[] = [
      { name: 'link analytics, 90 days', path: `/api/shareLinks/${busyLink.id}/analytics?${days90}`, auth: () => owner, goal: true },
      { name: 'link analytics, a year', path: `/api/shareLinks/${busyLink.id}/analytics?${year}`, auth: () => owner },
      { name: 'account analytics, 90 days', path: `/api/analytics?${days90}`, auth: () => owner },
      { name: 'account analytics, a year', path: `/api/analytics?${year}`, auth: () => owner },
      { name: 'admin stats', path: '/api/admin/stats', auth: () => admin },
      // Of the calls here, the one that reads raw events (its 50 newest), where partitions matter.
      { name: 'stats API, 90 days', path: `/api/stats/${busyLink.id}?${days90}`, auth: () => keys[nextKey++ % keys.length] },
    ]
    const results: CallResult[] = []
    for (const call of calls) {
      let failed = 0
      // A call answered late may have its connection closed by the server (Bun's idle timeout, 10 s): counted, not fatal.
      const once = async () => {
        const started = performance.now()
        try {
          const answer = await fetch(`${base}${call.path}`, { headers: { authorization: `Bearer ${call.auth()}` } })
          const text = await answer.text()
          if (answer.status !== 200) throw new Error(`${answer.status} ${text.slice(0, 200)}`)
          return { took: performance.now() - started, text }
        } catch (error) {
          if (failed++ === 0) console.log(`  ${call.name} failed after ${ms(performance.now() - started)} ms: ${(error as Error).message}`)
          return undefined
        }
      }
      const answer = (await once())?.text ?? ''
      await once()
      const sequential: number[] = []
      for (const until = performance.now() + CALL_BUDGET_MS; sequential.length < REQUESTS && performance.now() < until; ) {
        const done = await once()
        if (done) sequential.push(done.took)
      }
      const concurrent: number[] = []
      const until = performance.now() + CALL_BUDGET_MS
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (concurrent.length < REQUESTS && performance.now() < until) {
            const done = await once()
            if (done) concurrent.push(done.took)
          }
        }),
      )
      results.push({ call: call.name, goal: Boolean(call.goal), sequential: timingOf(sequential), concurrent: timingOf(concurrent), failed, answer: answer.replaceAll(base, '') })
    }
    return results
  } finally {
    await server.stop()
  }
}

/** The first place two JSON answers differ, or undefined. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Object.is(a, b) ? undefined : `${path || '/'}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`)
    if (found) return found
  }
  return undefined
}

/** Whether the answers add up to what was loaded: the busiest link's totals and the admin's counts. */
function expectedChecks(history: History, loaded: Awaited<ReturnType<typeof load>>, results: CallResult[]) {
  const totalsFrom = (from: string) => {
    const days = loaded.busyDays.filter((row) => row.day >= from)
    const sum = (pick: (row: DailyRow) => number) => days.reduce((total, row) => total + pick(row), 0)
    return { clicks: sum((row) => row.clicks), scans: sum((row) => row.scans), previews: sum((row) => row.previews), uniqueVisitors: sum((row) => row.uniqueVisitors) }
  }
  const answerOf = (call: string) => JSON.parse(results.find((result) => result.call === call)!.answer || '{}')
  const matches = (answer: Record<string, number> | undefined, expected: Record<string, number>) => Object.entries(expected).every(([key, value]) => answer?.[key] === value)
  const days90 = totalsFrom(addDays(history.lastDay, -89))
  const year = totalsFrom(history.firstDay)
  const stats = answerOf('admin stats')
  return [
    [`busiest link, 90 days: ${count(days90.clicks)} clicks, ${count(days90.previews)} previews`, matches(answerOf('link analytics, 90 days').totals, days90)],
    [`busiest link, a year: ${count(year.clicks)} clicks, ${count(year.previews)} previews`, matches(answerOf('link analytics, a year').totals, year)],
    [
      `admin stats: ${count(history.accounts.length)} accounts and users, ${count(history.links.length)} links, ${count(loaded.totalClicks)} clicks`,
      stats.totalAccounts === history.accounts.length && stats.totalUsers === history.accounts.length && stats.totalLinks === history.links.length && stats.totalClicks === loaded.totalClicks,
    ],
  ] as const
}

export async function benchScale() {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
  const keep = process.argv.includes('--keep')
  if (!process.env.BENCH_EXECUTABLE) {
    console.log('Building the executable (npm run build)...')
    await run(['npm', 'run', 'build', '--silent'])
  }
  // Yesterday is the last day loaded: every answer is of whole days already past, the same on both
  // databases however long the run.
  const history = planHistory(SIZE, addDays(isoDay(new Date()), -1))
  const targets: Target[] = []
  if (only !== 'postgres') targets.push({ name: 'SQLite', dataDir: mkdtempSync(join(tmpdir(), 'linkcard-scale-')) })
  if (only !== 'sqlite') {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
    const name = `linkcard_scale_${Date.now()}`
    await admin.unsafe(`create database ${name}`)
    await admin.end()
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    targets.push({ name: 'PostgreSQL', dataDir: mkdtempSync(join(tmpdir(), 'linkcard-scale-')), databaseUrl: url.toString() })
  }
  try {
    // The server migrates each database, PostgreSQL's raw events partitioned by month from then on.
    for (const target of targets) await (await startServer(target)).stop()
    for (const target of targets) if (target.databaseUrl) await makeEventPartitions(target.databaseUrl, history.firstDay, history.lastDay)
    console.log(
      `\nLoading ${count(SIZE.events)} events of ${count(SIZE.links)} links in ${count(SIZE.accounts)} accounts, ${history.firstDay} to ${history.lastDay}, into ${targets.map((target) => target.name).join(' and ')}...`,
    )
    const loaded = await load(history, targets)
    const stats = new Map<Target, Loaded>()
    for (const [i, target] of targets.entries()) {
      const settled = await settle(target)
      stats.set(target, { ...settled, writingMs: loaded.writingMs[i] })
      // The super admin, made as an operator makes one.
      await run([executable, 'grant-admin', ADMIN_EMAIL], serverEnv(target, freePort()))
    }
    const results = new Map<Target, CallResult[]>()
    for (const target of targets) {
      console.log(`Timing ${target.name}...`)
      results.set(target, await measure(target, history))
    }

    const busy90 = loaded.busyDays.filter((row) => row.day >= addDays(history.lastDay, -89)).reduce((sum, row) => sum + row.clicks + row.previews, 0)
    console.log(`\nScale bench: ${count(loaded.events)} events of ${count(SIZE.links)} links in ${count(SIZE.accounts)} accounts, ${history.firstDay} to ${history.lastDay}`)
    console.log(`busiest link: ${count(busy90)} events in its last 90 days, in an account of ${count(history.links.filter((link) => link.accountId === history.busyLink.accountId).length)} links`)
    console.log(`made and written in one pass feeding ${targets.length === 2 ? 'both databases' : 'the database'}: ${Math.round(loaded.seconds)} s`)
    console.log(`rows: ${Object.entries(loaded.counts).map(([table, rows]) => `${table} ${millions(rows)}`).join(', ')}`)
    for (const target of targets) {
      const { writingMs, settleMs, bytes, partitions } = stats.get(target)!
      console.log(
        `${target.name}: ${target.databaseUrl ? 'waited on COPY' : 'writing'} ${Math.round(writingMs / 1000)} s, ${target.databaseUrl ? 'vacuum analyze' : 'analyze'} ${Math.round(settleMs / 1000)} s, ${(bytes / 2 ** 30).toFixed(1)} GiB`,
      )
      if (partitions) console.log(`  raw events: ${partitions}`)
    }
    console.log(`\nms per call, ${REQUESTS} one after another, then ${REQUESTS} from ${CONCURRENCY} clients at once (fewer if ${CALL_BUDGET_MS / 1000} s ran out)`)
    console.log(
      ['database'.padEnd(11), 'call'.padEnd(27), 'n'.padStart(3), 'p50'.padStart(7), 'p95'.padStart(7), 'max'.padStart(7), `${CONCURRENCY} at once p50`.padStart(16), 'p95'.padStart(7), 'failed'.padStart(6), 'goal'.padStart(5)].join(' '),
    )
    const checks: (readonly [string, boolean])[] = []
    for (const target of targets)
      for (const { call, goal, sequential: s, concurrent: c, failed } of results.get(target)!) {
        const verdict = goal ? (s.p95 < GOAL_MS ? 'ok' : 'MISS') : ''
        console.log(
          [target.name.padEnd(11), call.padEnd(27), String(s.n).padStart(3), ms(s.p50).padStart(7), ms(s.p95).padStart(7), ms(s.max).padStart(7), ms(c.p50).padStart(16), ms(c.p95).padStart(7), String(failed).padStart(6), verdict.padStart(5)].join(' '),
        )
        if (goal) checks.push([`${target.name}: ${call} p95 < ${GOAL_MS} ms (${ms(s.p95)} ms)`, s.p95 < GOAL_MS])
      }
    for (const target of targets) {
      const failing = results.get(target)!.filter((result) => result.failed > 0)
      checks.push([`${target.name}: every call answered${failing.map((result) => `, ${result.call}: ${result.failed} failed`).join('')}`, failing.length === 0])
      for (const [label, ok] of expectedChecks(history, loaded, results.get(target)!)) checks.push([`${target.name}: ${label}`, ok])
      const partitions = stats.get(target)!.partitions
      if (partitions) checks.push([`${target.name}: no raw events in the default partition`, !partitions.startsWith('MISS')])
    }
    if (targets.length === 2) {
      const [sqlite, pg] = targets.map((target) => results.get(target)!)
      for (const [i, result] of sqlite.entries()) {
        const difference = result.answer && pg[i].answer ? firstDifference(JSON.parse(result.answer), JSON.parse(pg[i].answer)) : 'no answer to compare'
        checks.push([`same answer on both databases: ${result.call}${difference ? ` (${difference})` : ''}`, !difference])
      }
    }
    console.log('')
    for (const [label, ok] of checks) console.log(`${ok ? 'ok  ' : 'MISS'} ${label}`)
    return checks.every(([, ok]) => ok)
  } finally {
    for (const target of targets) {
      if (keep) {
        console.log(`kept: ${target.databaseUrl ?? join(target.dataDir, 'linkcard.db')}`)
        continue
      }
      rmSync(target.dataDir, { recursive: true, force: true })
      if (target.databaseUrl) {
        const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
        await admin.unsafe(`drop database if exists ${new URL(target.databaseUrl).pathname.slice(1)} with (force)`)
        await admin.end()
      }
    }
  }
}

if (import.meta.main) process.exit((await benchScale()) ? 0 : 1)
