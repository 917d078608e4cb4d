// Direct access to a test server's database, to set up states the API cannot reach
// (an expired token, a past date) and to check what is stored.
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import postgres from 'postgres'
import { chunkEvents, journalEvents } from '../../src/modules/analytics/event-chunks'
import type { TestServer } from './server'

/** Runs one statement with `$1, $2...` placeholders on the server's database; answers the rows. */
export async function sql<T = Record<string, unknown>>(server: TestServer, text: string, params: unknown[] = []): Promise<T[]> {
  if (server.databaseUrl) {
    const client = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
    try {
      return (await client.unsafe(text, params as never[])) as unknown as T[]
    } finally {
      await client.end()
    }
  }
  const db = new Database(join(server.dataDir, 'linkcard.db'))
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    const converted = text.replace(/\$(\d+)/g, '?$1')
    return db.query(converted).all(...(params as never[])) as T[]
  } finally {
    db.close()
  }
}

/** A timestamp value as each database stores it. */
export const dbTime = (server: TestServer, date: Date) => (server.databaseUrl ? date.toISOString() : date.getTime())

/** A link's stored events (entries of alike events, each with its count), read from its chunks. */
export async function storedEvents(server: TestServer, linkId: string) {
  const chunks = await sql<{ first_at: number | string | Date; events: string }>(server, 'select first_at, events from link_event_chunks where link_id = $1', [linkId])
  return chunks.flatMap((chunk) => chunkEvents({ firstAt: chunk.first_at, events: chunk.events }))
}

/** How many events the database holds for good, in the journal and in chunks: what a killed server leaves. */
export async function durableEventCount(server: TestServer) {
  const journal = await sql<{ events: string }>(server, 'select events from event_journal')
  const [chunks] = await sql<{ total: number | string | null }>(server, 'select sum(count) as total from link_event_chunks')
  return journal.flatMap((row) => journalEvents(row.events)).reduce((sum, event) => sum + event.count, 0) + Number(chunks.total ?? 0)
}

