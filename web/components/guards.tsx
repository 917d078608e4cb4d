import { ShieldAlert } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { forgetReturn, rememberReturn, returnPath } from '../lib/return-to'
import { useIsAuthenticated, useIsSuperAdmin, useMustSetUpSecondFactor } from '../lib/session'
import { EmptyState } from './ui/empty-state'
import { LoadingState } from './ui/spinner'

/** Sends a signed-out visitor to /login, to come back here once signed in. */
function ToSignIn() {
  const [location] = useLocation()
  const search = useSearch()
  useEffect(() => rememberReturn(search ? `${location}?${search}` : location), [location, search])
  return <Redirect to="/login" replace />
}

type Guarded = {
  children: ReactNode
  /** What shows instead while the workspace requires a second factor the user has not set up. */
  secondFactorSetUp: ReactNode
}

/**
 * Signed-in screens: anyone else goes to /login, and comes back once signed in; someone who must
 * set up a second factor first sees that set-up instead (the server refuses them the rest).
 */
export function RequireSession({ children, secondFactorSetUp }: Guarded) {
  const signedIn = useIsAuthenticated()
  const mustSetUpSecondFactor = useMustSetUpSecondFactor()
  if (!signedIn) return <ToSignIn />
  if (mustSetUpSecondFactor) return <>{secondFactorSetUp}</>
  return <>{children}</>
}

/** The sign-in screens: a signed-in visitor goes on to the screen that sent them here, or the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated()
  if (signedIn) return <OnAfterSignIn />
  return <>{children}</>
}

function OnAfterSignIn() {
  const [to] = useState(returnPath)
  useEffect(() => forgetReturn(), [])
  return <Redirect to={to} replace />
}

/** The admin panel: signed out goes to /login; a signed-in non-super-admin is told why not. */
export function RequireSuperAdmin({ children, secondFactorSetUp }: Guarded) {
  const signedIn = useIsAuthenticated()
  const { isSuperAdmin, isChecking } = useIsSuperAdmin()
  const mustSetUpSecondFactor = useMustSetUpSecondFactor()
  if (!signedIn) return <ToSignIn />
  if (mustSetUpSecondFactor) return <>{secondFactorSetUp}</>
  if (isChecking) return <LoadingState label="Checking permissions..." className="py-32" />
  if (!isSuperAdmin)
    return (
      <div className="mx-auto max-w-xl px-4 py-20">
        <EmptyState
          icon={ShieldAlert}
          titleAs="h1"
          title={<span className="text-lg">Access Denied</span>}
          description={
            <>
              You don't have permission to access this page.
              <br />
              Contact your administrator to request super admin access.
            </>
          }
        />
      </div>
    )
  return <>{children}</>
}
