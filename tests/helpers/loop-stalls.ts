// How long a server holds its event loop while it does some work: a thread of the test process opens
// a short link as a person would, one request after another, beside the work's own requests, and
// the slowest of those redirects, less the typical one with the server idle, is how long the loop
// was held at most. The prober is a thread so that the test's own work (reading a large answer)
// does not delay it.

/** What the redirects saw while the work ran. */
export type Stall = {
  /** The slowest redirect while the work ran, less the idle median: how long the loop was held at most. */
  stallMs: number
  /** The slowest redirect while the work ran. */
  slowestMs: number
  /** The median redirect before the work began, the server idle. */
  idleMs: number
  /** Redirects answered while the work ran. */
  redirects: number
  /** How long the work took. */
  workMs: number
}

type Probe = { type: 'redirect'; ms: number; at: number; status: number } | { type: 'error'; message: string }

// Between two redirects: the measure misses at most this much of a stall, and the prober leaves
// the server's core to the work it times.
const PAUSE_MS = 2
const IDLE_REDIRECTS = 40

const PROBER = `
  let running = false
  self.onmessage = async ({ data }) => {
    if (data.type === 'stop') { running = false; return }
    running = true
    const headers = { 'user-agent': data.userAgent }
    while (running) {
      const started = performance.now()
      try {
        const answer = await fetch(data.url, { headers, redirect: 'manual' })
        await answer.arrayBuffer()
        postMessage({ type: 'redirect', ms: performance.now() - started, at: performance.timeOrigin + started, status: answer.status })
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
 * Times redirects of `shortUrl` (a link that answers 302) while `work` runs, after a few with the
 * server idle. Fails when a redirect does not answer 302: the measure would mean nothing.
 */
export async function maxStallDuring(shortUrl: string, work: () => Promise<unknown>): Promise<Stall> {
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
    prober.postMessage({ type: 'start', url: shortUrl, userAgent: BROWSER })
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
    const times = during.flatMap((probe) => (probe.type === 'redirect' && probe.at + probe.ms >= from ? [probe.ms] : []))
    const slowestMs = Math.max(0, ...times)
    return { stallMs: Math.max(0, slowestMs - idleMs), slowestMs, idleMs, redirects: times.length, workMs }
  } finally {
    prober.terminate()
  }
}

/**
 * The least of up to `attempts` measures of `work`, measuring again only while they exceed
 * `limitMs`: a loop held by the work is held every time, while a busy machine's hiccup (another
 * process given the core for a while) seldom comes back at once.
 */
export async function leastStallDuring(shortUrl: string, work: () => Promise<unknown>, { limitMs, attempts = 3 }: { limitMs: number; attempts?: number }) {
  let least: Stall | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    const stall = await maxStallDuring(shortUrl, work)
    if (!least || stall.stallMs < least.stallMs) least = stall
    if (least.stallMs <= limitMs) break
  }
  return least!
}
