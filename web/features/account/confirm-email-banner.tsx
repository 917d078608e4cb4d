import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { useCurrentUser, useIsAuthenticated } from '../../lib/session'
import { toast } from '../../lib/toast'
import { resendConfirmation, useEmailStatus } from './api'

/** Asks a signed-in person with an unconfirmed address to open the link we mailed, and can resend it. */
export function ConfirmEmailBanner() {
  const signedIn = useIsAuthenticated()
  const user = useCurrentUser()
  // What the session said at sign-in shows at once, so the page does not move when the answer comes.
  const { data } = useEmailStatus(signedIn, user && user.emailVerified !== undefined ? { email: user.email, emailVerified: user.emailVerified } : undefined)
  const [isSending, setIsSending] = useState(false)
  if (!signedIn || !data || data.emailVerified) return null

  async function resend() {
    setIsSending(true)
    try {
      const { message } = await resendConfirmation()
      toast({ title: 'Link sent', description: message })
    } catch (failure) {
      toast({ title: 'Failed to send the link', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <div role="status" aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <p className="flex-1">
          Please confirm your email address: open the link we sent to <span className="font-medium">{data.email}</span>.
        </p>
        <Button variant="outline" size="sm" onClick={resend} isLoading={isSending}>
          Resend link
        </Button>
      </div>
    </div>
  )
}
