import { defineTables, id, stamp } from '../../platform/db/kit'
import type { WebhookEvent } from '../../shared/webhooks'
import { accountIdColumn } from '../accounts/tables'

export const webhookTables = defineTables((k) => {
  // Where an account's events are sent. The signing secret is kept encrypted (AES-256-GCM under a
  // key derived from JWT_SECRET): it must be read to sign, so it cannot be hashed.
  const webhookEndpoints = k.table(
    'webhook_endpoints',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      url: k.text('url').notNull(),
      description: k.text('description'),
      events: k.json<WebhookEvent[]>('events').notNull(),
      secret: k.text('secret').notNull(),
      isActive: k.flag('is_active').notNull().default(true),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
  )
  // One message to one endpoint, kept until delivered or given up on; its id is the webhook-id, so
  // a receiver tells a retry from a new message. An instance claims a due delivery until
  // `claimed_until`, so two instances never send it at once.
  const webhookDeliveries = k.table(
    'webhook_deliveries',
    {
      id: k.text('id').primaryKey(),
      endpointId: k
        .text('endpoint_id')
        .notNull()
        .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
      accountId: accountIdColumn(k),
      event: k.text('event').notNull(),
      body: k.text('body').notNull(),
      status: k.text('status').$type<'pending' | 'delivered' | 'failed'>().notNull(),
      attempts: k.integer('attempts').notNull().default(0),
      nextAttemptAt: k.time('next_attempt_at'),
      claimedUntil: k.time('claimed_until'),
      lastStatus: k.integer('last_status'),
      lastLatencyMs: k.integer('last_latency_ms'),
      lastResponse: k.text('last_response'),
      lastError: k.text('last_error'),
      lastAttemptAt: k.time('last_attempt_at'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), k.index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
  )
  return { webhookEndpoints, webhookDeliveries }
})
