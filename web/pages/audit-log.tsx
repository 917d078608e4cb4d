import { Page } from '../components/page'
import { RoleNotice } from '../components/role-notice'
import { AuditLogView } from '../features/audit-log/audit-log-view'
import { useCan, useCurrentUser } from '../lib/session'

const TITLE = 'Audit Log'

export function AuditLogPage() {
  const user = useCurrentUser()
  const description = `Who changed what in ${user?.accountName ?? 'this account'}, when and from where.`
  if (!useCan('audit:read'))
    return (
      <Page title={TITLE} description={description}>
        <RoleNotice permission="audit:read" title="The audit log is read by the account's owners and admins" />
      </Page>
    )
  return (
    <Page title={TITLE} description={description}>
      <AuditLogView />
    </Page>
  )
}
