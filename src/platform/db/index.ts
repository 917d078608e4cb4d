// The database handle. SQLite (bun:sqlite) by default, PostgreSQL (postgres.js) when DATABASE_URL
// says so. Queries are written once against the SQLite types; each module builds its tables with
// `kit`, the column kit of the database in use (kit.ts).
import { Database } from 'bun:sqlite'
import { sql, type SQLWrapper } from 'drizzle-orm'
import { drizzle as drizzleSqlite, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js'
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy'
import postgres from 'postgres'
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { config } from '../config'
import { platformTables } from '../tables'
import { threadCalls } from '../thread-calls'
import type { ReadCall } from './reader-worker'
import { kits } from './kit'
import { bundledMigrations } from './migrations' with { type: 'macro' }

// drizzle's migrators call these internals; the bundled migrations are handed to them directly.
type Migratable = { dialect: { migrate(migrations: unknown, session: unknown, config: object): unknown }; session: unknown }
export type Db = BunSQLiteDatabase

const dialect = config.database.dialect
export const isPostgres = dialect === 'postgres'
/** The column kit of the database in use: modules build their tables with it. */
export const kit = kits[dialect]

const WAL_CHECKPOINT_PAGES = 10_000
// Ten times as far, for a connection that leaves checkpoints to another thread: only should that thread stop.
const WAL_BACKSTOP_PAGES = 100_000

function openSqlite(path: string) {
  mkdirSync(dirname(path), { recursive: true })
  const client = new Database(path, { create: true, strict: true })
  // Readable by Linkcard's user alone (the WAL and shared-memory files take the database's mode).
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600)
  client.exec('PRAGMA journal_mode = WAL')
  client.exec('PRAGMA synchronous = NORMAL')
  client.exec('PRAGMA foreign_keys = ON')
  client.exec('PRAGMA busy_timeout = 5000')
  // Checkpoint every ~40 MB of WAL rather than 4 MB: click events land on pages all over the
  // per-link index, and fewer, larger checkpoints write each page once instead of many times.
  client.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`)
  // 32 MB of pages per connection (2 MB by default): the event writer's inserts land all over the
  // per-link index, and each page it must read back from the file costs a system call and a copy.
  client.exec('PRAGMA cache_size = -32768')
  return { client, db: drizzleSqlite({ client }) }
}

let sqliteHandle: ReturnType<typeof openSqlite> | undefined
let pgClient: postgres.Sql | undefined

// Until openDatabase() runs, any use says so instead of failing somewhere inside drizzle.
const notOpen = new Proxy({} as Db, {
  get() {
    throw new Error('The database is not open: openDatabase() runs at start.')
  },
})

/** The database, once openDatabase() has run (at start, from the composition root). */
export let db: Db = notOpen

/**
 * The database for reads that go through many rows (an account's links searched or counted, a
 * long period's totals): on SQLite, whose statements hold the thread that runs them, they run on a
 * thread of their own with a read-only connection, and what the request thread gets is their
 * (small) answer. On PostgreSQL, the database itself. Only for reads: the thread sees what has
 * committed, never a transaction under way.
 */
export let reads: Db = notOpen
let sqliteReader: ReturnType<typeof threadCalls<ReadCall, { rows: unknown[] }>> | undefined

/** A statement prepared for the open database on first use (the hot paths' look-ups), again after a reopen. */
export function prepared<T>(build: (db: Db) => T): () => T {
  let made: { on: Db; statement: T } | undefined
  const make = () => {
    const statement = build(db)
    // drizzle has PostgreSQL prepare only statements it names; postgres.js then prepares this one
    // once per connection instead of having it parsed and planned on every call.
    if (isPostgres) (statement as { prepare?: boolean }).prepare = true
    return statement
  }
  return () => (made?.on === db ? made.statement : (made = { on: db, statement: make() }).statement)
}

/**
 * `column` is one of the list bound to the placeholder `name` (as listParam makes it): one prepared
 * statement for lists of any length, where inArray is a statement to build and parse per list.
 */
export const inList = (column: SQLWrapper, name: string) =>
  isPostgres ? sql`${column} = any(${sql.placeholder(name)})` : sql`${column} in (select value from json_each(${sql.placeholder(name)}))`

/**
 * `column` as a term no index is chosen for (SQLite's unary +), where another term names rows
 * better: `account_id = ? and id in (…)` is a hundred look-ups by id, where SQLite, without
 * statistics, would read every link of the account instead. PostgreSQL plans from statistics.
 */
export const unindexed = (column: SQLWrapper) => (isPostgres ? sql`${column}` : sql`+${column}`)

/**
 * `query` holding the rows it reads until the transaction ends, on PostgreSQL (`for update`, `for
 * key share`…; `skipLocked` passes over rows another transaction holds). SQLite has no row locks and
 * needs none: it runs one write transaction at a time (transaction()), so there the query is as given.
 */
export function lockingRows<Q>(query: Q, strength: 'update' | 'no key update' | 'share' | 'key share', options?: { skipLocked: true }): Q {
  // Queries are typed as SQLite's (Db), whose builder has no `for`; on PostgreSQL the object is drizzle's pg select.
  return isPostgres ? (query as unknown as { for(strength: string, config?: object): Q }).for(strength, options) : query
}

/** A list as inList's placeholder takes it. */
export const listParam = (values: string[]) => (isPostgres ? values : JSON.stringify(values))

/**
 * Opens the database of the settings (a file for SQLite, a pool for PostgreSQL); once. On SQLite,
 * `readerThread` is the entry of the thread `reads` go to (reader-worker.ts); without it they run here.
 */
export function openDatabase({ readerThread }: { readerThread?: URL } = {}) {
  if (db !== notOpen) return
  if (config.database.dialect === 'sqlite') {
    sqliteHandle = openSqlite(config.database.path)
    db = sqliteHandle.db
    const reader = readerThread && (sqliteReader = threadCalls<ReadCall, { rows: unknown[] }>(readerThread, 'SQLite reader'))
    reads = reader ? (drizzleProxy((sql, params, method) => reader.call({ sql, params, method })) as unknown as Db) : db
  } else {
    pgClient = postgres(config.database.url, { max: 10, onnotice: () => {}, idle_timeout: 30 })
    db = drizzlePg({ client: pgClient }) as unknown as Db
    reads = db
  }
}

export async function migrate() {
  if (sqliteHandle) {
    // bun:sqlite's dialect migrates synchronously inside one transaction.
    const sqliteDb = sqliteHandle.db as unknown as Migratable
    sqliteDb.dialect.migrate(bundledMigrations('sqlite'), sqliteDb.session, {})
    return
  }
  // Instances starting together take turns: the first migrates, the rest find nothing to do.
  const lock = await pgClient!.reserve()
  try {
    await lock`select pg_advisory_lock(727274)`
    const pgDb = db as unknown as Migratable
    await pgDb.dialect.migrate(bundledMigrations('pg'), pgDb.session, {})
  } finally {
    await lock`select pg_advisory_unlock(727274)`
    lock.release()
  }
}

// SQLite runs one write transaction at a time; callers queue here instead of failing with SQLITE_BUSY.
let sqliteQueue: Promise<unknown> = Promise.resolve()
// Work to do once a transaction has committed (cache invalidation, notifications), by handle.
const commitHooks = new WeakMap<object, (() => void)[]>()

/** Runs fn once tx commits (dropped on rollback); at once when tx is not a transaction. */
export function afterCommit(tx: Db | undefined, fn: () => void) {
  const hooks = tx && commitHooks.get(tx)
  if (hooks) hooks.push(fn)
  else fn()
}

/**
 * Runs fn atomically. On SQLite, bun:sqlite's own transaction() is synchronous and would commit
 * before an async callback finishes, so this opens BEGIN IMMEDIATE itself. fn must await only
 * database calls (they settle at once on SQLite), so no other request's work lands inside it.
 */
export async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = []
  const result = await (sqliteHandle ? runSqliteTransaction(fn, hooks) : runPgTransaction(fn, hooks))
  for (const hook of hooks) hook()
  return result
}

/**
 * Runs `work` once for the database, in a transaction that records it done: a change to stored data
 * that SQL migrations cannot make, such as one by the product's own Unicode rules. Instances starting
 * together take turns on the record (a second one's insert waits for the first's commit), so one does it.
 */
export async function upgradeOnce(name: string, work: (tx: Db) => Promise<void>) {
  const { dataUpgrades } = platformTables(kit)
  await transaction(async (tx) => {
    const claimed = await tx.insert(dataUpgrades).values({ name, doneAt: new Date() }).onConflictDoNothing().returning()
    if (claimed.length > 0) await work(tx)
  })
}

/**
 * SQLite: `write` (synchronous, on this connection) for the items that arrive in one turn of the
 * event loop, in one transaction: the commit is most of what a small write costs, and requests
 * made at about the same time share it. Should the batch fail, each item is written on its own,
 * so an item's error is its own and the others go in.
 */
export function groupCommitted<I, R>(write: (item: I) => R): (item: I) => Promise<R> {
  let pending: { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }[] = []
  const commit = async () => {
    const batch = pending
    pending = []
    let results: R[]
    try {
      results = await transaction(async () => batch.map(({ item }) => write(item)))
    } catch {
      for (const { item, resolve, reject } of batch) {
        try {
          resolve(write(item))
        } catch (error) {
          reject(error)
        }
      }
      return
    }
    for (const [i, { resolve }] of batch.entries()) resolve(results[i]!)
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) setImmediate(commit)
      pending.push({ item, resolve, reject })
    })
}

function runPgTransaction<T>(fn: (tx: Db) => Promise<T>, hooks: (() => void)[]) {
  return (db as unknown as ReturnType<typeof drizzlePg>).transaction((tx) => {
    commitHooks.set(tx, hooks)
    return fn(tx as unknown as Db)
  })
}

function runSqliteTransaction<T>(fn: (tx: Db) => Promise<T>, hooks: (() => void)[]): Promise<T> {
  const client = sqliteHandle!.client
  const run = async () => {
    // One connection serves all; a handle of its own tells afterCommit which transaction it is in.
    const tx: Db = Object.create(db)
    commitHooks.set(tx, hooks)
    client.exec('BEGIN IMMEDIATE')
    try {
      const result = await fn(tx)
      client.exec('COMMIT')
      return result
    } catch (error) {
      client.exec('ROLLBACK')
      throw error
    }
  }
  const result = sqliteQueue.then(run, run)
  sqliteQueue = result.catch(() => undefined)
  return result
}

function hasErrorCode(error: unknown, codes: string[]) {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code && codes.includes(e.code)) return true
  return false
}

/** True when error (or what it wraps) is a unique-constraint violation, on either database. */
export const isUniqueViolation = (error: unknown) => hasErrorCode(error, ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'])

/** True when error (or what it wraps) names a row that no longer exists, on either database. */
export const isForeignKeyViolation = (error: unknown) => hasErrorCode(error, ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'])

/** The PostgreSQL connection pool, for the statements drizzle does not write (partitions); undefined on SQLite. */
export const postgresClient = () => pgClient

/** PostgreSQL's LISTEN/NOTIFY on one channel, for instances that share a database but no Redis. */
export function pgChannel(channel: string) {
  const client = pgClient
  if (!client) throw new Error('LISTEN/NOTIFY needs an open PostgreSQL database.')
  let listening: { unlisten(): Promise<void> } | undefined
  return {
    send: (message: string) => client.notify(channel, message),
    listen: async (receive: (message: string) => void) => {
      listening = await client.listen(channel, receive)
    },
    close: () => void listening?.unlisten().catch(() => undefined),
  }
}

/**
 * SQLite: this connection's commits no longer checkpoint the WAL (a copy of thousands of pages and
 * two fsyncs, which every request waiting on this thread would wait for), unless it grows ten times
 * past the usual point: another thread's connection does it (checkpointWal).
 */
export function leaveCheckpointsToAnotherThread() {
  sqliteHandle?.client.exec(`PRAGMA wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`)
}

/** SQLite: copies what the WAL holds into the database, without waiting for any reader or writer (PASSIVE). */
export function checkpointWal() {
  sqliteHandle?.client.exec('PRAGMA wal_checkpoint(PASSIVE)')
}

export async function pingDb() {
  if (sqliteHandle) sqliteHandle.client.query('select 1').get()
  else await pgClient!`select 1`
}

export async function closeDb() {
  sqliteReader?.stop()
  sqliteReader = undefined
  reads = notOpen
  if (sqliteHandle) {
    // Worth doing, never worth failing a stop for.
    try {
      sqliteHandle.client.exec('PRAGMA optimize')
    } catch {}
    sqliteHandle.client.close()
  } else await pgClient?.end({ timeout: 5 })
  sqliteHandle = pgClient = undefined
  db = notOpen
}

/** SQLite only: a consistent copy of the live database (VACUUM INTO), for `npm run backup`. */
export function backupSqlite(target: string) {
  if (!sqliteHandle) throw new Error('Backups of PostgreSQL are taken with pg_dump.')
  sqliteHandle.client.query('VACUUM INTO ?').run(target)
}
