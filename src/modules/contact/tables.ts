import { defineTables, id, stamp } from '../../platform/db/kit'

export const contactTables = defineTables((k) => ({
  contactMessages: k.table(
    'contact_messages',
    {
      id: id(k),
      email: k.text('email').notNull(),
      message: k.text('message').notNull(),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.index('contact_messages_created_at_idx').on(t.createdAt)],
  ),
}))
