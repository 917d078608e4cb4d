// `npm test`: type-checks and lints the project, checks its boundaries and dead code, then runs the
// tests on SQLite and, when TEST_DATABASE_URL points at PostgreSQL, on PostgreSQL too. Ends with one
// line: `N passed, N failed`.
//
// The tests come in three tiers: unit tests (src/ and web/, in-process), the black-box API tests
// (tests/, each file against servers it spawns) and the browser tests (tests/web/, Chromium against
// a spawned server). What touches a database (src/, tests/api/) runs on each database; the web app's
// own tests and the browser tier, which drives the web app over the same API, run once, on SQLite,
// as do the black-box files whose subject the database does not change (sameOnEveryDatabase).
// The passes run side by side, each spreading its files over worker processes, slowest first
// (tests/timings.json; `npm test -- --update-timings` refreshes it).
//   npm test -- tests/api/health.test.ts     run some files only (on every database)
//   SKIP_TYPECHECK=1 npm test                skip the whole-code checks (tsc, boundaries, lint, knip) while iterating
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'

const root = join(import.meta.dir, '..')
// Test databases carry the run's name, so runs side by side on one server leave each other alone.
const runId = Math.random().toString(36).slice(2, 8)
process.env.LINKCARD_TEST_RUN = runId
const args = process.argv.slice(2)
let passed = 0
let failed = 0

async function run(command: string[], env: Record<string, string | undefined>, { live = true } = {}) {
  const child = Bun.spawn(command, { cwd: root, env: env as Record<string, string>, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: { write(text: string): unknown }) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      if (live) sink.write(text)
    }
  }
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr), child.exited])
  return { code: child.exitCode ?? 1, output }
}

// Whole-code checks, each one passed or failed check; SKIP_TYPECHECK=1 leaves them out while iterating.
const checks: { name: string; command: string[] }[] = [
  { name: 'Type-check (tsc --noEmit)', command: [join(root, 'node_modules/.bin/tsc'), '--noEmit', '-p', root] },
  { name: 'Boundaries (dependency-cruiser)', command: [join(root, 'node_modules/.bin/depcruise'), 'src', 'web', 'scripts', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'] },
  { name: 'Lint (biome)', command: [join(root, 'node_modules/.bin/biome'), 'lint', '--error-on-warnings', root] },
  { name: 'Unused files, exports and dependencies (knip)', command: [join(root, 'node_modules/.bin/knip')] },
]
// They run beside the tests, their reports printed after, at the least priority: the tests' servers
// and browsers, which answer within time limits, come first on a machine of few cores.
const checking = process.env.SKIP_TYPECHECK ? [] : checks.map(async (check) => ({ ...check, ...(await run(['nice', '-n', '19', ...check.command], process.env, { live: false })) }))

const pgUrl = process.env.TEST_DATABASE_URL?.trim()

/** The run's migrated PostgreSQL database, which each test database is a copy of (tests/helpers/database.ts). */
async function migratedTemplate() {
  // Imported here: the helper names its databases after the run, set above.
  const { createTestDatabase } = await import('../tests/helpers/database')
  const database = (await createTestDatabase({ empty: true }))!
  const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-template-'))
  const migrated = await run([process.execPath, 'tests/helpers/migrate.ts'], { ...process.env, DATABASE_URL: database, DATA_DIR: dataDir, REDIS_URL: '', LOG_LEVEL: 'warn' }, { live: false })
  rmSync(dataDir, { recursive: true, force: true })
  if (migrated.code !== 0) throw new Error(`migrating the run's PostgreSQL database failed:\n${migrated.output}`)
  return new URL(database).pathname.slice(1)
}
const options = args.filter((arg) => arg.startsWith('-'))
const files = args.filter((arg) => !arg.startsWith('-'))
// Without named files: every test on SQLite; those that touch a database again on PostgreSQL.
const everyTest = ['src', 'web', 'tests']
// Of the black-box files, those whose subject no database changes run once: the compiled
// executable (it brings its own database), `npm start`'s builds, the OpenAPI document and the
// clients made from it, the web app's files and pages, and the threads that work on images. With
// PostgreSQL they run in its pass, which has the fewer files: the two passes then end together.
const sameOnEveryDatabase = ['executable', 'concurrent-starts', 'openapi', 'openapi-lint', 'sdk', 'web-assets', 'sharing', 'images', 'qr-design', 'card-images', 'fair-queues', 'tracing', 'sdk-go', 'sdk-python', 'cli'].map((name) => `tests/api/${name}.test.ts`)
// The import's hold on the event loop is measured on SQLite alone: its parsing and batching are the
// same code on both databases, and SQLite runs its queries on the request thread too, the stricter
// case (a whole import with redirects beside it costs minutes of CPU a pass). What an import does
// with each database, a restart among it, is link-import.test.ts's, run on both.
const strictestOnSqlite = ['link-import-event-loop'].map((name) => `tests/api/${name}.test.ts`)
const apiFiles = readdirSync(join(root, 'tests/api')).filter((name) => name.endsWith('.test.ts')).map((name) => `tests/api/${name}`)
const onSqliteAlone = [...sameOnEveryDatabase, ...strictestOnSqlite]
const touchingTheDatabase = ['src', ...apiFiles.filter((file) => !onSqliteAlone.includes(file)), 'tests/imports.test.ts']
const everyTestFile = everyTest.flatMap((dir) => [...new Bun.Glob(`${dir}/**/*.test.{ts,tsx}`).scanSync({ cwd: root })])
const passes: { name: string; env: Record<string, string | undefined>; files: string[] }[] = [
  { name: 'SQLite', env: { ...process.env, TEST_DATABASE_URL: '' }, files: files.length > 0 ? files : pgUrl ? everyTestFile.filter((file) => !sameOnEveryDatabase.includes(file)) : everyTest },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: { ...process.env, TEST_DATABASE_URL: pgUrl, LINKCARD_TEST_TEMPLATE: await migratedTemplate() }, files: files.length > 0 ? files : [...touchingTheDatabase, ...sameOnEveryDatabase] }] : []),
]
// A worker per core and pass: with the passes side by side, more starve the browser tests' servers.
const workers = Number(process.env.TEST_WORKERS) || navigator.hardwareConcurrency
const timings = join(root, 'tests/timings.json')
type Timings = { version: number; files: Record<string, number> }
const readTimings = async (path: string): Promise<Timings> => (await Bun.file(path).exists() ? Bun.file(path).json() : { version: 1, files: {} })
// Both passes measure the files they share, side by side: each writes its own copy, merged after.
const isUpdatingTimings = options.includes('--update-timings')
const formerTimings = await readTimings(timings)
const timingsOf = (pass: { name: string }) => (isUpdatingTimings ? join(tmpdir(), `linkcard-timings-${runId}-${pass.name}.json`) : timings)

console.log(`\nRunning the tests on ${passes.map((pass) => pass.name).join(' and ')}, ${workers} files at a time each...`)
const results = await Promise.all(
  passes.map(async (pass) => {
    const started = performance.now()
    if (isUpdatingTimings) await Bun.write(timingsOf(pass), JSON.stringify(formerTimings))
    // Tests poll rather than sleep, so a long limit costs a passing test nothing; on a machine busy with
    // both passes' browsers and servers, a browser test can need more than half a minute.
    const command = [process.execPath, 'test', '--timeout', '60000', `--parallel=${workers}`, '--timings', timingsOf(pass), ...options, ...pass.files]
    // Side by side, each pass's report is printed whole when it ends, not interleaved.
    const result = await run(command, pass.env, { live: passes.length === 1 })
    return { ...pass, ...result, seconds: Math.round((performance.now() - started) / 1000) }
  }),
)
// A file takes the longer of its passes' times; a file that is gone leaves the list.
if (isUpdatingTimings) {
  const measured: Record<string, number> = {}
  for (const pass of passes) {
    for (const [file, ms] of Object.entries((await readTimings(timingsOf(pass))).files))
      if (ms !== formerTimings.files[file]) measured[file] = Math.max(ms, measured[file] ?? 0)
    await Bun.file(timingsOf(pass)).delete()
  }
  const files = Object.entries({ ...formerTimings.files, ...measured }).filter(([file]) => existsSync(join(root, file)))
  await Bun.write(timings, `${JSON.stringify({ version: 1, files: Object.fromEntries(files.sort(([, a], [, b]) => b - a)) }, null, 2)}\n`)
}
// The failed tests with their files, repeated under each pass's count: a long report's tail names them.
function failuresIn(output: string) {
  let file = ''
  const failures: string[] = []
  for (const line of output.split('\n')) {
    // Bun repeats the failures, without their files, at the end.
    if (/^\d+ tests? failed:$/.test(line)) break
    if (/^\S+\.test\.tsx?:$/.test(line)) file = line.slice(0, -1)
    else if (line.startsWith('(fail) ')) failures.push(`${file}: ${line.slice(7)}`)
  }
  return failures
}
if (passes.length > 1) for (const { name, output } of results) console.log(`\n---- ${name} ----\n${output}`)
for (const { name, code, output, seconds } of results) {
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, 'm').exec(output)?.[1] ?? 0)
  const passCount = count('pass')
  const failCount = count('fail')
  passed += passCount
  failed += failCount
  // A crash or an empty run must not read as success.
  if (code !== 0 && failCount === 0) failed += 1
  console.log(`${name}: ${passCount} passed, ${failCount} failed in ${seconds} s`)
  for (const failure of failuresIn(output)) console.log(`  ${failure}`)
}

for (const check of await Promise.all(checking)) {
  if (check.code === 0) {
    passed += 1
    console.log(`${check.name}: passed`)
  } else {
    failed += 1
    console.log(`${check.name}: failed\n${check.output}`)
  }
}

// Each test process and server got a database of its own; none is in use any more.
if (pgUrl) {
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
  try {
    const left = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`lc_test_${runId}_%`}`
    for (const { datname } of left) await admin.unsafe(`drop database if exists ${datname} with (force)`)
  } finally {
    await admin.end()
  }
}

// CI's whole run, from the stamp .ci/run takes before it installs anything, stands before the count.
const ciStartedAt = Number(process.env.CI_STARTED_AT)
if (ciStartedAt) console.log(`\nCI wall time: ${Math.round(Date.now() / 1000 - ciStartedAt)} s`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
