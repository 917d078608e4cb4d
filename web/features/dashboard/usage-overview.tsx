import { Link } from 'wouter'
import type { Plan } from '../../../src/shared/domain'
import { PLAN_INFO } from '../../../src/shared/plans'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Progress } from '../../components/ui/progress'
import { Skeleton } from '../../components/ui/spinner'
import type { Usage } from './api'
import { usageSummary } from './usage-summary'
import { formatDate } from '../../lib/dates'

type UsageOverviewProps = {
  usage: Usage | undefined
  /** The stored session's plan, shown until the usage call answers. */
  fallbackPlan: Plan
  isLoading: boolean
  hasError: boolean
}


/** Plan badge, previews used this month against the plan's limit, and when the count resets. */
export function UsageOverview({ usage, fallbackPlan, isLoading, hasError }: UsageOverviewProps) {
  const plan = PLAN_INFO[usage?.plan ?? fallbackPlan]
  const summary = usage && usageSummary(usage)
  return (
    <Card data-testid="usage-overview">
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <h2 className="text-base font-semibold tracking-tight text-slate-900">Usage this month</h2>
            <Badge data-testid="plan-badge">{plan.name} plan</Badge>
          </div>
          {plan.id !== 'enterprise' && (
            <Button asChild variant="link" size="sm">
              <Link href="/billing">{plan.id === 'free' ? 'Upgrade plan' : 'Change plan'}</Link>
            </Button>
          )}
        </div>
        {hasError && !usage && <Alert variant="destructive">Failed to fetch usage stats</Alert>}
        {isLoading && !usage && (
          <div role="status" className="grid gap-2" aria-busy="true" aria-label="Loading usage">
            <Skeleton className="h-5 w-44" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-4 w-36" />
          </div>
        )}
        {usage && summary && (
          <div className="grid gap-2">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600">
              <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="usage-numbers">
                {summary.text}
              </span>
              {summary.isUnlimited && <Badge variant="success">Unlimited</Badge>}
            </p>
            {!summary.isUnlimited && <Progress value={summary.percent} color={summary.color} aria-label="Previews used this month" />}
            {summary.color === 'danger' && (
              <p className="text-[13px] text-red-700">
                Your previews are used up: crawlers get a plain redirect until the count resets or you upgrade.
              </p>
            )}
            <p className="text-[13px] text-slate-500" data-testid="usage-reset">
              Resets on {formatDate(usage.billingPeriodEnd)}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
