import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { aRole } from '../../../src/shared/members'
import { NewPasswordFields, useNewPassword, type NewPasswordProblem } from '../../components/form-fields'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { LoadingState } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { rememberReturn } from '../../lib/return-to'
import { logOut, signIn, useCurrentUser } from '../../lib/session'
import { toast } from '../../lib/toast'
import { acceptInvitation, signUpByInvitation, useInvitation, type InvitationPreview } from './api'

const PROBLEMS: Record<NewPasswordProblem, string> = { mismatch: MESSAGES.passwordMismatch, tooShort: MESSAGES.passwordTooShort, tooLong: MESSAGES.passwordTooLong }

/** What an invitation link shows: join by signing up, by signing in, or as the person signed in. */
export function InvitationAnswer({ token }: { token: string | null }) {
  const { data: invitation, error } = useInvitation(token)
  const user = useCurrentUser()
  if (!token) return <Alert variant="destructive">This invitation link is incomplete. Open the link from the e-mail again.</Alert>
  if (error) return <Alert variant="destructive">{errorMessage(error, 'This invitation could not be loaded.')}</Alert>
  if (!invitation) return <LoadingState label="Loading the invitation..." />
  return (
    <div className="grid gap-5">
      <p className="text-center text-sm text-slate-600">
        {invitation.invitedBy} invited <strong className="font-medium text-slate-900">{invitation.email}</strong> to join{' '}
        <strong className="font-medium text-slate-900">{invitation.accountName}</strong> as {aRole(invitation.role)}.
      </p>
      {user ? (
        user.email === invitation.email ? (
          <Accept token={token} invitation={invitation} />
        ) : (
          <WrongPerson invitation={invitation} signedInAs={user.email} />
        )
      ) : invitation.hasUser ? (
        <SignInToAccept token={token} />
      ) : (
        <SignUpToAccept token={token} invitation={invitation} />
      )}
    </div>
  )
}

function useJoined() {
  const [, navigate] = useLocation()
  return (invitation: InvitationPreview) => {
    toast({ title: `Welcome to ${invitation.accountName}`, description: `You joined as ${aRole(invitation.role)}.` })
    navigate('/share-links')
  }
}

function Accept({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const joined = useJoined()
  const [error, setError] = useState<string | null>(null)
  const [isWorking, setIsWorking] = useState(false)
  async function accept() {
    setIsWorking(true)
    setError(null)
    try {
      await signIn((await acceptInvitation(token)).token)
      joined(invitation)
    } catch (failure) {
      setIsWorking(false)
      setError(errorMessage(failure, 'The invitation could not be accepted.'))
    }
  }
  return (
    <div className="grid gap-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button className="w-full" onClick={accept} isLoading={isWorking}>
        Join {invitation.accountName}
      </Button>
    </div>
  )
}

function WrongPerson({ invitation, signedInAs }: { invitation: InvitationPreview; signedInAs: string }) {
  return (
    <div className="grid gap-3">
      <Alert variant="warning">
        You are signed in as {signedInAs}. This invitation is for {invitation.email}: sign out, then sign in or sign up with that address.
      </Alert>
      <Button variant="outline" className="w-full" onClick={() => void logOut()}>
        Sign Out
      </Button>
    </div>
  )
}

function SignInToAccept({ token }: { token: string }) {
  return (
    <Button asChild className="w-full">
      <Link href="/login" onClick={() => rememberReturn(`/invite?token=${encodeURIComponent(token)}`)}>
        Sign In to Accept
      </Link>
    </Button>
  )
}

function SignUpToAccept({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const joined = useJoined()
  const newPassword = useNewPassword()
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (newPassword.problem) return setError(PROBLEMS[newPassword.problem])
    setError(null)
    setIsSubmitting(true)
    try {
      await signIn((await signUpByInvitation(token, newPassword.password)).token)
      joined(invitation)
    } catch (failure) {
      setIsSubmitting(false)
      setError(errorMessage(failure, 'Failed to create your account'))
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-1.5">
        <Label htmlFor="invited-email">Email</Label>
        <Input id="invited-email" type="email" value={invitation.email} readOnly autoComplete="username" className="bg-slate-50" />
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <NewPasswordFields label="Password" name="password" confirmLabel="Confirm Password" {...newPassword.fields} />
      </fieldset>
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Create Account and Join
      </Button>
    </form>
  )
}
