import { BarChart3, CircleAlert } from 'lucide-react'
import { DailyChart } from '../../components/daily-chart'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/spinner'
import type { DashboardStats } from './api'
import { PREVIEW_COUNTING } from '../../../src/shared/rate-limits'

const SERIES = [
  { key: 'clicks', label: 'Clicks', color: 'var(--color-brand-600)' },
  { key: 'previews', label: 'Previews', color: '#10b981' },
] as const

type ActivityChartProps = {
  /** The last 30 days; undefined while loading. */
  series: DashboardStats['series'] | undefined
  hasError: boolean
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`

/** The dashboard's chart: the account's clicks and previews on each of the last 30 days. */
export function ActivityChart({ series, hasError }: ActivityChartProps) {
  const clicks = series?.reduce((total, day) => total + day.clicks, 0) ?? 0
  const previews = series?.reduce((total, day) => total + day.previews, 0) ?? 0
  return (
    <Card className="flex min-w-0 flex-col" data-testid="activity-chart">
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>
          {series && clicks + previews > 0
            ? `${count(clicks, 'click')} and ${count(previews, 'preview')} in the last 30 days.`
            : 'Clicks and previews per day, last 30 days (UTC).'}{' '}
          Previews here include a platform's repeats; your plan counts a link's card once per platform every{' '}
          {PREVIEW_COUNTING.windowMinutes} minutes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {!series && !hasError && <Skeleton className="h-64 w-full" />}
        {!series && hasError && <EmptyState icon={CircleAlert} title="Activity could not be loaded." className="flex-1" />}
        {series && clicks + previews === 0 && (
          <EmptyState
            icon={BarChart3}
            title="No clicks or previews in the last 30 days."
            description="Share a link and they show up here."
            className="flex-1"
          />
        )}
        {series && clicks + previews > 0 && <DailyChart data={series} series={SERIES} label="Clicks and previews per day, last 30 days" />}
      </CardContent>
    </Card>
  )
}
