import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import { db, isPostgres, kit, lockingRows, prepared, type Db } from '../../platform/db'
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

export async function updateEndpoint(accountId: string, id: string, changes: EndpointChanges, tx: Db = db) {
  const [row] = await tx
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning()
  return row
}

export async function deleteEndpoint(accountId: string, id: string, tx: Db = db) {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events, description: webhookEndpoints.description, isActive: webhookEndpoints.isActive })
  return row
}

/** The account's switched-on endpoints and their events; on PostgreSQL none can be deleted until `tx` ends. */
export async function endpointsOf(tx: Db, accountId: string) {
  const query = tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.isActive, true)))
  // A delivery refers to its endpoint: one deleted meanwhile would fail the change the message tells of.
  return lockingRows(query, 'key share')
}

type NewDelivery = typeof webhookDeliveries.$inferInsert
const DELIVERY_COLUMNS = Object.entries(getTableColumns(webhookDeliveries))

// SQLite: one row's insert, built once and run per row (in the caller's transaction, on the one
// connection): building a multi-row insert costs several times more, on the request's thread. Its
// values are bound as they are (null stays NULL whatever the column's kind).
const insertOne = prepared((db) =>
  db
    .insert(webhookDeliveries)
    .values(Object.fromEntries(DELIVERY_COLUMNS.map(([key]) => [key, sql`${sql.placeholder(key)}`])) as unknown as NewDelivery)
    .prepare(),
)
function driverValues(row: NewDelivery) {
  const values: Record<string, unknown> = {}
  for (const [key, column] of DELIVERY_COLUMNS) {
    const given = row[key as keyof NewDelivery]
    const value = given !== undefined ? given : (column.default ?? column.defaultFn?.() ?? null)
    values[key] = value === null ? null : column.mapToDriverValue(value)
  }
  return values
}

// PostgreSQL: rows a statement inserts at once, 9 columns each, well under its bound-value limit.
const INSERT_CHUNK = 500

export async function insertDeliveries(rows: NewDelivery[], tx: Db = db) {
  if (!isPostgres) for (const row of rows) await insertOne().run(driverValues(row))
  else for (let at = 0; at < rows.length; at += INSERT_CHUNK) await tx.insert(webhookDeliveries).values(rows.slice(at, at + INSERT_CHUNK))
}

const isDue = (now: Date) =>
  and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)))

/** Deliveries not yet delivered nor given up, due or waiting for a retry (the status index answers). */
export async function countPendingDeliveries() {
  const [row] = await db.select({ pending: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))
  return row?.pending ?? 0
}

// Due deliveries read to choose from: enough to find other accounts behind one account's backlog.
const CANDIDATES = 200

/**
 * Claims due deliveries until `until` (oldest due first), with the address and sealed secret of
 * their endpoint: at most `limit`, and of each account at most `room(accountId)`, taken in turns
 * so one account's backlog does not fill the claim; accounts in `full` are passed over. A delivery
 * another instance claims meanwhile is not claimed (on PostgreSQL, skipped, never waited for).
 * `more` says whether due deliveries may be left that this claim did not look at.
 */
export async function claimDue(now: Date, until: Date, { limit, room, full }: { limit: number; room: (accountId: string) => number; full: string[] }) {
  const due = isDue(now)
  const candidates = await db
    .select({ id: webhookDeliveries.id, accountId: webhookDeliveries.accountId })
    .from(webhookDeliveries)
    .where(full.length > 0 ? and(due, notInArray(webhookDeliveries.accountId, full)) : due)
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(CANDIDATES)
  const chosen = takeTurns(candidates, limit, room)
  const more = candidates.length === CANDIDATES
  if (chosen.length === 0) return { claimed: [], more }
  const free = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(inArray(webhookDeliveries.id, chosen), due))
  const ids = lockingRows(free, 'update', { skipLocked: true })
  const claimed = await db.update(webhookDeliveries).set({ claimedUntil: until }).where(and(inArray(webhookDeliveries.id, ids), due)).returning()
  if (claimed.length === 0) return { claimed: [], more }
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret, isActive: webhookEndpoints.isActive })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]))
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]))
  return {
    claimed: claimed.flatMap((delivery) => {
      const endpoint = byId.get(delivery.endpointId)
      return endpoint ? [{ delivery, endpoint }] : []
    }),
    more,
  }
}

/** Ids of the candidates, one account's after another's in turn (in the order their oldest came), within each account's room. */
function takeTurns(candidates: { id: string; accountId: string }[], limit: number, room: (accountId: string) => number) {
  const queues = new Map<string, string[]>()
  for (const { id, accountId } of candidates) {
    let queue = queues.get(accountId)
    if (!queue) queues.set(accountId, (queue = []))
    if (queue.length < room(accountId)) queue.push(id)
  }
  const chosen: string[] = []
  for (let turn = 0; chosen.length < limit; turn++) {
    const before = chosen.length
    for (const queue of queues.values()) if (turn < queue.length && chosen.length < limit) chosen.push(queue[turn]!)
    if (chosen.length === before) break
  }
  return chosen
}

/** Lets claimed deliveries go unsent (a stopping instance): due again at once, for any instance. */
export async function releaseClaims(ids: string[]) {
  if (ids.length > 0) await db.update(webhookDeliveries).set({ claimedUntil: null }).where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending')))
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
