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
    },
    (t) => [k.primaryKey({ columns: [t.accountId, t.periodStart] })],
  )
  return { usageCounters }
})
