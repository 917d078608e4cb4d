// What happened in an account, for the outside (the webhooks): a module tells of its changes
// without knowing who is told. A change's messages are stored in the change's own transaction (an
// outbox) and sent from there, so a crash never leaves a change without its message, nor a message
// of a change that was rolled back. Clicks and previews are only counted here, never one by one.
import type { Db } from './db'

/**
 * One thing that happened in an account. `data`, what its message says, is made only when someone
 * wants the event, from what the change has in hand: it runs inside the change's transaction.
 */
export type AccountEvent = { accountId: string; type: string; data: () => unknown }
/** A click or a preview served: counted, not told one by one. */
export type Activity = { accountId: string; linkId: string; kind: 'click' | 'preview'; isScan: boolean; platform: string | null; variant?: string }

/** Where changes store their messages: handed over by the composition root. */
export type EventOutbox = {
  /** False only when nobody can want this event of the account now: its change then stores nothing. */
  mayWant(accountId: string, type: string): boolean
  /** Stores the events' messages with `tx`, the transaction of the change they tell of. */
  store(tx: Db, events: AccountEvent[]): Promise<void>
}

let outbox: EventOutbox | undefined
let activityListener: ((activity: Activity) => void) | undefined

export function provideEventOutbox(given: EventOutbox) {
  outbox = given
}

/** Whether a change of this kind may have a message to store; when not, it needs no transaction for one. */
export const mayTell = (accountId: string, type: string) => outbox?.mayWant(accountId, type) ?? false

/** Stores what a change tells, in the change's own transaction `tx`: it commits or rolls back with the change. */
export async function tellAccountEvents(tx: Db, events: AccountEvent[]) {
  if (outbox && events.length > 0) await outbox.store(tx, events)
}

export function listenToActivity(listener: (activity: Activity) => void) {
  activityListener = listener
  return () => {
    activityListener = undefined
  }
}

/** Counts a click or a preview (on the redirect path: costs a function call when nobody listens). */
export function tellActivity(activity: Activity) {
  activityListener?.(activity)
}
