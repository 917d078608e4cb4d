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

  // The sessions a user is signed in with, by their token's `jti`, so each can be listed and ended
  // alone. A token whose row is ended or gone is refused (one signed before rows were written gets
  // its row on first use); the row goes when the token would have expired.
  const sessions = k.table(
    'sessions',
    {
      id: k.text('id').primaryKey(),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      // Families only ("Firefox", "iPhone"), from the User-Agent: enough to recognise a device.
      browser: k.text('browser').notNull(),
      device: k.text('device').notNull(),
      // Where the sign-in came from, as analytics tells countries (ISO 3166 alpha-2); null when unknown.
      country: k.text('country'),
      createdAt: stamp(k, 'created_at'),
      lastSeenAt: k.time('last_seen_at').notNull(),
      expiresAt: k.time('expires_at').notNull(),
      // Signed out or ended from another device: the token is refused, and the row is kept until it
      // expires so a later sign-in from the same browser is not taken for a new one.
      endedAt: k.time('ended_at'),
    },
    (t) => [k.index('sessions_user_idx').on(t.userId), k.index('sessions_expires_idx').on(t.expiresAt)],
  )

  // A user's authenticator app (RFC 6238): its secret, sealed; unconfirmed until a first code
  // proves the app holds it. A code counts once: its time step must be past the last one used.
  const totpFactors = k.table('totp_factors', {
    userId: k
      .text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: k.text('secret').notNull(),
    confirmedAt: k.time('confirmed_at'),
    lastStep: k.integer('last_step').notNull().default(0),
    createdAt: stamp(k, 'created_at'),
  })

  // Single-use codes for a lost authenticator, stored hashed (SHA-256: they are random, as API keys).
  const recoveryCodes = k.table(
    'recovery_codes',
    {
      id: id(k),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      codeHash: k.text('code_hash').notNull(),
      usedAt: k.time('used_at'),
      createdAt: stamp(k, 'created_at'),
    },
    (t) => [k.uniqueIndex('recovery_codes_hash_idx').on(t.codeHash), k.index('recovery_codes_user_idx').on(t.userId)],
  )

  // Passkeys (WebAuthn credentials), by the credential id the authenticator gave: a sign-in of their
  // own, or the second step after a password. The counter, when the authenticator keeps one, must grow.
  const passkeys = k.table(
    'passkeys',
    {
      id: k.text('id').primaryKey(),
      userId: k
        .text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      name: k.text('name').notNull(),
      publicKey: k.text('public_key').notNull(),
      counter: k.integer('counter').notNull().default(0),
      transports: k.json<string[]>('transports'),
      createdAt: stamp(k, 'created_at'),
      lastUsedAt: k.time('last_used_at'),
    },
    (t) => [k.index('passkeys_user_idx').on(t.userId)],
  )

  return { users, userIdentities, passwordResetTokens, spentTokens, sessions, totpFactors, recoveryCodes, passkeys }
})

/** Who made a row: the row stays, without them, when they are deleted. */
export const createdByColumn = (k: Kit) => k.text('created_by').references(() => authTables(k).users.id, { onDelete: 'set null' })
