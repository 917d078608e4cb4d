import { Link } from 'wouter'
import { PLAN_LIST } from '../../src/shared/plans'
import { Page } from '../components/page'
import { PlanCard } from '../components/plan-card'
import { Button } from '../components/ui/button'
import { ContactDialog } from '../components/contact-dialog'
import { PlanMatrix } from '../features/marketing/plan-matrix'
import { PricingFaq } from '../features/marketing/pricing-faq'
import { useIsAuthenticated } from '../lib/session'

export function PricingPage() {
  const signedIn = useIsAuthenticated()
  // Signed in, the free plan is the dashboard and a paid one is chosen on the billing screen.
  const startFor = (plan: string) => (!signedIn ? '/signup' : plan === 'free' ? '/dashboard' : '/billing')
  return (
    <Page
      title="Pricing"
      description="Start free. Upgrade when your links take off. Every plan includes the API, QR codes and custom previews."
      align="center"
    >
      <div className="grid gap-6 pt-2 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_LIST.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              plan.id === 'enterprise' ? (
                <ContactDialog
                  title="Contact Sales"
                  description="Tell us about your traffic and needs, and we'll put together an Enterprise plan."
                  trigger={<Button variant="outline">Contact Sales</Button>}
                />
              ) : (
                <Button asChild variant={plan.popular ? 'default' : 'outline'}>
                  <Link href={startFor(plan.id)}>Get Started</Link>
                </Button>
              )
            }
          />
        ))}
      </div>
      <PlanMatrix />
      <PricingFaq />
    </Page>
  )
}
