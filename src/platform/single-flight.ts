// Work that must not run twice at once: flushes, moves, checks, connecting.

type Flight<A extends unknown[], T> = ((...args: A) => Promise<T>) & {
  /** The run under way, if any. */
  readonly running: Promise<T> | undefined
}

function withRunning<A extends unknown[], T>(call: (...args: A) => Promise<T>, running: () => Promise<T> | undefined) {
  return Object.defineProperty(call, 'running', { get: running }) as Flight<A, T>
}

/** `work`, one run at a time: a call made while a run is under way shares that run. */
export function singleFlight<A extends unknown[], T>(work: (...args: A) => Promise<T>): Flight<A, T> {
  let running: Promise<T> | undefined
  const call = (...args: A) =>
    (running ??= work(...args).finally(() => {
      running = undefined
    }))
  return withRunning(call, () => running)
}

/**
 * `work`, one run at a time: a call made while a run is under way waits for it, then makes a run
 * of its own, which covers what arrived meanwhile.
 */
export function queuedFlight<A extends unknown[], T>(work: (...args: A) => Promise<T>): Flight<A, T> {
  let running: Promise<T> | undefined
  const call = async (...args: A): Promise<T> => {
    while (running) await running.catch(() => undefined)
    const run = work(...args).finally(() => {
      running = undefined
    })
    running = run
    return run
  }
  return withRunning(call, () => running)
}

/** `work`, one run at a time per key (of its first argument): a call made while that key's run is under way shares it. */
export function singleFlightBy<A extends unknown[], K, T>(work: (...args: A) => Promise<T>, keyOf: (first: NoInfer<A[0]>) => K) {
  const running = new Map<K, Promise<T>>()
  return (...args: A): Promise<T> => {
    const key = keyOf(args[0])
    let run = running.get(key)
    if (!run) {
      run = work(...args).finally(() => running.delete(key))
      running.set(key, run)
    }
    return run
  }
}
