import { Page } from '../components/page'
import { PasskeysCard } from '../features/account/passkeys-card'
import { SecondFactorSetUpNotice, SignOutButton } from '../features/account/second-factor-set-up'
import { TwoFactorCard } from '../features/account/two-factor-card'

/** Every signed-in screen, while the workspace requires a second factor the user has not set up. */
export function SetUpSecondFactorPage() {
  return (
    <Page title="Set up two-factor authentication" width="narrow" actions={<SignOutButton />}>
      <div className="grid gap-6">
        <SecondFactorSetUpNotice />
        <TwoFactorCard />
        <PasskeysCard />
      </div>
    </Page>
  )
}
