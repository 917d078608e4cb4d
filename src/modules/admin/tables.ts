import { defineTables, id, stamp } from '../../platform/db/kit'

export const adminTables = defineTables((k) => ({
  auditLog: k.table(
    'audit_log',
    {
      id: id(k),
      actorUserId: k.text('actor_user_id'),
      actorEmail: k.text('actor_email').notNull(),
      action: k.text('action').notNull(),
      targetType: k.text('target_type').notNull(),
      targetId: k.text('target_id').notNull(),
      details: k.json<Record<string, unknown>>('details'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('audit_log_created_at_idx').on(t.createdAt)],
  ),
}))
