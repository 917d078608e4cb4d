import { Page } from '../components/page'
import { useUsage } from '../features/billing/api'
import { DomainsCard } from '../features/domains/domains-card'
import { useCurrentUser } from '../lib/session'

export function DomainsPage() {
  const user = useCurrentUser()
  const { data: usage } = useUsage()
  // The freshest answer wins; the stored session's plan fills in while the call is out.
  const plan = usage?.plan ?? user?.plan ?? 'free'
  return (
    <Page title="Custom Domains" description="Serve your short links from your own domains.">
      <DomainsCard plan={plan} />
    </Page>
  )
}
