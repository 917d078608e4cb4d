import { PLANS, type Plan } from '../../../src/shared/domain'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { formatDateTime } from '../../lib/dates'
import { AdminList, useListControls } from './admin-list'
import { useAuditLog, type AuditEntry } from './api'
import { planName } from './format'
import type { Column } from './row-list'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
] as const

const ACTIONS: Record<string, { label: string; badge: BadgeVariant }> = {
  'account.plan_changed': { label: 'Plan changed', badge: 'default' },
  'account.deleted': { label: 'Account deleted', badge: 'destructive' },
  'user.deleted': { label: 'User deleted', badge: 'destructive' },
  'link.deleted': { label: 'Link deleted', badge: 'destructive' },
}

// Each action keeps what it changed in its details, as the server wrote them then.
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const plan = (value: unknown) => (PLANS.includes(value as Plan) ? planName(value as Plan) : text(value))
const counted = (value: unknown, noun: string) => `${Number(value) || 0} ${noun}${value === 1 ? '' : 's'}`

/**
 * Whom or what it was done to: the user's e-mail (for a plan change, the user whose account moved),
 * the account's name, the link's title.
 */
function target({ details, targetType, targetId }: AuditEntry) {
  const about = details ?? {}
  return text(about.email) || text(about.name) || text(about.title) || `${targetType} ${targetId}`
}

/** What changed, beyond the action's name. */
function change({ action, details }: AuditEntry) {
  const about = details ?? {}
  if (action === 'account.plan_changed') return `${plan(about.from)} → ${plan(about.to)}`
  if (action === 'account.deleted') return `${plan(about.plan)} plan, ${counted(about.usersDeleted, 'user')} deleted`
  if (action === 'user.deleted') return `${counted(about.linksDeleted, 'link')} deleted${about.accountDeleted ? `, account ${text(about.accountName)} too` : ''}`
  if (action === 'link.deleted') return text(about.targetUrl)
  return ''
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    label: 'When',
    value: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
    cellClassName: 'whitespace-nowrap',
  },
  { label: 'Admin', value: (entry) => entry.actorEmail, cellClassName: 'min-w-56 wrap-anywhere' },
  {
    label: 'Action',
    value: (entry) => {
      const action = ACTIONS[entry.action] ?? { label: entry.action, badge: 'secondary' }
      return <Badge variant={action.badge}>{action.label}</Badge>
    },
  },
  { label: 'Target', value: target, cellClassName: 'min-w-56 wrap-anywhere font-medium text-slate-900' },
  { label: 'Details', value: change, cellClassName: 'min-w-48 wrap-anywhere' },
]

/** Who changed what in this panel, and when: every plan change and deletion, searchable. */
export function AuditLogTab() {
  const controls = useListControls<(typeof SORTS)[number]['value']>('createdAt:desc')
  const { data, error } = useAuditLog(controls.query)
  return (
    <AdminList
      title="Audit Log"
      description="Every change made in this panel: who made it, when, and to whom"
      noun="audit entries"
      controls={controls}
      sortOptions={SORTS}
      rows={data?.entries}
      error={error}
      columns={COLUMNS}
    />
  )
}
