import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { deleteUser, resetSecondFactors, useUserLinks, type AdminListedUser } from './api'
import { DetailCard } from './detail-card'
import { LinkList } from './link-list'

export function UserDetails({ user, onClose }: { user: AdminListedUser; onClose: () => void }) {
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

  async function resetTwoFactor() {
    try {
      await resetSecondFactors(user.id)
      toast({ title: 'Two-factor sign-in reset', description: `${user.email} signs in with their password alone until they set it up again.` })
    } catch (failure) {
      toast({ title: 'Error', description: 'Failed to reset two-factor sign-in', variant: 'destructive' })
      throw failure
    }
  }

  return (
    <DetailCard
      title={`User Details: ${user.email}`}
      meta={<span>Account: {user.accountName}</span>}
      onClose={onClose}
      action={
        <>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={!user.hasSecondFactor} title={user.hasSecondFactor ? undefined : 'This user has no second factor.'}>
                Reset Two-Factor
              </Button>
            }
            title="Reset two-factor sign-in?"
            description={`This removes the authenticator app, passkeys and recovery codes of ${user.email}, who then signs in with their password alone until they set them up again. They are told by e-mail. Do this only once you are sure the request comes from them.`}
            confirmLabel="Reset"
            destructive
            onConfirm={resetTwoFactor}
          />
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
        </>
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
