import { useState, type FormEvent } from 'react'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { EmailField, NewPasswordFields, useNewPassword, type NewPasswordProblem } from '../../components/form-fields'
import { ACCOUNT_NAME_MAX } from '../../../src/shared/members'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { signup } from './api'

const PROBLEM_TOASTS: Record<NewPasswordProblem, { title: string; description: string }> = {
  mismatch: { title: MESSAGES.passwordMismatchTitle, description: MESSAGES.passwordMismatch },
  tooShort: { title: 'Password too short', description: MESSAGES.passwordTooShort },
  tooLong: { title: 'Password too long', description: MESSAGES.passwordTooLong },
}

export function SignupForm() {
  const [email, setEmail] = useState('')
  const [accountName, setAccountName] = useState('')
  const newPassword = useNewPassword()
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (newPassword.problem) return toast({ ...PROBLEM_TOASTS[newPassword.problem], variant: 'destructive' })
    setIsSubmitting(true)
    try {
      // Signed in, the screen's guard sends the visitor on (web/components/guards.tsx).
      await signup({ email, password: newPassword.password, ...(accountName.trim() && { accountName: accountName.trim() }) })
    } catch (error) {
      setIsSubmitting(false)
      toast({ title: 'Signup failed', description: errorMessage(error, 'Failed to create account.'), variant: 'destructive' })
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <EmailField label="Email" value={email} onValueChange={setEmail} />
      <NewPasswordFields label="Password" name="password" confirmLabel="Confirm Password" {...newPassword.fields} />
      <FormField label="Workspace name (optional)" hint="What your team and the people you invite see. You can change it in Settings.">
        <Input name="accountName" value={accountName} onChange={(event) => setAccountName(event.target.value)} maxLength={ACCOUNT_NAME_MAX} placeholder="Acme Marketing" autoComplete="organization" />
      </FormField>
      <Button type="submit" className="mt-2 w-full" isLoading={isSubmitting}>
        Create Account
      </Button>
    </form>
  )
}
