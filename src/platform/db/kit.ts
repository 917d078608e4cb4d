// The column kit. Each module writes its tables once against a Kit and gets them built for the
// database in use; drizzle-kit builds them for both (src/schema/sqlite.ts and pg.ts). Row types
// are SQLite's for both: every kind of column reads and writes the same JavaScript values.
import * as pg from 'drizzle-orm/pg-core'
import * as sqlite from 'drizzle-orm/sqlite-core'

const sqliteKit = {
  dialect: 'sqlite' as 'sqlite' | 'postgres',
  table: sqlite.sqliteTable,
  text: sqlite.text,
  integer: (name: string) => sqlite.integer(name),
  /** An instant, read as a Date (milliseconds in SQLite, timestamptz in PostgreSQL). */
  time: (name: string) => sqlite.integer(name, { mode: 'timestamp_ms' }),
  flag: (name: string) => sqlite.integer(name, { mode: 'boolean' }),
  json: <T>(name: string) => sqlite.text(name, { mode: 'json' }).$type<T>(),
  /** Bytes, read as a Buffer (a blob in SQLite, bytea in PostgreSQL). */
  bytes: sqlite.customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'blob', fromDriver: (value) => Buffer.from(value) }),
  /** A growing integer primary key. */
  serial: (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true }),
  /**
   * A growing integer, the primary key on SQLite; on PostgreSQL, where its table is partitioned, a
   * column of the key with the partitioning column (a partitioned table's key must hold that column).
   */
  partitionedSerial: (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true }),
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  primaryKey: sqlite.primaryKey,
}

export type Kit = typeof sqliteKit

const pgKit = {
  dialect: 'postgres',
  table: pg.pgTable,
  text: pg.text,
  integer: (name: string) => pg.integer(name),
  time: (name: string) => pg.timestamp(name, { withTimezone: true, mode: 'date' }),
  flag: (name: string) => pg.boolean(name),
  json: (name: string) => pg.jsonb(name),
  bytes: pg.customType<{ data: Buffer }>({ dataType: () => 'bytea' }),
  serial: (name: string) => pg.bigserial(name, { mode: 'number' }).primaryKey(),
  partitionedSerial: (name: string) => pg.bigserial(name, { mode: 'number' }).notNull(),
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
} as unknown as Kit

export const kits = { sqlite: sqliteKit, postgres: pgKit }

/** A text primary key holding a UUIDv7, made on insert. */
export const id = (k: Kit) =>
  k
    .text('id')
    .primaryKey()
    .$defaultFn(() => Bun.randomUUIDv7())

/** An instant set to now on insert. */
export const stamp = (k: Kit, name: string) =>
  k
    .time(name)
    .notNull()
    .$defaultFn(() => new Date())

/**
 * A module's tables, built once for each kit, so tables that refer to another module's get the
 * very objects that module uses on the same database.
 */
export function defineTables<T>(build: (k: Kit) => T): (k: Kit) => T {
  const built = new Map<Kit, T>()
  return (k) => {
    let tables = built.get(k)
    if (!tables) built.set(k, (tables = build(k)))
    return tables
  }
}
