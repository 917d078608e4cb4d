import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, it } from 'bun:test'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { join } from 'node:path'
import postgres from 'postgres'
import { createTestDatabase, dropTestDatabase, testDatabaseUrl } from '../../../tests/helpers/database'
import { chunkEvents } from '../../modules/analytics/event-chunks'

const dialect = testDatabaseUrl ? 'pg' : 'sqlite'
const migrations = readMigrationFiles({ migrationsFolder: join(import.meta.dir, '../../../drizzle', dialect) })
// Where raw events moved from one row each (link_events) into chunks.
const CHUNKS_FROM = migrations.findIndex((migration) => migration.sql.some((statement) => statement.includes('INSERT INTO') && statement.includes('link_event_chunks')))

/** A database of its own, on the dialect under test, run one statement at a time. */
async function emptyDatabase() {
  if (dialect === 'sqlite') {
    const db = new Database(':memory:')
    return {
      run: async (statement: string) => void db.exec(statement),
      rows: async (statement: string) => db.query(statement).all() as Record<string, unknown>[],
      close: async () => db.close(),
    }
  }
  const url = await createTestDatabase({ empty: true })
  const client = postgres(url!, { max: 1, onnotice: () => {} })
  return {
    run: async (statement: string) => void (await client.unsafe(statement)),
    rows: async (statement: string) => (await client.unsafe(statement)) as Record<string, unknown>[],
    close: async () => {
      await client.end()
      await dropTestDatabase(url)
    },
  }
}

describe('upgrading a database with stored events', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>
  afterAll(() => database?.close())

  it('keeps every event, with its time, details and count, in the chunks', async () => {
    expect(CHUNKS_FROM).toBeGreaterThan(0)
    database = await emptyDatabase()
    for (const migration of migrations.slice(0, CHUNKS_FROM)) for (const statement of migration.sql) await database.run(statement)
    const time = (ms: number) => (dialect === 'sqlite' ? String(ms) : `'${new Date(ms).toISOString()}'`)
    const T = Date.UTC(2026, 5, 1, 12)
    await database.run(`insert into accounts (id, name, created_at, updated_at) values ('a1', 'Acme', ${time(T)}, ${time(T)})`)
    await database.run(
      `insert into share_links (id, account_id, slug, target_url, target_key, title, created_at, updated_at)
       values ('l1', 'a1', 'abc1234', 'https://example.com/', 'https://example.com/', 'Launch', ${time(T)}, ${time(T)})`,
    )
    await database.run(
      `insert into link_events (link_id, account_id, type, occurred_at, referrer_host, platform, country, device, browser, os, count) values
       ('l1', 'a1', 'click', ${time(T + 5)}, 't.co', null, 'DE', 'mobile', 'Safari', 'iOS', 3),
       ('l1', 'a1', 'preview', ${time(T + 9)}, null, 'x', null, 'bot', null, null, 1)`,
    )
    for (const migration of migrations.slice(CHUNKS_FROM)) for (const statement of migration.sql) await database.run(statement)

    const chunks = await database.rows('select link_id, account_id, first_at, last_at, count, events from link_event_chunks order by first_at')
    expect(chunks.map((chunk) => [chunk.link_id, chunk.account_id, Number(chunk.count)])).toEqual([
      ['l1', 'a1', 3],
      ['l1', 'a1', 1],
    ])
    const events = chunks.flatMap((chunk) => chunkEvents({ firstAt: chunk.first_at as string, events: chunk.events as string }))
    expect(events).toEqual([
      { occurredAt: new Date(T + 5), type: 'click', referrerHost: 't.co', platform: null, country: 'DE', device: 'mobile', browser: 'Safari', os: 'iOS', count: 3 },
      { occurredAt: new Date(T + 9), type: 'preview', referrerHost: null, platform: 'x', country: null, device: 'bot', browser: null, os: null, count: 1 },
    ])
    expect(await database.rows("select * from link_event_chunks where last_at < first_at")).toEqual([])
  })
})

describe('upgrading a database with webhook endpoints saved with a user name or password', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>
  afterAll(() => database?.close())
  const FROM = migrations.findIndex((migration) => migration.sql.some((statement) => /UPDATE\s+\S*webhook_endpoints/i.test(statement)))

  it('drops them from the addresses, which were always called without them, and leaves the rest as it was', async () => {
    expect(FROM).toBeGreaterThan(0)
    database = await emptyDatabase()
    for (const migration of migrations.slice(0, FROM)) for (const statement of migration.sql) await database.run(statement)
    const T = Date.UTC(2026, 5, 1, 12)
    const time = dialect === 'sqlite' ? String(T) : `'${new Date(T).toISOString()}'`
    await database.run(`insert into accounts (id, name, created_at, updated_at) values ('a1', 'Acme', ${time}, ${time})`)
    const urls = {
      e1: ['https://user:s%40cret@hooks.example.org/in', 'https://hooks.example.org/in'],
      e2: ['http://token@hooks.example.org:8080/x?to=a@b', 'http://hooks.example.org:8080/x?to=a@b'],
      e3: ['https://hooks.example.org/path/@handle', 'https://hooks.example.org/path/@handle'],
      e4: ['https://hooks.example.org/', 'https://hooks.example.org/'],
      e5: ['https://:only-password@[2001:db8::1]/h', 'https://[2001:db8::1]/h'],
    }
    for (const [id, [url]] of Object.entries(urls))
      await database.run(`insert into webhook_endpoints (id, account_id, url, events, secret, created_at) values ('${id}', 'a1', '${url}', '["click"]', 'sealed', ${time})`)
    for (const migration of migrations.slice(FROM)) for (const statement of migration.sql) await database.run(statement)
    const rows = await database.rows('select id, url from webhook_endpoints order by id')
    expect(Object.fromEntries(rows.map((row) => [row.id, row.url]))).toEqual(Object.fromEntries(Object.entries(urls).map(([id, [, after]]) => [id, after])))
  })
})
