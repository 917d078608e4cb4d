import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { mutate } from 'swr'
import type { Plan } from '../../src/shared/domain'
import { PLAN_INFO } from '../../src/shared/plans'
import { api, errorMessage } from '../lib/api'
import { refreshSession, useCurrentUser, useIsSuperAdmin } from '../lib/session'
import { toast } from '../lib/toast'
import { Button } from './ui/button'

// The plan a private install's operator most likely wants: every feature, no limit.
const TOP_PLAN: Plan = 'enterprise'

/**
 * On a screen the account's plan holds back, a super admin's one click to the top plan (the admin
 * panel's plan change, for the account they work in): a private install without Stripe gets every
 * feature without a trip to the admin panel. Nothing for anyone else.
 */
export function PlanSwitchForSuperAdmin() {
  const { isSuperAdmin } = useIsSuperAdmin()
  const user = useCurrentUser()
  const [isSwitching, setIsSwitching] = useState(false)
  if (!isSuperAdmin || !user || user.plan === TOP_PLAN) return null
  const name = PLAN_INFO[TOP_PLAN].name

  async function switchPlan() {
    setIsSwitching(true)
    try {
      await api.patch(`/admin/users/${encodeURIComponent(user!.id)}/plan`, { plan: TOP_PLAN })
      await refreshSession()
      // Every screen reads the plan afresh.
      await mutate(() => true)
      toast({ title: `${user!.accountName} is on ${name}`, description: 'Every feature is on for this workspace.' })
    } catch (failure) {
      toast({ title: 'Failed to change the plan', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    } finally {
      setIsSwitching(false)
    }
  }

  return (
    <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex sm:items-center" data-testid="plan-switch">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ShieldCheck className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <p className="min-w-0 break-words">
          As a super admin you can give {user.accountName} the {name} plan here, as the admin panel would.
        </p>
      </div>
      <Button size="sm" onClick={switchPlan} isLoading={isSwitching} className="max-sm:w-full">
        Switch to {name}
      </Button>
    </div>
  )
}
