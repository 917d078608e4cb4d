import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { NewPasswordFields, useNewPassword, type NewPasswordProblem } from '../../components/form-fields'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { resetPassword } from './api'

const RESET_REDIRECT_MS = 2000

// On this screen these two messages have no final period, unlike the signup form's.
const PROBLEMS: Record<NewPasswordProblem, string> = {
  mismatch: MESSAGES.passwordMismatch.replace(/\.$/, ''),
  tooShort: MESSAGES.passwordTooShort.replace(/\.$/, ''),
  tooLong: MESSAGES.passwordTooLong,
}

export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get('token')
  const [, navigate] = useLocation()
  const newPassword = useNewPassword()
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [isDone, setIsDone] = useState(false)

  useEffect(() => {
    if (!isDone) return
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [isDone, navigate])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!token) return
    if (newPassword.problem) return setError(PROBLEMS[newPassword.problem])
    setError(null)
    setIsSubmitting(true)
    try {
      await resetPassword(token, newPassword.password)
      setIsDone(true)
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to reset password'))
    } finally {
      setIsSubmitting(false)
    }
  }

  if (isDone)
    return (
      <Alert variant="success" title="Password reset">
        Your password has been reset. Taking you to sign in...
      </Alert>
    )

  return (
    <form onSubmit={submit} className="grid gap-4">
      {!token && (
        <Alert variant="destructive">
          {MESSAGES.missingResetToken}{' '}
          <Link href="/forgot-password" className="font-medium underline underline-offset-2">
            Request a new link
          </Link>
        </Alert>
      )}
      {token && error && <Alert variant="destructive">{error}</Alert>}
      <fieldset disabled={!token || isSubmitting} className="grid gap-4 disabled:opacity-60">
        <NewPasswordFields label="New Password" name="newPassword" confirmLabel="Confirm Password" {...newPassword.fields} />
        <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting} disabled={!token}>
          Reset Password
        </Button>
      </fieldset>
    </form>
  )
}
