import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { CARD_VERSIONS } from '../../shared/link-rules'
import { ANALYTICS_MESSAGES } from '../../shared/analytics'

const Day = t.String({ description: 'A UTC day, YYYY-MM-DD' })

/** One of the busiest links of a period, with its counts there. */
const TopLink = t.Object({
  id: t.String(),
  title: t.String(),
  url: t.String({ description: 'The short link' }),
  clicks: t.Integer(),
  scans: t.Integer({ description: 'Clicks from the QR code, counted among the clicks' }),
  previews: t.Integer(),
})

export const DashboardStats = t.Object({
  totalClicks: t.Integer(),
  totalScans: t.Integer({ description: 'Clicks from QR codes, counted among the clicks' }),
  totalPreviews: t.Integer(),
  totalApiCalls: t.Integer({ description: 'Public API calls made with the account’s keys' }),
  clicksByLinkId: t.Record(t.String(), t.Integer(), { description: "Clicks of all time by link id, of those of the account's 100 newest links that have any" }),
  series: t.Array(t.Object({ day: Day, clicks: t.Integer(), scans: t.Integer(), previews: t.Integer() }), {
    description: "The account's clicks (scans among them) and previews on each of the last 30 days (UTC), oldest first",
  }),
  topLinks: t.Array(TopLink, { description: 'The 5 links with the most clicks (then previews) in the last 30 days; links with neither are left out' }),
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

/** Previews by platform: those counted, and the cards served to claims the platform's addresses did not bear out. */
export const PreviewsByPlatform = t.Array(
  t.Object({
    platform: t.String({ description: 'The crawler platform (facebook, x, linkedin, whatsapp, ...)' }),
    verifiedBy: t.Nullable(oneOf(['ranges', 'reverse-dns'] as const), {
      description: "How the platform's crawler is told from an impostor: its address ranges, or reverse DNS confirmed forward; null when it cannot be (previews made on the sender's device, or by servers nobody lists)",
    }),
    previews: t.Integer({ description: "Previews counted: each from the platform's own address where verifiedBy names how" }),
    unverified: t.Integer({ description: "Cards served to requests that claimed the platform's crawler from an address not the platform's: never counted" }),
  }),
  { description: 'Previews of the period by platform, most first; verified and unverified apart' },
)

const Totals = t.Object({
  clicks: t.Integer(),
  scans: t.Integer({ description: 'Clicks from QR codes, counted among the clicks' }),
  previews: t.Integer(),
  uniqueVisitors: t.Integer({ description: "Sum of each day's distinct visitors (of each link)" }),
  socialShares: t.Integer({ description: 'Clicks whose referrer is a social network' }),
  engagement: t.Nullable(t.Number({ description: 'Clicks per preview; null without previews' })),
})
export type PeriodTotals = typeof Totals.static

const Series = t.Array(t.Object({ day: Day, clicks: t.Integer(), scans: t.Integer(), previews: t.Integer(), uniqueVisitors: t.Integer() }), {
  description: 'Every day of the period, oldest first',
})

const Breakdowns = t.Object({
  referrers: Top,
  platforms: Top,
  countries: Top,
  devices: Top,
  browsers: Top,
  oses: Top,
})

export const LinkAnalytics = t.Object({
  linkId: t.String(),
  from: Day,
  to: Day,
  totals: Totals,
  series: Series,
  top10: Breakdowns,
  previewsByPlatform: PreviewsByPlatform,
  ...TEST_RESULTS,
})
export type LinkAnalytics = typeof LinkAnalytics.static

// As a link's period, checked by the service; an empty tag is no tag.
export const AccountAnalyticsQuery = t.Object({
  from: t.Optional(t.String({ description: 'First day (UTC, YYYY-MM-DD); defaults to 29 days before `to`' })),
  to: t.Optional(t.String({ description: 'Last day, included (UTC, YYYY-MM-DD); defaults to today' })),
  tag: t.Optional(t.String({ description: "Only the links with this tag (its id); one that is not the account's answers 404" })),
})

const Change = t.Nullable(t.Number({ description: 'Percent up (positive) or down against the previous period, to one decimal; null when that was 0' }))

export const AccountAnalytics = t.Object({
  from: Day,
  to: Day,
  tagId: t.Nullable(t.String({ description: 'The tag whose links are counted; null: every link of the account' })),
  totals: Totals,
  previous: t.Object(
    { from: Day, to: Day, totals: Totals },
    { description: 'The period of as many days just before `from`, and its totals' },
  ),
  change: t.Object({ clicks: Change, scans: Change, previews: Change, uniqueVisitors: Change, socialShares: Change }),
  series: Series,
  top10: Breakdowns,
  previewsByPlatform: PreviewsByPlatform,
  topLinks: t.Array(TopLink, { description: 'The 10 links with the most clicks (then previews) in the period; links with neither are left out' }),
})
export type AccountAnalytics = typeof AccountAnalytics.static
