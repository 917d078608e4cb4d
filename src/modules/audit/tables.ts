// The audit log: who changed what, when and from where, in an account (its owners and admins read
// it) and in the super-admin panel (which reads the entries its super admins made). One table, one
// way of recording (service.ts), so the two logs never drift apart.
import { defineTables, id, stamp } from '../../platform/db/kit'
import type { AuditActorType, AuditChanges } from '../../shared/audit'

export const auditTables = defineTables((k) => ({
  auditLog: k.table(
    'audit_log',
    {
      id: id(k),
      // The account whose log shows the entry; none for the panel's own, like an account deleted. No
      // foreign keys, to the account or to who acted: an entry outlives the user, or key, who made it.
      accountId: k.text('account_id'),
      actorType: k.text('actor_type').$type<AuditActorType>().notNull(),
      actorId: k.text('actor_id'),
      // Kept as it was then (an e-mail address, an API key's name), so the entry reads the same once they are gone.
      actorName: k.text('actor_name').notNull(),
      action: k.text('action').notNull(),
      targetType: k.text('target_type').notNull(),
      targetId: k.text('target_id').notNull(),
      changes: k.json<AuditChanges>('changes'),
      details: k.json<Record<string, unknown>>('details'),
      // The client's network, as every limit keys it (shared/network.ts): an IPv4 address, an IPv6 /64.
      address: k.text('address'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [
      k.index('audit_log_created_at_idx').on(t.createdAt),
      k.index('audit_log_account_idx').on(t.accountId, t.createdAt),
      k.index('audit_log_actor_type_idx').on(t.actorType, t.createdAt),
    ],
  ),
}))
