import { useState, type FormEvent } from 'react'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { EmailField } from '../../components/form-fields'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { requestPasswordReset } from './api'

/** The answer is the same whether or not the address has an account, so the notice is neutral. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [isSent, setIsSent] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsSubmitting(true)
    try {
      await requestPasswordReset(email)
      setIsSent(true)
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to send reset email'), variant: 'destructive' })
    } finally {
      setIsSubmitting(false)
    }
  }

  if (isSent)
    return (
      <Alert variant="success" title="Check your email">
        {MESSAGES.forgotPasswordSent}
      </Alert>
    )

  return (
    <form onSubmit={submit} className="grid gap-4">
      <EmailField label="Email" value={email} onValueChange={setEmail} />
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Send Reset Link
      </Button>
    </form>
  )
}
