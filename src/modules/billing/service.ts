// Billing through Stripe: Checkout for upgrades, the customer portal for changes and cancellation,
// and signed webhooks that move the account's plan and billing period.
import type Stripe from 'stripe'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { transaction } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import type { Plan } from '../../shared/domain'
import type { Actor } from '../auth/service'
import * as accounts from '../accounts/service'
import { actingOf, changesBetween, recordAccountChange } from '../audit/service'
import * as repo from './repo'
import type { BillingStatus, CheckoutInput, RedirectUrl } from './schema'

type SoldPlan = CheckoutInput['plan']
type AccountChanges = Parameters<typeof accounts.updateAccount>[1]

const NOT_CONFIGURED = 'Billing is not configured'
// Stripe's own default: events signed more than five minutes ago are refused (replay protection).
const SIGNATURE_TOLERANCE_SECONDS = 300
// Subscriptions in these states no longer pay for anything: the account falls back to Free.
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'unpaid', 'incomplete_expired', 'paused'])
// Paying states; past_due and incomplete keep whatever plan the account has while Stripe retries.
const PAYING = new Set<Stripe.Subscription.Status>(['active', 'trialing'])

let client: Stripe | undefined

// Stripe's library is loaded on first use: a server without billing never pays for it at start.
async function stripe(): Promise<Stripe> {
  if (!config.stripe.isConfigured) throw new AppError('unavailable', NOT_CONFIGURED)
  if (!client) {
    const { default: Stripe } = await import('stripe')
    const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : undefined
    client = new Stripe(config.stripe.secretKey!, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol.slice(0, -1) as 'http' | 'https' }),
    })
  }
  return client
}

// The payment provider's events change the account as Linkcard's own work, told by Stripe.
const STRIPE = { type: 'system', id: null, name: 'Stripe', address: null } as const

/** Records that the owner went to Stripe: where the account's plan and payment details change. */
const recordVisit = (actor: Actor, action: 'billing.checkout_started' | 'billing.portal_opened', details?: Record<string, unknown>) =>
  transaction((tx) => recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action, target: { type: 'account', id: actor.accountId, name: actor.accountName }, details }))

const priceFor = (plan: SoldPlan) => (plan === 'indie' ? config.stripe.priceIndie! : config.stripe.pricePro!)

function planForPrice(priceId: string | undefined): SoldPlan | undefined {
  if (priceId && priceId === config.stripe.priceIndie) return 'indie'
  if (priceId && priceId === config.stripe.pricePro) return 'pro'
  return undefined
}

async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    log.error('stripe call failed', { call: what, error })
    throw new AppError('unavailable', 'The payment provider could not be reached. Please try again in a moment.')
  }
}

async function limitBillingCalls(actor: Actor) {
  const rate = await consumeRate(`billing:${actor.accountId}`, [{ limit: 20, windowMs: 10 * 60_000 }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many billing requests. Please try again in a few minutes.', undefined, rate.retryAfter)
}

function requireOwner(actor: Actor) {
  if (actor.role !== 'owner') throw new AppError('forbidden', 'Only the account owner can manage billing.')
}

const hasLiveSubscription = (account: accounts.Account) =>
  Boolean(account.stripeSubscriptionId) && !ENDED.has(account.subscriptionStatus as Stripe.Subscription.Status)

export async function billingStatus(actor: Actor): Promise<BillingStatus> {
  const account = await accounts.getAccount(actor.accountId)
  return {
    configured: config.stripe.isConfigured,
    plan: account.plan,
    hasSubscription: hasLiveSubscription(account),
    subscriptionStatus: account.subscriptionStatus ?? null,
  }
}

export async function createCheckout(actor: Actor, plan: SoldPlan): Promise<RedirectUrl> {
  const api = await stripe()
  requireOwner(actor)
  const account = await accounts.getAccount(actor.accountId)
  // A second subscription would bill twice; plan changes of a paying account go through the portal.
  if (hasLiveSubscription(account))
    throw new AppError('conflict', 'You already have a subscription. Use Manage subscription to change your plan.')
  await limitBillingCalls(actor)
  const metadata = { accountId: account.id, plan }
  const session = await callStripe('checkout.sessions.create', () =>
    api.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: priceFor(plan), quantity: 1 }],
      ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: actor.email }),
      allow_promotion_codes: true,
      client_reference_id: account.id,
      metadata,
      // Subscription events can arrive before checkout.session.completed; this names the account.
      subscription_data: { metadata },
      success_url: `${config.publicUrl}/billing?checkout=success`,
      cancel_url: `${config.publicUrl}/billing?checkout=cancelled`,
    }),
  )
  if (!session.url) throw new AppError('unavailable', 'The payment provider did not return a checkout page. Please try again.')
  await recordVisit(actor, 'billing.checkout_started', { plan })
  return { url: session.url }
}

export async function createPortal(actor: Actor): Promise<RedirectUrl> {
  const api = await stripe()
  requireOwner(actor)
  const account = await accounts.getAccount(actor.accountId)
  if (!account.stripeCustomerId) throw new AppError('conflict', 'There is no subscription to manage yet. Choose a plan first.')
  await limitBillingCalls(actor)
  const session = await callStripe('billingPortal.sessions.create', () =>
    api.billingPortal.sessions.create({ customer: account.stripeCustomerId!, return_url: `${config.publicUrl}/billing` }),
  )
  await recordVisit(actor, 'billing.portal_opened')
  return { url: session.url }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id)
const fromUnix = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** The account fields a subscription in its current state implies. */
function subscriptionChanges(account: accounts.Account, subscription: Stripe.Subscription): AccountChanges {
  const status = subscription.status
  const customer = idOf(subscription.customer) ?? account.stripeCustomerId
  if (ENDED.has(status)) {
    return {
      // Enterprise is sold by contract, not by Stripe: a subscription ending leaves it alone.
      ...(account.plan === 'indie' || account.plan === 'pro' ? { plan: 'free' as Plan } : {}),
      stripeCustomerId: customer,
      stripeSubscriptionId: null,
      subscriptionStatus: status,
      billingPeriodStart: null,
      billingPeriodEnd: null,
    }
  }
  const item = subscription.items?.data?.[0]
  const plan = planForPrice(item?.price?.id)
  if (!plan) log.warn('stripe subscription with an unknown price', { subscription: subscription.id, price: item?.price?.id })
  // Periods live on the items since Stripe's 2025 API; older endpoint versions send them on the subscription.
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number }
  return {
    ...(plan && PAYING.has(status) ? { plan } : {}),
    stripeCustomerId: customer,
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: status,
    billingPeriodStart: fromUnix(item?.current_period_start ?? legacy.current_period_start),
    billingPeriodEnd: fromUnix(item?.current_period_end ?? legacy.current_period_end),
  }
}

async function accountForSubscription(subscription: Stripe.Subscription) {
  const customer = idOf(subscription.customer)
  const byCustomer = customer ? await accounts.findAccountByStripeCustomer(customer) : undefined
  if (byCustomer) return byCustomer
  const accountId = subscription.metadata?.accountId
  return accountId ? accounts.findAccount(accountId) : undefined
}

/** What an event changes: the account and its new fields, or nothing. May ask Stripe for details. */
async function changesFor(event: Stripe.Event): Promise<{ accountId: string; changes: AccountChanges } | undefined> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.mode !== 'subscription') return undefined
      const accountId = session.client_reference_id ?? session.metadata?.accountId
      const account = accountId ? await accounts.findAccount(accountId) : undefined
      const subscriptionId = idOf(session.subscription)
      if (!account || !subscriptionId) return undefined
      // The session carries no price or period; the subscription it created does.
      const subscription = await callStripe('subscriptions.retrieve', async () => (await stripe()).subscriptions.retrieve(subscriptionId))
      const changes = subscriptionChanges(account, subscription)
      changes.stripeCustomerId = idOf(session.customer) ?? changes.stripeCustomerId
      return { accountId: account.id, changes }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      const account = await accountForSubscription(subscription)
      if (!account) return undefined
      const current = account.stripeSubscriptionId
      // Another subscription of the same account (an old one ending, a stray one): only a paying
      // replacement may take over, so a late event about an old subscription moves nothing.
      if (current && current !== subscription.id && (event.type === 'customer.subscription.deleted' || !PAYING.has(subscription.status)))
        return undefined
      const ended = event.type === 'customer.subscription.deleted' ? ({ ...subscription, status: 'canceled' } as Stripe.Subscription) : subscription
      return { accountId: account.id, changes: subscriptionChanges(account, ended) }
    }
    default:
      return undefined
  }
}

/**
 * Verifies and applies one Stripe webhook delivery. Each event id is recorded in the same
 * transaction as its change, so a redelivered or replayed event changes nothing twice.
 */
export async function handleWebhook(payload: Buffer, signature: string | undefined) {
  const api = await stripe()
  const secret = config.stripe.webhookSecret
  if (!secret) throw new AppError('unavailable', NOT_CONFIGURED)
  let event: Stripe.Event
  try {
    event = await api.webhooks.constructEventAsync(payload, signature ?? '', secret, SIGNATURE_TOLERANCE_SECONDS)
  } catch {
    throw new AppError('invalid', 'Invalid Stripe signature.')
  }
  // Stripe's check refuses only old signatures; one dated ahead would stay replayable until then.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature ?? '')?.[1])
  if (signedAt * 1000 > Date.now() + SIGNATURE_TOLERANCE_SECONDS * 1000) throw new AppError('invalid', 'Invalid Stripe signature.')
  const change = await changesFor(event)
  const applied = await transaction(async (tx) => {
    if (!(await repo.insertStripeEvent(event.id, event.type, tx))) return false
    if (change) {
      const before = await accounts.findAccount(change.accountId, tx)
      const after = await accounts.updateAccount(change.accountId, change.changes, tx)
      const changes = before && after && changesBetween(before, after, ['plan', 'subscriptionStatus'])
      if (changes)
        await recordAccountChange(tx, STRIPE, {
          accountId: change.accountId,
          action: changes.plan ? 'account.plan_changed' : 'billing.subscription_changed',
          target: { type: 'account', id: change.accountId, name: after.name },
          changes,
          details: { stripeEvent: event.id },
        })
    }
    return true
  })
  if (applied && change) log.info('billing event applied', { event: event.id, type: event.type, account: change.accountId, plan: change.changes.plan })
  return { received: true as const, duplicate: !applied }
}
