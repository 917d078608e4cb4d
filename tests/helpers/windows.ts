// Rate limits count in fixed windows aligned to the clock (a minute, 15 minutes…). A test that
// counts up to a limit must not straddle the edge of one, or the count starts over halfway.

/** Waits, if need be, until the current window of `windowMs` has at least `neededMs` left. */
export async function clearOfWindowEdge(windowMs: number, neededMs: number) {
  const left = windowMs - (Date.now() % windowMs)
  // Waiting out the window is the point: nothing in the server to poll for.
  if (left < neededMs) await Bun.sleep(left + 100)
}
