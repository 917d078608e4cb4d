// The plans: one table for prices, quotas and features,
// read by the server (quotas, plan gates) and the web app (pricing and billing cards).
import type { Plan } from './domain'

export type PlanInfo = {
  id: Plan
  name: string
  price: string
  priceNote: string
  description: string
  /** Counted previews per billing period; null means unlimited. */
  previewLimit: number | null
  features: string[]
  popular: boolean
  hasCustomDomain: boolean
  /** Custom domains an account may connect; null means unlimited. */
  customDomainLimit: number | null
  hasStatsApi: boolean
  /** New links an account may make an hour and a day, by any means (both APIs, bulk, import). */
  linksPerHour: number
  linksPerDay: number
}

export const PLAN_INFO: Record<Plan, PlanInfo> = {
  free: {
    id: 'free',
    name: 'Free',
    price: '$0',
    priceNote: '/month',
    description: 'For trying Linkcard and small side projects.',
    previewLimit: 500,
    features: ['500 previews per month', 'Basic analytics', 'API access', 'Community support'],
    popular: false,
    hasCustomDomain: false,
    customDomainLimit: 0,
    hasStatsApi: false,
    linksPerHour: 1_000,
    linksPerDay: 10_000,
  },
  indie: {
    id: 'indie',
    name: 'Indie',
    price: '$9',
    priceNote: '/month',
    description: 'For makers whose links get shared every day.',
    previewLimit: 5000,
    features: ['5,000 previews per month', '3 custom domains', 'Advanced analytics', 'Priority API access', 'Email support'],
    popular: true,
    hasCustomDomain: true,
    customDomainLimit: 3,
    hasStatsApi: true,
    linksPerHour: 10_000,
    linksPerDay: 100_000,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: '$29',
    priceNote: '/month',
    description: 'For teams and products with real traffic.',
    previewLimit: 50000,
    features: ['50,000 previews per month', '10 custom domains', 'Advanced analytics', 'Priority API access', 'Priority support'],
    popular: false,
    hasCustomDomain: true,
    customDomainLimit: 10,
    hasStatsApi: true,
    linksPerHour: 100_000,
    linksPerDay: 1_000_000,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Contact us',
    priceNote: '',
    description: 'For organisations with custom needs.',
    previewLimit: null,
    features: ['Unlimited previews', 'Unlimited custom domains', 'Dedicated support', 'Custom integrations', 'SLA guarantee', 'Advanced security'],
    popular: false,
    hasCustomDomain: true,
    customDomainLimit: null,
    hasStatsApi: true,
    linksPerHour: 1_000_000,
    linksPerDay: 10_000_000,
  },
}

export const PLAN_LIST = [PLAN_INFO.free, PLAN_INFO.indie, PLAN_INFO.pro, PLAN_INFO.enterprise]

