import { Building2, Link2, MousePointerClick, Users } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { Card } from '../../components/ui/card'
import type { AdminStats } from './api'

const CARDS: { key: keyof AdminStats; label: string; icon: LucideIcon }[] = [
  { key: 'totalAccounts', label: 'Total Accounts', icon: Building2 },
  { key: 'totalUsers', label: 'Total Users', icon: Users },
  { key: 'totalLinks', label: 'Total Links', icon: Link2 },
  { key: 'totalClicks', label: 'Total Clicks', icon: MousePointerClick },
]

export function StatCards({ stats }: { stats: Partial<AdminStats> | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon }) => (
        // Each card is one term and its value, as a description list's group may be: the icon lives in the term.
        <Card key={key} className="relative grid content-start gap-1 p-4 sm:p-5">
          <dt className="pr-8 text-[13px] font-medium text-slate-500">
            {label}
            <Icon className="absolute top-4 right-4 size-5 text-brand-600 sm:top-5 sm:right-5" aria-hidden="true" />
          </dt>
          <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid={`stat-${key}`}>
            {(stats?.[key] ?? 0).toLocaleString()}
          </dd>
        </Card>
      ))}
    </dl>
  )
}
