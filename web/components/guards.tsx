import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useIsAuthenticated, useIsSuperAdmin } from '../lib/session'
import { EmptyState } from './ui/empty-state'
import { LoadingState } from './ui/spinner'

/** Signed-in screens: anyone else goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated()
  if (!signedIn) return <Redirect to="/login" replace />
  return <>{children}</>
}

/** The admin panel: signed out goes to /login; a signed-in non-super-admin is told why not. */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated()
  const { isSuperAdmin, isChecking } = useIsSuperAdmin()
  if (!signedIn) return <Redirect to="/login" replace />
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
