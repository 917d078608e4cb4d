// When each session was last used, as the list shows it. Every request reads its session's row; one
// whose last use is a minute old or more is noted here and written with others in one transaction
// every few seconds (and at stop), as API keys' last use is: no request waits on a write.
import { flushEvery } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { singleFlight } from '../../platform/single-flight'
import * as repo from './repo'

/** How stale a session's stored last use may get before a request notes a newer one. */
export const SESSION_SEEN_EVERY_MS = 60_000
const FLUSH_EVERY_MS = 5_000

const uses = new Map<string, Date>()

/** Notes that the session was used now; it reaches the database within a few seconds. */
export function noteSessionUsed(sessionId: string) {
  uses.set(sessionId, new Date())
}

const flushSessionUses = singleFlight(async () => {
  if (uses.size === 0) return
  const due = [...uses].map(([id, at]) => ({ id, at }))
  uses.clear()
  try {
    await repo.writeSessionsLastSeen(due)
  } catch (error) {
    log.error('writing sessions last use failed; will retry', { error })
    for (const { id, at } of due) if (!uses.has(id)) uses.set(id, at)
  }
})

/** Writes sessions' last use now and then, and what is left when stopped. */
export const startSessionUseFlushing = () => flushEvery(FLUSH_EVERY_MS, flushSessionUses)
