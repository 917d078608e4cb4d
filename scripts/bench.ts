// `npm run bench`: the built server on 1 000 000 links, measured under load side by side with a bare
// Bun.serve answering 302, in one run. Prints requests per second, p50/p99 latency, memory and the
// ratios, then checks that no event was lost.
// The load comes from wrk (Debian's, C, one thread) when it is installed, otherwise from the Bun loader
// (scripts/bench/loader.ts), which spends about as much CPU per request as the bare server it
// measures, and so caps the bare figure and flatters the shares. The report names the one used.
//   npm run bench                     SQLite
//   npm run bench -- --postgres       SQLite, then PostgreSQL + Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL)
//   npm run bench -- --loader=bun     the Bun loader even where wrk is installed
//   BENCH_EXECUTABLE=path npm run bench   another build of the executable (to compare releases)
//   npm run bench -- --scale          a year of analytics history instead (scripts/bench/scale.ts)
import { Database } from 'bun:sqlite'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort, root, run, startProcess } from './bench/processes'
import { rawRequests, type RequestOptions } from './bench/requests'
import { benchScale } from './bench/scale'

const LINKS = 1_000_000
const HOT_LINKS = 10_000
const VISITORS = 1_000
const CONNECTIONS = 50
const WARMUP_MS = 2_000
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000
// The machine's speed drifts within a run, so a scenario and the bare server take turns, a slice each.
const SLICES = 5
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const CRAWLER_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'
const withPostgres = process.argv.includes('--postgres')
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const loader = process.argv.includes('--loader=bun') || !Bun.which('wrk') ? 'bun' : 'wrk'
const executable = process.env.BENCH_EXECUTABLE ?? join(root, 'dist/linkcard')

// CPU time a server's threads spent during a load (ms): its request thread, the event writer's
// thread (Bun names worker threads "Worker") and the rest (JIT compiler, garbage collector).
type ThreadsCpu = { request: number; writer: number; other: number }
type LoadResult = {
  requests: number
  rps: number
  p50: number
  p99: number
  statuses: Record<string, number>
  errors: number
  /** The load generator's own CPU time (ms). */
  cpuMs: number
  serverCpu: ThreadsCpu
  latencies?: number[]
}
type Row = { scenario: string; result: LoadResult; bare: LoadResult | undefined; rssMb: number }

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

// Linux counts threads' CPU time in ticks of 1/100 s.
const MS_PER_TICK = 10

/** The CPU time (ms) each thread of a process has used so far, by thread id, with the thread's name. */
function threadTimes(pid: number) {
  const threads = new Map<number, { name: string; ms: number }>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      // The fields after the name in parentheses; utime and stime are the 12th and 13th of them.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      threads.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK })
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads
}

type LoadOptions = Omit<RequestOptions, 'paths'> & {
  paths?: string[]
  pathsFile?: string
  durationMs: number
  samples?: boolean
  /** New links through the public API (create.lua, wrk only): the keys to spread them over, links a call (0: POST /api/link) and connections. */
  create?: { keysFile: string; bulk: number; connections: number }
}

/** Runs the load generator against the server process `pid`, and what each kind of the server's threads spent meanwhile. */
async function load(pid: number, options: LoadOptions): Promise<LoadResult> {
  const before = threadTimes(pid)
  const result = options.create
    ? await runWrk('create.lua', options.port, options.durationMs, { BENCH_KEYS: options.create.keysFile, BENCH_BULK: String(options.create.bulk), BENCH_RUN: crypto.randomUUID() }, options.create.connections)
    : loader === 'wrk'
      ? await wrkLoad(options)
      : await bunLoad(options)
  const serverCpu: ThreadsCpu = { request: 0, writer: 0, other: 0 }
  for (const [tid, { name, ms }] of threadTimes(pid)) {
    const spent = ms - (before.get(tid)?.ms ?? 0)
    serverCpu[tid === pid ? 'request' : name === 'Worker' ? 'writer' : 'other'] += spent
  }
  return { ...result, serverCpu }
}

async function bunLoad(options: LoadOptions): Promise<Omit<LoadResult, 'serverCpu'>> {
  const output = await run([process.execPath, 'scripts/bench/loader.ts', JSON.stringify({ connections: CONNECTIONS, ...options })])
  return JSON.parse(output.trim().split('\n').at(-1)!)
}

// The raw requests of each kind of load, written once for wrk.
const requestFiles = new Map<string, string>()
function requestFile(options: LoadOptions) {
  const { durationMs: _, samples: __, ...kind } = options
  const key = JSON.stringify(kind)
  let file = requestFiles.get(key)
  if (!file) {
    const paths = options.pathsFile ? readFileSync(options.pathsFile, 'utf8').split('\n').filter(Boolean) : options.paths!
    file = join(tmpdir(), `linkcard-bench-requests-${process.pid}-${requestFiles.size}`)
    writeFileSync(file, rawRequests({ ...options, paths }).join('\0'))
    requestFiles.set(key, file)
  }
  return file
}

const wrkLoad = (options: LoadOptions) => runWrk('wrk.lua', options.port, options.durationMs, { BENCH_REQUESTS: requestFile(options) })

async function runWrk(script: string, port: number, durationMs: number, env: Record<string, string>, connections = CONNECTIONS): Promise<Omit<LoadResult, 'serverCpu'>> {
  const seconds = `${Math.max(1, Math.round(durationMs / 1000))}s`
  const command = ['wrk', '-t1', `-c${connections}`, `-d${seconds}`, '--timeout', '10s', '-s', join(root, 'scripts/bench', script), `http://127.0.0.1:${port}`]
  const child = Bun.spawn(command, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' })
  const output = await new Response(child.stdout).text()
  if ((await child.exited) !== 0) throw new Error(`${command.join(' ')} failed:\n${output}`)
  const seen = JSON.parse(output.trim().split('\n').at(-1)!) as { requests: number; durationUs: number; failedStatuses: number; errors: number; quantiles: number[] }
  const cpu = child.resourceUsage()!.cpuTime
  return {
    requests: seen.requests,
    rps: Math.round(seen.requests / (seen.durationUs / 1e6)),
    p50: seen.quantiles[49],
    p99: seen.quantiles[98],
    // wrk tells answers apart only as 2xx/3xx or not.
    statuses: { '2xx/3xx': seen.requests - seen.failedStatuses, other: seen.failedStatuses },
    errors: seen.errors,
    cpuMs: Math.round(Number(cpu.user + cpu.system) / 1000),
    // Each slice's percentiles stand for its latencies when slices are merged.
    latencies: seen.quantiles,
  }
}

/** Answers with a 2xx or 3xx status. */
const answered = (result: LoadResult) => Object.entries(result.statuses).reduce((sum, [status, n]) => sum + (/^[23]/.test(status) ? n : 0), 0)

/** Slices of one load as if they were one run: their requests over their time, their latencies together. */
function merge(slices: LoadResult[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latencies ?? []).sort((a, b) => a - b)
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0)
  const seconds = slices.reduce((sum, slice) => sum + slice.requests / slice.rps, 0)
  const statuses: Record<string, number> = {}
  for (const slice of slices) for (const [status, n] of Object.entries(slice.statuses)) statuses[status] = (statuses[status] ?? 0) + n
  const total = (cpu: (slice: LoadResult) => number) => slices.reduce((sum, slice) => sum + cpu(slice), 0)
  return {
    requests,
    rps: Math.round(requests / seconds),
    p50: pick(0.5),
    p99: pick(0.99),
    statuses,
    errors: total((slice) => slice.errors),
    cpuMs: total((slice) => slice.cpuMs),
    serverCpu: {
      request: total((slice) => slice.serverCpu.request),
      writer: total((slice) => slice.serverCpu.writer),
      other: total((slice) => slice.serverCpu.other),
    },
  }
}

/** Seeds LINKS links, the i-th in account accountOf(i), and answers their slugs in order. */
async function seedLinks(dataDir: string, databaseUrl: string | undefined, accountOf: (i: number) => string) {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
  const slugs: string[] = []
  const now = Date.now()
  const rows = Array.from({ length: LINKS }, (_, i) => {
    let slug = ''
    for (let n = i + 1_000_000, k = 0; k < 7; k++, n = Math.floor(n / 62)) slug = alphabet[n % 62] + slug
    slugs.push(slug)
    return { id: crypto.randomUUID(), accountId: accountOf(i), slug, target: `https://example.com/page/${i}`, title: `Page ${i}`, at: now - i }
  })
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    for (let i = 0; i < rows.length; i += 5000) {
      const chunk = rows.slice(i, i + 5000).map((r) => ({
        id: r.id, account_id: r.accountId, slug: r.slug, target_url: r.target, target_key: r.target, title: r.title,
        description: 'A page worth sharing', og_image: 'https://example.com/card.png', twitter_card: 'summary_large_image',
        is_active: true, created_at: new Date(r.at), updated_at: new Date(r.at),
      }))
      await sql`insert into share_links ${sql(chunk)}`
    }
    await sql.end()
  } else {
    const db = new Database(join(dataDir, 'linkcard.db'))
    db.exec('PRAGMA busy_timeout = 5000')
    const insert = db.prepare(
      `insert into share_links (id, account_id, slug, target_url, target_key, title, description, og_image, twitter_card, is_active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'A page worth sharing', 'https://example.com/card.png', 'summary_large_image', 1, ?, ?)`,
    )
    db.transaction(() => {
      for (const r of rows) insert.run(r.id, r.accountId, r.slug, r.target, r.target, r.title, r.at, r.at)
    })()
    db.close()
  }
  return slugs
}

/** The events the account's links have recorded. */
async function countEvents(dataDir: string, databaseUrl: string | undefined, accountId: string) {
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const [row] = await sql`select coalesce(sum(count), 0)::int as n from link_event_chunks where account_id = ${accountId}`
    await sql.end()
    return row.n as number
  }
  const db = new Database(join(dataDir, 'linkcard.db'), { readonly: true })
  const row = db.query('select coalesce(sum(count), 0) as n from link_event_chunks where account_id = ?').get(accountId) as { n: number }
  db.close()
  return row.n
}

async function benchMode(mode: 'SQLite' | 'PostgreSQL + Redis', bare: { port: number; pid: number }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-bench-'))
  let databaseUrl: string | undefined
  if (mode !== 'SQLite') {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
    const name = `linkcard_bench_${Date.now()}`
    await admin.unsafe(`create database ${name}`)
    await admin.end()
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    await run(['redis-cli', '-u', redisUrl, 'flushall'])
  }
  const port = freePort()
  const env = {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl ?? '', REDIS_URL: databaseUrl ? redisUrl : '', TRUST_PROXY: '127.0.0.1',
    // The short-link path alone: link health's look at a million links is scripts/bench/link-health.ts's to measure.
    LINK_HEALTH_CHECKS: 'off',
  }
  const server = await startProcess([executable], env, port, '/api/health')
  const base = `http://127.0.0.1:${port}`
  const signUp = (email: string) =>
    fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'benchmark-password' }),
    }).then((r) => r.json() as Promise<{ token: string; user: { accountId: string } }>)
  const signup = await signUp('bench@example.com')
  // The links the preview scenario asks for belong to an account of their own: the previews it
  // counts are events too, told apart from the redirects' by account.
  const previewed = await signUp('previews@example.com')
  // Paying accounts, so the preview quota never ends the preview scenario early.
  await setPlans(dataDir, databaseUrl, [signup.user.accountId, previewed.user.accountId])
  console.log(`\n${mode}: seeding ${LINKS.toLocaleString('en')} links...`)
  const slugs = await seedLinks(dataDir, databaseUrl, (i) => (i >= HOT_LINKS && i < 2 * HOT_LINKS ? previewed : signup).user.accountId)
  const pathsFile = join(dataDir, 'paths.txt')
  writeFileSync(pathsFile, slugs.slice(0, HOT_LINKS).map((s) => `/${s}`).join('\n'))
  const previewPathsFile = join(dataDir, 'preview-paths.txt')
  writeFileSync(previewPathsFile, slugs.slice(HOT_LINKS, 2 * HOT_LINKS).map((s) => `/${s}`).join('\n'))

  const rows: Row[] = []
  const bareSlices: LoadResult[] = []
  let answeredLinkRequests = 0
  let linkLoads = 0
  // Each short-link scenario takes turns with the bare server (SLICES of each, after a warm-up of
  // both), so both see the same machine however its speed drifts.
  const measure = async (scenario: string, options: Omit<LoadOptions, 'port' | 'durationMs'>, countsEvents: boolean, withBare = true) => {
    const slice = { durationMs: MEASURE_MS / SLICES, samples: true }
    if (withBare) await load(bare.pid, { port: bare.port, durationMs: WARMUP_MS, paths: ['/x'] })
    const runs = [await load(server.pid, { port, durationMs: WARMUP_MS, ...options })]
    const bareRuns: LoadResult[] = []
    for (let i = 0; i < SLICES; i++) {
      if (withBare) bareRuns.push(await load(bare.pid, { port: bare.port, paths: ['/x'], ...slice }))
      runs.push(await load(server.pid, { port, ...options, ...slice }))
    }
    bareSlices.push(...bareRuns)
    if (countsEvents) {
      answeredLinkRequests += runs.reduce((sum, run) => sum + answered(run), 0)
      linkLoads += runs.length
    }
    rows.push({ scenario, result: merge(runs.slice(1)), bare: withBare ? merge(bareRuns) : undefined, rssMb: rssMb(server.pid) })
  }
  // Traffic usually piles onto a few links. One client hammering one link sends identical events,
  // counted together before they are written; with many visitors each event is stored on its own;
  // spread evenly over many links, every click also lands on a different page of the events'
  // per-link index, which is the costliest case for the writer.
  await measure('redirect, one link, one client', { paths: [`/${slugs[0]}`], headers: { 'User-Agent': BROWSER_UA } }, true)
  await measure(`redirect, one link, ${VISITORS.toLocaleString('en')} visitors`, { paths: [`/${slugs[1]}`], headers: { 'User-Agent': BROWSER_UA }, visitors: VISITORS }, true)
  await measure(`redirect, ${HOT_LINKS.toLocaleString('en')} links evenly`, { pathsFile, headers: { 'User-Agent': BROWSER_UA } }, true)
  // One address counts at most 20 of an account's previews a window (PREVIEW_COUNTING), so most of
  // these are answered uncounted, by design: no event to look for.
  await measure(`preview page, ${HOT_LINKS.toLocaleString('en')} links evenly`, { pathsFile: previewPathsFile, headers: { 'User-Agent': CRAWLER_UA } }, false)
  await measure(
    'create link (POST /api/shareLinks)',
    {
      paths: ['/api/shareLinks'],
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signup.token}` },
      body: JSON.stringify({ targetUrl: 'https://example.com/new', title: 'New link', description: 'Made under load' }),
    },
    false,
    false,
  )

  // Links made through the public API, by many customers at once: each account and key stays
  // under its rate limits (CONTRACT), so what is measured is the server, not the limits.
  let created: { single?: LoadResult; bulk?: LoadResult; importSeconds?: number } = {}
  if (loader === 'wrk') {
    const keysFile = join(dataDir, 'keys.txt')
    writeFileSync(keysFile, (await makeApiKeys(base, dataDir, databaseUrl)).join('\n'))
    await measure('public API create (POST /api/link)', { paths: [], create: { keysFile, bulk: 0, connections: CONNECTIONS } }, false, false)
    // A client sending a thousand links a call sends a few calls at once, not fifty.
    await measure(`public API bulk create, ${BULK.toLocaleString('en')} a call`, { paths: [], create: { keysFile, bulk: BULK, connections: BULK_CONNECTIONS } }, false, false)
    created = { single: rows.at(-2)!.result, bulk: rows.at(-1)!.result }
  }
  created.importSeconds = await timeImport(base, signup.token)

  server.kill('SIGTERM')
  await server.exited
  const events = await countEvents(dataDir, databaseUrl, signup.user.accountId)

  const [hot, visitors, spread, preview] = rows
  console.log(
    `\n${mode}, load from ${loader === 'wrk' ? 'wrk (one thread)' : 'the Bun loader'}, ${CONNECTIONS} connections, ${MEASURE_MS / 1000} s each in ${SLICES} slices taking turns with the bare server, server and load generator sharing the machine`,
  )
  console.log(
    ['scenario'.padEnd(38), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'bare req/s'.padStart(11), 'vs bare'.padStart(8), 'RSS MB'.padStart(7)].join(' '),
  )
  for (const { scenario, result, bare, rssMb: rss } of rows)
    console.log(
      [
        scenario.padEnd(38),
        String(result.rps).padStart(9),
        result.p50.toFixed(2).padStart(8),
        result.p99.toFixed(2).padStart(8),
        (bare ? String(bare.rps) : '-').padStart(11),
        (bare ? `${Math.round((result.rps / bare.rps) * 100)}%` : '-').padStart(8),
        String(rss).padStart(7),
      ].join(' '),
    )
  // Where the time goes. The server's threads and the load generator share the machine's cores, so
  // the more CPU each answer costs them all together, the fewer answers a second.
  const perAnswer = (ms: number, result: LoadResult) => ((ms * 1000) / result.requests).toFixed(1).padStart(14)
  const cpuRow = (label: string, result: LoadResult) =>
    console.log(
      [label.padEnd(38), ...[result.serverCpu.request, result.serverCpu.writer, result.serverCpu.other, result.cpuMs].map((ms) => perAnswer(ms, result))].join(' '),
    )
  console.log(`\n${'CPU per answer, µs'.padEnd(38)} ${['request thread', 'event writer', 'other threads', 'load generator'].map((title) => title.padStart(14)).join(' ')}`)
  for (const { scenario, result } of rows) cpuRow(scenario, result)
  cpuRow('bare server', merge(bareSlices))
  const percent = (part: LoadResult, whole: LoadResult) => Math.round((part.rps / whole.rps) * 100)
  const inFlight = loader === 'wrk' ? CONNECTIONS * linkLoads : 0
  const checks = [
    ...[hot, visitors, spread].map(
      ({ scenario, result, bare }) => [`${scenario} >= 50% of bare (${percent(result, bare!)}%)`, result.rps >= bare!.rps * 0.5] as const,
    ),
    [`redirect p99 < 10 ms (${hot.result.p99} ms, ${visitors.result.p99} ms, ${spread.result.p99} ms)`, Math.max(hot.result.p99, visitors.result.p99, spread.result.p99) < 10],
    [`preview >= 60% of redirect (${percent(preview.result, spread.result)}%)`, preview.result.rps >= spread.result.rps * 0.6],
    // wrk ends a load without waiting for the answers in flight, which the server may still have counted.
    [
      `no event lost (${events} events for ${answeredLinkRequests} answers${inFlight ? `, and up to ${inFlight} requests in flight when loads ended` : ''})`,
      events >= answeredLinkRequests && events <= answeredLinkRequests + inFlight,
    ],
  ] as const
  const target = mode === 'SQLite' ? CREATE_TARGETS.sqlite : CREATE_TARGETS.postgres
  const createChecks: (readonly [string, boolean])[] = []
  if (created.single && created.bulk) {
    const { single, bulk } = created
    createChecks.push(
      [`public API creates >= ${target}/s (${single.rps}/s)`, single.rps >= target],
      [`public API create p99 < 50 ms (${single.p99} ms)`, single.p99 < 50],
      [`bulk create >= 20000 links/s (${bulk.rps * BULK} links/s)`, bulk.rps * BULK >= 20_000],
      // A refused create (a rate limit reached) is cheap and would flatter the rates above.
      [`every create answered 2xx (${single.requests + bulk.requests - answered(single) - answered(bulk)} not)`, answered(single) + answered(bulk) === single.requests + bulk.requests],
    )
  } else console.log('(public API create scenarios need wrk: apt-get install wrk)')
  createChecks.push([`import of ${IMPORT_ROWS.toLocaleString('en')} rows < 60 s (${created.importSeconds.toFixed(1)} s)`, created.importSeconds < 60])
  for (const [label, ok] of [...checks, ...createChecks]) console.log(`${ok ? 'ok  ' : 'MISS'} ${label}`)
  rmSync(dataDir, { recursive: true, force: true })
  if (databaseUrl) {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
    await admin.end()
  }
  return [...checks, ...createChecks].every(([, ok]) => ok)
}

const BULK = 1000
const BULK_CONNECTIONS = 4
const CREATE_TARGETS = { sqlite: 5000, postgres: 2000 }
// Accounts and keys enough that none reaches its per-key (100 a minute) or per-account (1,000 an hour)
// call limit at 10,000 creates a second.
const ACCOUNTS = 400
const KEYS_PER_ACCOUNT = 4
const IMPORT_ROWS = 100_000

/** Signs up ACCOUNTS accounts on the Enterprise plan (no link limit in the way) and answers their API keys. */
async function makeApiKeys(base: string, dataDir: string, databaseUrl: string | undefined) {
  // Each customer signs up from an address of its own, as the server trusts the bench as its proxy:
  // sign-ups are limited per address.
  const post = (path: string, body: unknown, token?: string, from?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }), ...(from && { 'x-forwarded-for': from }) },
      body: JSON.stringify(body),
    }).then(
      (r) => r.json() as Promise<{ token: string; key: string; user: { accountId: string } }>,
    )
  const keys: string[] = []
  const accounts: string[] = []
  for (let a = 0; a < ACCOUNTS; a++) {
    const signup = await post('/api/auth/signup', { email: `customer-${a}@example.com`, password: 'benchmark-password' }, undefined, `10.0.${a >> 8}.${a & 255}`)
    accounts.push(signup.user.accountId)
    const made = await Promise.all(Array.from({ length: KEYS_PER_ACCOUNT }, (_, k) => post('/api/apiKeys', { name: `Key ${k}` }, signup.token)))
    keys.push(...made.map((made) => made.key))
  }
  await setPlans(dataDir, databaseUrl, accounts)
  return keys
}

async function setPlans(dataDir: string, databaseUrl: string | undefined, accountIds: string[]) {
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await sql`update accounts set plan = 'enterprise' where id in ${sql(accountIds)}`
    await sql.end()
    return
  }
  const db = new Database(join(dataDir, 'linkcard.db'))
  db.exec('PRAGMA busy_timeout = 5000')
  for (const id of accountIds) db.query("update accounts set plan = 'enterprise' where id = ?").run(id)
  db.close()
}

/** Imports a file of IMPORT_ROWS links, with aliases and tags, through the app, and answers the seconds until it is done. */
async function timeImport(base: string, token: string) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `https://example.com/imported/${i},Imported ${i},imported-${i},"news,bench"`)
  const file = ['url,title,alias,tags', ...rows].join('\n')
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const startedAt = performance.now()
  const answer = await fetch(`${base}/api/imports`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ file, source: 'csv', fileName: 'bench.csv', mapping: { targetUrl: 'url', title: 'title', alias: 'alias', tags: 'tags' } }),
  })
  const job = (await answer.json()) as { id: string }
  if (answer.status !== 202) throw new Error(`the import did not start: ${JSON.stringify(job)}`)
  for (;;) {
    const state = (await fetch(`${base}/api/imports/${job.id}`, { headers }).then((r) => r.json())) as { status: string; created: number }
    if (state.status === 'done' && state.created === IMPORT_ROWS) return (performance.now() - startedAt) / 1000
    if (state.status !== 'queued' && state.status !== 'running') throw new Error(`the import ended ${state.status}: ${JSON.stringify(state)}`)
    await Bun.sleep(100)
  }
}

if (process.argv.includes('--scale')) process.exit((await benchScale()) ? 0 : 1)
if (!process.env.BENCH_EXECUTABLE) {
  console.log('Building the executable (npm run build)...')
  await run(['npm', 'run', 'build', '--silent'])
}
const barePort = freePort()
const bare = await startProcess([process.execPath, 'scripts/bench/bare.ts', String(barePort)], {}, barePort, '/')
const bareServer = { port: barePort, pid: bare.pid }
let ok = await benchMode('SQLite', bareServer)
if (withPostgres) ok = (await benchMode('PostgreSQL + Redis', bareServer)) && ok
bare.kill()
for (const file of requestFiles.values()) rmSync(file, { force: true })
process.exit(ok ? 0 : 1)
