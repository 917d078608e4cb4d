import { sql } from 'drizzle-orm'
import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'

export const domainTables = defineTables((k) => {
  const customDomains = k.table(
    'custom_domains',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      hostname: k.text('hostname').notNull(),
      verificationToken: k.text('verification_token').notNull(),
      // 'pending' until the TXT and CNAME records check out, then 'active'; 'paused' while a verified
      // domain's records are gone (re-checked daily).
      status: k.text('status').notNull().default('pending'),
      sslStatus: k.text('ssl_status').notNull().default('pending'),
      verificationErrors: k.json<{ message: string }[]>('verification_errors').notNull().default([]),
      lastCheckedAt: k.time('last_checked_at'),
      verifiedAt: k.time('verified_at'),
      dnsCheckedAt: k.time('dns_checked_at'),
      // The domain new links of the account's web app start on, and the one the single-domain calls
      // (/api/custom-domain) speak of; at most one an account.
      isDefault: k.flag('is_default').notNull().default(false),
      // Where the bare root and paths that are no link send people (null: the service's page, the not-found page).
      rootRedirect: k.text('root_redirect'),
      notFoundRedirect: k.text('not_found_redirect'),
      // What the domain serves at /.well-known/apple-app-site-association and /.well-known/assetlinks.json
      // for an app's universal links and app links (null: nothing).
      appleAppSiteAssociation: k.json<Record<string, unknown>>('apple_app_site_association'),
      assetLinks: k.json<unknown[]>('asset_links'),
      createdAt: stamp(k, 'created_at'),
    },
    // Several accounts may claim a name; whoever proves the TXT record first owns it.
    (t) => [
      k.index('custom_domains_account_idx').on(t.accountId),
      k.uniqueIndex('custom_domains_account_hostname_idx').on(t.accountId, t.hostname),
      k.uniqueIndex('custom_domains_default_idx').on(t.accountId).where(sql`is_default`),
      k.index('custom_domains_hostname_idx').on(t.hostname),
      k.uniqueIndex('custom_domains_verified_hostname_idx').on(t.hostname).where(sql`verified_at is not null`),
    ],
  )
  // Paths of a domain that named no link ("orphan visits"): typos, stale printed QR codes, deleted
  // links. The path and how often and when it was last asked for; nothing of the visitor.
  const unknownPaths = k.table(
    'unknown_paths',
    {
      domainId: k
        .text('domain_id')
        .notNull()
        .references(() => customDomains.id, { onDelete: 'cascade' }),
      path: k.text('path').notNull(),
      hits: k.integer('hits').notNull(),
      lastSeenAt: k.time('last_seen_at').notNull(),
    },
    (t) => [k.primaryKey({ columns: [t.domainId, t.path] }), k.index('unknown_paths_seen_idx').on(t.lastSeenAt)],
  )
  return { customDomains, unknownPaths }
})
