import { useState } from 'react'
import { useLocation } from 'wouter'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { logOut, useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { reloadCurrentUser } from './api'
import { useSecondFactorStatus } from './two-factor-api'

/**
 * What stands in for every screen while the workspace requires a second factor the user has not
 * set up: why, the way out, and once one is set up the way on. The set-up itself is the page's
 * (the two-factor and passkey cards of Settings).
 */
export function SecondFactorSetUpNotice() {
  const user = useCurrentUser()
  const status = useSecondFactorStatus()
  const [isContinuing, setIsContinuing] = useState(false)
  const isSetUp = Boolean(status.data?.totp || status.data?.passkeys)

  // The server lets them in now; /auth/me says so, and the screen they asked for shows.
  async function goOn() {
    setIsContinuing(true)
    try {
      await reloadCurrentUser()
    } catch (failure) {
      toast({ title: 'Failed to continue', description: errorMessage(failure, 'Please try again.'), variant: 'destructive' })
    } finally {
      setIsContinuing(false)
    }
  }

  return isSetUp ? (
    <Alert variant="success" title="Two-factor authentication is set up">
      <div className="mt-2 grid gap-3">
        <p>Keep your recovery codes somewhere safe: they sign you in if you lose your phone.</p>
        <Button className="justify-self-start" onClick={goOn} isLoading={isContinuing}>
          Continue
        </Button>
      </div>
    </Alert>
  ) : (
    <Alert variant="warning" title={`${user?.accountName ?? 'This workspace'} requires two-factor authentication`}>
      Set up an authenticator app or a passkey to continue. Until then you can only sign out, or switch to another workspace from the account menu.
    </Alert>
  )
}

/** Signs out from the set-up screen, the one way out besides switching workspaces. */
export function SignOutButton() {
  const [, navigate] = useLocation()
  function signOut() {
    // Leave the guarded screen first, so its guard does not send us to /login.
    navigate('/')
    void logOut()
  }
  return (
    <Button variant="outline" onClick={signOut}>
      Sign Out
    </Button>
  )
}
