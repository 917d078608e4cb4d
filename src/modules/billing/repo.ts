import { db, type Db, kit } from '../../platform/db'
import { billingTables } from './tables'

const { stripeEvents } = billingTables(kit)

/** Records a Stripe event id; answers false when it was recorded before (a redelivery). */
export async function insertStripeEvent(id: string, type: string, tx: Db = db) {
  const rows = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id })
  return rows.length > 0
}
