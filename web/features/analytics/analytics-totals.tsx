import type { LucideIcon } from 'lucide-react'
import { ArrowDownRight, ArrowUpRight, Eye, Minus, MousePointerClick, QrCode, Share2, TrendingUp, Users } from 'lucide-react'
import { Card } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/spinner'
import { cn } from '../../lib/cn'
import type { AccountAnalytics, LinkAnalytics } from './api'
import { describeChange, formatEngagement, type Trend } from './labels'

type Totals = LinkAnalytics['totals']
/** The period before and how each count changed since (account analytics). */
type Comparison = { totals: Totals; change: AccountAnalytics['change'] }
type Counted = keyof AccountAnalytics['change']

type AnalyticsTotalsProps = {
  /** undefined while loading: each card keeps its place and size. */
  totals: Totals | undefined
  /** Whether each card says how it changed since the period before: `comparison`, once loaded. */
  compares?: boolean
  comparison?: Comparison
}

const count = (value: number) => value.toLocaleString('en-US')

/** The period's totals: clicks, QR code scans, previews, unique visitors, social shares and engagement; with the change since the period before when given. */
export function AnalyticsTotals({ totals, compares = false, comparison }: AnalyticsTotalsProps) {
  const counted = (key: Counted, label: string, icon: LucideIcon, hint: string) => (
    <Total
      label={label}
      value={totals && count(totals[key])}
      icon={icon}
      hint={hint}
      change={comparison && totals && describeChange(comparison.change[key], totals[key], comparison.totals[key])}
      hasComparison={compares}
    />
  )
  const before = comparison?.totals.engagement
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
      {counted('clicks', 'Clicks', MousePointerClick, 'People sent to the target')}
      {counted('scans', 'Scans', QrCode, 'Clicks from the QR code')}
      {counted('previews', 'Previews', Eye, 'Social cards shown by crawlers')}
      {counted('uniqueVisitors', 'Unique visitors', Users, 'Different people each day')}
      {counted('socialShares', 'Social shares', Share2, 'Clicks from social networks')}
      <Total
        label="Engagement"
        value={totals && formatEngagement(totals.engagement)}
        icon={TrendingUp}
        hint={totals?.engagement === null ? 'No previews in this period' : 'Clicks per preview'}
        // Clicks per preview is a ratio: what it was says more than a percentage of it.
        change={comparison && { trend: 'none', text: before === null ? 'No previews before' : `${formatEngagement(before ?? null)} before` }}
        hasComparison={compares}
      />
    </div>
  )
}

const TRENDS: Record<Trend, { icon: LucideIcon; className: string }> = {
  up: { icon: ArrowUpRight, className: 'text-emerald-700' },
  down: { icon: ArrowDownRight, className: 'text-red-700' },
  same: { icon: Minus, className: 'text-slate-500' },
  none: { icon: Minus, className: 'text-slate-500' },
}

type TotalProps = {
  label: string
  value: string | undefined
  hint: string
  icon: LucideIcon
  change: { trend: Trend; text: string } | undefined
  hasComparison: boolean
}

function Total({ label, value, hint, icon: Icon, change, hasComparison }: TotalProps) {
  const trend = change && TRENDS[change.trend]
  return (
    <Card className="grid content-start gap-1.5 p-4" role="group" aria-label={label} data-testid="analytics-total">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-slate-500">{label}</p>
        <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <p className="h-8 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="analytics-total-value">
          {value}
        </p>
      )}
      <p className="text-xs text-slate-500">{hint}</p>
      {/* Two lines kept on narrow cards, one on wide ones, so a card keeps its height when the numbers arrive. */}
      {hasComparison && (
        <div className="min-h-8 sm:min-h-4">
          {change && trend ? (
            <p className={cn('flex items-start gap-1 text-xs font-medium', trend.className)} data-testid="analytics-change" data-trend={change.trend}>
              <trend.icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {change.text}
            </p>
          ) : (
            <Skeleton className="h-4 w-24" />
          )}
        </div>
      )}
    </Card>
  )
}
