import { useState, type FormEvent } from 'react'
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../../src/shared/auth-rules'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { updatePassword } from './api'

export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (newPassword !== confirmPassword) return setError(MESSAGES.newPasswordMismatch)
    if (newPassword.length < PASSWORD_MIN) return setError(MESSAGES.passwordTooShort)
    setError(null)
    setIsSubmitting(true)
    try {
      await updatePassword(currentPassword, newPassword)
      setCurrentPassword('')
      setNewPassword('')
      setConfirmPassword('')
      toast({ title: 'Password updated', description: 'Other devices have been signed out.' })
    } catch (failure) {
      toast({ title: 'Failed to update password', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs you out everywhere else.</CardDescription>
        </CardHeader>
        <CardContent className="grid max-w-md gap-4">
          <FormField label="Current Password">
            <Input
              type="password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          </FormField>
          <FormField label="New Password" hint={`At least ${PASSWORD_MIN} characters.`}>
            <Input
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
          </FormField>
          <FormField label="Confirm New Password" error={error}>
            <Input
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </FormField>
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
