import { useState, type FormEvent } from 'react'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { NewPasswordFields, PasswordField, useNewPassword, type NewPasswordProblem } from '../../components/form-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { updatePassword } from './api'

const PROBLEMS: Record<NewPasswordProblem, string> = {
  mismatch: MESSAGES.newPasswordMismatch,
  tooShort: MESSAGES.passwordTooShort,
  tooLong: MESSAGES.passwordTooLong,
}

/** The current password and a new one typed twice, checked with the shared messages. */
function usePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('')
  const newPassword = useNewPassword()
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (newPassword.problem) return setError(PROBLEMS[newPassword.problem])
    setError(null)
    setIsSubmitting(true)
    try {
      await updatePassword(currentPassword, newPassword.password)
      setCurrentPassword('')
      newPassword.clear()
      toast({ title: 'Password updated', description: 'Other devices have been signed out.' })
    } catch (failure) {
      toast({ title: 'Failed to update password', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return { currentPassword, setCurrentPassword, newPassword, error, isSubmitting, submit }
}

export function PasswordForm() {
  const { currentPassword, setCurrentPassword, newPassword, error, isSubmitting, submit } = usePasswordForm()
  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs you out everywhere else.</CardDescription>
        </CardHeader>
        <CardContent className="grid max-w-md gap-4">
          <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" value={currentPassword} onValueChange={setCurrentPassword} />
          <NewPasswordFields label="New Password" name="newPassword" confirmLabel="Confirm New Password" {...newPassword.fields} error={error} />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" isLoading={isSubmitting}>
            Update Password
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
