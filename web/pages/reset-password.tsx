import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { ResetPasswordForm } from '../features/auth/reset-password-form'

export function ResetPasswordPage() {
  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you don't use anywhere else."
      footer={
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm />
    </AuthCard>
  )
}
