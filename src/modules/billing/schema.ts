import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { PLANS } from '../../shared/domain'

export const CheckoutInput = t.Object({
  plan: oneOf(['indie', 'pro'] as const, { error: 'Choose the Indie or Pro plan.', description: 'The plan to subscribe to' }),
})
export type CheckoutInput = typeof CheckoutInput.static

export const RedirectUrl = t.Object({ url: t.String({ description: 'Where to send the browser' }) })
export type RedirectUrl = typeof RedirectUrl.static

export const BillingStatus = t.Object({
  configured: t.Boolean({ description: 'False when the server has no Stripe settings' }),
  plan: t.UnionEnum(PLANS),
  hasSubscription: t.Boolean(),
  subscriptionStatus: t.Nullable(t.String({ description: "Stripe's subscription status, such as active or past_due" })),
})
export type BillingStatus = typeof BillingStatus.static

export const WebhookAnswer = t.Object({ received: t.Literal(true), duplicate: t.Boolean() })
