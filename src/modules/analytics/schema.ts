import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { CARD_VERSIONS } from '../../shared/link-rules'
import { ANALYTICS_MESSAGES } from '../../shared/analytics'

const Day = t.String({ description: 'A UTC day, YYYY-MM-DD' })

export const DashboardStats = t.Object({
  totalClicks: t.Integer(),
  totalScans: t.Integer({ description: 'Clicks from QR codes, counted among the clicks' }),
  totalPreviews: t.Integer(),
  totalApiCalls: t.Integer({ description: 'Public API calls made with the account’s keys' }),
  clicksByLinkId: t.Record(t.String(), t.Integer(), { description: "Clicks of all time by link id, of those of the account's 100 newest links that have any" }),
  series: t.Array(t.Object({ day: Day, clicks: t.Integer(), scans: t.Integer(), previews: t.Integer() }), {
    description: "The account's clicks (scans among them) and previews on each of the last 30 days (UTC), oldest first",
  }),
})
export type DashboardStats = typeof DashboardStats.static

// Dates are checked by the service, so a bad one gets the same message however it is wrong.
export const AnalyticsQuery = t.Object({
  from: t.Optional(t.String({ description: 'First day (UTC, YYYY-MM-DD); defaults to 29 days before `to`' })),
  to: t.Optional(t.String({ description: 'Last day, included (UTC, YYYY-MM-DD); defaults to today' })),
  format: t.Optional(t.UnionEnum(['json', 'csv'], { error: ANALYTICS_MESSAGES.badFormat, description: 'csv: the raw events of the period as a file' })),
})

const Top = t.Array(t.Object({ name: t.Nullable(t.String({ description: 'null: direct visits or unknown' })), count: t.Integer() }))

/** A link's tests in a period: clicks per variant, and previews and clicks per card version (both answers of a link's analytics and stats). */
export const TEST_RESULTS = {
  variants: t.Optional(
    t.Array(t.Object({ targetUrl: t.String(), clicks: t.Integer() }), {
      description: "Clicks of the period sent to each of the link's variants, in the link's order; only for a link with variants",
    }),
  ),
  cardVariants: t.Optional(
    t.Array(
      t.Object({
        version: oneOf(CARD_VERSIONS, { description: "a: the link's own card; b: its cardVariant" }),
        title: t.String({ description: "The version's title" }),
        previews: t.Integer({ description: 'Previews of the period that served this version' }),
        clicks: t.Integer({ description: "People's clicks of the period from a platform whose crawler had last read this version" }),
      }),
      { description: "A card test's two versions with their previews and the clicks each brought in the period; only for a link with a cardVariant" },
    ),
  ),
}

export const LinkAnalytics = t.Object({
  linkId: t.String(),
  from: Day,
  to: Day,
  totals: t.Object({
    clicks: t.Integer(),
    scans: t.Integer({ description: "Clicks from the link's QR code, counted among the clicks" }),
    previews: t.Integer(),
    uniqueVisitors: t.Integer({ description: "Sum of each day's distinct visitors" }),
    socialShares: t.Integer({ description: 'Clicks whose referrer is a social network' }),
    engagement: t.Nullable(t.Number({ description: 'Clicks per preview; null without previews' })),
  }),
  series: t.Array(t.Object({ day: Day, clicks: t.Integer(), scans: t.Integer(), previews: t.Integer(), uniqueVisitors: t.Integer() }), {
    description: 'Every day of the period, oldest first',
  }),
  top10: t.Object({
    referrers: Top,
    platforms: Top,
    countries: Top,
    devices: Top,
    browsers: Top,
    oses: Top,
  }),
  ...TEST_RESULTS,
})
export type LinkAnalytics = typeof LinkAnalytics.static
