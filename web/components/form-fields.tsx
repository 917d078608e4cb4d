import { useState, type ReactNode } from 'react'
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../src/shared/auth-rules'
import { FormField } from './ui/form-field'
import { Input } from './ui/input'

type EmailFieldProps = {
  /** 'Email', 'New Email', 'Your Email'. */
  label: string
  value: string
  onValueChange: (value: string) => void
  placeholder?: string
  /** Under the field in red; marks it invalid. */
  error?: string | null
  className?: string
}

/** A required e-mail address (form name `email`) as long as the server accepts, filled in by the browser. */
export function EmailField({ label, value, onValueChange, placeholder = 'you@company.com', error, className }: EmailFieldProps) {
  return (
    <FormField label={label} error={error} className={className}>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </FormField>
  )
}

type PasswordFieldProps = {
  label: string
  /** The form name: 'password', 'currentPassword', 'newPassword', 'confirmPassword'. */
  name: string
  /** 'current-password' lets the browser fill the saved one; 'new-password' lets it suggest one. */
  autoComplete: 'current-password' | 'new-password'
  value: string
  onValueChange: (value: string) => void
  hint?: ReactNode
  error?: string | null
  /** At the right of the label, e.g. the "Forgot password?" link. */
  labelAside?: ReactNode
}

/** A required password, capped at the length the server accepts. */
export function PasswordField({ label, name, autoComplete, value, onValueChange, hint, error, labelAside }: PasswordFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} labelAside={labelAside}>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={PASSWORD_MAX}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </FormField>
  )
}

/** What is wrong with a new password: the two entries differ, or (once they agree) it is too short. */
export type NewPasswordProblem = 'mismatch' | 'tooShort' | 'tooLong'

/** The state of NewPasswordFields (spread `fields` into it), what is wrong with it, and a way to empty it. */
export function useNewPassword() {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const problem: NewPasswordProblem | null = password !== confirmation ? 'mismatch' : password.length < PASSWORD_MIN ? 'tooShort' : password.length > PASSWORD_MAX ? 'tooLong' : null
  const clear = () => {
    setPassword('')
    setConfirmation('')
  }
  return { password, problem, clear, fields: { password, onPasswordChange: setPassword, confirmation, onConfirmationChange: setConfirmation } }
}

type NewPasswordFieldsProps = {
  /** 'Password' on sign-up, 'New Password' when changing or resetting it. */
  label: string
  /** The first field's form name; the second is always `confirmPassword`. */
  name: 'password' | 'newPassword'
  confirmLabel: string
  password: string
  onPasswordChange: (value: string) => void
  confirmation: string
  onConfirmationChange: (value: string) => void
  /** Shown under the confirmation: a mismatch or a too-short password. */
  error?: string | null
}

/** A new password, with the minimum length stated under it, and the same typed again. */
export function NewPasswordFields({ label, name, confirmLabel, password, onPasswordChange, confirmation, onConfirmationChange, error }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={password}
        onValueChange={onPasswordChange}
      />
      <PasswordField
        label={confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        error={error}
        value={confirmation}
        onValueChange={onConfirmationChange}
      />
    </>
  )
}
