import type { ImportMapping, ImportProblem, ImportSource, ImportStatus } from '../../shared/imports'
import { defineTables, id, stamp } from '../../platform/db/kit'
import { accountIdColumn } from '../accounts/tables'
import { createdByColumn } from '../auth/tables'

export const importTables = defineTables((k) => {
  /**
   * Imports of links from a file. Whichever instance holds the lease works through the chunks; a
   * lease not renewed (the instance stopped) lets any instance carry on where it stopped.
   */
  const linkImports = k.table(
    'link_imports',
    {
      id: id(k),
      accountId: accountIdColumn(k),
      createdBy: createdByColumn(k),
      source: k.text('source').$type<ImportSource>().notNull(),
      fileName: k.text('file_name').notNull(),
      mapping: k.json<ImportMapping>('mapping').notNull(),
      status: k.text('status').$type<ImportStatus>().notNull(),
      // Why it paused (the plan's hourly link limit) or failed.
      message: k.text('message'),
      total: k.integer('total').notNull(),
      // Rows handled so far, and what became of them.
      done: k.integer('done').notNull().default(0),
      created: k.integer('created').notNull().default(0),
      failed: k.integer('failed').notNull().default(0),
      // Rows made at another address than the file asked for (counted in created too).
      changed: k.integer('changed').notNull().default(0),
      // The first rows that failed or were changed (IMPORT_PROBLEMS_SHOWN), kept as chunks finish.
      problems: k.json<ImportProblem[]>('problems').notNull().default([]),
      // Paused until then (null: not paused).
      resumeAt: k.time('resume_at'),
      leaseUntil: k.time('lease_until'),
      createdAt: stamp(k, 'created_at'),
      finishedAt: k.time('finished_at'),
    },
    (t) => [k.index('link_imports_account_created_idx').on(t.accountId, t.createdAt), k.index('link_imports_status_idx').on(t.status)],
  )
  /** An import's rows, a chunk at a time: the links to make (JSON), then what became of each (the report, JSON). */
  const linkImportChunks = k.table(
    'link_import_chunks',
    {
      importId: k
        .text('import_id')
        .notNull()
        .references(() => linkImports.id, { onDelete: 'cascade' }),
      position: k.integer('position').notNull(),
      items: k.text('items').notNull(),
      report: k.text('report'),
    },
    (t) => [k.primaryKey({ columns: [t.importId, t.position] })],
  )
  return { linkImports, linkImportChunks }
})
