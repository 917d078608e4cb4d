import { useState } from 'react'
import { PLANS, type Plan } from '../../../src/shared/domain'
import { RoleBadge } from '../../components/role-badge'
import { Badge } from '../../components/ui/badge'
import { Select } from '../../components/ui/select'
import { formatDate } from '../../lib/dates'
import { toast } from '../../lib/toast'
import { AdminList, useListControls } from './admin-list'
import { changeUserPlan, useAdminUsers, type AdminListedUser } from './api'
import { planName } from './format'
import type { Column } from './row-list'
import { UserDetails } from './user-details'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
  { value: 'email:asc', label: 'Email A-Z' },
  { value: 'email:desc', label: 'Email Z-A' },
] as const

const PLAN_OPTIONS = PLANS.map((plan) => ({ value: plan, label: planName(plan) }))

/** Changes the plan as soon as one is picked: no confirmation. */
function PlanSelect({ user }: { user: AdminListedUser }) {
  const [isSaving, setIsSaving] = useState(false)
  async function change(plan: Plan) {
    if (plan === user.plan) return
    setIsSaving(true)
    try {
      await changeUserPlan(user.id, plan)
      toast({ title: 'Success', description: 'User plan updated successfully' })
    } catch {
      toast({ title: 'Error', description: 'Failed to update user plan', variant: 'destructive' })
    } finally {
      setIsSaving(false)
    }
  }
  return <Select value={user.plan} onValueChange={change} options={PLAN_OPTIONS} size="sm" disabled={isSaving} aria-label={`Plan of ${user.email}`} className="w-32" />
}

const COLUMNS: Column<AdminListedUser>[] = [
  {
    label: 'Email',
    value: (user) => (
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 wrap-anywhere">{user.email}</span>
        {user.isSuperAdmin && <Badge variant="warning">Super admin</Badge>}
      </div>
    ),
    cellClassName: 'max-w-80 font-medium text-slate-900',
  },
  { label: 'Account', value: (user) => <span title={user.accountName}>{user.accountName}</span>, cellClassName: 'max-w-48 truncate' },
  {
    label: 'Role',
    value: (user) => (
      <RoleBadge role={user.role} className="capitalize">
        {user.role}
      </RoleBadge>
    ),
  },
  {
    label: 'Two-Factor',
    value: (user) => <Badge variant={user.hasSecondFactor ? 'success' : 'secondary'}>{user.hasSecondFactor ? 'On' : 'Off'}</Badge>,
  },
  { label: 'Created', value: (user) => formatDate(user.createdAt), cellClassName: 'whitespace-nowrap' },
]

export function UsersTab() {
  const controls = useListControls<(typeof SORTS)[number]['value']>('createdAt:desc')
  const { data, error } = useAdminUsers(controls.query)
  return (
    <AdminList
      title="Users Management"
      description="View and manage all users"
      noun="users"
      controls={controls}
      sortOptions={SORTS}
      rows={data?.users}
      error={error}
      columns={COLUMNS}
      actions={(user) => <PlanSelect user={user} />}
      details={{ rowName: (user) => user.email, card: (user, close) => <UserDetails key={user.id} user={user} onClose={close} /> }}
    />
  )
}
