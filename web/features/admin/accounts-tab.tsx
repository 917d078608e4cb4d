import { Badge } from '../../components/ui/badge'
import { TableCell } from '../../components/ui/table'
import { AccountDetails } from './account-details'
import { AdminList, useListControls } from './admin-list'
import { useAdminAccounts } from './api'
import { localDate, PLAN_BADGE, planName } from './format'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'plan:asc', label: 'Plan A-Z' },
  { value: 'plan:desc', label: 'Plan Z-A' },
] as const

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
      columns={['Name', 'Plan', 'Usage This Month', 'Created']}
      rowName={(account) => account.name}
      cells={(account) => (
        <>
          <TableCell className="max-w-64 truncate font-medium text-slate-900" title={account.name}>
            {account.name}
          </TableCell>
          <TableCell>
            <Badge variant={PLAN_BADGE[account.plan]}>{planName(account.plan)}</Badge>
          </TableCell>
          <TableCell className="tabular-nums">{account.usageThisMonth.toLocaleString()}</TableCell>
          <TableCell className="whitespace-nowrap">{localDate(account.createdAt)}</TableCell>
        </>
      )}
      details={(account, close) => <AccountDetails key={account.id} account={account} onClose={close} />}
    />
  )
}
