import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { AccountDetails } from './account-details'
import { PAGE_SIZE, useAdminAccounts, type AdminAccount, type SortOrder } from './api'
import { localDate, PLAN_BADGE, planName } from './format'
import { ListToolbar } from './list-toolbar'
import { Pager } from './pager'
import { useDebounced } from './use-debounced'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'plan:asc', label: 'Plan A-Z' },
  { value: 'plan:desc', label: 'Plan Z-A' },
] as const

type Sort = (typeof SORTS)[number]['value']
type SortField = 'createdAt' | 'name' | 'plan'

export function AccountsTab() {
  // Search and sort keep the page (SPEC.md section 4).
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<Sort>('createdAt:desc')
  const [selected, setSelected] = useState<AdminAccount | null>(null)
  const [sortBy, sortOrder] = sort.split(':') as [SortField, SortOrder]
  const { data, error } = useAdminAccounts({ page, search: useDebounced(search), sortBy, sortOrder })
  const rows = data?.accounts
  // The open card follows the list, so a plan change shows in its badge too.
  const shown = selected && (rows?.find((row) => row.id === selected.id) ?? selected)

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Accounts Management</CardTitle>
          <CardDescription>View and manage all accounts</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ListToolbar search={search} onSearchChange={setSearch} searchPlaceholder="Search accounts..." sort={sort} onSortChange={setSort} sortOptions={SORTS} />
          {error && <Alert variant="destructive">Failed to fetch accounts</Alert>}
          {!rows && !error && <LoadingState label="Loading accounts..." className="py-10" />}
          {rows && (
            <div className="rounded-lg border border-slate-200">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Plan</TableHead>
                    <TableHead>Usage This Month</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5} className="py-10 text-center text-slate-500">
                        No accounts found
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((account) => (
                    <TableRow key={account.id} data-state={shown?.id === account.id ? 'selected' : undefined} className="data-[state=selected]:bg-brand-50/60">
                      <TableCell className="max-w-64 truncate font-medium text-slate-900" title={account.name}>
                        {account.name}
                      </TableCell>
                      <TableCell>
                        <Badge variant={PLAN_BADGE[account.plan]}>{planName(account.plan)}</Badge>
                      </TableCell>
                      <TableCell className="tabular-nums">{account.usageThisMonth.toLocaleString()}</TableCell>
                      <TableCell className="whitespace-nowrap">{localDate(account.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <Button variant="outline" size="sm" onClick={() => setSelected(account)} aria-label={`View Details of ${account.name}`}>
                          View Details
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <Pager page={page} hasNext={(rows?.length ?? 0) >= PAGE_SIZE} onPageChange={setPage} label="Accounts pages" />
        </CardContent>
      </Card>
      {shown && <AccountDetails key={shown.id} account={shown} onClose={() => setSelected(null)} />}
    </>
  )
}
