import type { Plan } from '../../shared/domain'
import { defineTables, id, stamp, type Kit } from '../../platform/db/kit'

export const accountTables = defineTables((k) => ({
  accounts: k.table(
    'accounts',
    {
      id: id(k),
      name: k.text('name').notNull(),
      plan: k.text('plan').$type<Plan>().notNull().default('free'),
      // Set by Stripe for paying accounts; otherwise calendar months in UTC.
      billingPeriodStart: k.time('billing_period_start'),
      billingPeriodEnd: k.time('billing_period_end'),
      stripeCustomerId: k.text('stripe_customer_id'),
      stripeSubscriptionId: k.text('stripe_subscription_id'),
      subscriptionStatus: k.text('subscription_status'),
      // The account's colour and logo (an uploaded image's id) for the card images Linkcard makes.
      brandColor: k.text('brand_color'),
      brandLogo: k.text('brand_logo'),
      // Set by the owner: a member without a second factor may then only set one up, or leave.
      requireSecondFactor: k.flag('require_second_factor').notNull().default(false),
      createdAt: stamp(k, 'created_at'),
      updatedAt: stamp(k, 'updated_at'),
    },
    (t) => [
      k.index('accounts_created_at_idx').on(t.createdAt),
      k.index('accounts_name_idx').on(t.name),
      // With the id: few distinct plans, so the admin list's tie-break must come from the index too.
      k.index('accounts_plan_id_idx').on(t.plan, t.id),
      k.uniqueIndex('accounts_stripe_customer_idx').on(t.stripeCustomerId),
    ],
  ),
}))

/** The account a row belongs to: the row goes when the account goes. */
export const accountIdColumn = (k: Kit) =>
  k
    .text('account_id')
    .notNull()
    .references(() => accountTables(k).accounts.id, { onDelete: 'cascade' })
