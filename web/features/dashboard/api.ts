import useSWR from 'swr'
import type { DashboardStats as DashboardStatsSchema } from '../../../src/modules/analytics/schema'
import type { Usage as UsageSchema } from '../../../src/modules/usage/schema'
import { api } from '../../lib/api'

export type Usage = typeof UsageSchema.static
export type DashboardStats = typeof DashboardStatsSchema.static

export const useUsage = () => useSWR<Usage>('/usage', api.get)
export const useDashboardStats = () => useSWR<DashboardStats>('/dashboard-stats', api.get)
