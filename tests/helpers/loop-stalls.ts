// How long a server holds its event loop while it does some work. A thread of the test process
// opens a short link as a person would, one request after another beside the work's own requests;
// how long each redirect took is how long the loop was held at most, but on a busy machine also
// how long the kernel kept a thread on the redirect's way (the server's request thread, the prober,
// this process's HTTP client) waiting for a core that other processes had. Linux counts that wait
// for each thread (/proc/…/schedstat, its second field), so it is taken off: what is left is the
// time the request thread ran other work, or sat in a call that blocks it (a disk read, a lock),
// while the redirect waited.
import type { TestServer } from './server'

/** What the redirects saw while the work ran. */
export type Stall = {
  /** The slowest redirect while the work ran, less the time its threads waited for a core: how long the loop was held. */
  heldMs: number
  /** The slowest redirect while the work ran, less the idle median: the loop held plus the machine's own delays. */
  stallMs: number
  /** The median redirect before the work began, the server idle. */
  idleMs: number
  /** Redirects answered while the work ran. */
  redirects: number
  /** How long the work took. */
  workMs: number
}

type Probe = { type: 'redirect'; ms: number; queuedMs: number; at: number; status: number } | { type: 'error'; message: string }

// Between two redirects: the measure misses at most this much of a stall, and the prober leaves
// the server's core to the work it times.
const PAUSE_MS = 2
const IDLE_REDIRECTS = 40

const PROBER = `
  import { readdirSync, readFileSync } from 'node:fs'
  let running = false
  self.onmessage = async ({ data }) => {
    if (data.type === 'stop') { running = false; return }
    running = true
    const headers = { 'user-agent': data.userAgent }
    // How long a thread has waited for a core, in nanoseconds (the second field): the server's
    // request thread, this one, and the process's HTTP client (there once a first request is made).
    const waited = (path) => Number(readFileSync(path, 'utf8').split(' ')[1])
    let client
    const queued = () => {
      client ??= readdirSync('/proc/self/task').find((task) => readFileSync('/proc/self/task/' + task + '/comm', 'utf8').trim() === 'HTTP Client')
      return waited(data.schedstat) + waited('/proc/thread-self/schedstat') + (client ? waited('/proc/self/task/' + client + '/schedstat') : 0)
    }
    while (running) {
      const queuedBefore = queued()
      const started = performance.now()
      try {
        const answer = await fetch(data.url, { headers, redirect: 'manual' })
        await answer.arrayBuffer()
        const ms = performance.now() - started
        postMessage({ type: 'redirect', ms, queuedMs: (queued() - queuedBefore) / 1e6, at: performance.timeOrigin + started, status: answer.status })
      } catch (error) {
        postMessage({ type: 'error', message: String(error) })
        running = false
      }
      await new Promise((resolve) => setTimeout(resolve, ${PAUSE_MS}))
    }
    postMessage({ type: 'stopped' })
  }
`

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Times redirects of `shortUrl` (a link of `server` that answers 302) while `work` runs, after a
 * few with the server idle. Fails when a redirect does not answer 302: the measure would mean nothing.
 */
export async function maxStallDuring(server: TestServer, shortUrl: string, work: () => Promise<unknown>): Promise<Stall> {
  const prober = new Worker(URL.createObjectURL(new Blob([PROBER], { type: 'text/javascript' })))
  const seen: Probe[] = []
  let stopped: () => void = () => {}
  // Called with each redirect seen.
  let onProbe: () => void = () => {}
  prober.onmessage = ({ data }: MessageEvent<Probe | { type: 'stopped' }>) => {
    if (data.type === 'stopped') return stopped()
    seen.push(data)
    onProbe()
  }
  // Resolves once `count` probes are seen (or one failed).
  const seenAll = (count: number) =>
    new Promise<void>((resolve) => {
      onProbe = () => (seen.length >= count || seen.at(-1)?.type === 'error') && resolve()
      onProbe()
    })
  try {
    // The main thread's id is the process's.
    const schedstat = `/proc/${server.pid()}/task/${server.pid()}/schedstat`
    prober.postMessage({ type: 'start', url: shortUrl, userAgent: BROWSER, schedstat })
    await seenAll(IDLE_REDIRECTS)
    const failed = seen.find((probe) => probe.type === 'error' || probe.status !== 302)
    if (failed) throw new Error(`the short link does not redirect: ${JSON.stringify(failed)}`)
    const idleMs = median(seen.flatMap((probe) => (probe.type === 'redirect' ? [probe.ms] : [])))
    const from = performance.timeOrigin + performance.now()
    await work()
    const workMs = performance.timeOrigin + performance.now() - from
    // The redirect under way when the work ended counts too.
    await seenAll(seen.length + 1)
    await new Promise<void>((resolve) => {
      stopped = resolve
      prober.postMessage({ type: 'stop' })
    })
    const during = seen.slice(IDLE_REDIRECTS)
    const broken = during.find((probe) => probe.type === 'error' || probe.status !== 302)
    if (broken) throw new Error(`a redirect failed while the work ran: ${JSON.stringify(broken)}`)
    const probes = during.flatMap((probe) => (probe.type === 'redirect' && probe.at + probe.ms >= from ? [probe] : []))
    const slowestMs = Math.max(0, ...probes.map((probe) => probe.ms))
    const heldMs = Math.max(0, ...probes.map((probe) => probe.ms - probe.queuedMs - idleMs))
    return { heldMs, stallMs: Math.max(0, slowestMs - idleMs), idleMs, redirects: probes.length, workMs }
  } finally {
    prober.terminate()
  }
}

/**
 * The least of up to `attempts` measures of `work`, measuring again only while the loop was held
 * longer than `limitMs`: a loop held by the work is held every time, while a hiccup of the
 * machine's seldom comes back at once.
 */
export async function leastStallDuring(server: TestServer, shortUrl: string, work: () => Promise<unknown>, { limitMs, attempts = 3 }: { limitMs: number; attempts?: number }) {
  let least: Stall | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    const stall = await maxStallDuring(server, shortUrl, work)
    if (!least || stall.heldMs < least.heldMs) least = stall
    if (least.heldMs <= limitMs) break
  }
  return least!
}
