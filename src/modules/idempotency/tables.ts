import { defineTables } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'

export const idempotencyTables = defineTables((k) => ({
  // The first answer to each create an account made with an Idempotency-Key, kept a day, so a
  // retried create answers it again instead of making another link. `status` is null while the
  // first call is still running.
  idempotencyKeys: k.table(
    'idempotency_keys',
    {
      accountId: accountIdColumn(k),
      operation: k.text('operation').notNull(),
      key: k.text('key').notNull(),
      // The body the key was first sent with (SHA-256 of its JSON, keys sorted).
      fingerprint: k.text('fingerprint').notNull(),
      status: k.integer('status'),
      answer: k.text('answer'),
      startedAt: k.time('started_at').notNull(),
      expiresAt: k.time('expires_at').notNull(),
    },
    (t) => [k.primaryKey({ columns: [t.accountId, t.operation, t.key] }), k.index('idempotency_keys_expires_idx').on(t.expiresAt)],
  ),
}))
