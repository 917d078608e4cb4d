import { t } from 'elysia'
import { AUDIT_ACTOR_TYPES } from '../../shared/audit'

const AuditActorJson = t.Object({
  type: t.UnionEnum(AUDIT_ACTOR_TYPES, { description: '`user` (by e-mail), `api_key` (by name), `admin` (Linkcard staff) or `system` (such as the payment provider)' }),
  id: t.Nullable(t.String({ description: "The user's or the key's id; null for staff and the system" })),
  name: t.String({ description: 'As it was when they acted: an e-mail address, a key name' }),
})

export const AuditEntry = t.Object({
  id: t.String(),
  action: t.String({ description: '`<thing>.<verb>`, such as `link.created` or `key.revoked`' }),
  actor: AuditActorJson,
  target: t.Object({
    type: t.String({ description: 'What was changed: link, tag, key, webhook, member, invitation, domain, account, import' }),
    id: t.String(),
    name: t.Nullable(t.String({ description: 'What it was called then (a short link, a tag, an e-mail address); null when it has no name' })),
  }),
  changes: t.Nullable(t.Record(t.String(), t.Object({ from: t.Unknown(), to: t.Unknown() }), { description: 'The fields that changed, before and after; a secret only as set, rotated or null' })),
  address: t.Nullable(t.String({ description: 'The network acted from: an IPv4 address, or an IPv6 /64' })),
  createdAt: t.String({ format: 'date-time' }),
})
export type AuditEntry = typeof AuditEntry.static

export const AuditLogPage = t.Object({
  entries: t.Array(AuditEntry),
  nextCursor: t.Nullable(t.String({ description: 'Pass as `cursor` for the next, older page; null on the last page' })),
})
export type AuditLogPage = typeof AuditLogPage.static

export const AuditActors = t.Object({ actors: t.Array(AuditActorJson) })
export type AuditActors = typeof AuditActors.static

// Checked by the service, with messages of its own: a wrong filter is the caller's 400, not a mismatch of types.
const filters = {
  actor: t.Optional(t.String({ maxLength: 100, description: "Only this user's or key's entries (an actor id)" })),
  action: t.Optional(t.String({ maxLength: 60, description: 'An action (`link.created`) or a kind (`link`: every link action)' })),
  from: t.Optional(t.String({ maxLength: 40, description: 'From this day (YYYY-MM-DD, UTC) or time (ISO 8601)' })),
  to: t.Optional(t.String({ maxLength: 40, description: 'Up to this day, the whole day, or time' })),
}

export const AuditLogQuery = t.Object({
  ...filters,
  limit: t.Optional(t.String({ maxLength: 10, description: 'Entries a page, 1 to 200 (50 by default)' })),
  cursor: t.Optional(t.String({ maxLength: 200, description: 'The `nextCursor` of the page before' })),
})
export type AuditLogQuery = typeof AuditLogQuery.static

export const AuditExportQuery = t.Object(filters)
export type AuditExportQuery = typeof AuditExportQuery.static
