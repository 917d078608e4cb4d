import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { PRICE_INDIE, PRICE_PRO, STRIPE_SECRET_KEY, signedEvent, startStripeStandIn, subscriptionObject, type StripeStandIn } from '../helpers/stripe'

let stripe: StripeStandIn
let server: TestServer
let http: Client
let bare: TestServer
let bareHttp: Client

beforeAll(async () => {
  stripe = startStripeStandIn()
  ;[server, bare] = await Promise.all([startServer({ env: stripe.env }), startServer()])
  http = client(server.url)
  bareHttp = client(bare.url)
})
afterAll(async () => {
  await Promise.all([server.close(), bare.close()])
  stripe.stop()
})

type AccountRow = {
  plan: string
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  subscription_status: string | null
  billing_period_start: unknown
  billing_period_end: unknown
}

async function accountOf(person: SignedIn): Promise<AccountRow> {
  const [row] = await sql<AccountRow>(
    server,
    'select plan, stripe_customer_id, stripe_subscription_id, subscription_status, billing_period_start, billing_period_end from accounts where id = $1',
    [person.user.accountId],
  )
  return row
}

const time = (value: unknown) => (value === null ? null : new Date(value as string | number).getTime())
const DAY = 24 * 60 * 60 * 1000
const periodStart = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY)
const periodEnd = new Date(periodStart.getTime() + 30 * DAY)
let ids = 0
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++ids}`

async function deliver(event: { id: string; type: string; object: object }) {
  const { payload, signature } = await signedEvent(event)
  return http.call('POST', '/api/billing/webhook', undefined, { raw: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } })
}

/** An account that has completed checkout for `price` through a signed checkout.session.completed. */
async function subscribedAccount(price = PRICE_PRO) {
  const person = await signUp(http, 'payer')
  const customer = nextId('cus')
  const subscription = nextId('sub')
  stripe.subscriptions.set(subscription, subscriptionObject({ id: subscription, customer, price, status: 'active', start: periodStart, end: periodEnd }))
  const answer = await deliver({
    id: nextId('evt'),
    type: 'checkout.session.completed',
    object: { id: nextId('cs'), object: 'checkout.session', mode: 'subscription', client_reference_id: person.user.accountId, customer, subscription, metadata: { accountId: person.user.accountId } },
  })
  expect(answer.status).toBe(200)
  return { person, customer, subscription }
}

function subscriptionEvent(type: string, fields: { subscription: string; customer: string; price: string; status: string }, id = nextId('evt')) {
  return { id, type, object: subscriptionObject({ id: fields.subscription, customer: fields.customer, price: fields.price, status: fields.status, start: periodStart, end: periodEnd }) }
}

describe('billing without a session', () => {
  it('answers 401 for status, checkout and portal', async () => {
    expect((await http.get('/api/billing/status')).status).toBe(401)
    expect((await http.post('/api/billing/checkout', { plan: 'pro' })).status).toBe(401)
    expect((await http.post('/api/billing/portal')).status).toBe(401)
  })
})

describe('billing without Stripe settings', () => {
  it('answers 503 "Billing is not configured" for checkout, portal and webhook', async () => {
    const person = await signUp(bareHttp)
    for (const answer of [
      await bareHttp.post('/api/billing/checkout', { plan: 'indie' }, { token: person.token }),
      await bareHttp.post('/api/billing/portal', undefined, { token: person.token }),
      await bareHttp.call('POST', '/api/billing/webhook', undefined, { raw: '{}', headers: { 'stripe-signature': 't=1,v1=abc' } }),
    ]) {
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ message: 'Billing is not configured' })
    }
  })

  it('reports configured false in the status so the screen can say so', async () => {
    const person = await signUp(bareHttp)
    const status = await bareHttp.get('/api/billing/status', { token: person.token })
    expect(status.status).toBe(200)
    expect(status.body).toEqual({ configured: false, plan: 'free', hasSubscription: false, subscriptionStatus: null })
  })
})

describe('checkout', () => {
  it('creates a subscription Checkout Session with the e-mail prefilled, promotion codes and the account as reference', async () => {
    const person = await signUp(http, 'buyer')
    const before = stripe.calls.length
    const answer = await http.post('/api/billing/checkout', { plan: 'pro' }, { token: person.token })
    expect(answer.status).toBe(200)
    expect(answer.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/)
    const calls = stripe.calls.slice(before)
    expect(calls.length).toBe(1)
    const [call] = calls
    expect(call.method).toBe('POST')
    expect(call.path).toBe('/v1/checkout/sessions')
    expect(call.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`)
    expect(call.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_PRO,
      'line_items[0][quantity]': '1',
      customer_email: person.email,
      allow_promotion_codes: 'true',
      client_reference_id: person.user.accountId,
      'metadata[accountId]': person.user.accountId,
      'metadata[plan]': 'pro',
      success_url: `${server.url}/billing?checkout=success`,
      cancel_url: `${server.url}/billing?checkout=cancelled`,
    })
    expect(call.params.customer).toBeUndefined()
  })

  it("uses the Indie price for the Indie plan", async () => {
    const person = await signUp(http)
    const before = stripe.calls.length
    expect((await http.post('/api/billing/checkout', { plan: 'indie' }, { token: person.token })).status).toBe(200)
    expect(stripe.calls[before].params['line_items[0][price]']).toBe(PRICE_INDIE)
  })

  it('refuses plans that are not sold through checkout with 400 and calls nothing', async () => {
    const person = await signUp(http)
    const before = stripe.calls.length
    for (const plan of ['enterprise', 'free', 'gold']) {
      const answer = await http.post('/api/billing/checkout', { plan }, { token: person.token })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('Choose the Indie or Pro plan.')
    }
    expect(stripe.calls.length).toBe(before)
  })

  it('refuses a second subscription with 409 and points to the portal', async () => {
    const { person } = await subscribedAccount()
    const before = stripe.calls.length
    const answer = await http.post('/api/billing/checkout', { plan: 'indie' }, { token: person.token })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('You already have a subscription. Use Manage subscription to change your plan.')
    expect(stripe.calls.length).toBe(before)
  })
})

describe('customer portal', () => {
  it('answers 409 before the account has a Stripe customer', async () => {
    const person = await signUp(http)
    const answer = await http.post('/api/billing/portal', undefined, { token: person.token })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('There is no subscription to manage yet. Choose a plan first.')
  })

  it("opens the portal for the account's own customer and returns to /billing", async () => {
    const { person, customer } = await subscribedAccount()
    const before = stripe.calls.length
    const answer = await http.post('/api/billing/portal', undefined, { token: person.token })
    expect(answer.status).toBe(200)
    expect(answer.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/)
    expect(stripe.calls[before].path).toBe('/v1/billing_portal/sessions')
    expect(stripe.calls[before].params).toEqual({ customer, return_url: `${server.url}/billing` })
  })
})

describe('webhook', () => {
  it('moves the account to the paid plan, its customer, subscription and period on checkout completion', async () => {
    const { person, customer, subscription } = await subscribedAccount(PRICE_PRO)
    const row = await accountOf(person)
    expect(row.plan).toBe('pro')
    expect(row.stripe_customer_id).toBe(customer)
    expect(row.stripe_subscription_id).toBe(subscription)
    expect(row.subscription_status).toBe('active')
    expect(time(row.billing_period_start)).toBe(periodStart.getTime())
    expect(time(row.billing_period_end)).toBe(periodEnd.getTime())
    const status = await http.get('/api/billing/status', { token: person.token })
    expect(status.body).toEqual({ configured: true, plan: 'pro', hasSubscription: true, subscriptionStatus: 'active' })
    expect((await http.get('/api/auth/me', { token: person.token })).body.user.plan).toBe('pro')
  })

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const person = await signUp(http)
    const customer = nextId('cus')
    const subscription = nextId('sub')
    stripe.subscriptions.set(subscription, subscriptionObject({ id: subscription, customer, price: PRICE_PRO, status: 'active', start: periodStart, end: periodEnd }))
    const event = {
      id: nextId('evt'),
      type: 'checkout.session.completed',
      object: { id: nextId('cs'), object: 'checkout.session', mode: 'subscription', client_reference_id: person.user.accountId, customer, subscription },
    }
    const forged = await signedEvent(event, 'whsec_someone_else')
    const wrongSecret = await http.call('POST', '/api/billing/webhook', undefined, { raw: forged.payload, headers: { 'stripe-signature': forged.signature } })
    expect(wrongSecret.status).toBe(400)
    expect(wrongSecret.body.message).toBe('Invalid Stripe signature.')

    const genuine = await signedEvent(event)
    const tampered = genuine.payload.replace(person.user.accountId, 'another-account')
    expect((await http.call('POST', '/api/billing/webhook', undefined, { raw: tampered, headers: { 'stripe-signature': genuine.signature } })).status).toBe(400)
    expect((await http.call('POST', '/api/billing/webhook', undefined, { raw: genuine.payload })).status).toBe(400)

    const row = await accountOf(person)
    expect(row.plan).toBe('free')
    expect(row.stripe_customer_id).toBeNull()
    expect((await sql(server, 'select id from stripe_events where id = $1', [event.id])).length).toBe(0)
  })

  it('refuses a correctly signed event older than the tolerance', async () => {
    const { payload } = await signedEvent({ id: nextId('evt'), type: 'customer.subscription.updated', object: {} })
    const { default: Stripe } = await import('stripe')
    const stale = await new Stripe(STRIPE_SECRET_KEY).webhooks.generateTestHeaderStringAsync({
      payload,
      secret: stripe.env.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 60 * 60,
    })
    const answer = await http.call('POST', '/api/billing/webhook', undefined, { raw: payload, headers: { 'stripe-signature': stale } })
    expect(answer.status).toBe(400)
  })

  it('refuses a correctly signed event dated further ahead than the tolerance, and records nothing', async () => {
    const id = nextId('evt')
    const { payload } = await signedEvent({ id, type: 'customer.subscription.updated', object: {} })
    const { default: Stripe } = await import('stripe')
    const ahead = await new Stripe(STRIPE_SECRET_KEY).webhooks.generateTestHeaderStringAsync({
      payload,
      secret: stripe.env.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 60 * 60,
    })
    const answer = await http.call('POST', '/api/billing/webhook', undefined, { raw: payload, headers: { 'stripe-signature': ahead } })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Invalid Stripe signature.')
    expect((await sql(server, 'select id from stripe_events where id = $1', [id])).length).toBe(0)
  })

  it('applies a replayed event id only once', async () => {
    const { person, customer, subscription } = await subscribedAccount(PRICE_PRO)
    const toIndie = subscriptionEvent('customer.subscription.updated', { subscription, customer, price: PRICE_INDIE, status: 'active' })
    const first = await deliver(toIndie)
    expect(first.body).toEqual({ received: true, duplicate: false })
    expect((await accountOf(person)).plan).toBe('indie')

    expect((await deliver(subscriptionEvent('customer.subscription.updated', { subscription, customer, price: PRICE_PRO, status: 'active' }))).status).toBe(200)
    expect((await accountOf(person)).plan).toBe('pro')

    const replay = await deliver(toIndie)
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual({ received: true, duplicate: true })
    expect((await accountOf(person)).plan).toBe('pro')
    expect((await sql(server, 'select id from stripe_events where id = $1', [toIndie.id])).length).toBe(1)
  })

  it('keeps the plan while a payment is past due and falls back to Free when the subscription is canceled', async () => {
    const { person, customer, subscription } = await subscribedAccount(PRICE_INDIE)
    await deliver(subscriptionEvent('customer.subscription.updated', { subscription, customer, price: PRICE_INDIE, status: 'past_due' }))
    let row = await accountOf(person)
    expect(row.plan).toBe('indie')
    expect(row.subscription_status).toBe('past_due')

    await deliver(subscriptionEvent('customer.subscription.updated', { subscription, customer, price: PRICE_INDIE, status: 'unpaid' }))
    row = await accountOf(person)
    expect(row.plan).toBe('free')
    expect(row.stripe_subscription_id).toBeNull()
    expect(row.stripe_customer_id).toBe(customer)
  })

  it('moves the account to Free and clears the subscription when it is deleted', async () => {
    const { person, customer, subscription } = await subscribedAccount(PRICE_PRO)
    await deliver(subscriptionEvent('customer.subscription.deleted', { subscription, customer, price: PRICE_PRO, status: 'canceled' }))
    const row = await accountOf(person)
    expect(row.plan).toBe('free')
    expect(row.stripe_subscription_id).toBeNull()
    expect(row.subscription_status).toBe('canceled')
    expect(row.billing_period_end).toBeNull()
    const status = await http.get('/api/billing/status', { token: person.token })
    expect(status.body).toMatchObject({ plan: 'free', hasSubscription: false })
    // The customer stays, so a later upgrade reuses it instead of creating another.
    const before = stripe.calls.length
    expect((await http.post('/api/billing/checkout', { plan: 'indie' }, { token: person.token })).status).toBe(200)
    expect(stripe.calls[before].params.customer).toBe(customer)
    expect(stripe.calls[before].params.customer_email).toBeUndefined()
  })

  it('ignores the deletion of an older subscription the account no longer uses', async () => {
    const { person, customer } = await subscribedAccount(PRICE_PRO)
    await deliver(subscriptionEvent('customer.subscription.deleted', { subscription: nextId('sub_old'), customer, price: PRICE_INDIE, status: 'canceled' }))
    expect((await accountOf(person)).plan).toBe('pro')
  })

  it('acknowledges event types it does not act on', async () => {
    const answer = await deliver({ id: nextId('evt'), type: 'invoice.paid', object: { id: nextId('in'), object: 'invoice' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ received: true, duplicate: false })
  })
})
