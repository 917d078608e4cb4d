import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { EmailField, PasswordField } from '../../components/form-fields'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { login } from './api'

export function LoginForm() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsSubmitting(true)
    try {
      // Signed in, the screen's guard sends the visitor on (web/components/guards.tsx).
      await login({ email, password })
    } catch (error) {
      setIsSubmitting(false)
      toast({ title: 'Login failed', description: errorMessage(error, MESSAGES.invalidCredentials), variant: 'destructive' })
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <EmailField label="Email" value={email} onValueChange={setEmail} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        labelAside={
          <Link href="/forgot-password" className="text-[13px] font-medium text-brand-600 hover:text-brand-700">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Sign In
      </Button>
    </form>
  )
}
