import type { LinkHealthStatus } from '../../shared/link-health'
import { defineTables } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { linkTables } from '../links/tables'

export const linkHealthTables = defineTables((k) => {
  const { shareLinks } = linkTables(k)
  return {
    // One row per link once the sweep has enrolled it: the last check's verdict and when the next is
    // due. Kept apart from share_links so the redirect's table stays lean.
    linkHealth: k.table(
      'link_health',
      {
        linkId: k
          .text('link_id')
          .primaryKey()
          .references(() => shareLinks.id, { onDelete: 'cascade' }),
        accountId: accountIdColumn(k),
        status: k.text('status').$type<LinkHealthStatus>().notNull().default('unknown'),
        reason: k.text('reason'),
        targetBroken: k.flag('target_broken').notNull().default(false),
        imageBroken: k.flag('image_broken').notNull().default(false),
        // What the check read: a verdict on another target or image says nothing of the link as it is now.
        checkedTarget: k.text('checked_target'),
        checkedImage: k.text('checked_image'),
        finalUrl: k.text('final_url'),
        checkedAt: k.time('checked_at'),
        brokenSince: k.time('broken_since'),
        nextCheckAt: k.time('next_check_at').notNull(),
        // Held by the instance checking the link now: no two instances check a link at once.
        leaseUntil: k.time('lease_until'),
      },
      (t) => [
        k.index('link_health_next_check_idx').on(t.nextCheckAt),
        k.index('link_health_account_status_idx').on(t.accountId, t.status),
        // The weekly mail's look for broken links across accounts reads these rows alone, not every link's.
        k.index('link_health_status_idx').on(t.status, t.accountId),
      ],
    ),
    // When each account was last mailed what broke: once a week, kept across restarts.
    linkHealthDigests: k.table('link_health_digests', {
      accountId: accountIdColumn(k).primaryKey(),
      sentAt: k.time('sent_at').notNull(),
    }),
  }
})
