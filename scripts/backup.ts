// `npm run backup -- [file]`: a consistent copy of the SQLite database while the server runs.
import { join } from 'node:path'
import { config } from '../src/platform/config'
import { backupSqlite } from '../src/platform/db'
import { AppError } from '../src/platform/errors'

export async function run(args: string[]) {
  if (config.database.dialect === 'postgres')
    throw new AppError('invalid', 'This instance uses PostgreSQL: back it up with pg_dump "$DATABASE_URL" > backup.sql.')
  const target = args[0] ?? join(config.dataDir, `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.db`)
  try {
    backupSqlite(target)
  } catch (error) {
    throw new AppError('invalid', `Backup failed: ${(error as Error).message}`)
  }
  return `Backup written to ${target}`
}
