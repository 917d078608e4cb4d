import { useLocation } from 'wouter'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { errorMessage } from '../../lib/api'
import { signOut } from '../../lib/session'
import { toast } from '../../lib/toast'
import { deleteAccount } from './api'

export function DangerZone() {
  const [, navigate] = useLocation()

  async function remove() {
    try {
      await deleteAccount()
      // Leave the guarded screen first, so the guard does not send us to /login.
      navigate('/')
      signOut()
      toast({ title: 'Account deleted', description: 'Your account and its data have been removed.' })
    } catch (failure) {
      toast({ title: 'Failed to delete account', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">Danger Zone</CardTitle>
        <CardDescription>Deleting your account removes your sign-in and the links you created. When you are the last user of the account, its API keys go too.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <ConfirmDialog
          trigger={<Button variant="destructive">Delete Account</Button>}
          title="Delete your account?"
          description="This will permanently delete your account and every link you created, with its statistics. When you are its last user, the API keys go too. This action cannot be undone."
          confirmLabel="Delete Account"
          destructive
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  )
}
