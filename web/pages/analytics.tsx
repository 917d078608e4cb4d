import { Page } from '../components/page'
import { AccountAnalyticsView } from '../features/analytics/account-analytics-view'
import { useTags } from '../features/links/api'
import { useCan } from '../lib/session'

/** /analytics: every link of the account together, or one tag's, over any days. */
export function AccountAnalyticsPage() {
  const tags = useTags()
  const mayCreate = useCan('links:write')
  return (
    <Page title="Analytics" description="All your links together: clicks, previews and where they come from, against the period before.">
      <AccountAnalyticsView tags={tags.data} mayCreate={mayCreate} />
    </Page>
  )
}
