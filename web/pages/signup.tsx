import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { LoadingState } from '../components/ui/spinner'
import { ProviderButtons } from '../features/auth/provider-buttons'
import { SignupForm } from '../features/auth/signup-form'
import { useProviderReturn } from '../features/auth/use-provider-return'

export function SignupPage() {
  const isExchanging = useProviderReturn('signup')
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
      {isExchanging ? (
        <LoadingState label="Signing you in..." className="py-8" />
      ) : (
        <div className="grid gap-4">
          <ProviderButtons from="signup" />
          <SignupForm />
        </div>
      )}
    </AuthCard>
  )
}
