import { setSystemTime } from 'bun:test'
// Rate limits count in fixed windows aligned to the clock (a minute, 15 minutes…). A test that
// counts up to a limit must not straddle the edge of one, or the count starts over halfway.

/** Waits, if need be, until the current window of `windowMs` has at least `neededMs` left. */
export async function clearOfWindowEdge(windowMs: number, neededMs: number) {
  const left = windowMs - (Date.now() % windowMs)
  // Waiting out the window is the point: nothing in the server to poll for.
  if (left < neededMs) await Bun.sleep(left + 100)
}

/**
 * For the in-process server (tests/helpers/in-process.ts), which shares the test's clock: stops the
 * clock just after the start of the next window of `windowMs`, so a count up to a limit fits in one
 * window without waiting. Time stands still there until clockRunsAgain().
 */
export function atStartOfNextWindow(windowMs: number) {
  setSystemTime(new Date((Math.floor(Date.now() / windowMs) + 1) * windowMs + 1))
}

export const clockRunsAgain = () => setSystemTime()
