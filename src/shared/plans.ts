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
  hasStatsApi: boolean
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
    hasStatsApi: false,
  },
  indie: {
    id: 'indie',
    name: 'Indie',
    price: '$9',
    priceNote: '/month',
    description: 'For makers whose links get shared every day.',
    previewLimit: 5000,
    features: ['5,000 previews per month', 'Custom domains', 'Advanced analytics', 'Priority API access', 'Email support'],
    popular: true,
    hasCustomDomain: true,
    hasStatsApi: true,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: '$29',
    priceNote: '/month',
    description: 'For teams and products with real traffic.',
    previewLimit: 50000,
    features: ['50,000 previews per month', 'Custom domains', 'Advanced analytics', 'Priority API access', 'Priority support'],
    popular: false,
    hasCustomDomain: true,
    hasStatsApi: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Contact us',
    priceNote: '',
    description: 'For organisations with custom needs.',
    previewLimit: null,
    features: ['Unlimited previews', 'Custom domains', 'Dedicated support', 'Custom integrations', 'SLA guarantee', 'Advanced security'],
    popular: false,
    hasCustomDomain: true,
    hasStatsApi: true,
  },
}

export const PLAN_LIST = [PLAN_INFO.free, PLAN_INFO.indie, PLAN_INFO.pro, PLAN_INFO.enterprise]

