import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { SignupForm } from '../features/auth/signup-form'
import { WithProviders } from '../features/auth/with-providers'

export function SignupPage() {
  return (
    <AuthCard
      title="Create your account"
      description="Free forever on the Free plan. No credit card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <WithProviders from="signup">
        <SignupForm />
      </WithProviders>
    </AuthCard>
  )
}
