import { Alert } from '../components/ui/alert'
import { LoadingState } from '../components/ui/spinner'
import { Page } from '../components/page'
import { BrandCard } from '../features/account/brand-card'
import { DangerZone } from '../features/account/danger-zone'
import { EmailForm } from '../features/account/email-form'
import { PasskeysCard } from '../features/account/passkeys-card'
import { PasswordForm } from '../features/account/password-form'
import { ProfileCard } from '../features/account/profile-card'
import { RequireSecondFactorCard } from '../features/account/require-second-factor-card'
import { SessionsCard } from '../features/account/sessions-card'
import { SignOutEverywhere } from '../features/account/sign-out-everywhere'
import { TwoFactorCard } from '../features/account/two-factor-card'
import { WorkspaceCard } from '../features/account/workspace-card'
import { useMe } from '../features/account/api'
import { useMembers } from '../features/members/api'
import type { User } from '../../src/modules/auth/schema'
import { useCan, useCurrentUser } from '../lib/session'

export function SettingsPage() {
  const stored = useCurrentUser()
  const { data, error, isLoading } = useMe()
  const user = data?.user ?? stored
  const mayBrand = useCan('domains:manage')
  return (
    <Page title="Account Settings" description="Manage your profile, sign-in and account." width="narrow">
      {error && !user && <Alert variant="destructive">Failed to fetch user data</Alert>}
      {!user && isLoading && <LoadingState />}
      {user && (
        <div className="grid gap-6">
          <ProfileCard user={user} />
          {mayBrand && <WorkspaceCard key={user.accountId} user={user} />}
          {mayBrand && <BrandCard />}
          <EmailForm user={user} />
          <PasswordForm />
          <TwoFactorCard />
          <PasskeysCard />
          {user.role === 'owner' && <OwnersSecondFactorCard user={user} />}
          <SessionsCard />
          <SignOutEverywhere />
          <DangerZone />
        </div>
      )}
    </Page>
  )
}

/** The owner's switch, told how many members it would stop until they set up a second factor. */
function OwnersSecondFactorCard({ user }: { user: User }) {
  const { data } = useMembers()
  const membersWithout = data?.members.filter((member) => !member.hasSecondFactor).length
  return <RequireSecondFactorCard user={user} membersWithout={membersWithout} />
}
