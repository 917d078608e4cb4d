import { useState } from 'react'
import { PLANS, type Plan } from '../../../src/shared/domain'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Select } from '../../components/ui/select'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { toast } from '../../lib/toast'
import { changeUserPlan, PAGE_SIZE, useAdminUsers, type AdminUser, type SortOrder } from './api'
import { localDate, planName, ROLE_BADGE } from './format'
import { ListToolbar } from './list-toolbar'
import { Pager } from './pager'
import { UserDetails } from './user-details'
import { useDebounced } from './use-debounced'

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest First' },
  { value: 'createdAt:asc', label: 'Oldest First' },
  { value: 'email:asc', label: 'Email A-Z' },
  { value: 'email:desc', label: 'Email Z-A' },
] as const

type Sort = (typeof SORTS)[number]['value']

const PLAN_OPTIONS = PLANS.map((plan) => ({ value: plan, label: planName(plan) }))

/** Changes the plan as soon as one is picked (SPEC.md section 2): no confirmation. */
function PlanSelect({ user }: { user: AdminUser }) {
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

export function UsersTab() {
  // Search and sort keep the page (SPEC.md section 4).
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<Sort>('createdAt:desc')
  const [selected, setSelected] = useState<AdminUser | null>(null)
  const [sortBy, sortOrder] = sort.split(':') as ['createdAt' | 'email', SortOrder]
  const { data, error } = useAdminUsers({ page, search: useDebounced(search), sortBy, sortOrder })
  const rows = data?.users
  const shown = selected && (rows?.find((row) => row.id === selected.id) ?? selected)

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Users Management</CardTitle>
          <CardDescription>View and manage all users</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ListToolbar search={search} onSearchChange={setSearch} searchPlaceholder="Search users..." sort={sort} onSortChange={setSort} sortOptions={SORTS} />
          {error && <Alert variant="destructive">Failed to fetch users</Alert>}
          {!rows && !error && <LoadingState label="Loading users..." className="py-10" />}
          {rows && (
            <div className="rounded-lg border border-slate-200">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Account</TableHead>
                    <TableHead>Role</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5} className="py-10 text-center text-slate-500">
                        No users found
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((user) => (
                    <TableRow key={user.id} data-state={shown?.id === user.id ? 'selected' : undefined} className="data-[state=selected]:bg-brand-50/60">
                      <TableCell className="font-medium text-slate-900">
                        <div className="flex max-w-80 items-center gap-2">
                          <span className="truncate" title={user.email}>
                            {user.email}
                          </span>
                          {user.isSuperAdmin && <Badge variant="warning">Super admin</Badge>}
                        </div>
                      </TableCell>
                      <TableCell className="max-w-48 truncate" title={user.accountName}>
                        {user.accountName}
                      </TableCell>
                      <TableCell>
                        <Badge variant={ROLE_BADGE[user.role]} className="capitalize">
                          {user.role}
                        </Badge>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{localDate(user.createdAt)}</TableCell>
                      <TableCell>
                        <div className="flex items-center justify-end gap-2">
                          <Button variant="outline" size="sm" onClick={() => setSelected(user)} aria-label={`View Details of ${user.email}`}>
                            View Details
                          </Button>
                          <PlanSelect user={user} />
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <Pager page={page} hasNext={(rows?.length ?? 0) >= PAGE_SIZE} onPageChange={setPage} label="Users pages" />
        </CardContent>
      </Card>
      {shown && <UserDetails key={shown.id} user={shown} onClose={() => setSelected(null)} />}
    </>
  )
}
