import { defineTables, id, stamp } from '../../platform/db/kit'
import type { ApiKeyScope } from '../../shared/api-keys'
import { accountIdColumn } from '../accounts/tables'
import { createdByColumn } from '../auth/tables'

export const apiKeyTables = defineTables((k) => {
  const apiKeys = k.table(
    'api_keys',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      createdBy: createdByColumn(k),
      name: k.text('name').notNull(),
      description: k.text('description'),
      // SHA-256 of the whole key: the key itself is shown once and never stored.
      keyHash: k.text('key_hash').notNull(),
      prefix: k.text('prefix').notNull(),
      last4: k.text('last4').notNull(),
      // What the key may do; null for a key made before scopes, which may do everything.
      scopes: k.json<ApiKeyScope[]>('scopes'),
      lastUsedAt: k.time('last_used_at'),
      createdAt: stamp(k, 'created_at'),
      revokedAt: k.time('revoked_at'),
      // Set when the key is rolled: the key that replaced it, and when this one stops working.
      replacedBy: k.text('replaced_by'),
      expiresAt: k.time('expires_at'),
    },
    (t) => [k.uniqueIndex('api_keys_hash_idx').on(t.keyHash), k.index('api_keys_account_idx').on(t.accountId, t.createdAt)],
  )
  return { apiKeys }
})
