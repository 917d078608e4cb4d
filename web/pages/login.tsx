import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { LoadingState } from '../components/ui/spinner'
import { LoginForm } from '../features/auth/login-form'
import { ProviderButtons } from '../features/auth/provider-buttons'
import { useProviderReturn } from '../features/auth/use-provider-return'

export function LoginPage() {
  const isExchanging = useProviderReturn('login')
  return (
    <AuthCard
      title="Sign in to your account"
      description="Welcome back. Enter your details to continue."
      footer={
        <>
          Don't have an account?{' '}
          <Link href="/signup" className="font-medium text-brand-600 hover:text-brand-700">
            Sign up
          </Link>
        </>
      }
    >
      {isExchanging ? (
        <LoadingState label="Signing you in..." className="py-8" />
      ) : (
        <div className="grid gap-4">
          <ProviderButtons from="login" />
          <LoginForm />
        </div>
      )}
    </AuthCard>
  )
}
