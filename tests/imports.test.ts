// Importing a module starts nothing: the composition root (src/runtime.ts) does. Every module of
// the server is imported in a process of its own, with a fresh DATA_DIR, the configured database
// and a Redis URL: no file, descriptor (file or socket), timer of Linkcard's or thread appears.
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, dropTestDatabase } from './helpers/database'

describe('importing every module', () => {
  it('creates no file, socket, timer or thread', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkcard-imports-'))
    const databaseUrl = await createTestDatabase()
    try {
      const child = Bun.spawn(['bun', join(import.meta.dir, 'helpers/import-everything.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379', LOG_LEVEL: 'warn' },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
      expect(err).toBe('')
      expect(code).toBe(0)
      const seen = JSON.parse(out)
      expect(seen.modules).toBeGreaterThan(100)
      expect(seen).toMatchObject({ timers: [], opened: [], threads: 0, dataDir: [] })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      await dropTestDatabase(databaseUrl)
    }
  })
})
