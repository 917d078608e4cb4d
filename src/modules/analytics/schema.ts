import { t } from 'elysia'

export const DashboardStats = t.Object({
  totalClicks: t.Integer(),
  totalPreviews: t.Integer(),
  totalApiCalls: t.Integer({ description: 'Public API calls made with the account’s keys' }),
  clicksByLinkId: t.Record(t.String(), t.Integer()),
})
