import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import type { BillingStatus } from '../../../src/modules/billing/schema'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { openPortal } from './api'

/** Paid plans: where the card will be managed, and the way to Stripe's portal meanwhile. */
export function PaymentCard({ status }: { status: BillingStatus | undefined }) {
  const [isOpening, setIsOpening] = useState(false)

  async function manage() {
    setIsOpening(true)
    try {
      window.location.href = (await openPortal()).url
    } catch (failure) {
      setIsOpening(false)
      toast({ title: 'Could not open the subscription portal', description: errorMessage(failure, 'Please try again in a moment.'), variant: 'destructive' })
    }
  }

  return (
    <Card data-testid="payment-card">
      <CardHeader>
        <CardTitle>Payment Method</CardTitle>
        <CardDescription>How your subscription is paid.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          <CreditCard className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <p>Managing your payment method on this page is coming soon.</p>
        </div>
        {status?.subscriptionStatus === 'past_due' && (
          <p role="alert" className="text-sm text-red-700">
            Your last payment failed. Update your card to keep your plan.
          </p>
        )}
        {status?.hasSubscription && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-500">Update your card, download invoices or cancel in the Stripe customer portal.</p>
            <Button variant="outline" isLoading={isOpening} onClick={manage}>
              Manage subscription
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
