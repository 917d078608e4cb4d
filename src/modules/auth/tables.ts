import { defineTables, id, stamp, type Kit } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'

export const authTables = defineTables((k) => {
  const users = k.table(
    'users',
    {
      id: id(k),
      // The account the person works in now (one of their memberships): a sign-in opens it.
      accountId: accountIdColumn(k),
      // Stored lower-cased: e-mails compare case-insensitively.
      email: k.text('email').notNull(),
      // Null for people who only ever signed in through an identity provider.
      passwordHash: k.text('password_hash'),
      isSuperAdmin: k.flag('is_super_admin').notNull().default(false),
      // Bumped on password change: every session signed with an older version stops working.
      tokenVersion: k.integer('token_version').notNull().default(0),
      // Set when the owner of the address opened a mailed link (or a provider vouched for it).
      emailVerifiedAt: k.time('email_verified_at'),
      createdAt: stamp(k, 'created_at'),
      updatedAt: stamp(k, 'updated_at'),
    },
    (t) => [
      k.uniqueIndex('users_email_idx').on(t.email),
      k.index('users_account_idx').on(t.accountId),
      k.index('users_created_at_idx').on(t.createdAt),
    ],
  )

  const userIdentities = k.table(
    'user_identities',
    {
      provider: k.text('provider').notNull(),
      subject: k.text('subject').notNull(),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.primaryKey({ columns: [t.provider, t.subject] }), k.index('user_identities_user_idx').on(t.userId)],
  )

  const passwordResetTokens = k.table(
    'password_reset_tokens',
    {
      id: id(k),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: k.text('token_hash').notNull(),
      expiresAt: k.time('expires_at').notNull(),
      usedAt: k.time('used_at'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), k.index('password_reset_tokens_user_idx').on(t.userId)],
  )

  // Session tokens ended one by one (sign out) and one-time sign-in codes already exchanged, by
  // their `jti`, kept until the token would have expired anyway.
  const spentTokens = k.table(
    'spent_tokens',
    {
      jti: k.text('jti').primaryKey(),
      expiresAt: k.time('expires_at').notNull(),
    },
    (t) => [k.index('spent_tokens_expires_idx').on(t.expiresAt)],
  )

  return { users, userIdentities, passwordResetTokens, spentTokens }
})

/** Who made a row: the row stays, without them, when they are deleted. */
export const createdByColumn = (k: Kit) => k.text('created_by').references(() => authTables(k).users.id, { onDelete: 'set null' })
