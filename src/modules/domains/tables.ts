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
      createdAt: stamp(k, 'created_at'),
    },
    // Several accounts may claim a name; whoever proves the TXT record first owns it.
    (t) => [
      k.uniqueIndex('custom_domains_account_idx').on(t.accountId),
      k.index('custom_domains_hostname_idx').on(t.hostname),
      k.uniqueIndex('custom_domains_verified_hostname_idx').on(t.hostname).where(sql`verified_at is not null`),
    ],
  )
  return { customDomains }
})
