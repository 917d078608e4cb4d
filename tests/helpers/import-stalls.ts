// Times a short link's redirect again and again, one request after another on a connection of its
// own, from a process of its own (so the test's own work, such as building a large file, never
// counts), while the test marks phases ("preview", "import"...). The longest answer of a phase is
// how long the server's event loop was held then, give or take a request's own few milliseconds.
import type { Subprocess } from 'bun'

const PROBE = `
const [url] = process.argv.slice(-1)
const longest = {}
let phase = 'idle'
let stopping = false
const reading = (async () => {
  for await (const line of console) {
    if (line === 'stop') { stopping = true; return }
    phase = line
  }
})()
while (!stopping) {
  const started = performance.now()
  const answer = await fetch(url, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } })
  await answer.arrayBuffer()
  if (answer.status !== 302) { console.log(JSON.stringify({ error: 'status ' + answer.status })); process.exit(1) }
  const ms = performance.now() - started
  const seen = (longest[phase] ??= { maxMs: 0, count: 0 })
  seen.maxMs = Math.max(seen.maxMs, ms)
  seen.count++
  await new Promise((resolve) => setTimeout(resolve, 2))
}
await reading
console.log(JSON.stringify(longest))
`

export type Stalls = Record<string, { maxMs: number; count: number }>

export type RedirectTimer = {
  /** From now on, answers count towards this phase. */
  phase(name: string): Promise<void>
  /** Stops timing; answers each phase's longest redirect (ms) and how many redirects it timed. */
  stop(): Promise<Stalls>
}

/** Starts timing redirects of `shortUrl` (which must answer 302) until stopped. */
export async function timeRedirects(shortUrl: string): Promise<RedirectTimer> {
  const child: Subprocess<'pipe', 'pipe', 'pipe'> = Bun.spawn([process.execPath, '-e', PROBE, shortUrl], { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' })
  const send = async (line: string) => {
    child.stdin.write(`${line}\n`)
    await child.stdin.flush()
  }
  await send('warm-up')
  return {
    phase: send,
    async stop() {
      await send('stop')
      child.stdin.end()
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
      if (code !== 0) throw new Error(`the redirect timer failed (${code}): ${out}${err}`)
      return JSON.parse(out) as Stalls
    },
  }
}
