// Work that grows with its input, done in slices: between slices the event loop answers what is
// waiting (redirects first among them), so no request holds it for more than a few milliseconds.

// A slice's length: well within the request thread's budget of ~50 ms, on a busy machine too.
const SLICE_MS = 5

/** Lets the event loop answer what waits (connections, timers, other requests) before going on. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A loop's pause: call it between items; it yields to the event loop once a slice's time has passed since the last. */
export function slicer(sliceMs = SLICE_MS) {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < sliceMs) return
    await yieldToLoop()
    since = performance.now()
  }
}
