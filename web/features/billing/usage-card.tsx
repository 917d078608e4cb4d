import { PLAN_INFO } from '../../../src/shared/plans'
import type { Plan } from '../../../src/shared/domain'
import { Alert } from '../../components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Progress } from '../../components/ui/progress'
import { Skeleton } from '../../components/ui/spinner'
import { usageColor } from '../../lib/usage'
import { useUsage } from './api'
import { formatDate } from '../../lib/dates'

const number = (value: number) => value.toLocaleString('en-US')

/** Current plan and previews used this billing period. */
export function UsageCard({ fallbackPlan }: { fallbackPlan: Plan }) {
  const { data: usage, error, isLoading } = useUsage()
  const plan = PLAN_INFO[usage?.plan ?? fallbackPlan]
  const percent = usage?.usageLimit ? (usage.usageThisMonth / usage.usageLimit) * 100 : 0
  return (
    <Card data-testid="usage-card">
      <CardHeader>
        <CardTitle>Current Plan</CardTitle>
        <CardDescription>Previews counted this billing period.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="text-2xl font-semibold tracking-tight text-slate-900" data-testid="current-plan">
            {plan.name}
          </span>
          <span className="text-sm text-slate-500">
            {plan.price}
            {plan.priceNote}
          </span>
        </div>
        {error && <Alert variant="destructive">Failed to fetch usage</Alert>}
        {isLoading && (
          // The usage's own three lines, so nothing below moves when it arrives.
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-[1.3rem] w-32" />
          </div>
        )}
        {usage && (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="text-slate-600">Usage this month</span>
              <span className="font-medium text-slate-900" data-testid="usage-numbers">
                {usage.usageLimit === null
                  ? `${number(usage.usageThisMonth)} previews (unlimited)`
                  : `${number(usage.usageThisMonth)} / ${number(usage.usageLimit)} previews`}
              </span>
            </div>
            {usage.usageLimit !== null && (
              <Progress value={percent} color={usageColor(percent)} aria-label="Previews used this month" />
            )}
            <p className="text-[13px] text-slate-500">Resets on {formatDate(usage.billingPeriodEnd)}.</p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
