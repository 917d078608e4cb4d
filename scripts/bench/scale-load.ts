// Writes the scale bench's history (scale-history.ts) straight into a migrated database, fast:
// SQLite through prepared statements, a transaction per batch; PostgreSQL through COPY, a connection
// per table, so the server's backends ingest while the next rows are made. Foreign keys are not
// checked while loading (the rows refer to rows loaded first, by construction).
import { Database } from 'bun:sqlite'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import postgres from 'postgres'
import { addDays, dayStart } from '../../src/shared/analytics'
import type { HistoryRows, SeededAccount, SeededLink } from './scale-history'

export type RowCounts = Record<'accounts' | 'users' | 'share_links' | 'link_event_chunks' | 'link_daily_stats' | 'link_daily_breakdowns' | 'link_daily_visitors', number>

export type Loader = {
  people(accounts: SeededAccount[], passwordHash: string): Promise<void>
  links(links: SeededLink[]): Promise<void>
  history(rows: HistoryRows): Promise<void>
  /** Ends the load; answers the ms the loading process spent writing (SQLite) or waiting on the server while it ingests alongside (PostgreSQL). */
  finish(): Promise<number>
}

export const emptyCounts = (): RowCounts => ({
  accounts: 0, users: 0, share_links: 0, link_event_chunks: 0, link_daily_stats: 0, link_daily_breakdowns: 0, link_daily_visitors: 0,
})

// Rows a SQLite transaction holds: commits cost little with synchronous off, but not nothing.
const SQLITE_BATCH_ROWS = 50_000

export function sqliteLoader(file: string): Loader {
  const db = new Database(file)
  db.exec('PRAGMA busy_timeout = 5000')
  // Nothing to lose while loading: the load is remade from scratch if it breaks.
  db.exec('PRAGMA synchronous = OFF')
  db.exec('PRAGMA cache_size = -262144')
  const insert = {
    account: db.prepare('insert into accounts (id, name, plan, created_at, updated_at) values (?, ?, ?, ?, ?)'),
    user: db.prepare('insert into users (id, account_id, email, password_hash, email_verified_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)'),
    membership: db.prepare("insert into memberships (account_id, user_id, role, created_at) values (?, ?, 'owner', ?)"),
    link: db.prepare(
      `insert into share_links (id, account_id, created_by, slug, target_url, target_key, title, description, twitter_card, is_active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 'A page worth sharing', 'summary_large_image', 1, ?, ?)`,
    ),
    chunk: db.prepare('insert into link_event_chunks (link_id, account_id, first_at, last_at, count, events) values (?, ?, ?, ?, ?, ?)'),
    daily: db.prepare(
      'insert into link_daily_stats (link_id, account_id, day, clicks, scans, previews, social_clicks, unique_visitors) values (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    breakdown: db.prepare('insert into link_daily_breakdowns (link_id, dimension, day, value, count) values (?, ?, ?, ?, ?)'),
    visitor: db.prepare('insert into link_daily_visitors (link_id, day, visitor_hash) values (?, ?, ?)'),
  }
  let pending: HistoryRows[] = []
  let pendingRows = 0
  let writingMs = 0
  const timed = (write: () => void) => {
    const started = performance.now()
    db.transaction(write)()
    writingMs += performance.now() - started
  }
  const flush = () => {
    const batch = pending
    pending = []
    pendingRows = 0
    timed(() => {
      for (const rows of batch) {
        for (const c of rows.chunks) insert.chunk.run(c.linkId, c.accountId, c.firstAt.getTime(), c.lastAt.getTime(), c.count, c.events)
        for (const d of rows.daily) insert.daily.run(d.linkId, d.accountId, d.day, d.clicks, d.scans, d.previews, d.socialClicks, d.uniqueVisitors)
        for (const b of rows.breakdowns) insert.breakdown.run(b.linkId, b.dimension, b.day, b.value, b.count)
        for (const v of rows.visitors) insert.visitor.run(v.linkId, v.day, v.visitorHash)
      }
    })
  }
  return {
    async people(accounts, passwordHash) {
      timed(() => {
        for (const a of accounts) {
          insert.account.run(a.id, a.name, a.plan, a.createdAt, a.createdAt)
          insert.user.run(a.userId, a.id, a.email, passwordHash, a.createdAt, a.createdAt, a.createdAt)
          insert.membership.run(a.id, a.userId, a.createdAt)
        }
      })
    },
    async links(links) {
      timed(() => {
        for (const l of links) insert.link.run(l.id, l.accountId, null, l.slug, l.targetUrl, l.targetUrl, l.title, l.createdAt, l.createdAt)
      })
    },
    async history(rows) {
      pending.push(rows)
      pendingRows += rows.chunks.length + rows.daily.length + rows.breakdowns.length + rows.visitors.length
      if (pendingRows >= SQLITE_BATCH_ROWS) flush()
    },
    async finish() {
      flush()
      db.close()
      return writingMs
    },
  }
}

// What COPY's text format escapes in a value.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const copyText = (value: string) => (/[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value)

/** A client whose session skips triggers, foreign keys among them, as pg_restore --disable-triggers does. */
const loadingClient = (url: string) =>
  postgres(url, { max: 1, onnotice: () => {}, connection: { session_replication_role: 'replica', synchronous_commit: 'off' } })

// Text a COPY stream gathers before handing it to the connection.
const COPY_BUFFER = 1 << 20

/** One table's COPY … FROM STDIN on a connection of its own. */
async function copyInto(url: string, table: string, columns: string[]) {
  const client = loadingClient(url)
  const stream: Writable = await client.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable()
  let buffer: string[] = []
  let size = 0
  let waitingMs = 0
  const send = async () => {
    const text = buffer.join('')
    buffer = []
    size = 0
    if (!stream.write(text)) {
      const started = performance.now()
      await once(stream, 'drain')
      waitingMs += performance.now() - started
    }
  }
  return {
    row(line: string) {
      buffer.push(line)
      size += line.length
    },
    /** Hands what is gathered to the connection once there is enough, waiting while the server catches up. */
    async sendSome() {
      if (size >= COPY_BUFFER) await send()
    },
    async end() {
      if (size > 0) await send()
      const started = performance.now()
      const done = once(stream, 'finish')
      stream.end()
      await done
      await client.end()
      return waitingMs + performance.now() - started
    },
  }
}

/**
 * The month partitions of raw events for the year loaded, made as the migration makes them: the
 * migration made only this month and the next two, the database being empty then.
 */
export async function makeEventPartitions(url: string, firstDay: string, lastDay: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  const first = dayStart(firstDay)
  const last = dayStart(addDays(lastDay, 1))
  for (let month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); month <= last; ) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
    const name = `link_event_chunks_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`
    await sql.unsafe(`create table if not exists "${name}" partition of link_event_chunks for values from ('${month.toISOString()}') to ('${next.toISOString()}')`)
    month = next
  }
  await sql.end()
}

export async function postgresLoader(url: string): Promise<Loader> {
  const [chunks, daily, breakdowns, visitors] = await Promise.all([
    copyInto(url, 'link_event_chunks', ['link_id', 'account_id', 'first_at', 'last_at', 'count', 'events']),
    copyInto(url, 'link_daily_stats', ['link_id', 'account_id', 'day', 'clicks', 'scans', 'previews', 'social_clicks', 'unique_visitors']),
    copyInto(url, 'link_daily_breakdowns', ['link_id', 'dimension', 'day', 'value', 'count']),
    copyInto(url, 'link_daily_visitors', ['link_id', 'day', 'visitor_hash']),
  ])
  let writingMs = 0
  const insertAll = async (table: string, rows: Record<string, unknown>[]) => {
    const started = performance.now()
    const sql = loadingClient(url)
    for (let i = 0; i < rows.length; i += 5000) await sql`insert into ${sql(table)} ${sql(rows.slice(i, i + 5000))}`
    await sql.end()
    writingMs += performance.now() - started
  }
  return {
    async people(accounts, passwordHash) {
      const at = (a: SeededAccount) => new Date(a.createdAt)
      await insertAll('accounts', accounts.map((a) => ({ id: a.id, name: a.name, plan: a.plan, created_at: at(a), updated_at: at(a) })))
      await insertAll(
        'users',
        accounts.map((a) => ({ id: a.userId, account_id: a.id, email: a.email, password_hash: passwordHash, email_verified_at: at(a), created_at: at(a), updated_at: at(a) })),
      )
      await insertAll('memberships', accounts.map((a) => ({ account_id: a.id, user_id: a.userId, role: 'owner', created_at: at(a) })))
    },
    async links(links) {
      await insertAll(
        'share_links',
        links.map((l) => ({
          id: l.id, account_id: l.accountId, slug: l.slug, target_url: l.targetUrl, target_key: l.targetUrl, title: l.title, description: 'A page worth sharing',
          twitter_card: 'summary_large_image', is_active: true, created_at: new Date(l.createdAt), updated_at: new Date(l.createdAt),
        })),
      )
    },
    async history(rows) {
      for (const c of rows.chunks)
        chunks.row(`${c.linkId}\t${c.accountId}\t${c.firstAt.toISOString()}\t${c.lastAt.toISOString()}\t${c.count}\t${copyText(c.events)}\n`)
      for (const d of rows.daily)
        daily.row(`${d.linkId}\t${d.accountId}\t${d.day}\t${d.clicks}\t${d.scans}\t${d.previews}\t${d.socialClicks}\t${d.uniqueVisitors}\n`)
      for (const b of rows.breakdowns) breakdowns.row(`${b.linkId}\t${b.dimension}\t${b.day}\t${copyText(b.value)}\t${b.count}\n`)
      for (const v of rows.visitors) visitors.row(`${v.linkId}\t${v.day}\t${v.visitorHash}\n`)
      for (const stream of [chunks, daily, breakdowns, visitors]) await stream.sendSome()
    },
    async finish() {
      const waited = await Promise.all([chunks.end(), daily.end(), breakdowns.end(), visitors.end()])
      return writingMs + Math.max(...waited)
    },
  }
}

/** Counts the rows of a history batch into `counts`. */
export function countRows(counts: RowCounts, rows: HistoryRows) {
  counts.link_event_chunks += rows.chunks.length
  counts.link_daily_stats += rows.daily.length
  counts.link_daily_breakdowns += rows.breakdowns.length
  counts.link_daily_visitors += rows.visitors.length
}
