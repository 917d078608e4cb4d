// Waiting for something the server does in the background (events written in batches, a cache
// invalidation reaching another instance, a mail written): poll for it, never sleep a fixed time.

type UntilOptions<T> = {
  /** What is awaited, for the message when it does not come: "the 3 clicks to be counted". */
  what: string
  /** Whether `read`'s value is the awaited one; by default, any truthy value is. */
  done?: (value: T) => boolean
  timeoutMs?: number
  everyMs?: number
}

/** Reads until `done` holds and answers that value; fails naming `what` and the last value read when the time is up. */
export async function until<T>(read: () => T | Promise<T>, { what, done = Boolean, timeoutMs = 10_000, everyMs = 20 }: UntilOptions<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() >= deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; last read: ${describe(value)}`)
    await Bun.sleep(everyMs)
  }
}

function describe(value: unknown) {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
