// On PostgreSQL, raw events (link_event_chunks) are partitioned by month of first_at: each month
// has its table, made ahead of time, and retention drops a month whole once all of it is past,
// instead of deleting its rows. Rows of a month without its table (a server down for months, a
// clock set far ahead) land in the default partition, and move into the month's table when it is
// made. SQLite keeps one table: nothing here runs there.
import type postgres from 'postgres'
import { postgresClient } from '../../platform/db'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'

const TABLE = 'link_event_chunks'
const DEFAULT_PARTITION = `${TABLE}_default`
const MONTHS_AHEAD = 2
const KEEP_EVERY_MS = 24 * 60 * 60_000
// Any fixed number: instances making partitions take turns on it.
const PARTITIONS_LOCK = 0x6c6e6b63

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1))
const partitionName = (start: Date) => `${TABLE}_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`

/** The month partitions there are, by their first instant. */
async function monthPartitions(client: postgres.Sql | postgres.TransactionSql) {
  const rows = await client<{ name: string }[]>`
    select child.relname as name from pg_inherits
    join pg_class child on child.oid = pg_inherits.inhrelid
    join pg_class parent on parent.oid = pg_inherits.inhparent
    where parent.relname = ${TABLE}`
  return rows.flatMap(({ name }) => {
    const match = /_(\d{4})_(\d{2})$/.exec(name)
    return match ? [{ name, start: monthStart(Number(match[1]), Number(match[2]) - 1) }] : []
  })
}

/** Makes the partitions of this month and the next MONTHS_AHEAD that are missing; answers their names. */
export async function keepEventPartitions(now = new Date()): Promise<string[]> {
  const client = postgresClient()
  if (!client) return []
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`
    const have = new Set((await monthPartitions(tx)).map((partition) => partition.name))
    const made: string[] = []
    for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
      const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + ahead)
      const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1)
      const name = partitionName(start)
      if (have.has(name)) continue
      // Made apart and attached: rows of the month already in the default partition move in first.
      await tx.unsafe(`create table "${name}" (like "${TABLE}" including defaults including constraints)`)
      await tx.unsafe(
        `with moved as (delete from "${DEFAULT_PARTITION}" where first_at >= $1 and first_at < $2 returning *) insert into "${name}" select * from moved`,
        [start.toISOString(), end.toISOString()],
      )
      await tx.unsafe(`alter table "${TABLE}" attach partition "${name}" for values from ('${start.toISOString()}') to ('${end.toISOString()}')`)
      made.push(name)
    }
    return made
  })
}

/** Drops the month partitions whose every event is older than `before` (past retention). Answers how many events went. */
export async function dropEventPartitionsBefore(before: Date): Promise<number> {
  const client = postgresClient()
  if (!client) return 0
  let events = 0
  for (const { name, start } of await monthPartitions(client)) {
    if (monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1) > before) continue
    await client.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`
      // A chunk is as old as its last event: one reaching past `before` keeps its month (pruned row by row).
      const [held] = await tx.unsafe<{ events: string | null; last: Date | null }[]>(`select sum(count) as events, max(last_at) as last from "${name}"`)
      if (held?.last && held.last >= before) return
      await tx.unsafe(`drop table if exists "${name}"`)
      events += Number(held?.events ?? 0)
    })
  }
  return events
}

/** Keeps the months ahead made, now and daily, on PostgreSQL (the migration made the first ones). */
export async function startEventPartitions(): Promise<Running | undefined> {
  if (!postgresClient()) return undefined
  const keep = () =>
    void keepEventPartitions()
      .then((made) => made.length > 0 && log.info('event partitions made', { partitions: made }))
      .catch((error) => log.error('making event partitions failed', { error }))
  keep()
  return { stop: every(KEEP_EVERY_MS, keep) }
}
