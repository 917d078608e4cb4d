// The audit log: who changed what in the admin panel, and when. Everything else the panel shows
// belongs to other modules and is read through their services.
import { asc, count, desc, or, sql } from 'drizzle-orm'
import { db, type Db, kit } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import { adminTables } from './tables'

const { auditLog } = adminTables(kit)

export type NewAuditEntry = typeof auditLog.$inferInsert

/** Written in the same transaction as the change it records. */
export async function insertAuditEntry(entry: NewAuditEntry, tx: Db = db) {
  await tx.insert(auditLog).values(entry)
}

export const AUDIT_SORTS = ['createdAt'] as const
type AuditSort = (typeof AUDIT_SORTS)[number]

/**
 * A page of entries, searched in who acted, the action, the target's id and the details (where the
 * target's e-mail or name is kept); ids are time-ordered, so they break ties in the same order.
 */
export async function listAuditEntries(query: PageQuery<AuditSort>) {
  const { search } = query
  const searched = [auditLog.actorEmail, auditLog.action, auditLog.targetId, sql`cast(${auditLog.details} as text)`]
  const where = search ? or(...searched.map((column) => containsText(column, search))) : undefined
  const order = query.sortOrder === 'asc' ? asc : desc
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(order(auditLog.createdAt), order(auditLog.id)).limit(query.limit).offset(offsetOf(query)),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  return { rows, total: Number(total) }
}
