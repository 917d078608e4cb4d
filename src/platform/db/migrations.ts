// A Bun macro: runs when the code is bundled or transpiled, so the migrations travel inside the
// compiled executable and `npm start` alike, with no drizzle/ folder needed at run time.
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { join } from 'node:path'

export function bundledMigrations(dialect: 'sqlite' | 'pg') {
  return readMigrationFiles({ migrationsFolder: join(import.meta.dir, '../../../drizzle', dialect) })
}
