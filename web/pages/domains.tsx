import { Page } from '../components/page'
import { useUsage } from '../features/billing/api'
import { CustomDomainCard } from '../features/domains/custom-domain-card'
import { useCurrentUser } from '../lib/session'

export function DomainsPage() {
  const user = useCurrentUser()
  const { data: usage } = useUsage()
  // The freshest answer wins; the stored session's plan fills in while the call is out.
  const plan = usage?.plan ?? user?.plan ?? 'free'
  return (
    <Page title="Custom Domain" description="Serve your short links from your own domain.">
      <CustomDomainCard plan={plan} />
    </Page>
  )
}
