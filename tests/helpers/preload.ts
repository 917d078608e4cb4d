// Runs before every test file of `bun test` (and in threads they start): in-process code (unit
// tests) gets its own temporary DATA_DIR and database, migrated, so no test touches ./data.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase } from './database'
import { freePort } from './server'

// Threads inherit the environment set up here, and must use the same data.
if (!process.env.LINKCARD_UNIT_TEST_DATA) {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'linkcard-unit-'))
  process.env.LOG_LEVEL ??= 'warn'
  // The in-process server (tests/helpers/in-process.ts) answers on a port of its own, named in its links.
  const port = freePort()
  process.env.HOST = '127.0.0.1'
  process.env.PORT = String(port)
  process.env.PUBLIC_URL = `http://127.0.0.1:${port}`
  const databaseUrl = await createTestDatabase()
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl
  else delete process.env.DATABASE_URL
  process.env.LINKCARD_UNIT_TEST_DATA = process.env.DATA_DIR

  // The database alone: tests that need more of the runtime start it (tests/helpers/runtime.ts).
  const { startDatabase } = await import('../../src/runtime')
  await startDatabase()
}
