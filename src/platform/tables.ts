import { defineTables } from './db/kit'

export const platformTables = defineTables((k) => ({
  /** Fixed-window counters shared by instances when there is no Redis (rate limits, de-duplication). */
  windowCounters: k.table(
    'window_counters',
    {
      key: k.text('key').primaryKey(),
      count: k.integer('count').notNull(),
      resetAt: k.time('reset_at').notNull(),
    },
    (t) => [k.index('window_counters_reset_idx').on(t.resetAt)],
  ),
  /** Changes to stored data that SQL migrations cannot make (upgradeOnce), each made once, by name. */
  dataUpgrades: k.table('data_upgrades', {
    name: k.text('name').primaryKey(),
    doneAt: k.time('done_at').notNull(),
  }),
}))
