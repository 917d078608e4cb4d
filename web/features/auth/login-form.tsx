import { Fingerprint } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { EmailField, PasswordField } from '../../components/form-fields'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { login, signInWithPasskey } from './api'

export function LoginForm() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [isUsingPasskey, setIsUsingPasskey] = useState(false)

  async function passkeySignIn() {
    setIsUsingPasskey(true)
    try {
      await signInWithPasskey()
    } catch (error) {
      setIsUsingPasskey(false)
      // Dismissing the browser's own prompt is no failure worth more than a word.
      const description = error instanceof Error && error.name === 'NotAllowedError' ? 'No passkey was used.' : errorMessage(error, 'The passkey did not sign you in.')
      toast({ title: 'Passkey sign-in failed', description, variant: 'destructive' })
    }
  }

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
      <Button type="button" variant="outline" className="w-full" isLoading={isUsingPasskey} disabled={isSubmitting} onClick={passkeySignIn}>
        <Fingerprint aria-hidden="true" />
        Use a Passkey
      </Button>
    </form>
  )
}
