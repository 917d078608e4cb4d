import { useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { Alert } from '../components/ui/alert'
import { LoadingState } from '../components/ui/spinner'
import { refreshAfterConfirmation } from '../features/account/api'
import { confirmEmail } from '../features/auth/api'
import { errorMessage } from '../lib/api'
import { useIsAuthenticated } from '../lib/session'

type Outcome = { isDone: boolean; message: string } | null

/** Where a mailed confirmation link lands: it confirms the address, or applies an e-mail change. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  const signedIn = useIsAuthenticated()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const sent = useRef(false)

  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    confirmEmail(token)
      .then(({ message }) => {
        setOutcome({ isDone: true, message })
        refreshAfterConfirmation().catch(() => undefined)
      })
      .catch((failure) => setOutcome({ isDone: false, message: errorMessage(failure, 'Failed to confirm the email address') }))
  }, [token])

  return (
    <AuthCard
      title="Confirm your email address"
      description="The link we mailed you opens this page."
      footer={
        <Link href={signedIn ? '/dashboard' : '/login'} className="font-medium text-brand-600 hover:text-brand-700">
          {signedIn ? 'Go to the dashboard' : 'Sign in'}
        </Link>
      }
    >
      {!token && <Alert variant="destructive">This confirmation link is incomplete. Please open the link from the e-mail again.</Alert>}
      {token && !outcome && <LoadingState label="Confirming..." />}
      {outcome && <Alert variant={outcome.isDone ? 'success' : 'destructive'}>{outcome.message}</Alert>}
    </AuthCard>
  )
}
