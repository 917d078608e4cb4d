import { Link, useSearch } from 'wouter'
import { AuthCard } from '../components/auth-card'
import { InvitationAnswer } from '../features/members/invitation-answer'

export function InvitePage() {
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthCard
      title="Join a Linkcard account"
      footer={
        <Link href="/" className="font-medium text-brand-600 hover:text-brand-700">
          What is Linkcard?
        </Link>
      }
    >
      <InvitationAnswer token={token} />
    </AuthCard>
  )
}
