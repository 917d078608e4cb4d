import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { deleteUser, useUserLinks, type AdminUser } from './api'
import { DetailCard } from './detail-card'
import { LinkList } from './link-list'

export function UserDetails({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useUserLinks(user.id, page)
  const me = useCurrentUser()
  const isSelf = me?.id === user.id

  async function remove() {
    try {
      await deleteUser(user.id)
      toast({ title: 'Success', description: 'User deleted successfully' })
      onClose()
    } catch (failure) {
      toast({ title: 'Error', description: 'Failed to delete user', variant: 'destructive' })
      throw failure
    }
  }

  return (
    <DetailCard
      title={`User Details: ${user.email}`}
      meta={<span>Account: {user.accountName}</span>}
      onClose={onClose}
      action={
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" disabled={isSelf} title={isSelf ? 'This is you: delete your own user from Settings.' : undefined}>
              Delete User
            </Button>
          }
          title="Are you sure?"
          description="This will permanently delete the user and all their associated links. This action cannot be undone."
          confirmLabel="Delete"
          destructive
          onConfirm={remove}
        />
      }
      linksTitle={`User's Links (${data?.total ?? 0})`}
    >
      <LinkList
        links={data?.shareLinks}
        total={data?.total ?? 0}
        isLoading={isLoading}
        error={error}
        errorText="Failed to fetch user links"
        page={page}
        onPageChange={setPage}
      />
    </DetailCard>
  )
}
