import { sql } from 'drizzle-orm'
import type { InvitableRole, MemberRole } from '../../shared/members'
import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { authTables } from '../auth/tables'

export const memberTables = defineTables((k) => ({
  // Who belongs to which account, in what role (shared/members.ts). An account has one owner: the
  // database holds to it, whatever requests race.
  memberships: k.table(
    'memberships',
    {
      accountId: accountIdColumn(k),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => authTables(k).users.id, { onDelete: 'cascade' }),
      role: k.text('role').$type<MemberRole>().notNull(),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [
      k.primaryKey({ columns: [t.accountId, t.userId] }),
      k.index('memberships_user_idx').on(t.userId),
      k.uniqueIndex('memberships_one_owner_idx').on(t.accountId).where(sql`${t.role} = 'owner'`),
    ],
  ),
  // An invitation mailed to an address; the link carries a token, of which only the hash is kept.
  // Accepting it deletes it, and so does the sender's leaving, removal or loss of the right to invite.
  // One pending invitation per address and account.
  invitations: k.table(
    'invitations',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      email: k.text('email').notNull(),
      role: k.text('role').$type<InvitableRole>().notNull(),
      tokenHash: k.text('token_hash').notNull(),
      // A person's invitations go with them: none outlives its sender's right to send it.
      invitedBy: k
        .text('invited_by')
        .notNull()
        .references(() => authTables(k).users.id, { onDelete: 'cascade' }),
      expiresAt: k.time('expires_at').notNull(),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('invitations_token_idx').on(t.tokenHash), k.uniqueIndex('invitations_account_email_idx').on(t.accountId, t.email)],
  ),
}))
