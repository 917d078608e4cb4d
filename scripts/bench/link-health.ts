// The scheduled link checks at scale: 10,000 links (target and card image each) on local hosts,
// checked by one server from a cold start, timed, with the server's memory. Not part of npm test:
//   bun scripts/bench/link-health.ts [links] [hosts]
// Each link's target and image sit on one of `hosts` loopback addresses (127.0.0.1, .2, …), which
// the checks treat as separate hosts: one request at a time to each.
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const LINKS = Number(process.argv[2] ?? 10_000)
const HOSTS = Number(process.argv[3] ?? 16)
const root = join(import.meta.dir, '..', '..')

// A card image's signature and header (all a size check reads), 1200×630, in 20 KB.
const PNG = new Uint8Array(20 * 1024)
PNG.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
new DataView(PNG.buffer).setUint32(16, 1200)
new DataView(PNG.buffer).setUint32(20, 630)
PNG.set([8, 6, 0, 0, 0], 24)
let served = 0
const site = Bun.serve({
  port: 0,
  hostname: '0.0.0.0',
  fetch(request) {
    served += 1
    if (new URL(request.url).pathname === '/card.png') return new Response(PNG, { headers: { 'content-type': 'image/png' } })
    return new Response('<!doctype html><title>A page</title><p>Fine.</p>', { headers: { 'content-type': 'text/html' } })
  },
})
const hosts = Array.from({ length: HOSTS }, (_, index) => `127.0.0.${index + 1}:${site.port}`)

const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-bench-health-'))
const port = 20_000 + Math.floor(Math.random() * 20_000)
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  DEFAULT_PLAN: 'enterprise',
  FETCH_ALLOWED_HOSTS: hosts.join(','),
  LINK_HEALTH_INTERVAL_SECONDS: '86400',
  LINK_HEALTH_CHECKS_PER_MINUTE: '1000000',
  LINK_HEALTH_HOST_GAP_MS: '0',
}

async function startServer(checks: 'on' | 'off') {
  const child = Bun.spawn(['bun', 'src/index.ts'], { cwd: root, env: { ...env, LINK_HEALTH_CHECKS: checks }, stdout: 'ignore', stderr: 'inherit' })
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {}
    await Bun.sleep(100)
  }
}

const call = async (path: string, body: unknown, token?: string) => {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`)
  return answer.json()
}

// Made with the checks off, then a fresh start with them on: the sweep finds every link at once.
let server = await startServer('off')
const { token } = await call('/api/auth/signup', { email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' })
const { key } = await call('/api/apiKeys', { name: 'bench' }, token)
for (let at = 0; at < LINKS; at += 1000) {
  const links = Array.from({ length: Math.min(1000, LINKS - at) }, (_, index) => {
    const host = hosts[(at + index) % HOSTS]
    return { targetUrl: `http://${host}/page/${at + index}`, title: `Page ${at + index}`, ogImage: `http://${host}/card.png` }
  })
  await call('/api/links/bulk', { links }, key)
}
server.kill('SIGTERM')
await server.exited

const database = new Database(join(dataDir, 'linkcard.db'), { readonly: true })
const checked = () => (database.query('select count(*) as n from link_health where checked_at is not null').get() as { n: number } | null)?.n ?? 0
const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
}

server = await startServer('on')
const before = memory(server.pid)
const started = performance.now()
let done = 0
while (done < LINKS) {
  await Bun.sleep(250)
  try {
    done = checked()
  } catch {} // the table appears with the first enrolment
  if (performance.now() - started > 30 * 60_000) break
}
const seconds = (performance.now() - started) / 1000
const after = memory(server.pid)
const broken = (database.query("select count(*) as n from link_health where status = 'broken'").get() as { n: number }).n
console.log(
  JSON.stringify(
    {
      links: LINKS,
      hosts: HOSTS,
      checked: done,
      broken,
      requestsServed: served,
      seconds: Math.round(seconds * 10) / 10,
      linksPerSecond: Math.round(done / seconds),
      serverRssMbBefore: before.rssMb,
      serverRssMbAfter: after.rssMb,
      serverPeakRssMb: after.peakMb,
    },
    null,
    2,
  ),
)
database.close()
server.kill('SIGTERM')
await server.exited
site.stop(true)
rmSync(dataDir, { recursive: true, force: true })
