// What runs in the background (connections, timers, threads) starts when the composition root
// (src/runtime.ts) starts it, never on import, and stops in the reverse order.

/** A started part: how to stop it (finish its work, close what it opened). */
export type Running = { stop(): Promise<void> | void }

export class Lifecycle {
  private started: { name: string; running: Running }[] = []

  /** Starts a part; what it answers, when it is Running, is stopped before every part started earlier. */
  async start(name: string, start: () => unknown) {
    const running = (await start()) as Partial<Running> | undefined
    if (typeof running?.stop === 'function') this.started.push({ name, running: running as Running })
  }

  /** Stops every part, the last started first; a part failing to stop does not keep the others running. */
  async stop(report: (name: string, error: unknown) => void) {
    for (const { name, running } of this.started.splice(0).reverse()) {
      try {
        await running.stop()
      } catch (error) {
        report(name, error)
      }
    }
  }
}

/** Runs `tick` every `everyMs` (the timer never keeps the process alive) until stopped. */
export function every(everyMs: number, tick: () => void) {
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * A batch written now and then: `flush` every `everyMs`, and when stopped, once the flush under way
 * is done, a last one (`last`, when it differs) for all that is left.
 */
export function flushEvery(everyMs: number, flush: (() => Promise<unknown>) & { readonly running: Promise<unknown> | undefined }, last: () => Promise<unknown> = flush): Running {
  const stop = every(everyMs, () => void flush())
  return {
    async stop() {
      stop()
      await flush.running
      await last()
    },
  }
}
