// `npm test`: type-checks and lints the project, checks its boundaries and dead code, then runs every
// test on SQLite and, when TEST_DATABASE_URL points at PostgreSQL, runs them all again there. Ends
// with one line: `N passed, N failed`.
//   npm test -- tests/api/health.test.ts     run some files only
//   SKIP_TYPECHECK=1 npm test                skip the whole-code checks (tsc, boundaries, lint, knip) while iterating
import { join } from 'node:path'
import postgres from 'postgres'

const root = join(import.meta.dir, '..')
// Test databases carry the run's name, so runs side by side on one server leave each other alone.
const runId = Math.random().toString(36).slice(2, 8)
process.env.LINKCARD_TEST_RUN = runId
const args = process.argv.slice(2)
let passed = 0
let failed = 0

async function run(command: string[], env: Record<string, string | undefined>) {
  const child = Bun.spawn(command, { cwd: root, env: env as Record<string, string>, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: { write(text: string): unknown }) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      sink.write(text)
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
if (!process.env.SKIP_TYPECHECK) {
  for (const check of checks) {
    console.log(`${check.name}...`)
    const { code } = await run(check.command, process.env)
    if (code === 0) passed += 1
    else {
      failed += 1
      console.log(`${check.name} failed.`)
    }
  }
}

const pgUrl = process.env.TEST_DATABASE_URL?.trim()
const passes: { name: string; env: Record<string, string | undefined> }[] = [
  { name: 'SQLite', env: { ...process.env, TEST_DATABASE_URL: '' } },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: { ...process.env, TEST_DATABASE_URL: pgUrl } }] : []),
]

for (const pass of passes) {
  console.log(`\nRunning the tests on ${pass.name}...`)
  const { code, output } = await run([process.execPath, 'test', '--timeout', '30000', ...args], pass.env)
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, 'm').exec(output)?.[1] ?? 0)
  const passCount = count('pass')
  const failCount = count('fail')
  passed += passCount
  failed += failCount
  // A crash or an empty run must not read as success.
  if (code !== 0 && failCount === 0) failed += 1
  console.log(`${pass.name}: ${passCount} passed, ${failCount} failed`)
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

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
