import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { db, type Db, kit } from '../../platform/db'
import { containsText, offsetOf, type PageQuery } from '../../platform/paging'
import { auditTables } from './tables'

const { auditLog } = auditTables(kit)

export type AuditRow = typeof auditLog.$inferSelect
export type NewAuditRow = typeof auditLog.$inferInsert

/** Written with `tx`, the transaction of the change the entries record. */
export async function insertAuditEntries(rows: NewAuditRow[], tx: Db = db) {
  if (rows.length > 0) await tx.insert(auditLog).values(rows)
}

/** Where a walk through an account's entries, newest first, has got to. */
export type AuditKey = Pick<AuditRow, 'createdAt' | 'id'>

export type AccountAuditFilter = {
  actorId?: string
  /** Any of these actions. */
  actions?: string[]
  from?: Date
  to?: Date
}

function accountEntries(accountId: string, filter: AccountAuditFilter, after: AuditKey | undefined): SQL {
  const { actorId, actions, from, to } = filter
  return and(
    eq(auditLog.accountId, accountId),
    actorId ? eq(auditLog.actorId, actorId) : undefined,
    actions ? inArray(auditLog.action, actions) : undefined,
    from ? gte(auditLog.createdAt, from) : undefined,
    to ? lte(auditLog.createdAt, to) : undefined,
    // The `<=` lets the database start at `after` in the account's index.
    after ? and(lte(auditLog.createdAt, after.createdAt), or(lt(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id))) : undefined,
  )!
}

/** Up to `limit` of the account's entries that match, newest first, after `after`; ids are time-ordered, so they break ties in the same order. */
export async function listAccountEntries(accountId: string, filter: AccountAuditFilter, after: AuditKey | undefined, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(accountEntries(accountId, filter, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
}

/** Everyone who acted in the account, in what the log keeps, each once (by the greatest of their names, should one have changed); the panel's staff are not among them. */
export async function actorsOf(accountId: string) {
  return db
    .select({ type: auditLog.actorType, id: auditLog.actorId, name: sql<string>`max(${auditLog.actorName})` })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), ne(auditLog.actorType, 'admin')))
    .groupBy(auditLog.actorType, auditLog.actorId)
    .orderBy(desc(sql`max(${auditLog.createdAt})`))
}

// The super-admin panel's log: the entries its super admins made.
const byPanel = eq(auditLog.actorType, 'admin')

export const PANEL_SORTS = ['createdAt'] as const
type PanelSort = (typeof PANEL_SORTS)[number]

/**
 * A page of the panel's entries, searched in who acted, the action, the target's id and the
 * details (where the target's e-mail or name is kept); ids are time-ordered, so they break ties in
 * the same order.
 */
export async function listPanelEntries(query: PageQuery<PanelSort>) {
  const { search } = query
  const searched = [auditLog.actorName, auditLog.action, auditLog.targetId, sql`cast(${auditLog.details} as text)`]
  const where = and(byPanel, search ? or(...searched.map((column) => containsText(column, search))) : undefined)
  const order = query.sortOrder === 'asc' ? asc : desc
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(order(auditLog.createdAt), order(auditLog.id)).limit(query.limit).offset(offsetOf(query)),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  return { rows, total: Number(total) }
}

/** Deletes up to `limit` entries made before `before`; answers how many went. */
export async function deleteEntriesBefore(before: Date, limit: number) {
  const oldest = db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.createdAt, before)).limit(limit)
  const deleted = await db.delete(auditLog).where(inArray(auditLog.id, oldest)).returning({ id: auditLog.id })
  return deleted.length
}

/** The entries of an account being deleted, but the panel's, which outlive it. */
export async function deleteAccountEntries(accountId: string, tx: Db) {
  await tx.delete(auditLog).where(and(eq(auditLog.accountId, accountId), ne(auditLog.actorType, 'admin')))
}
