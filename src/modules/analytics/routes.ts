import { Elysia, t } from 'elysia'
import { downloadResponse } from '../../platform/downloads'
import { auth } from '../auth/plugin'
import { AccountAnalytics, AccountAnalyticsQuery, AnalyticsQuery, DashboardStats } from './schema'
import { accountAnalytics, dashboardStats, linkAnalytics, linkEventsCsv } from './service'

const tags = ['Analytics']

export const analyticsRoutes = new Elysia()
  .use(auth)
  .get('/dashboard-stats', ({ user }) => dashboardStats(user.accountId), {
    session: true,
    response: DashboardStats,
    detail: { summary: 'Totals for the dashboard', tags, hide: true },
  })
  .get('/analytics', ({ user, query }) => accountAnalytics(user, query), {
    session: true,
    query: AccountAnalyticsQuery,
    response: AccountAnalytics,
    detail: {
      summary: "All the account's links together, or those with one tag: totals beside the period before, per UTC day, breakdowns and the busiest links",
      tags,
      hide: true,
    },
  })
  .get(
    '/shareLinks/:id/analytics',
    // One path answers JSON or, with ?format=csv, a file: so no single response schema here.
    async ({ user, params, query }) => {
      if (query.format === 'csv') {
        const { filename, lines } = await linkEventsCsv(user, params.id, query)
        return downloadResponse(filename, 'text/csv', lines)
      }
      return linkAnalytics(user, params.id, query)
    },
    {
      session: true,
      params: t.Object({ id: t.String() }),
      query: AnalyticsQuery,
      detail: { summary: "A link's clicks, previews, visitors and breakdowns per UTC day, or its events as CSV", tags, hide: true },
    },
  )
