// The SQLite reader's thread: statements that read many rows run here, on a read-only connection
// of its own (opened with the first), so the request thread never waits for them; WAL lets it read
// beside the writers.
import { Database } from 'bun:sqlite'
import { config } from '../config'
import { answerCalls } from '../thread-calls'

export type ReadCall = { sql: string; params: unknown[]; method: 'run' | 'all' | 'values' | 'get' }

let client: Database | undefined

function open() {
  if (config.database.dialect !== 'sqlite') throw new Error('The SQLite reader reads SQLite only.')
  const opened = new Database(config.database.path, { readonly: true })
  // Set before the first read: opening the WAL's shared memory may wait for the request thread's connection.
  opened.exec('PRAGMA busy_timeout = 5000')
  opened.exec('PRAGMA cache_size = -32768')
  return opened
}

// drizzle's SQLite proxy takes rows as arrays of values; `get` as one row.
answerCalls(({ sql, params, method }: ReadCall) => {
  client ??= open()
  const statement = client.query(sql)
  if (method === 'run') {
    statement.run(...(params as never[]))
    return { rows: [] }
  }
  const rows = statement.values(...(params as never[]))
  return { rows: method === 'get' ? rows[0] : rows }
})
