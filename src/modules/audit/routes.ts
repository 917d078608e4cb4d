import { Elysia } from 'elysia'
import { downloadResponse } from '../../platform/downloads'
import { auth } from '../auth/plugin'
import { AuditActors, AuditExportQuery, AuditLogPage, AuditLogQuery } from './schema'
import { accountAuditActors, exportAccountAudit, listAccountAudit } from './service'

const tags = ['Audit log']

// Read only: no call changes or deletes an entry (the sweep alone removes the old ones).
export const auditRoutes = new Elysia()
  .use(auth)
  .get('/audit-log', ({ user, query }) => listAccountAudit(user.accountId, query), {
    session: 'audit:read',
    query: AuditLogQuery,
    response: AuditLogPage,
    detail: { summary: "The account's audit log, newest first: filtered by actor, action (or kind) and period, paged by cursor (owners and admins)", tags },
  })
  .get('/audit-log/actors', ({ user }) => accountAuditActors(user.accountId), {
    session: 'audit:read',
    response: AuditActors,
    detail: { summary: 'Everyone who acted in the audit log, for its filter by person', tags, hide: true },
  })
  .get(
    '/audit-log.csv',
    ({ user, query }) => {
      const file = exportAccountAudit(user.accountId, query)
      return downloadResponse(file.filename, file.type, file.chunks)
    },
    { session: 'audit:read', query: AuditExportQuery, detail: { summary: 'The audit log entries that match, as CSV, newest first (owners and admins)', tags, hide: true } },
  )
