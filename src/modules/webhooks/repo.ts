import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { db, type Db, isPostgres, kit } from '../../platform/db'
import { webhookTables } from './tables'

const { webhookEndpoints, webhookDeliveries } = webhookTables(kit)

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
type EndpointChanges = Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'isActive'>>

export const listEndpoints = (accountId: string) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)).orderBy(asc(webhookEndpoints.createdAt))

/** Every switched-on endpoint, for the caches of who wants what (a few per account at most). */
export const activeEndpoints = () =>
  db.select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId, events: webhookEndpoints.events }).from(webhookEndpoints).where(eq(webhookEndpoints.isActive, true))

export async function countEndpoints(accountId: string, tx: Db = db) {
  const [{ total }] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId))
  return Number(total)
}

export async function insertEndpoint(values: typeof webhookEndpoints.$inferInsert, tx: Db = db) {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning()
  return row
}

export async function findEndpoint(accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .limit(1)
  return row
}

export async function updateEndpoint(accountId: string, id: string, changes: EndpointChanges) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning()
  return row
}

export async function deleteEndpoint(accountId: string, id: string) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id })
  return row
}

export async function insertDeliveries(rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows)
}

/**
 * Claims up to `limit` due deliveries until `until`, with the address and sealed secret of their
 * endpoint. On PostgreSQL, rows another instance is claiming are skipped, never waited for.
 */
export async function claimDue(now: Date, until: Date, limit: number) {
  const due = and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)))
  const oldest = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(due).orderBy(asc(webhookDeliveries.nextAttemptAt)).limit(limit)
  const ids = isPostgres ? (oldest as unknown as { for: (strength: 'update', config: { skipLocked: true }) => typeof oldest }).for('update', { skipLocked: true }) : oldest
  const claimed = await db.update(webhookDeliveries).set({ claimedUntil: until }).where(and(inArray(webhookDeliveries.id, ids), due)).returning()
  if (claimed.length === 0) return []
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret, isActive: webhookEndpoints.isActive })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]))
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]))
  return claimed.flatMap((delivery) => {
    const endpoint = byId.get(delivery.endpointId)
    return endpoint ? [{ delivery, endpoint }] : []
  })
}

/** What an attempt found, and what comes next: another attempt at `nextAttemptAt`, or none. */
export async function recordAttempt(id: string, outcome: Pick<DeliveryRow, 'status' | 'nextAttemptAt' | 'lastStatus' | 'lastLatencyMs' | 'lastResponse' | 'lastError' | 'lastAttemptAt'>) {
  await db
    .update(webhookDeliveries)
    .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1`, claimedUntil: null })
    .where(eq(webhookDeliveries.id, id))
}

export async function listDeliveries(accountId: string, endpointId: string, limit: number, offset: number) {
  const where = and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId))
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ])
  return { rows, total: Number(total) }
}

export async function findDelivery(accountId: string, id: string) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, id)))
    .limit(1)
  return row
}

/** The delivery sent again from its first attempt's schedule: due now. */
export async function redeliver(accountId: string, id: string, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, id)))
    .returning()
  return row
}
