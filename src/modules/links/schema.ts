import { t } from 'elysia'
import { TWITTER_CARDS } from '../../shared/domain'
import { DESCRIPTION_MAX, IMAGE_ALT_MAX, LINK_MESSAGES, TITLE_MAX, URL_MAX } from '../../shared/link-rules'

// Types only here; lengths, http(s)-only, alias rules and reserved words are checked by the
// service with the shared rules, so every message is the product's own.
const fields = {
  targetUrl: t.String({ error: LINK_MESSAGES.requiredFields, description: `Where visitors are sent (http or https, up to ${URL_MAX} characters)` }),
  title: t.String({ error: LINK_MESSAGES.requiredFields, description: `Preview title (up to ${TITLE_MAX} characters)` }),
  description: t.Nullable(t.String({ description: `Preview description (up to ${DESCRIPTION_MAX} characters)` })),
  alias: t.Nullable(t.String({ description: 'Custom path instead of the random slug: 3-50 letters, digits, hyphens and underscores' })),
  ogImage: t.Nullable(t.String({ description: 'Preview image URL (http or https); 1200x630 suits every platform' })),
  ogImageAlt: t.Nullable(t.String({ description: `Preview image described (up to ${IMAGE_ALT_MAX} characters)` })),
  twitterCard: t.UnionEnum(TWITTER_CARDS, { error: `twitterCard must be one of ${TWITTER_CARDS.join(', ')}.`, description: 'X card type', default: 'summary_large_image' }),
  canonicalUrl: t.Nullable(t.String({ description: 'Canonical URL for search engines (defaults to the target URL)' })),
  expiresAt: t.Nullable(t.String({ description: 'ISO 8601 date-time after which the link answers 410; null for permanent' })),
}

export const LinkInput = t.Object({
  targetUrl: fields.targetUrl,
  title: fields.title,
  description: t.Optional(fields.description),
  alias: t.Optional(fields.alias),
  ogImage: t.Optional(fields.ogImage),
  ogImageAlt: t.Optional(fields.ogImageAlt),
  twitterCard: t.Optional(fields.twitterCard),
  canonicalUrl: t.Optional(fields.canonicalUrl),
  expiresAt: t.Optional(fields.expiresAt),
})
export type LinkInput = typeof LinkInput.static

export const LinkChanges = t.Partial(
  t.Object({
    ...LinkInput.properties,
    isActive: t.Boolean({ error: 'isActive must be true or false.', description: 'Inactive links answer 404' }),
  }),
)
export type LinkChanges = typeof LinkChanges.static

export const Link = t.Object({
  id: t.String(),
  slug: t.String({ description: 'Random 7-character path' }),
  alias: t.Nullable(t.String()),
  url: t.String({ description: 'The short link' }),
  qrCodeUrl: t.String({ description: 'QR code of the short link (PNG; add ?format=svg for SVG)' }),
  targetUrl: t.String(),
  title: t.String(),
  description: t.Nullable(t.String()),
  ogImage: t.Nullable(t.String()),
  ogImageAlt: t.Nullable(t.String()),
  twitterCard: t.UnionEnum(TWITTER_CARDS),
  canonicalUrl: t.Nullable(t.String()),
  expiresAt: t.Nullable(t.String({ format: 'date-time' })),
  isActive: t.Boolean(),
  createdAt: t.String({ format: 'date-time' }),
  updatedAt: t.String({ format: 'date-time' }),
})
export type Link = typeof Link.static

export const PERIODS = ['7days', '30days', '90days', 'year', 'all'] as const
export type Period = (typeof PERIODS)[number]

export const LinkWithCounts = t.Object({
  ...Link.properties,
  clicks: t.Integer({ description: 'Clicks in the chosen period' }),
  previews: t.Integer({ description: 'Previews in the chosen period' }),
})
export type LinkWithCounts = typeof LinkWithCounts.static

export const LinkListQuery = t.Object({
  period: t.Optional(t.UnionEnum(PERIODS, { error: `period must be one of ${PERIODS.join(', ')}.` })),
})
