import { defineTables } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'

export const usageTables = defineTables((k) => {
  /** Counted previews and API calls of an account in one billing period. */
  const usageCounters = k.table(
    'usage_counters',
    {
      accountId: accountIdColumn(k),
      periodStart: k.time('period_start').notNull(),
      previews: k.integer('previews').notNull().default(0),
      apiCalls: k.integer('api_calls').notNull().default(0),
      // The share of the quota (80, then 100) the owners were last told of this period; 0: none yet.
      noticeLevel: k.integer('notice_level').notNull().default(0),
    },
    (t) => [k.primaryKey({ columns: [t.accountId, t.periodStart] })],
  )
  return { usageCounters }
})
