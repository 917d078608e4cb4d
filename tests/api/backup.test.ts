// `npm run backup`: a consistent copy of the live SQLite database; PostgreSQL is pointed to pg_dump.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runCommand, signUp } from '../helpers/accounts'
import { client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('copies the running SQLite database into a file that opens with its data', async () => {
  const person = await signUp(client(server.url), 'backup')
  const target = join(server.dataDir, 'copy.db')
  const result = await runCommand(server, ['backup', target])
  expect(result.code).toBe(0)
  expect(result.stdout).toContain(`Backup written to ${target}`)
  const copy = new Database(target, { readonly: true })
  try {
    expect(copy.query('select email from users where id = ?').get(person.user.id)).toEqual({ email: person.email })
  } finally {
    copy.close()
  }
})

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('fails with a clear message when the copy cannot be written', async () => {
  const result = await runCommand(server, ['backup', join(server.dataDir, 'no-such-folder', 'copy.db')])
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('Backup failed:')
})

it.skipIf(!process.env.TEST_DATABASE_URL)('points a PostgreSQL installation to pg_dump', async () => {
  const result = await runCommand(server, ['backup'])
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('back it up with pg_dump')
})
