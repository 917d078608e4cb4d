// SQL for imports. An account's imports are always looked up with the account, so another
// account's import is simply not found.
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { db, type Db, kit, transaction } from '../../platform/db'
import type { ImportProblem } from '../../shared/imports'
import { importTables } from './tables'

const { linkImports, linkImportChunks } = importTables(kit)

export type ImportRow = typeof linkImports.$inferSelect
type NewImportRow = typeof linkImports.$inferInsert

/** Stores an import (`storing`: its chunks follow, then it is queued), in the caller's transaction. */
export async function insertImport(values: NewImportRow, tx: Db) {
  const [row] = await tx.insert(linkImports).values(values).returning()
  return row!
}

/** One chunk of an import's rows (the links to make, JSON). */
export async function insertChunk(importId: string, position: number, items: string) {
  await db.insert(linkImportChunks).values({ importId, position, items })
}

export async function deleteImport(id: string) {
  await db.delete(linkImports).where(eq(linkImports.id, id))
}

/** Imports whose storing stopped before it ended (their instance stopped): their chunks go with them. */
export async function deleteAbandonedImports(before: Date) {
  await db.delete(linkImports).where(and(eq(linkImports.status, 'storing'), lt(linkImports.createdAt, before)))
}

export async function findImport(accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(linkImports)
    .where(and(eq(linkImports.accountId, accountId), eq(linkImports.id, id)))
  return row
}

// A list leaves out each import's problems: the one import's answer has them (findImport).
const { problems: _problems, ...summaryColumns } = getTableColumns(linkImports)

export const listImports = (accountId: string, limit: number) =>
  db.select(summaryColumns).from(linkImports).where(eq(linkImports.accountId, accountId)).orderBy(desc(linkImports.createdAt)).limit(limit)

const UNFINISHED = ['queued', 'running', 'paused'] as const

/** Whether the account has an import under way, or one being stored since `storingSince`. */
export async function hasUnfinishedImport(accountId: string, storingSince: Date, tx: Db = db) {
  const [row] = await tx
    .select({ id: linkImports.id })
    .from(linkImports)
    .where(
      and(
        eq(linkImports.accountId, accountId),
        or(inArray(linkImports.status, [...UNFINISHED]), and(eq(linkImports.status, 'storing'), gte(linkImports.createdAt, storingSince))),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Imports queued, running or paused, every account's (the status index answers). */
export async function countUnfinishedImports() {
  const [row] = await db.select({ unfinished: count() }).from(linkImports).where(inArray(linkImports.status, [...UNFINISHED]))
  return row?.unfinished ?? 0
}

/**
 * Takes the lease of the oldest import due for work (unfinished, its lease lapsed, not paused past
 * now), or answers undefined. Conditional on the lease, so two instances never both take it.
 */
export async function claimNextImport(now: Date, leaseUntil: Date) {
  const due = and(inArray(linkImports.status, [...UNFINISHED]), or(isNull(linkImports.leaseUntil), lt(linkImports.leaseUntil, now)), or(isNull(linkImports.resumeAt), lte(linkImports.resumeAt, now)))
  for (;;) {
    const [next] = await db.select({ id: linkImports.id, leaseUntil: linkImports.leaseUntil }).from(linkImports).where(due).orderBy(asc(linkImports.createdAt)).limit(1)
    if (!next) return undefined
    const [claimed] = await db
      .update(linkImports)
      .set({ status: 'running', leaseUntil, resumeAt: null, message: null })
      .where(and(eq(linkImports.id, next.id), next.leaseUntil ? eq(linkImports.leaseUntil, next.leaseUntil) : isNull(linkImports.leaseUntil)))
      .returning()
    if (claimed) return claimed
  }
}

/** The first chunk with no report yet. */
export async function nextChunk(importId: string) {
  const [row] = await db
    .select({ position: linkImportChunks.position, items: linkImportChunks.items })
    .from(linkImportChunks)
    .where(and(eq(linkImportChunks.importId, importId), isNull(linkImportChunks.report)))
    .orderBy(asc(linkImportChunks.position))
    .limit(1)
  return row
}

/**
 * Records a chunk's report and counts, adds its problems to the import's first `maxProblems`, and
 * renews the lease, at once.
 */
export async function completeChunk(
  importId: string,
  position: number,
  report: string,
  counts: { done: number; created: number; failed: number; changed: number },
  problems: ImportProblem[],
  maxProblems: number,
  leaseUntil: Date,
) {
  await transaction(async (tx) => {
    const reported = await tx
      .update(linkImportChunks)
      .set({ report })
      .where(and(eq(linkImportChunks.importId, importId), eq(linkImportChunks.position, position), isNull(linkImportChunks.report)))
      .returning({ position: linkImportChunks.position })
    // Reported already (an instance whose lease lapsed finished it too): counted once.
    if (reported.length === 0) return
    let listed: ImportProblem[] | undefined
    if (problems.length > 0) {
      const [row] = await tx.select({ problems: linkImports.problems }).from(linkImports).where(eq(linkImports.id, importId))
      if (row && row.problems.length < maxProblems) listed = [...row.problems, ...problems].slice(0, maxProblems)
    }
    await tx
      .update(linkImports)
      .set({
        done: sql`${linkImports.done} + ${counts.done}`,
        created: sql`${linkImports.created} + ${counts.created}`,
        failed: sql`${linkImports.failed} + ${counts.failed}`,
        changed: sql`${linkImports.changed} + ${counts.changed}`,
        ...(listed && { problems: listed }),
        leaseUntil,
      })
      .where(eq(linkImports.id, importId))
  })
}

export async function setImportState(importId: string, state: Partial<Pick<ImportRow, 'status' | 'message' | 'resumeAt' | 'leaseUntil' | 'finishedAt'>>, tx: Db = db) {
  await tx.update(linkImports).set(state).where(eq(linkImports.id, importId))
}

/** An import's reports, a chunk at a time, in order. */
export async function* reportsOf(importId: string) {
  for (let position = 0; ; position++) {
    const [row] = await db
      .select({ report: linkImportChunks.report })
      .from(linkImportChunks)
      .where(and(eq(linkImportChunks.importId, importId), eq(linkImportChunks.position, position)))
    if (!row) return
    if (row.report) yield row.report
  }
}
