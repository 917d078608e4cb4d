// The PostgreSQL tables: a mirror of schema.sqlite.ts with the same names and row types.
import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { BreakdownDimension } from '../../shared/analytics'
import type { EventType, Plan, TwitterCard, UserRole } from '../../shared/domain'

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => Bun.randomUUIDv7())
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () =>
  time('created_at')
    .notNull()
    .$defaultFn(() => new Date())
const flag = (name: string) => boolean(name)

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    plan: text('plan').$type<Plan>().notNull().default('free'),
    // Set by Stripe for paying accounts; otherwise calendar months in UTC.
    billingPeriodStart: time('billing_period_start'),
    billingPeriodEnd: time('billing_period_end'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    createdAt: createdAt(),
    updatedAt: time('updated_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index('accounts_created_at_idx').on(t.createdAt),
    index('accounts_name_idx').on(t.name),
    // With the id: few distinct plans, so the admin list's tie-break must come from the index too.
    index('accounts_plan_id_idx').on(t.plan, t.id),
    uniqueIndex('accounts_stripe_customer_idx').on(t.stripeCustomerId),
  ],
)

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // Stored lower-cased: e-mails compare case-insensitively.
    email: text('email').notNull(),
    // Null for people who only ever signed in through an identity provider.
    passwordHash: text('password_hash'),
    role: text('role').$type<UserRole>().notNull().default('owner'),
    isSuperAdmin: flag('is_super_admin').notNull().default(false),
    // Bumped on password change: every session signed with an older version stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    // Set when the owner of the address opened a mailed link (or a provider vouched for it).
    emailVerifiedAt: time('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: time('updated_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_account_idx').on(t.accountId),
    index('users_created_at_idx').on(t.createdAt),
  ],
)

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
)

// Session tokens ended one by one (sign out) and one-time sign-in codes already exchanged, by
// their `jti`, kept until the token would have expired anyway.
export const spentTokens = pgTable(
  'spent_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('spent_tokens_expires_idx').on(t.expiresAt)],
)

export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    alias: text('alias'),
    // lower(alias): aliases are unique and resolve case-insensitively.
    aliasKey: text('alias_key'),
    targetUrl: text('target_url').notNull(),
    // The normalised target URL, for duplicate detection and look-up by target.
    targetKey: text('target_key').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    ogImage: text('og_image'),
    ogImageAlt: text('og_image_alt'),
    twitterCard: text('twitter_card').$type<TwitterCard>().notNull().default('summary_large_image'),
    canonicalUrl: text('canonical_url'),
    expiresAt: time('expires_at'),
    isActive: flag('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: time('updated_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex('share_links_slug_idx').on(t.slug),
    uniqueIndex('share_links_alias_key_idx').on(t.aliasKey),
    index('share_links_account_created_idx').on(t.accountId, t.createdAt),
    index('share_links_account_target_idx').on(t.accountId, t.targetKey),
    index('share_links_created_by_idx').on(t.createdBy),
  ],
)

/**
 * Raw events, a link's at a time. The event writer regroups the batches of its journal by link
 * every few seconds: traffic spread over many links then costs one row per link, not one per event.
 */
export const linkEventChunks = pgTable(
  'link_event_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // The first and last event's time.
    firstAt: time('first_at').notNull(),
    lastAt: time('last_at').notNull(),
    // How many events the chunk holds.
    count: integer('count').notNull(),
    // JSON, in time order (event-chunks.ts): the kinds of event it holds (type, referrer host,
    // platform, country, device, browser, os), then for each set of events alike in the same
    // millisecond its ms after firstAt, its kind's number and its count.
    events: text('events').notNull(),
  },
  (t) => [
    index('link_event_chunks_link_first_idx').on(t.linkId, t.firstAt),
    index('link_event_chunks_link_last_idx').on(t.linkId, t.lastAt),
    index('link_event_chunks_last_idx').on(t.lastAt),
  ],
)

/**
 * Batches of events as the writer stores them, about every 100 ms, until they are regrouped into
 * link_event_chunks. A batch left behind by a writer that stopped is taken over by any other.
 */
export const eventJournal = pgTable('event_journal', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  writtenAt: time('written_at').notNull(),
  // JSON (event-chunks.ts): the batch's accounts, links and kinds of event, each named once, then
  // four numbers an event.
  events: text('events').notNull(),
})

/** Per-link, per-day totals, so long periods answer without scanning raw events. */
export const linkDailyStats = pgTable(
  'link_daily_stats',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // YYYY-MM-DD in UTC.
    day: text('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
    previews: integer('previews').notNull().default(0),
    socialClicks: integer('social_clicks').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] }), index('link_daily_stats_account_day_idx').on(t.accountId, t.day)],
)

/**
 * Per-link, per-day counts by referrer, crawler platform, country and agent (device, browser and
 * OS as `device|browser|os`): the link's breakdowns, kept like the daily totals. `value` is '' when
 * unknown (a direct visit, no country). Referrer, country and agent count clicks; platform counts previews.
 */
export const linkDailyBreakdowns = pgTable(
  'link_daily_breakdowns',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    dimension: text('dimension').$type<BreakdownDimension>().notNull(),
    // YYYY-MM-DD in UTC.
    day: text('day').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.dimension, t.day, t.value] })],
)

/**
 * The visitor hashes seen on a link each day, so a visitor is counted once in the day's unique
 * visitors however many flushes and instances record them. Only the last days are kept.
 */
export const linkDailyVisitors = pgTable(
  'link_daily_visitors',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    // YYYY-MM-DD in UTC.
    day: text('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.visitorHash] }), index('link_daily_visitors_day_idx').on(t.day)],
)

/** Counted previews and API calls of an account in one billing period. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: time('period_start').notNull(),
    previews: integer('previews').notNull().default(0),
    apiCalls: integer('api_calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart] })],
)

/** Fixed-window counters shared by instances when there is no Redis (rate limits, de-duplication). */
export const windowCounters = pgTable(
  'window_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: time('reset_at').notNull(),
  },
  (t) => [index('window_counters_reset_idx').on(t.resetAt)],
)

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    // SHA-256 of the whole key: the key itself is shown once and never stored.
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    lastUsedAt: time('last_used_at'),
    createdAt: createdAt(),
    revokedAt: time('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_account_idx').on(t.accountId, t.createdAt)],
)

export const customDomains = pgTable(
  'custom_domains',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    verificationToken: text('verification_token').notNull(),
    // 'pending' until the TXT and CNAME records check out, then 'active'; 'paused' while a verified
    // domain's records are gone (re-checked daily).
    status: text('status').notNull().default('pending'),
    sslStatus: text('ssl_status').notNull().default('pending'),
    verificationErrors: jsonb('verification_errors').$type<{ message: string }[]>().notNull().default([]),
    lastCheckedAt: time('last_checked_at'),
    verifiedAt: time('verified_at'),
    dnsCheckedAt: time('dns_checked_at'),
    createdAt: createdAt(),
  },
  // Several accounts may claim a name; whoever proves the TXT record first owns it.
  (t) => [
    uniqueIndex('custom_domains_account_idx').on(t.accountId),
    index('custom_domains_hostname_idx').on(t.hostname),
    uniqueIndex('custom_domains_verified_hostname_idx').on(t.hostname).where(sql`verified_at is not null`),
  ],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)

/** Stripe event ids already handled: webhooks are delivered at least once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: time('processed_at')
    .notNull()
    .$defaultFn(() => new Date()),
})
