import type { LucideIcon } from 'lucide-react'
import { Eye, MousePointerClick, QrCode, Share2, TrendingUp, Users } from 'lucide-react'
import { Card } from '../../components/ui/card'
import type { LinkAnalytics } from './api'
import { formatEngagement } from './labels'

/** The period's totals: clicks, QR code scans, previews, unique visitors, social shares and engagement. */
export function AnalyticsTotals({ totals }: { totals: LinkAnalytics['totals'] }) {
  const count = (value: number) => value.toLocaleString('en-US')
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
      <Total label="Clicks" value={count(totals.clicks)} icon={MousePointerClick} hint="People sent to the target" />
      <Total label="Scans" value={count(totals.scans)} icon={QrCode} hint="Clicks from the QR code" />
      <Total label="Previews" value={count(totals.previews)} icon={Eye} hint="Social cards shown by crawlers" />
      <Total label="Unique visitors" value={count(totals.uniqueVisitors)} icon={Users} hint="Different people each day" />
      <Total label="Social shares" value={count(totals.socialShares)} icon={Share2} hint="Clicks from social networks" />
      <Total
        label="Engagement"
        value={formatEngagement(totals.engagement)}
        icon={TrendingUp}
        hint={totals.engagement === null ? 'No previews in this period' : 'Clicks per preview'}
      />
    </div>
  )
}

function Total({ label, value, hint, icon: Icon }: { label: string; value: string; hint: string; icon: LucideIcon }) {
  return (
    <Card className="grid gap-1.5 p-4" role="group" aria-label={label} data-testid="analytics-total">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-slate-500">{label}</p>
        <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="analytics-total-value">
        {value}
      </p>
      <p className="text-xs text-slate-500">{hint}</p>
    </Card>
  )
}
