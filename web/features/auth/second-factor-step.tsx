import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/api'
import { toast } from '../../lib/toast'
import { cancelSignIn, completeSignIn, completeSignInWithPasskey, usePendingSignIn } from './api'

/**
 * The sign-in's second step, once the password (or the provider) was right: a code from the
 * authenticator app, or one of the recovery codes. A wrong code can be typed again; an expired
 * sign-in starts over.
 */
export function SecondFactorStep() {
  const methods = usePendingSignIn((state) => state.methods)
  const hasCodes = methods.includes('totp') || methods.includes('recovery')
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(!methods.includes('totp'))
  const [isUsingPasskey, setIsUsingPasskey] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  async function confirmWithPasskey() {
    setIsUsingPasskey(true)
    setError(null)
    try {
      await completeSignInWithPasskey()
    } catch (failure) {
      setIsUsingPasskey(false)
      // Cancelled in the browser's own prompt: nothing to say beyond trying again.
      toast({ title: 'Passkey not used', description: errorMessage(failure, 'The passkey was not used. Try again, or enter a code.'), variant: 'destructive' })
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsSubmitting(true)
    setError(null)
    try {
      // Signed in, the screen's guard sends the visitor on (web/components/guards.tsx).
      await completeSignIn(code)
    } catch (failure) {
      setIsSubmitting(false)
      // The challenge expired or was used: the password again, not another code.
      const isOver = failure instanceof ApiError && failure.status === 401 && !fieldErrorsOf(failure).some((item) => item.field === 'code')
      if (isOver) {
        toast({ title: 'Sign in again', description: errorMessage(failure, 'This sign-in has expired.'), variant: 'destructive' })
        cancelSignIn()
      } else setError(errorMessage(failure, 'That code did not work. Please try again.'))
    }
  }

  function switchKind() {
    setUsesRecoveryCode((current) => !current)
    setCode('')
    setError(null)
  }

  const passkeyButton = methods.includes('passkey') && (
    <Button type="button" variant={hasCodes ? 'outline' : 'default'} className="w-full" isLoading={isUsingPasskey} onClick={confirmWithPasskey}>
      <KeyRound aria-hidden="true" />
      Use a Passkey
    </Button>
  )

  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby="second-factor-title">
      <div className="grid gap-1">
        <h2 id="second-factor-title" className="text-base font-semibold text-slate-900">
          Two-factor authentication
        </h2>
        <p className="text-sm text-slate-600">
          {!hasCodes
            ? 'Confirm it is you with your passkey.'
            : usesRecoveryCode
              ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
              : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {hasCodes && (
        <>
          <FormField label={usesRecoveryCode ? 'Recovery code' : 'Authentication code'} error={error}>
            <Input
              name="code"
              required
              autoFocus
              autoComplete="one-time-code"
              inputMode={usesRecoveryCode ? 'text' : 'numeric'}
              pattern={usesRecoveryCode ? undefined : '[0-9 ]{6,7}'}
              maxLength={usesRecoveryCode ? 64 : 7}
              placeholder={usesRecoveryCode ? 'xxxxx-xxxxx' : '123 456'}
              className="font-mono tracking-widest"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <Button type="submit" className="w-full" isLoading={isSubmitting}>
            Verify
          </Button>
        </>
      )}
      {passkeyButton}
      <div className="flex flex-wrap items-center justify-between gap-2 text-[13px]">
        {methods.includes('totp') && methods.includes('recovery') && (
          <button type="button" className="font-medium text-brand-600 hover:text-brand-700" onClick={switchKind}>
            {usesRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <button type="button" className="ml-auto font-medium text-slate-600 hover:text-slate-900" onClick={cancelSignIn}>
          Back to sign in
        </button>
      </div>
    </form>
  )
}
