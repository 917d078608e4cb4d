import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { EMAIL_MAX, MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../../src/shared/auth-rules'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { signIn } from '../../lib/session'
import { toast } from '../../lib/toast'
import { signup } from './api'

export function SignupForm() {
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password !== confirmPassword) {
      toast({ title: MESSAGES.passwordMismatchTitle, description: MESSAGES.passwordMismatch, variant: 'destructive' })
      return
    }
    if (password.length < PASSWORD_MIN) {
      toast({ title: 'Password too short', description: MESSAGES.passwordTooShort, variant: 'destructive' })
      return
    }
    setIsSubmitting(true)
    try {
      const session = await signup({ email, password })
      await signIn(session.token)
      navigate('/dashboard')
    } catch (error) {
      setIsSubmitting(false)
      toast({ title: 'Signup failed', description: errorMessage(error, 'Failed to create account.'), variant: 'destructive' })
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <FormField label="Email">
        <Input
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField label="Password" hint={`At least ${PASSWORD_MIN} characters.`}>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <FormField label="Confirm Password">
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
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Create Account
      </Button>
    </form>
  )
}
