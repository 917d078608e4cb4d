import { BarChart3, Plus, RotateCw } from 'lucide-react'
import { Link, useLocation, useSearch } from 'wouter'
import { addDays, dayCount } from '../../../src/shared/analytics'
import { DailyChart } from '../../components/daily-chart'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Select } from '../../components/ui/select'
import { Skeleton, Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { type AccountRange, rangeDays, readQuery, writeQuery } from './account-range'
import { AnalyticsTotals } from './analytics-totals'
import { useAccountAnalytics } from './api'
import { BreakdownTables } from './breakdown-tables'
import { DAILY_SERIES, formatDay } from './labels'
import { RangePicker } from './range-picker'
import { TopLinks } from './top-links'

type AccountAnalyticsViewProps = {
  /** The account's tags to filter by; undefined while they load. */
  tags: { id: string; name: string }[] | undefined
  /** Whether the person may make links (the empty state's button). */
  mayCreate: boolean
}

const ALL = 'all'

/** All the account's links together, or one tag's: range and tag pickers, totals against the period before, the daily chart, the busiest links and breakdowns. */
export function AccountAnalyticsView({ tags, mayCreate }: AccountAnalyticsViewProps) {
  const [location, navigate] = useLocation()
  const { range, tag } = readQuery(useSearch())
  const days = rangeDays(range)
  const { data, error, isLoading, isValidating, mutate } = useAccountAnalytics({ ...days, tag })
  const show = (next: AccountRange, nextTag: string | undefined) => navigate(`${location}${writeQuery(next, nextTag)}`, { replace: true })
  const tagName = tags?.find((candidate) => candidate.id === tag)?.name
  const isEmpty = data !== undefined && data.totals.clicks + data.totals.previews === 0
  const period = `${formatDay(days.from)} to ${formatDay(days.to)}`
  // Known before the answer (as many days just before), so the line reads the same while loading.
  const previous = { from: addDays(days.from, -dayCount(days.from, days.to)), to: addDays(days.from, -1) }

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <RangePicker key={'from' in range ? 'custom' : 'preset'} value={range} onChange={(next) => show(next, tag)} className="min-w-0" />
        <Select
          aria-label="Tag"
          value={tag ?? ALL}
          onValueChange={(value) => show(range, value === ALL ? undefined : value)}
          options={[{ value: ALL, label: 'All links' }, ...(tags ?? []).map((candidate) => ({ value: candidate.id, label: `Tag: ${candidate.name}` }))]}
          className="w-full sm:w-56"
        />
      </div>

      {error && (
        <Alert variant="destructive" title="Failed to fetch analytics">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span>{errorMessage(error, 'Please try again in a moment.')}</span>
            <Button variant="outline" size="sm" onClick={() => void mutate()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
            {tag && (
              <Button variant="outline" size="sm" onClick={() => show(range, undefined)}>
                Show all links
              </Button>
            )}
          </div>
        </Alert>
      )}

      {(data || isLoading) && (
        <>
          <section className="grid gap-3" aria-label="Totals" aria-busy={isLoading}>
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm text-slate-500" data-testid="analytics-period">
                {tag ? `Links tagged “${tagName ?? '…'}”` : 'All links'}, {period} (UTC), against {formatDay(previous.from)} to {formatDay(previous.to)}.
              </p>
              {/* A place kept for it, so nothing moves when it comes and goes; on a phone, the spinner alone. */}
              <span className="flex w-5 shrink-0 justify-end sm:w-28">
                {isValidating && data && (
                  <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-500">
                    <Spinner className="text-slate-400" />
                    <span className="max-sm:sr-only">Updating...</span>
                  </span>
                )}
              </span>
            </div>
            <AnalyticsTotals totals={data?.totals} compares comparison={data && { totals: data.previous.totals, change: data.change }} />
          </section>
          <Card className="min-w-0" data-testid="analytics-chart">
            <CardHeader>
              <CardTitle>Clicks and previews per day</CardTitle>
              <CardDescription>Every link of the selection added up, day by day.</CardDescription>
            </CardHeader>
            <CardContent>
              {!data && <Skeleton className="h-64 w-full" />}
              {data && isEmpty && (
                <EmptyState
                  icon={BarChart3}
                  title="No clicks or previews in this period"
                  description="Share your links: people's clicks and the previews platforms show appear here within seconds."
                  className="h-64"
                  action={
                    mayCreate && (
                      <Button asChild variant="outline">
                        <Link href="/share-links?new=1">
                          <Plus aria-hidden="true" />
                          Create Link
                        </Link>
                      </Button>
                    )
                  }
                />
              )}
              {data && !isEmpty && <DailyChart data={data.series} series={DAILY_SERIES} label={`Clicks, scans, previews and unique visitors per day, ${period}`} />}
            </CardContent>
          </Card>
          {/* With nothing to list, the chart's empty state says it all. */}
          {!isEmpty && <TopLinks links={data?.topLinks} />}
          {!isEmpty && (data ? <BreakdownTables top10={data.top10} previewsByPlatform={data.previewsByPlatform} /> : <BreakdownSkeletons />)}
        </>
      )}
    </div>
  )
}

/** The six breakdown cards' places while they load. */
function BreakdownSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((card) => (
        <Card key={card} className="grid gap-4 p-5 sm:p-6">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ))}
    </div>
  )
}
