import type { InvitableRole } from '../../shared/members'
import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { createdByColumn } from '../auth/tables'

export const memberTables = defineTables((k) => ({
  // An invitation mailed to an address; the link carries a token, of which only the hash is kept.
  // Accepting it deletes it. One pending invitation per address and account.
  invitations: k.table(
    'invitations',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      email: k.text('email').notNull(),
      role: k.text('role').$type<InvitableRole>().notNull(),
      tokenHash: k.text('token_hash').notNull(),
      invitedBy: createdByColumn(k),
      expiresAt: k.time('expires_at').notNull(),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('invitations_token_idx').on(t.tokenHash), k.uniqueIndex('invitations_account_email_idx').on(t.accountId, t.email)],
  ),
}))
