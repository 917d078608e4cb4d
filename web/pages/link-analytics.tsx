import { ArrowLeft, Link2Off, RotateCw } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useParams } from 'wouter'
import { Page } from '../components/page'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { CopyButton } from '../components/ui/copy-button'
import { EmptyState } from '../components/ui/empty-state'
import { LoadingState } from '../components/ui/spinner'
import { preloadLinkAnalytics, useAnalyticsLink } from '../features/analytics/api'
import { LinkAnalyticsView } from '../features/analytics/link-analytics-view'
import { CardSeenBy } from '../features/links/card-seen-by'
import { AllPlatformPreviews } from '../features/links/platform-mockups'
import { ApiError, errorMessage } from '../lib/api'

/** /share-links/:id/analytics: what happened to one link. */
export function LinkAnalyticsPage() {
  const { id = '' } = useParams<{ id: string }>()
  const link = useAnalyticsLink(id)
  const isMissing = link.error instanceof ApiError && link.error.status === 404
  useEffect(() => preloadLinkAnalytics(id), [id])

  return (
    <Page
      title="Link Analytics"
      description={
        link.data && (
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-slate-800" data-testid="analytics-link-title">
              {link.data.title}
            </span>
            {/* Shown, not linked: opening it from here would count as a click. */}
            <span className="inline-flex min-w-0 items-center gap-1">
              <span className="break-all text-brand-700" data-testid="analytics-link-url">
                {link.data.url}
              </span>
              <CopyButton value={link.data.url} label="Copy short link" size="icon" variant="ghost" />
            </span>
          </span>
        )
      }
      actions={
        <Button asChild variant="outline">
          <Link href="/share-links">
            <ArrowLeft aria-hidden="true" />
            Back to Share Links
          </Link>
        </Button>
      }
    >
      {link.isLoading && <LoadingState label="Loading analytics..." />}
      {isMissing && (
        <EmptyState icon={Link2Off} title="Link not found" description="It may have been deleted, or it belongs to another account." titleAs="h2" />
      )}
      {link.error && !isMissing && (
        <Alert variant="destructive" title="Failed to fetch analytics">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span>{errorMessage(link.error, 'Please try again in a moment.')}</span>
            <Button variant="outline" size="sm" onClick={() => void link.mutate()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {link.data && (
        <div className="grid gap-6">
          {link.data.passwordLockedUntil && (
            <Alert variant="warning" title="Someone is guessing this link's password">
              Too many wrong passwords came from many addresses, so its password form refuses every password until{' '}
              {new Date(link.data.passwordLockedUntil).toLocaleString()}. If the password may be known or is short, change it.
            </Alert>
          )}
          <LinkAnalyticsView link={link.data} />
          <Card data-testid="link-previews">
            <CardHeader>
              <CardTitle>How it shows when shared</CardTitle>
              <CardDescription>The card as each platform draws it, with its own card where the link gives it one, and what the platform cuts or leaves out.</CardDescription>
            </CardHeader>
            <CardContent>
              <AllPlatformPreviews card={{ ...link.data, ogImage: link.data.ogImage ?? link.data.cardImageUrl }} host={new URL(link.data.url).host} />
            </CardContent>
          </Card>
          <Card data-testid="card-seen-by">
            <CardHeader>
              <CardTitle>Seen by</CardTitle>
              <CardDescription>Platforms keep the card their crawler read for days or weeks. Here is when each last read it, and how to have it show a changed card.</CardDescription>
            </CardHeader>
            <CardContent>
              <CardSeenBy linkId={link.data.id} />
            </CardContent>
          </Card>
        </div>
      )}
    </Page>
  )
}
