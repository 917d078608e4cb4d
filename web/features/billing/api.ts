import useSWR, { mutate } from 'swr'
import type { BillingStatus, CheckoutInput, RedirectUrl } from '../../../src/modules/billing/schema'
import type { Usage as UsageSchema } from '../../../src/modules/usage/schema'
import { api } from '../../lib/api'

export type Usage = typeof UsageSchema.static
export type SoldPlan = CheckoutInput['plan']

const USAGE = '/usage'
const STATUS = '/billing/status'

export const useUsage = () => useSWR<Usage>(USAGE, api.get)
export const useBillingStatus = () => useSWR<BillingStatus>(STATUS, api.get)

/** The hosted checkout page for a plan; the caller sends the browser there. */
export const startCheckout = (plan: SoldPlan) => api.post<RedirectUrl>('/billing/checkout', { plan })

/** Stripe's customer portal, for card, invoices, plan changes and cancellation. */
export const openPortal = () => api.post<RedirectUrl>('/billing/portal')

/** After returning from checkout the plan may have moved: read it again. */
export const reloadBilling = () => Promise.all([mutate(USAGE), mutate(STATUS)])
