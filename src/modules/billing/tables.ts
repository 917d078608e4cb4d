import { defineTables, stamp } from '../../platform/db/kit'

export const billingTables = defineTables((k) => ({
  /** Stripe event ids already handled: webhooks are delivered at least once. */
  stripeEvents: k.table('stripe_events', {
    id: k.text('id').primaryKey(),
    type: k.text('type').notNull(),
    processedAt: stamp(k, 'processed_at'),
  }),
}))
