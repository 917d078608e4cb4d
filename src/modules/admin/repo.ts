// The audit log: who changed what in the admin panel, and when. Everything else the panel shows
// belongs to other modules and is read through their services.
import { count, desc } from 'drizzle-orm'
import { db, type Db, kit } from '../../platform/db'
import { adminTables } from './tables'

const { auditLog } = adminTables(kit)

export type NewAuditEntry = typeof auditLog.$inferInsert

/** Written in the same transaction as the change it records. */
export async function insertAuditEntry(entry: NewAuditEntry, tx: Db = db) {
  await tx.insert(auditLog).values(entry)
}

/** Newest first; ids are time-ordered, so they break ties in the same order. */
export async function listAuditEntries(limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(auditLog),
  ])
  return { rows, total: Number(total) }
}
