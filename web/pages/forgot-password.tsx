import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form'

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter your email and we'll send you a link to choose a new password."
      footer={
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  )
}
