// PostgreSQL test databases: one fresh database per server or per test process, when
// TEST_DATABASE_URL points at a PostgreSQL server; otherwise tests use SQLite in a temp folder.
import postgres from 'postgres'

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined
// `npm test` names its run, so its clean-up drops its own databases and never another run's.
const runPrefix = `lc_test_${process.env.LINKCARD_TEST_RUN ?? 'x'}_`

// `npm test` migrates one database before its PostgreSQL pass (tests/helpers/migrate.ts) and names
// it here: a copy of it is made in milliseconds, where migrating each server's empty database
// takes seconds.
const migratedTemplate = process.env.LINKCARD_TEST_TEMPLATE

/**
 * Creates a database and answers its URL, or undefined when tests run on SQLite: a copy of the
 * run's migrated one when there is one, or an `empty` one (for tests of migrating itself).
 */
export async function createTestDatabase({ empty = false } = {}): Promise<string | undefined> {
  if (!testDatabaseUrl) return undefined
  const name = `${runPrefix}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database ${name}${migratedTemplate && !empty ? ` template ${migratedTemplate}` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropTestDatabase(databaseUrl: string | undefined) {
  if (!databaseUrl || !testDatabaseUrl) return
  const name = new URL(databaseUrl).pathname.slice(1)
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
}
