import { Page } from '../components/page'
import { Button } from '../components/ui/button'
import { useBillingStatus, useUsage } from '../features/billing/api'
import { PaymentCard } from '../features/billing/payment-card'
import { PlanGrid } from '../features/billing/plan-grid'
import { UsageCard } from '../features/billing/usage-card'
import { useCheckoutReturn } from '../features/billing/use-checkout-return'
import { ContactDialog } from '../components/contact-dialog'
import { useCurrentUser } from '../lib/session'

export function BillingPage() {
  useCheckoutReturn()
  const user = useCurrentUser()
  const { data: usage } = useUsage()
  const { data: status } = useBillingStatus()
  // The freshest answer wins; the stored session's plan fills in while the calls are out.
  const plan = usage?.plan ?? status?.plan ?? user?.plan ?? 'free'

  return (
    <Page title="Plans & Billing" description="Your plan and usage this month.">
      <div className="grid gap-8">
        <div className={plan === 'free' ? 'grid gap-6' : 'grid gap-6 lg:grid-cols-2'}>
          <UsageCard fallbackPlan={plan} />
          {plan !== 'free' && <PaymentCard status={status} />}
        </div>
        <PlanGrid
          currentPlan={plan}
          status={status}
          contact={(label, variant) => (
            <ContactDialog
              title={label === 'Contact Sales' ? 'Contact Sales' : 'Contact Us'}
              description={
                label === 'Contact Sales'
                  ? "Tell us about your traffic and needs, and we'll put together an Enterprise plan."
                  : "Tell us which plan you'd like and we'll take care of the change."
              }
              defaultEmail={user?.email}
              trigger={<Button variant={variant}>{label}</Button>}
            />
          )}
        />
      </div>
    </Page>
  )
}
