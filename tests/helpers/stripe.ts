// A local stand-in for the parts of the Stripe API the server calls, and webhook payloads signed
// with the Stripe SDK's own test helper.
import Stripe from 'stripe'

export const STRIPE_SECRET_KEY = 'sk_test_linkcard'
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_linkcard'
export const PRICE_INDIE = 'price_indie_test'
export const PRICE_PRO = 'price_pro_test'

export type StripeCall = { method: string; path: string; params: Record<string, string>; authorization: string | null }

export type StripeStandIn = {
  url: string
  calls: StripeCall[]
  /** Subscriptions the stand-in answers for GET /v1/subscriptions/:id. */
  subscriptions: Map<string, object>
  env: Record<string, string>
  stop(): void
}

export function startStripeStandIn(): StripeStandIn {
  const calls: StripeCall[] = []
  const subscriptions = new Map<string, object>()
  let sessions = 0
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = new URL(request.url).pathname
      const params = Object.fromEntries(new URLSearchParams(await request.text()))
      calls.push({ method: request.method, path, params, authorization: request.headers.get('authorization') })
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessions}`
        return Response.json({ id, object: 'checkout.session', mode: params.mode, url: `https://checkout.stripe.test/c/pay/${id}` })
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return Response.json({ id: `bps_test_${++sessions}`, object: 'billing_portal.session', customer: params.customer, url: `https://billing.stripe.test/p/session/${sessions}` })
      }
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path)
      if (request.method === 'GET' && subscription && subscriptions.has(subscription[1])) return Response.json(subscriptions.get(subscription[1]))
      return Response.json({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` } }, { status: 404 })
    },
  })
  const url = `http://127.0.0.1:${server.port}`
  return {
    url,
    calls,
    subscriptions,
    env: {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_INDIE: PRICE_INDIE,
      STRIPE_PRICE_PRO: PRICE_PRO,
      STRIPE_API_BASE: url,
    },
    stop: () => server.stop(true),
  }
}

const sdk = new Stripe(STRIPE_SECRET_KEY)

/** A webhook body and its Stripe-Signature header, signed like Stripe signs them. */
export async function signedEvent(event: { id: string; type: string; object: object }, secret = STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: event.object },
  })
  const signature = await sdk.webhooks.generateTestHeaderStringAsync({ payload, secret })
  return { payload, signature }
}

/** A subscription object as Stripe sends it, with one item at `price`. */
export function subscriptionObject(options: { id: string; customer: string; price: string; status: string; start: Date; end: Date; accountId?: string }) {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status,
    metadata: options.accountId ? { accountId: options.accountId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          price: { id: options.price, object: 'price' },
          quantity: 1,
          current_period_start: seconds(options.start),
          current_period_end: seconds(options.end),
        },
      ],
    },
  }
}
