import { CreditCard, KeyRound, Link2 } from 'lucide-react'
import { Link } from 'wouter'
import { Page } from '../components/page'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { ActivityChart } from '../features/dashboard/activity-chart'
import { useDashboardStats, useUsage } from '../features/dashboard/api'
import { StatCards, type StatValue } from '../features/dashboard/stat-cards'
import { UsageOverview } from '../features/dashboard/usage-overview'
import { useLinkPage } from '../features/links/api'
import { RECENT_LINKS } from '../features/links/link-view'
import { RecentLinks } from '../features/links/recent-links'
import { useCan, useCurrentUser } from '../lib/session'

/** What a stat card shows for one read: the value, undefined while loading, null after a failure. */
const statValue = <T,>(read: { data?: T; error?: unknown }, pick: (data: T) => number): StatValue =>
  read.data !== undefined ? pick(read.data) : read.error ? null : undefined

export function DashboardPage() {
  const user = useCurrentUser()
  const mayIntegrate = useCan('integrations:manage')
  const mayBill = useCan('billing:manage')
  const usage = useUsage()
  const stats = useDashboardStats()
  // The newest few links, and the total beside them.
  const links = useLinkPage({ limit: RECENT_LINKS })

  return (
    <Page
      title="Dashboard"
      description="Your links, usage and activity at a glance."
      actions={
        <>
          <Button asChild>
            <Link href="/share-links">
              <Link2 aria-hidden="true" />
              Manage Links
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
        <StatCards
          totalLinks={statValue(links, (page) => page.total)}
          totalClicks={statValue(stats, (s) => s.totalClicks)}
          previewsThisMonth={statValue(usage, (u) => u.usageThisMonth)}
          apiCalls={statValue(stats, (s) => s.totalApiCalls)}
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <ActivityChart series={stats.data?.series} hasError={Boolean(stats.error)} />
          {/* On phones the links come first: for a new account they hold the first-link invitation. */}
          <RecentLinks
            className="order-first lg:order-none"
            links={links.data?.items}
            isLoading={links.isLoading}
            hasError={Boolean(links.error)}
            clicksByLinkId={stats.data ? stats.data.clicksByLinkId : stats.error ? null : undefined}
          />
        </div>
      </div>
    </Page>
  )
}
