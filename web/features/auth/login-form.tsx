import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { EMAIL_MAX, MESSAGES, PASSWORD_MAX } from '../../../src/shared/auth-rules'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { signIn } from '../../lib/session'
import { toast } from '../../lib/toast'
import { login } from './api'

export function LoginForm() {
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsSubmitting(true)
    try {
      const session = await login({ email, password })
      await signIn(session.token)
      navigate('/dashboard')
    } catch (error) {
      setIsSubmitting(false)
      toast({ title: 'Login failed', description: errorMessage(error, MESSAGES.invalidCredentials), variant: 'destructive' })
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
      <FormField
        label="Password"
        labelAside={
          <Link href="/forgot-password" className="text-[13px] font-medium text-brand-600 hover:text-brand-700">
            Forgot password?
          </Link>
        }
      >
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Sign In
      </Button>
    </form>
  )
}
