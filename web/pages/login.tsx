import { Link } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { LoginForm } from '../features/auth/login-form'
import { WithProviders } from '../features/auth/with-providers'

export function LoginPage() {
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
      <WithProviders from="login">
        <LoginForm />
      </WithProviders>
    </AuthCard>
  )
}
