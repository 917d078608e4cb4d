import { useState } from 'react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { deleteAccount, useAccountLinks, type AdminAccount } from './api'
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
