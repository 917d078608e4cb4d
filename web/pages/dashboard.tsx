import { BarChart3, CreditCard, KeyRound, Link2, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Page } from '../components/page'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { rangeDays } from '../features/analytics/account-range'
import { useAccountAnalytics } from '../features/analytics/api'
import { PlatformPreviews } from '../features/analytics/breakdown-tables'
import { ActivityChart } from '../features/dashboard/activity-chart'
import { useDashboardStats, useUsage } from '../features/dashboard/api'
import { BusiestLinks } from '../features/dashboard/busiest-links'
import { StatCards, type StatValue } from '../features/dashboard/stat-cards'
import { UsageOverview } from '../features/dashboard/usage-overview'
import { useLinkPage, type Link as ShareLink } from '../features/links/api'
import { CreatedLinkDialog } from '../features/links/created-link-dialog'
import { LinkFormDialog } from '../features/links/link-form-dialog'
import { useCan, useCurrentUser } from '../lib/session'

/** What a stat card shows for one read: the value, undefined while loading, null after a failure. */
const statValue = <T,>(read: { data?: T; error?: unknown }, pick: (data: T) => number): StatValue =>
  read.data !== undefined ? pick(read.data) : read.error ? null : undefined

export function DashboardPage() {
  const user = useCurrentUser()
  const mayCreate = useCan('links:write')
  const mayIntegrate = useCan('integrations:manage')
  const mayBill = useCan('billing:manage')
  const usage = useUsage()
  const stats = useDashboardStats()
  // Only the number of links: one is asked for, the total comes with it.
  const links = useLinkPage({ limit: 1 })
  const totalLinks = statValue(links, (page) => page.total)
  // Previews by platform over the activity chart's 30 days, the verified apart from the unverified claims.
  const platforms = useAccountAnalytics(rangeDays({ days: 30 }))
  // The links page's own create dialog, opened here, and what it shows once the link is made.
  const [isCreating, setIsCreating] = useState(false)
  const [created, setCreated] = useState<ShareLink | null>(null)

  return (
    <Page
      title="Dashboard"
      description="Your links, usage and activity at a glance."
      actions={
        <>
          {mayCreate && (
            <Button onClick={() => setIsCreating(true)}>
              <Plus aria-hidden="true" />
              Create Link
            </Button>
          )}
          <Button asChild variant="outline">
            <Link href="/share-links">
              <Link2 aria-hidden="true" />
              Manage Links
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/analytics">
              <BarChart3 aria-hidden="true" />
              Analytics
            </Link>
          </Button>
          {mayIntegrate && (
            <Button asChild variant="outline">
              <Link href="/api-keys">
                <KeyRound aria-hidden="true" />
                API Keys
              </Link>
            </Button>
          )}
          {mayBill && (
            <Button asChild variant="outline">
              <Link href="/billing">
                <CreditCard aria-hidden="true" />
                Billing
              </Link>
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-6">
        <UsageOverview usage={usage.data} fallbackPlan={user?.plan ?? 'free'} isLoading={usage.isLoading} hasError={Boolean(usage.error)} />
        {stats.error && !stats.data && <Alert variant="destructive">Failed to fetch dashboard stats</Alert>}
        {links.error && !links.data && <Alert variant="destructive">Failed to fetch share links</Alert>}
        <StatCards
          totalLinks={totalLinks}
          totalClicks={statValue(stats, (s) => s.totalClicks)}
          previewsThisMonth={statValue(usage, (u) => u.usageThisMonth)}
          apiCalls={statValue(stats, (s) => s.totalApiCalls)}
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <ActivityChart series={stats.data?.series} hasError={Boolean(stats.error)} />
          {/* On phones the links come first: for a new account they hold the first-link invitation. */}
          <BusiestLinks
            className="order-first lg:order-none"
            links={stats.data?.topLinks}
            hasError={Boolean(stats.error)}
            totalLinks={totalLinks}
            onCreate={mayCreate ? () => setIsCreating(true) : undefined}
          />
        </div>
        {/* Below the rest, so its arrival moves nothing already shown. */}
        {platforms.data && <PlatformPreviews title="Previews by Platform, Last 30 Days" rows={platforms.data.previewsByPlatform.slice(0, 10)} />}
      </div>
      <LinkFormDialog open={isCreating} onOpenChange={setIsCreating} onCreated={setCreated} />
      <CreatedLinkDialog link={created} onOpenChange={(open) => !open && setCreated(null)} />
    </Page>
  )
}
