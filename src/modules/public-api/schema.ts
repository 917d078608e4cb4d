// The public API's contract: these schemas validate every request and answer and are, through
// @elysiajs/openapi, the OpenAPI document at /api/openapi.json.
import { t, type TSchema } from 'elysia'
import { withHeaders } from '@elysiajs/openapi'
import { documentedAsShapes, oneOf } from '../../platform/schema'
import { API_KEY_SCOPES, API_RATE_LIMITS } from '../../shared/api-keys'
import { INVALID_KEY_LIMIT } from '../../shared/rate-limits'
import { EVENT_TYPES } from '../../shared/domain'
import { LINK_BULK_CREATE_MAX } from '../../shared/link-list'
import { PLANS } from '../../shared/domain'
import { TITLE_MAX } from '../../shared/link-rules'
import { PreviewsByPlatform, TEST_RESULTS } from '../analytics/schema'
import { LinkChanges, LinkInput, LinkPageParams, Link as LinkSchema } from '../links/schema'

/** A copy of `schema` with its description set, for fields whose docs the public API adds. */
const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description })

const USE_ORIGINAL_META =
  "Read the target page's own title, description, image and image alt text and use them for every field you leave out. " +
  'The title then becomes optional; a page without one gets its host name. A page that cannot be read answers 400.'

// The service asks for the title, in its own words, unless useOriginalMeta is true: validation
// checks the fields' types alone, and the document states the rule as the two shapes a new link
// takes, which generated clients make a union type of.
export const LinkCreateInput = documentedAsShapes(
  t.Object({
    ...LinkInput.properties,
    title: t.Optional(described(LinkInput.properties.title, `Preview title (up to ${TITLE_MAX} characters, one line). Required unless useOriginalMeta is true`)),
    useOriginalMeta: t.Optional(t.Boolean({ error: 'useOriginalMeta must be true or false.', description: USE_ORIGINAL_META })),
  }),
  [
    {
      description: 'A new link with its title',
      required: ['title'],
      properties: { useOriginalMeta: t.Literal(false, { description: 'False or left out: the link has the fields given, the title among them' }) },
    },
    {
      description: 'A new link whose fields left out, the title too, are read from the target page',
      required: ['useOriginalMeta'],
      properties: { useOriginalMeta: t.Literal(true, { description: USE_ORIGINAL_META }) },
    },
  ],
)
export type LinkCreateInput = typeof LinkCreateInput.static

export const LinkBulkCreateInput = t.Object({
  links: t.Array(LinkInput, {
    minItems: 1,
    maxItems: LINK_BULK_CREATE_MAX,
    error: `links must list 1 to ${LINK_BULK_CREATE_MAX} links.`,
    description: `The links to create (1 to ${LINK_BULK_CREATE_MAX}), each as for a single create but without useOriginalMeta; the whole body counts against MAX_BODY_BYTES (1 MB unless set)`,
  }),
  allOrNothing: t.Optional(
    t.Boolean({
      error: 'allOrNothing must be true or false.',
      description: 'When true, one link that cannot be created leaves none created: the answer is then the error of the first, its fields named `links.<index>.<field>`',
    }),
  ),
})
export type LinkBulkCreateInput = typeof LinkBulkCreateInput.static

export const LinkUpdateInput = LinkChanges

export const CreatedLink = t.Object({
  url: t.String({ description: 'The short link' }),
  qrCodeUrl: t.String({ description: 'QR code of the short link (PNG; add ?format=svg for SVG)' }),
  id: t.String({ description: 'The link id, for the other calls' }),
  slug: t.String({ description: 'Random 7-character path' }),
  existing: t.Boolean({
    description:
      'true when the account already had an identical link (same target page however spelled, same title, description, image, ' +
      'image alt text, card type with its player or app, theme colour, canonical URL, expiry, fallback, click limit, device and country URLs, query forwarding, app link and domain, no password, the same alias when one was asked for, and still active): that link is answered, with 200',
  }),
})

export const BulkCreated = t.Object({
  created: t.Integer({ description: 'How many links were made' }),
  existing: t.Integer({ description: 'How many were identical to links the account had (or to one earlier in the list)' }),
  failed: t.Integer({ description: 'How many could not be created' }),
  results: t.Array(
    t.Object({
      status: oneOf(['created', 'existing', 'failed'] as const),
      link: t.Optional(t.Omit(CreatedLink, ['existing'], { description: 'The link made or found; not on a failure' })),
      message: t.Optional(t.String({ description: 'Why it failed' })),
      errors: t.Optional(t.Array(t.Object({ field: t.String(), message: t.String() }), { description: 'The fields that failed, as in a 400' })),
    }),
    { description: 'One result per link asked for, in the same order' },
  ),
})

const p = LinkSchema.properties
export const PublicLink = t.Object({
  id: described(p.id, 'The link id'),
  slug: p.slug,
  alias: described(p.alias, 'Custom path, or null when the slug is used'),
  domain: p.domain,
  formerAliases: p.formerAliases,
  tags: p.tags,
  url: p.url,
  qrCodeUrl: p.qrCodeUrl,
  targetUrl: described(p.targetUrl, 'Where visitors are sent'),
  title: described(p.title, 'Preview title'),
  description: described(p.description, 'Preview description'),
  ogImage: described(p.ogImage, 'Preview image URL'),
  ogImageAlt: described(p.ogImageAlt, 'Preview image described'),
  twitterCard: described(p.twitterCard, 'X card type'),
  twitterPlayer: described(p.twitterPlayer, "The player of a `player` card: its https address, width and height"),
  twitterApp: described(p.twitterApp, 'The app of an `app` card: its App Store and Google Play ids'),
  themeColor: described(p.themeColor, 'Accent colour of the card (#rrggbb)'),
  platformCards: described(p.platformCards, "Each platform's own card: platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram) → the title, description and image only its crawler gets, null where it gets the link's; null for none"),
  cardVariant: described(p.cardVariant, "A second card (title, description, image) crawlers get in turn with the link's own, to compare which brings more people; null for none"),
  cardImage: p.cardImage,
  cardImageUrl: p.cardImageUrl,
  cardVersion: p.cardVersion,
  canonicalUrl: described(p.canonicalUrl, 'Canonical URL crawlers are given; null means the target URL'),
  expiresAt: described(p.expiresAt, 'When the link stops redirecting and answers 410; null for permanent'),
  fallbackUrl: described(p.fallbackUrl, 'Where people go once the link has expired or reached its click limit; null for the 410 page'),
  iosUrl: described(p.iosUrl, "Where people on an iPhone, iPad or iPod go instead of the target; null for none. A device's URL comes before a country's"),
  androidUrl: described(p.androidUrl, "Where people on Android go instead of the target; null for none. A device's URL comes before a country's"),
  geoTargets: described(p.geoTargets, "Where people in a country go instead of the target: upper-case ISO 3166-1 alpha-2 code → URL; null for none. Used when the device has no URL of its own"),
  variants: described(p.variants, "The targets people are split between, each with its whole weight; a person keeps one all day. Used when neither the device nor the country has a URL of its own; null for none"),
  forwardQuery: described(p.forwardQuery, "Whether a person's query string is added to where they are sent; a parameter the URL already has keeps its value"),
  appLink: described(p.appLink, "Whether people on iOS and Android without the app are sent to its store (from the link's app card)"),
  hasPassword: p.hasPassword,
  clickLimit: described(p.clickLimit, "People's clicks sent to the target before the fallback takes over; null for no limit"),
  isActive: described(p.isActive, 'Inactive links answer 404'),
  importedFrom: p.importedFrom,
  health: p.health,
  createdAt: described(p.createdAt, 'When the link was made'),
  updatedAt: described(p.updatedAt, 'When the link last changed'),
})
export type PublicLink = typeof PublicLink.static

export const ExportedLink = t.Object({
  ...PublicLink.properties,
  clicks: t.Integer({ description: 'Clicks of all time' }),
  scans: t.Integer({ description: "Clicks from the link's QR code of all time, counted among the clicks" }),
  previews: t.Integer({ description: 'Previews of all time' }),
})

// What the edge worker needs of a link for the page it rewrites: every field of the short link's
// own card (shared/card-tags.ts), the image's size and type too.
export const LinkByTarget = t.Object({
  id: PublicLink.properties.id,
  targetUrl: PublicLink.properties.targetUrl,
  title: PublicLink.properties.title,
  description: PublicLink.properties.description,
  ogImage: PublicLink.properties.ogImage,
  ogImageAlt: PublicLink.properties.ogImageAlt,
  ogImageWidth: t.Nullable(t.Integer({ description: "The preview image's width in pixels, as Linkcard read it after the link was saved; null until read, or when it could not be" })),
  ogImageHeight: t.Nullable(t.Integer({ description: "The preview image's height in pixels; null until read, or when it could not be" })),
  ogImageType: t.Nullable(t.String({ description: "The preview image's media type (image/png, image/jpeg...); null until read, or when it could not be" })),
  twitterCard: PublicLink.properties.twitterCard,
  twitterPlayer: PublicLink.properties.twitterPlayer,
  twitterApp: PublicLink.properties.twitterApp,
  themeColor: PublicLink.properties.themeColor,
  platformCards: PublicLink.properties.platformCards,
  cardImageUrl: PublicLink.properties.cardImageUrl,
  isActive: PublicLink.properties.isActive,
})

export const LinkListQuery = t.Object(LinkPageParams)
export { LinkExportQuery } from '../links/schema'

/** The paging headers of a list answered as an array. */
export const PAGE_HEADERS = {
  'X-Total-Count': t.Integer({ description: 'How many links match, over all pages' }),
  Link: t.String({
    description:
      'RFC 8288 links to the `first`, `prev`, `next` and `last` pages, as references relative to the host called, e.g. ' +
      '`</api/links?limit=50&page=2>; rel="next"`. No `next` on the last page.',
  }),
}

export const IdParams = t.Object({ id: t.String({ description: 'The link id' }) })

export const TargetParams = t.Object({
  targetUrl: t.String({
    description: 'The page address, URL-encoded (encodeURIComponent). Scheme and host case, default ports, a trailing slash, the fragment and query order do not matter',
  }),
})

export const IdempotencyHeaders = t.Object({
  'idempotency-key': t.Optional(
    t.String({
      description:
        'A key of your choosing (1 to 255 printable ASCII characters, a UUID say) that makes a retry of this call safe: sent again with the same body ' +
        'within 24 hours, the call answers what it first answered and makes nothing new.',
    }),
  ),
})

export const Caller = t.Object({
  account: t.Object({
    id: t.String(),
    name: t.String({ description: "The workspace's name" }),
    plan: t.UnionEnum(PLANS, { description: "The account's plan" }),
  }),
  key: t.Object({
    id: t.String(),
    name: t.String({ description: 'The name the key was given' }),
    scopes: t.Union([t.Array(t.UnionEnum(API_KEY_SCOPES)), t.Null()], { description: 'What the key may do; null for every scope' }),
  }),
}, { description: 'The account and the key' })

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
export const StatsQuery = t.Object({
  from: t.Optional(t.String({ pattern: DAY_PATTERN, error: 'from must be a date written YYYY-MM-DD.', description: 'First day (UTC, YYYY-MM-DD); defaults to 29 days before `to`' })),
  to: t.Optional(t.String({ pattern: DAY_PATTERN, error: 'to must be a date written YYYY-MM-DD.', description: 'Last day, included (UTC, YYYY-MM-DD); defaults to today' })),
})

export const LinkStats = t.Object({
  linkId: t.String(),
  totalClicks: t.Integer({ description: 'Clicks since the link was made' }),
  totalScans: t.Integer({ description: "Clicks from the link's QR code since the link was made, counted among totalClicks" }),
  totalPreviews: t.Integer({ description: 'Previews (crawler fetches) since the link was made' }),
  clicksInPeriod: t.Integer({ description: 'Clicks from `from` to `to`' }),
  scansInPeriod: t.Integer({ description: 'Scans (clicks from the QR code) from `from` to `to`' }),
  previewsInPeriod: t.Integer({ description: 'Previews from `from` to `to`' }),
  from: t.String({ description: 'First day of the period (UTC)' }),
  to: t.String({ description: 'Last day of the period (UTC), included' }),
  recentEvents: t.Array(
    t.Object({
      type: t.UnionEnum(EVENT_TYPES, { description: 'click (a person) or preview (a crawler)' }),
      isScan: t.Boolean({ description: "A click from the link's QR code" }),
      occurredAt: t.String({ format: 'date-time' }),
      platform: t.Nullable(t.String({ description: "The crawler's platform, for previews (facebook, x, linkedin, ...)" })),
      unverified: t.Boolean({ description: "A card served to a request that claimed the platform's crawler from an address not the platform's: not counted among the previews" }),
      referrerHost: t.Nullable(t.String({ description: 'The referring site, for clicks' })),
      country: t.Nullable(t.String({ description: 'ISO country code, when known' })),
      device: t.Nullable(t.String({ description: 'desktop, mobile, tablet, other (TVs, consoles) or bot (crawlers), when known' })),
    }),
    { description: 'The 50 newest events of the period, newest first' },
  ),
  previewsByPlatform: PreviewsByPlatform,
  ...TEST_RESULTS,
})
export type LinkStats = typeof LinkStats.static

const ErrorBody = t.Object({
  message: t.String({ description: 'What went wrong, in words for people' }),
  errors: t.Optional(t.Array(t.Object({ field: t.String(), message: t.String() }), { description: 'Field-level problems of a 400' })),
})

const RATE_HEADERS = {
  'X-RateLimit-Limit': t.Integer({
    description:
      `Requests allowed in the tightest window (${API_RATE_LIMITS.perMinute}/minute per key; ${API_RATE_LIMITS.perHour}/hour and ${API_RATE_LIMITS.perDay}/day per account, across all its keys); ` +
      `without a valid key, the calls with invalid keys allowed from the address (${INVALID_KEY_LIMIT.attempts} in ${INVALID_KEY_LIMIT.windowMinutes} minutes)`,
  }),
  'X-RateLimit-Remaining': t.Integer({ description: 'Requests left in that window' }),
  'X-RateLimit-Reset': t.Integer({ description: 'When that window resets (Unix time, seconds)' }),
}
const RETRY_HEADERS = { ...RATE_HEADERS, 'Retry-After': t.Integer({ description: 'Seconds to wait before trying again' }) }

const ERRORS = {
  400: 'Invalid input; `errors` names the fields',
  401: 'No API key, or an unknown or revoked one',
  403: 'Not allowed on your plan, or the API key lacks the scope the call needs (the message names it)',
  404: 'No such link in your account',
  409: 'The alias is taken by another link, or a call with the same Idempotency-Key is still running',
  413: 'The body is larger than the server takes (MAX_BODY_BYTES, 1 MB unless set; an image, 10 MB or 25 megapixels)',
  415: 'The body is not a PNG, JPEG or WebP image',
  422: 'The Idempotency-Key was sent with another body in the last 24 hours',
  429: `Rate limit reached, or ${INVALID_KEY_LIMIT.attempts} calls with an invalid key from one address in ${INVALID_KEY_LIMIT.windowMinutes} minutes; wait Retry-After seconds`,
} as const

/**
 * A route's answers for the document: the success schemas, the named error statuses and those
 * every call may meet (400, 401, 403, 429), each with the rate-limit headers every answer carries.
 */
export function answers<S extends Record<number, TSchema>>(success: S, errorStatuses: (keyof typeof ERRORS)[]) {
  const documented: Record<number, TSchema> = {}
  for (const [status, schema] of Object.entries(success))
    documented[Number(status)] = withHeaders(schema, { ...RATE_HEADERS, ...(schema as { headers?: Record<string, TSchema> }).headers })
  // Any call may meet malformed input (a path or query value with control characters, say): 400;
  // and a key without the scope it needs: 403.
  for (const status of [...errorStatuses, 400, 401, 403, 429] as const)
    documented[status] = withHeaders(t.Object(ErrorBody.properties, { description: ERRORS[status] }), status === 429 ? RETRY_HEADERS : RATE_HEADERS)
  return documented as S
}
