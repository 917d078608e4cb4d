import type { LucideIcon } from 'lucide-react'
import { Eye, KeyRound, Link2, MousePointerClick } from 'lucide-react'
import { Card } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/spinner'

/** A number to show; undefined while it loads, null when it could not be read. */
export type StatValue = number | null | undefined

type StatCardsProps = { totalLinks: StatValue; totalClicks: StatValue; previewsThisMonth: StatValue; apiCalls: StatValue }

/** The four stat cards of the dashboard. */
export function StatCards({ totalLinks, totalClicks, previewsThisMonth, apiCalls }: StatCardsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Links" value={totalLinks} icon={Link2} />
      <StatCard label="Total Clicks" value={totalClicks} icon={MousePointerClick} />
      <StatCard label="Previews This Month" value={previewsThisMonth} icon={Eye} hint="Counted against your plan" />
      <StatCard label="API Calls" value={apiCalls} icon={KeyRound} />
    </div>
  )
}

function StatCard({ label, value, icon: Icon, hint }: { label: string; value: StatValue; icon: LucideIcon; hint?: string }) {
  return (
    <Card className="grid content-start gap-2 p-4 sm:p-5" data-testid="stat-card" aria-label={label} role="group">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-slate-500">{label}</p>
        <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl" data-testid="stat-value">
          {value === null ? '—' : value.toLocaleString('en-US')}
        </p>
      )}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </Card>
  )
}
