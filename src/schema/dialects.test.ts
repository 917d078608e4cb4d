// The tables are written once, but built twice: a column kit whose SQLite and PostgreSQL columns
// drifted apart would pass every test on one database and break the other.
import { describe, expect, it } from 'bun:test'
import { getTableName, type Column, type Table } from 'drizzle-orm'
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as pg from './pg'
import * as sqlite from './sqlite'

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>

// What a query sees of a column: its name, the JavaScript value it holds and its constraints.
const columnShape = (column: Column) => ({
  name: column.name,
  value: column.dataType,
  notNull: column.notNull,
  primary: column.primary,
  hasDefault: column.hasDefault,
  default: column.default,
  unique: column.isUnique,
})

function shape(config: Config) {
  const names = (columns: { name: string }[]) => columns.map((column) => column.name)
  return {
    columns: config.columns.map(columnShape),
    primaryKeys: config.primaryKeys.map((key) => names(key.columns)),
    indexes: config.indexes
      .map((index) => ({ name: index.config.name, unique: index.config.unique, columns: names(index.config.columns as { name: string }[]), where: Boolean(index.config.where) }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
    foreignKeys: config.foreignKeys.map((key) => {
      const reference = key.reference()
      return { columns: names(reference.columns), table: getTableName(reference.foreignTable as Table), foreignColumns: names(reference.foreignColumns), onDelete: key.onDelete }
    }),
  }
}

// Tables partitioned on PostgreSQL, whose key must hold the partitioning column (event-partitions.ts).
const PARTITIONED_KEYS: Record<string, string[]> = { link_event_chunks: ['id', 'first_at'] }

describe('the SQLite and PostgreSQL schemas', () => {
  it('hold the same tables under the same names', () => {
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort())
    const tableNames = (schema: Record<string, Table>) => Object.values(schema).map(getTableName).sort()
    expect(tableNames(pg)).toEqual(tableNames(sqlite))
    expect(Object.keys(sqlite).length).toBeGreaterThan(15)
  })

  for (const [key, table] of Object.entries(sqlite)) {
    it(`agree column for column, index for index on ${getTableName(table)}`, () => {
      const pgTable = (pg as Record<string, Table>)[key]
      const sqliteShape = shape(sqliteConfig(table as SQLiteTable))
      expect(sqliteShape.columns.length).toBeGreaterThan(0)
      const pgShape = shape(pgConfig(pgTable as PgTable))
      const partitionedKey = PARTITIONED_KEYS[getTableName(table)]
      if (partitionedKey) {
        // Its key on PostgreSQL is the serial and the partitioning column; SQLite's is the serial alone.
        expect(pgShape.primaryKeys).toEqual([partitionedKey])
        pgShape.primaryKeys = []
        for (const column of pgShape.columns) if (column.name === partitionedKey[0]) column.primary = true
      }
      expect(pgShape).toEqual(sqliteShape)
    })
  }
})
