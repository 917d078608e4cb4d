import { lazy, Suspense } from 'react'
import { cn } from '../lib/cn'
import { Skeleton } from './ui/spinner'

type DailySeries<K extends string> = { key: K; label: string; color: string }

export type DailyChartProps<K extends string> = {
  /** One entry per UTC day (YYYY-MM-DD), oldest first. */
  data: ({ day: string } & Record<K, number>)[]
  series: readonly DailySeries<K>[]
  /** What the chart shows, for screen readers. */
  label: string
  className?: string
}

const DailyChartSvg = lazy(() => import('./daily-chart-svg'))

/** Counts per day as overlaid areas; fits its container's width (down to a 390 px phone). */
export function DailyChart<K extends string>(props: DailyChartProps<K>) {
  return (
    <figure className={cn('h-64 w-full', props.className)} aria-label={props.label} data-testid="daily-chart">
      <Suspense fallback={<Skeleton className="h-full w-full" />}>
        <DailyChartSvg {...(props as DailyChartProps<string>)} />
      </Suspense>
    </figure>
  )
}
