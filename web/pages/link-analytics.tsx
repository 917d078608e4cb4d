import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { Page } from '../components/page'
import { Button } from '../components/ui/button'
import { LoadingState } from '../components/ui/spinner'

/** /share-links/:id/analytics: where a link's analytics action leads. */
export function LinkAnalyticsPage() {
  return (
    <Page
      title="Link Analytics"
      actions={
        <Button asChild variant="outline">
          <Link href="/share-links">
            <ArrowLeft aria-hidden="true" />
            Back to Share Links
          </Link>
        </Button>
      }
    >
      <LoadingState label="Loading analytics..." />
    </Page>
  )
}
