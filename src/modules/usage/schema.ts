import { t } from 'elysia'
import { PLANS } from '../../shared/domain'

export const Usage = t.Object({
  plan: t.UnionEnum(PLANS),
  usageThisMonth: t.Integer({ description: 'Counted previews in the current billing period' }),
  usageLimit: t.Nullable(t.Integer({ description: 'Previews the plan includes per period; null means unlimited' })),
  billingPeriodStart: t.String({ format: 'date-time' }),
  billingPeriodEnd: t.String({ format: 'date-time', description: 'When the count resets' }),
})
