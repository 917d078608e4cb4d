import { Elysia } from 'elysia'
import { auth } from '../auth/plugin'
import { DashboardStats } from './schema'
import { dashboardStats } from './service'

export const analyticsRoutes = new Elysia().use(auth).get('/dashboard-stats', ({ user }) => dashboardStats(user.accountId), {
  session: true,
  response: DashboardStats,
  detail: { summary: 'Totals for the dashboard', tags: ['Analytics'], hide: true },
})
