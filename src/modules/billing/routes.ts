import { Elysia } from 'elysia'
import { auth } from '../auth/plugin'
import { BillingStatus, CheckoutInput, RedirectUrl, WebhookAnswer } from './schema'
import { billingStatus, createCheckout, createPortal, handleWebhook } from './service'

const tags = ['Billing']

export const billingRoutes = new Elysia({ prefix: '/billing' })
  .use(auth)
  .get('/status', ({ user }) => billingStatus(user), {
    session: true,
    response: BillingStatus,
    detail: { summary: "The account's plan and whether billing is available", tags, hide: true },
  })
  .post('/checkout', ({ user, body }) => createCheckout(user, body.plan), {
    session: 'billing:manage',
    body: CheckoutInput,
    response: RedirectUrl,
    detail: { summary: 'Start a Stripe Checkout for a plan', tags, hide: true },
  })
  .post('/portal', ({ user }) => createPortal(user), {
    session: 'billing:manage',
    response: RedirectUrl,
    detail: { summary: "Open Stripe's customer portal", tags, hide: true },
  })
  // Stripe signs the exact bytes it sent, so the body is read raw, never parsed.
  .post('/webhook', async ({ request }) => handleWebhook(Buffer.from(await request.arrayBuffer()), request.headers.get('stripe-signature') ?? undefined), {
    parse: 'none',
    response: WebhookAnswer,
    detail: { summary: 'Stripe webhook events', tags, hide: true },
  })
