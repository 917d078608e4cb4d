// Migrates the database DATABASE_URL names and exits: `npm test` makes the run's migrated
// PostgreSQL database with it, which test databases are then copied from (database.ts).
import { startDatabase } from '../../src/runtime'

const lifecycle = await startDatabase()
await lifecycle.stop((name, error) => {
  console.error(`${name}: ${error}`)
  process.exitCode = 1
})
