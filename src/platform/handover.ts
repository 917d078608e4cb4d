// What a lower module needs from a higher one, handed over by the composition root (src/runtime.ts)
// before anything starts; docs/architecture.md (Calling upward) says when to use it.

/** A place for what `what` needs handed over: `provide` once at start, `get` where it is used. */
export function handoverOf<T>(what: string) {
  let given: T | undefined
  return {
    provide(value: T) {
      given = value
    },
    /** What was handed over; nothing is a wiring mistake in runtime.ts, not a request's. */
    get(): T {
      if (given === undefined) throw new Error(`Nothing was handed over for ${what} (runtime.ts).`)
      return given
    },
  }
}
