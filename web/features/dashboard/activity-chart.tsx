import { BarChart3 } from 'lucide-react'
import { DailyChart } from '../../components/daily-chart'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/spinner'
import type { DashboardStats } from './api'

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
            : 'Clicks and previews per day, last 30 days (UTC).'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {!series && !hasError && <Skeleton className="h-64 w-full" />}
        {!series && hasError && <Placeholder text="Activity could not be loaded." />}
        {series && clicks + previews === 0 && <Placeholder text="No clicks or previews in the last 30 days. Share a link and they show up here." />}
        {series && clicks + previews > 0 && <DailyChart data={series} series={SERIES} label="Clicks and previews per day, last 30 days" />}
      </CardContent>
    </Card>
  )
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="flex min-h-48 flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 text-center text-sm text-slate-500">
      <BarChart3 className="size-6 text-slate-400" aria-hidden="true" />
      {text}
    </div>
  )
}
