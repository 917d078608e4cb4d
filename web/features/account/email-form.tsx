import { useState, type FormEvent } from 'react'
import type { User } from '../../../src/modules/auth/schema'
import { MESSAGES, normalizeEmail } from '../../../src/shared/auth-rules'
import { EmailField, PasswordField } from '../../components/form-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { updateEmail } from './api'

/** A new address and the current password; the server mails the new address to confirm it. */
function useEmailForm(user: User) {
  const [email, setEmail] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (normalizeEmail(email) === normalizeEmail(user.email)) return setError(MESSAGES.sameEmail)
    setError(null)
    setIsSubmitting(true)
    try {
      const { message } = await updateEmail(email, currentPassword)
      setEmail('')
      setCurrentPassword('')
      toast({ title: 'Check your inbox', description: message })
    } catch (failure) {
      toast({ title: 'Failed to update email', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return { email, setEmail, currentPassword, setCurrentPassword, error, isSubmitting, submit }
}

export function EmailForm({ user }: { user: User }) {
  const { email, setEmail, currentPassword, setCurrentPassword, error, isSubmitting, submit } = useEmailForm(user)
  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>Email address</CardTitle>
          <CardDescription>
            You sign in with <span className="font-medium text-slate-700">{user.email}</span>. A new address takes effect once you open the link we
            mail to it; we also let the current address know.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid max-w-md gap-4">
          <EmailField label="New Email" placeholder="new@company.com" value={email} onValueChange={setEmail} error={error} />
          <PasswordField
            label="Current Password"
            name="emailCurrentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" isLoading={isSubmitting}>
            Update Email
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
