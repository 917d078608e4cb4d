import { useState, type FormEvent } from 'react'
import type { User } from '../../../src/modules/auth/schema'
import { EMAIL_MAX, MESSAGES, normalizeEmail } from '../../../src/shared/auth-rules'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { updateEmail } from './api'

export function EmailForm({ user }: { user: User }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (normalizeEmail(email) === normalizeEmail(user.email)) return setError(MESSAGES.sameEmail)
    setError(null)
    setIsSubmitting(true)
    try {
      const updated = await updateEmail(email, user)
      setEmail('')
      toast({ title: 'Email updated', description: `Your email is now ${updated.email}.` })
    } catch (failure) {
      toast({ title: 'Failed to update email', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>Email address</CardTitle>
          <CardDescription>
            You sign in with <span className="font-medium text-slate-700">{user.email}</span>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="New Email" error={error} className="max-w-md">
            <Input
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX}
              placeholder="new@company.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
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
