import { Badge } from '../../components/ui/badge'
import { formatDate } from '../../lib/dates'
import { AccountDetails } from './account-details'
import { AdminList, useListControls } from './admin-list'
import { useAdminAccounts, type AdminAccount } from './api'
import { PLAN_BADGE, planName } from './format'
import type { Column } from './row-list'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'plan:asc', label: 'Plan A-Z' },
  { value: 'plan:desc', label: 'Plan Z-A' },
] as const

const COLUMNS: Column<AdminAccount>[] = [
  { label: 'Name', value: (account) => <span title={account.name}>{account.name}</span>, cellClassName: 'max-w-64 truncate font-medium text-slate-900' },
  { label: 'Plan', value: (account) => <Badge variant={PLAN_BADGE[account.plan]}>{planName(account.plan)}</Badge> },
  { label: 'Usage This Month', value: (account) => account.usageThisMonth.toLocaleString(), cellClassName: 'tabular-nums' },
  { label: 'Created', value: (account) => formatDate(account.createdAt), cellClassName: 'whitespace-nowrap' },
]

export function AccountsTab() {
  const controls = useListControls<(typeof SORTS)[number]['value']>('createdAt:desc')
  const { data, error } = useAdminAccounts(controls.query)
  return (
    <AdminList
      title="Accounts Management"
      description="View and manage all accounts"
      noun="accounts"
      controls={controls}
      sortOptions={SORTS}
      rows={data?.accounts}
      error={error}
      columns={COLUMNS}
      details={{ rowName: (account) => account.name, card: (account, close) => <AccountDetails key={account.id} account={account} onClose={close} /> }}
    />
  )
}
