import { PlanSwitchForSuperAdmin } from '../../components/plan-switch'
import { useState, type ReactNode } from 'react'
import type { BillingStatus } from '../../../src/modules/billing/schema'
import type { Plan } from '../../../src/shared/domain'
import { PLAN_LIST, type PlanInfo } from '../../../src/shared/plans'
import { PlanCard } from '../../components/plan-card'
import { Alert } from '../../components/ui/alert'
import { Button, type ButtonVariant } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { openPortal, startCheckout, type SoldPlan } from './api'

const RANK: Record<Plan, number> = { free: 0, indie: 1, pro: 2, enterprise: 3 }

type PlanGridProps = {
  currentPlan: Plan
  status: BillingStatus | undefined
  /** A button with this label that opens the contact dialog (Enterprise, downgrades). */
  contact: (label: string, variant: ButtonVariant) => ReactNode
}

/** The four plans with what the account can do about each: upgrade, switch or talk to us. */
export function PlanGrid({ currentPlan, status, contact }: PlanGridProps) {
  const [busyPlan, setBusyPlan] = useState<SoldPlan | null>(null)
  const isConfigured = status?.configured !== false

  async function choose(plan: SoldPlan) {
    setBusyPlan(plan)
    try {
      // A subscriber changes plan in the portal: a second checkout would bill twice.
      const { url } = status?.hasSubscription ? await openPortal() : await startCheckout(plan)
      window.location.href = url
    } catch (failure) {
      setBusyPlan(null)
      toast({ title: 'Could not open checkout', description: errorMessage(failure, 'Please try again in a moment.'), variant: 'destructive' })
    }
  }

  function action(plan: PlanInfo) {
    const variant: ButtonVariant = plan.popular ? 'default' : 'outline'
    if (plan.id === currentPlan)
      return (
        <Button variant="outline" disabled>
          Current Plan
        </Button>
      )
    if (plan.id === 'free') return contact('Contact Support to Downgrade', 'outline')
    if (plan.id === 'enterprise') return contact('Contact Sales', variant)
    const sold = plan.id
    const verb = RANK[sold] > RANK[currentPlan] ? 'Upgrade' : 'Switch'
    return (
      <Button variant={variant} isLoading={busyPlan === sold} disabled={!isConfigured || (busyPlan !== null && busyPlan !== sold)} onClick={() => choose(sold)}>
        {verb} to {plan.name}
      </Button>
    )
  }

  return (
    <section aria-labelledby="plans-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="plans-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Plans
        </h2>
        <p className="text-sm text-slate-500">Upgrades are paid securely through Stripe; promotion codes are accepted at checkout.</p>
      </div>
      <div className="grid gap-6 pt-3 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.id} plan={plan} isCurrent={plan.id === currentPlan} action={action(plan)} />
        ))}
      </div>
      {/* Under the plans: known only once the status arrives, it moves nothing already on screen. */}
      {!isConfigured && (
        <Alert title="Billing is not configured">
          Online payment is not set up on this server, so plans cannot be bought here. A super admin can still change your plan from the admin
          panel.
        </Alert>
      )}
      {!isConfigured && <PlanSwitchForSuperAdmin />}
    </section>
  )
}
