import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PlanInfo } from '../../src/shared/plans'
import { cn } from '../lib/cn'
import { Badge } from './ui/badge'

type PlanCardProps = {
  plan: PlanInfo
  /** The button at the bottom: Get Started, Contact Sales, Upgrade... */
  action: ReactNode
  /** Marks the signed-in account's plan (billing). */
  isCurrent?: boolean
}

/** A count as people read it: 5,000; null is no limit. */
export const count = (limit: number | null) => (limit === null ? 'Unlimited' : limit.toLocaleString('en'))

/** The plan's line on support, as the plan table words it. */
export const supportOf = (plan: PlanInfo) => plan.features.find((feature) => /support$/i.test(feature))

/** The plan card's short list, on Pricing and Billing alike: the comparison's headline rows, in words. */
function planHighlights(plan: PlanInfo): string[] {
  const domains = plan.customDomainLimit === 0 ? [] : [`${count(plan.customDomainLimit)} custom domains`]
  const support = supportOf(plan)
  return [
    plan.previewLimit === null ? 'Unlimited previews' : `${count(plan.previewLimit)} previews per month`,
    'Unlimited clicks and members',
    ...domains,
    `${count(plan.linksPerHour)} new links an hour`,
    ...(plan.hasStatsApi ? ['Stats API'] : []),
    ...(support ? [support] : []),
  ]
}

/** One plan of src/shared/plans.ts, for pricing and billing alike. */
export function PlanCard({ plan, action, isCurrent }: PlanCardProps) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-xs',
        plan.popular ? 'border-brand-600 shadow-lg ring-1 ring-brand-600 shadow-brand-600/10' : 'border-slate-200',
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600 text-white ring-0">Most Popular</Badge>
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {isCurrent && <Badge variant="success">Current plan</Badge>}
      </div>
      <p className="mt-1 min-h-10 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className={cn('font-semibold tracking-tight text-slate-900', plan.price.startsWith('$') ? 'text-3xl' : 'text-2xl leading-9')}>{plan.price}</span>
        {plan.priceNote && <span className="text-sm text-slate-500">{plan.priceNote}</span>}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm text-slate-700">
        {planHighlights(plan).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 grid">{action}</div>
    </article>
  )
}
