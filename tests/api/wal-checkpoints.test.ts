// SQLite: the request thread's writes reach the database file through the event writer's thread,
// which checkpoints the WAL every second, so no request waits for a checkpoint.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { signUp } from '../helpers/accounts'
import { client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { until } from '../helpers/until'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

/** Whether the database file alone (without its WAL) holds the link: only a checkpoint puts it there. */
function fileHoldsLink(slug: string) {
  const copy = join(server.dataDir, 'file-only.db')
  try {
    copyFileSync(join(server.dataDir, 'linkcard.db'), copy)
    const db = new Database(copy, { readonly: true })
    try {
      return db.query('select 1 from share_links where slug = ?').get(slug) !== null
    } finally {
      db.close()
    }
  } catch {
    // Copied in the middle of a checkpoint's writes: read again.
    return false
  }
}

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('puts a new link into the database file within seconds, far below the WAL size of a checkpoint on commit', async () => {
  const http = client(server.url)
  const person = await signUp(http, 'checkpoint')
  const link = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/checkpointed', title: 'Checkpointed' }, { token: person.token })
  expect(link.status).toBe(201)
  expect(await until(() => fileHoldsLink(link.body.slug), { what: 'the link to reach the database file' })).toBe(true)
})
