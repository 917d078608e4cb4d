import { useState } from 'react'
import { RoleBadge } from '../../components/role-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { Alert } from '../../components/ui/alert'
import { LoadingState } from '../../components/ui/spinner'
import { formatDate } from '../../lib/dates'
import { deleteAccount, useAccountLinks, useAccountMembers, type AdminAccount } from './api'
import { DetailCard } from './detail-card'
import { PLAN_BADGE, planName } from './format'
import { LinkList } from './link-list'

export function AccountDetails({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useAccountLinks(account.id, page)
  const me = useCurrentUser()
  const isOwn = me?.accountId === account.id

  async function remove() {
    try {
      await deleteAccount(account.id)
      toast({ title: 'Success', description: 'Account deleted successfully' })
      onClose()
    } catch (failure) {
      toast({ title: 'Error', description: 'Failed to delete account', variant: 'destructive' })
      throw failure
    }
  }

  return (
    <DetailCard
      title={`Account Details: ${account.name}`}
      meta={
        <>
          <Badge variant={PLAN_BADGE[account.plan]}>{planName(account.plan)}</Badge>
          <span>
            {account.userCount} {account.userCount === 1 ? 'user' : 'users'}
          </span>
        </>
      }
      onClose={onClose}
      action={
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" disabled={isOwn} title={isOwn ? 'This is your own account: delete it from Settings.' : undefined}>
              Delete Account
            </Button>
          }
          title="Are you sure?"
          description="This will permanently delete the account, all users, and all associated links. This action cannot be undone."
          confirmLabel="Delete Account"
          destructive
          onConfirm={remove}
        />
      }
      before={<AccountMembers accountId={account.id} />}
      linksTitle={`Account Links (${data?.total ?? 0})`}
    >
      <LinkList
        links={data?.shareLinks}
        total={data?.total ?? 0}
        isLoading={isLoading}
        error={error}
        errorText="Failed to fetch account links"
        page={page}
        onPageChange={setPage}
      />
    </DetailCard>
  )
}

/** Who belongs to the account, in what role. */
function AccountMembers({ accountId }: { accountId: string }) {
  const { data: members, error } = useAccountMembers(accountId)
  return (
    <section aria-label="Members" className="grid gap-2 pb-3">
      <h4 className="text-sm font-semibold text-slate-900">Members ({members?.length ?? 0})</h4>
      {error && !members && <Alert variant="destructive">Failed to fetch the members</Alert>}
      {!members && !error && <LoadingState label="Loading members..." />}
      {members && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="admin-member-row">
              <span className="min-w-0 flex-1 truncate text-slate-900">{member.email}</span>
              <RoleBadge role={member.role} />
              <span className="text-xs text-slate-500">
                since <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
