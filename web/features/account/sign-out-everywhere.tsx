import { useLocation } from 'wouter'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { signOutEverywhere } from './api'

export function SignOutEverywhere() {
  const [, navigate] = useLocation()

  async function run() {
    try {
      await signOutEverywhere()
      navigate('/login')
      toast({ title: 'Signed out everywhere', description: 'Every session has ended, this one too. Sign in again to continue.' })
    } catch (failure) {
      toast({ title: 'Failed to sign out everywhere', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign out everywhere</CardTitle>
        <CardDescription>Signed in on a device you no longer use, or not sure? End every session, this one included.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <ConfirmDialog
          trigger={<Button variant="outline">Sign Out Everywhere</Button>}
          title="Sign out everywhere?"
          description="Every session of your account ends, on every device and in this browser too. You will need to sign in again."
          confirmLabel="Sign Out Everywhere"
          onConfirm={run}
        />
      </CardContent>
    </Card>
  )
}
