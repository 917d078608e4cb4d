// The audit log: one way of recording who changed what, when and from where, for an account's log
// and the super-admin panel's alike. An entry is written in the transaction of the change it
// records (and its `audit.recorded` webhook message with it), so no change commits without its
// entry, nor an entry without its change. Nothing changes an entry afterwards; the sweep deletes
// those older than AUDIT_LOG_RETENTION_DAYS.
import { config } from '../../platform/config'
import type { Db } from '../../platform/db'
import { mayTell, tellAccountEvents } from '../../platform/events'
import { fieldError } from '../../platform/errors'
import { csvLine } from '../../platform/downloads'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import type { PageQuery } from '../../platform/paging'
import { singleFlight } from '../../platform/single-flight'
import { AUDIT_ACTIONS, AUDIT_MESSAGES, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditExportFileName, type Acting, type AuditAction, type AuditActor, type AuditChanges, type AuditKind } from '../../shared/audit'
import type { WebhookEvent } from '../../shared/webhooks'
import * as repo from './repo'
import type { AuditActors, AuditEntry, AuditExportQuery, AuditLogPage, AuditLogQuery } from './schema'

export type { Acting } from '../../shared/audit'

/** The one webhook event of the log: every entry of the account, as the API shows it. */
const AUDIT_EVENT: WebhookEvent = 'audit.recorded'

/** What changed: in the account (null: the panel's alone), the thing by its type, id and name then, and the fields before and after. */
export type AccountChange = {
  accountId: string | null
  action: AuditAction | PanelAction
  target: { type: string; id: string; name?: string | null }
  changes?: AuditChanges | null
  /** What else the entry keeps of the target (the panel searches it). */
  details?: Record<string, unknown>
}
/** The panel's own actions, named before accounts had logs. */
type PanelAction = 'user.deleted' | 'account.deleted'

/** Linkcard acting on its own: work no request asked for. */
export const LINKCARD: Acting = { type: 'system', id: null, name: 'Linkcard', address: null }
/** How an account's log shows a super admin of the panel: who they are stays the panel's. */
const STAFF: AuditActor = { type: 'admin', id: null, name: 'Linkcard staff' }

/** Who acts in a call: what its credentials' check found (the session's user, the API key), else Linkcard itself. */
export const actingOf = (caller: { acting?: Acting }): Acting => caller.acting ?? LINKCARD

/** Who acts in a super admin's call of the panel. */
export const asStaff = (caller: { id: string; email: string; acting?: Acting }): Acting => ({ type: 'admin', id: caller.id, name: caller.email, address: caller.acting?.address ?? null })

/**
 * The fields of `after` that differ from `before`, among `fields` (all of after's when not given),
 * each as {from, to}; undefined when none did. Never pass a secret's field: see secretChange.
 */
export function changesBetween(before: object, after: object, fields: readonly string[] = Object.keys(after)) {
  const was = before as Record<string, unknown>
  const now = after as Record<string, unknown>
  const changes: AuditChanges = {}
  for (const field of fields) {
    if (!(field in now)) continue
    const from = comparable(was[field])
    const to = comparable(now[field])
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to }
  }
  return Object.keys(changes).length > 0 ? changes : undefined
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null))

/**
 * Records changes, with `tx`, the transaction that makes them: the one way both logs are written.
 * Each entry of an account is also told to its webhooks (`audit.recorded`).
 */
export async function recordAccountChanges(tx: Db, acting: Acting, changes: AccountChange[]) {
  if (changes.length === 0) return
  const now = new Date()
  const rows = changes.map(
    ({ accountId, action, target, changes, details }): repo.AuditRow => ({
      id: Bun.randomUUIDv7(),
      accountId,
      actorType: acting.type,
      actorId: acting.id,
      actorName: acting.name,
      action,
      targetType: target.type,
      targetId: target.id,
      changes: changes ?? null,
      details: target.name === undefined && !details ? null : { ...details, ...(target.name !== undefined && { name: target.name }) },
      address: acting.address,
      createdAt: now,
    }),
  )
  await repo.insertAuditEntries(rows, tx)
  const told = rows.filter((row) => row.accountId !== null && mayTell(row.accountId, AUDIT_EVENT))
  await tellAccountEvents(
    tx,
    told.map((row) => ({ accountId: row.accountId!, type: AUDIT_EVENT, data: () => toEntryJson(row) })),
  )
}

/** recordAccountChanges of one change: what a module calls to record what it changed (the security work too, through what runtime.ts hands auth). */
export const recordAccountChange = (tx: Db, acting: Acting, change: AccountChange) => recordAccountChanges(tx, acting, [change])

// ---- an account's log -------------------------------------------------------------------------

function toEntryJson(row: repo.AuditRow): AuditEntry {
  const isStaff = row.actorType === 'admin'
  // The name the target had is kept with its details (recordAccountChanges).
  const name = row.details?.name
  return {
    id: row.id,
    action: row.action,
    actor: isStaff ? STAFF : { type: row.actorType, id: row.actorId, name: row.actorName },
    target: { type: row.targetType, id: row.targetId, name: typeof name === 'string' ? name : null },
    changes: row.changes,
    address: isStaff ? null : row.address,
    createdAt: row.createdAt.toISOString(),
  }
}

const ACTIONS = new Set(Object.values(AUDIT_ACTIONS).flatMap((actions) => Object.keys(actions)))

/** The actions an `action` filter asks for: a kind's (`link`: every link action), or one. */
function actionsOf(action: string | undefined) {
  if (!action) return undefined
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return Object.keys(AUDIT_ACTIONS[action as AuditKind])
  if (ACTIONS.has(action)) return [action]
  throw fieldError('invalid', 'action', AUDIT_MESSAGES.action)
}
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A day (its start, or with `end` its last millisecond, in UTC) or an ISO 8601 time; 400 otherwise. */
function instant(field: 'from' | 'to', raw: string | undefined, end = false) {
  if (raw === undefined || raw === '') return undefined
  const date = new Date(DAY.test(raw) ? `${raw}T00:00:00.000Z` : raw)
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) throw fieldError('invalid', field, AUDIT_MESSAGES.date)
  return DAY.test(raw) && end ? new Date(date.getTime() + 86_400_000 - 1) : date
}

function checkedFilter(query: AuditExportQuery): repo.AccountAuditFilter {
  const actions = actionsOf(query.action?.trim())
  const from = instant('from', query.from)
  const to = instant('to', query.to, true)
  if (from && to && from > to) throw fieldError('invalid', 'from', AUDIT_MESSAGES.range)
  return { actorId: query.actor?.trim() || undefined, actions, from, to }
}

// A cursor is where the page before ended (its last entry's time and id), unreadable by design so
// callers do not build their own: only its place matters, and another account's id finds nothing.
const cursorOf = (row: repo.AuditKey) => Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url')

function afterCursor(cursor: string | undefined): repo.AuditKey | undefined {
  if (!cursor) return undefined
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw fieldError('invalid', 'cursor', AUDIT_MESSAGES.cursor)
  return { createdAt: new Date(Number(match[1])), id: match[2]! }
}

function checkedLimit(raw: string | undefined) {
  if (raw === undefined || raw === '') return AUDIT_PAGE_DEFAULT
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN
  if (!(limit >= 1 && limit <= AUDIT_PAGE_MAX)) throw fieldError('invalid', 'limit', AUDIT_MESSAGES.limit)
  return limit
}

/** `GET /api/audit-log`: a page of the account's entries that match, newest first, and the cursor of the next. */
export async function listAccountAudit(accountId: string, query: AuditLogQuery): Promise<AuditLogPage> {
  const filter = checkedFilter(query)
  const limit = checkedLimit(query.limit)
  const rows = await repo.listAccountEntries(accountId, filter, afterCursor(query.cursor), limit + 1)
  const page = rows.slice(0, limit)
  return { entries: page.map(toEntryJson), nextCursor: rows.length > limit ? cursorOf(page.at(-1)!) : null }
}

/** Who acted in the account, for the log's filter by person. */
export async function accountAuditActors(accountId: string): Promise<AuditActors> {
  return { actors: await repo.actorsOf(accountId) }
}

const CSV_COLUMNS = ['createdAt', 'action', 'actorType', 'actorId', 'actorName', 'targetType', 'targetId', 'targetName', 'changes', 'address'] as const
// A page of entries with the longest changes is written in a few milliseconds.
const EXPORT_PAGE = 200

async function* csvChunks(accountId: string, filter: repo.AccountAuditFilter) {
  yield csvLine([...CSV_COLUMNS])
  let after: repo.AuditKey | undefined
  for (;;) {
    const rows = await repo.listAccountEntries(accountId, filter, after, EXPORT_PAGE)
    if (rows.length === 0) return
    after = rows.at(-1)
    yield rows
      .map(toEntryJson)
      .map(({ createdAt, action, actor, target, changes, address }) =>
        csvLine([createdAt, action, actor.type, actor.id, actor.name, target.type, target.id, target.name, changes && JSON.stringify(changes), address]),
      )
      .join('')
  }
}

/** `GET /api/audit-log.csv`: every entry of the account that matches, newest first, a page at a time as it is sent. */
export function exportAccountAudit(accountId: string, query: AuditExportQuery, now = new Date()) {
  return { filename: auditExportFileName(now), type: 'text/csv', chunks: csvChunks(accountId, checkedFilter(query)) }
}

/** With `tx`, the deletion of the account: its log goes with it, but for the panel's entries, which outlive it. */
export const forgetAccountAudit = (accountId: string, tx: Db) => repo.deleteAccountEntries(accountId, tx)

// ---- the panel's log --------------------------------------------------------------------------

export const PANEL_SORTS = repo.PANEL_SORTS

/** A page of what super admins changed in the panel, as the panel has always shown it. */
export async function listPanelAudit(query: PageQuery<(typeof PANEL_SORTS)[number]>) {
  const { rows, total } = await repo.listPanelEntries(query)
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorUserId: row.actorId,
      actorEmail: row.actorName,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  }
}

// ---- keeping ----------------------------------------------------------------------------------

const SWEEP_BATCH = 5000
const SWEEP_EVERY_MS = 60 * 60 * 1000
const DAY_MS = 86_400_000
let stopped = false

/** Deletes the entries older than AUDIT_LOG_RETENTION_DAYS, in batches that let requests through; answers how many went. */
const sweepAuditLog = singleFlight(async ({ now = new Date(), batch = SWEEP_BATCH } = {}) => {
  const before = new Date(now.getTime() - config.auditLogRetentionDays * DAY_MS)
  let deleted = 0
  for (let n = batch; n === batch && !stopped; await Bun.sleep(10)) {
    n = await repo.deleteEntriesBefore(before, batch)
    deleted += n
  }
  if (deleted > 0) log.info('old audit entries deleted', { entries: deleted, retentionDays: config.auditLogRetentionDays })
  return deleted
})

const sweepInBackground = () => void sweepAuditLog().catch((error) => log.error('audit log sweep failed', { error }))

/** Sweeps once now and then every hour, until stopped. */
export function startAuditLogSweep(): Running {
  stopped = false
  const stop = every(SWEEP_EVERY_MS, sweepInBackground)
  sweepInBackground()
  return {
    async stop() {
      stopped = true
      stop()
      await sweepAuditLog.running?.catch(() => undefined)
    },
  }
}
