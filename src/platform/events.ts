// What happened in an account, told to whoever listens in this process (the webhooks): a module
// tells of its changes without knowing who is told. Telling never waits and never fails the
// change it tells of.
import { log } from './log'

export type AccountEvent = { accountId: string; type: string; data: () => unknown }
/** A click or a preview served: counted, not told one by one. */
export type Activity = { accountId: string; linkId: string; kind: 'click' | 'preview'; isScan: boolean; platform: string | null }

let eventListener: ((event: AccountEvent) => Promise<void>) | undefined
let activityListener: ((activity: Activity) => void) | undefined

export function listenToAccountEvents(events: (event: AccountEvent) => Promise<void>, activity: (activity: Activity) => void) {
  eventListener = events
  activityListener = activity
  return () => {
    eventListener = activityListener = undefined
  }
}

/** Tells of a change; `data` is read only when someone wants the event. */
export function tellAccountEvent(accountId: string, type: string, data: () => unknown) {
  eventListener?.({ accountId, type, data }).catch((error) => log.error('telling of an account event failed', { type, error }))
}

/** Counts a click or a preview (on the redirect path: costs a function call when nobody listens). */
export function tellActivity(activity: Activity) {
  activityListener?.(activity)
}
