import { t } from 'elysia'
import { integerCheckedByService, nullableTextCheckedByService, objectListCheckedByService, oneOf, stringMapCheckedByService, textCheckedByService, textObjectMapCheckedByService } from '../../platform/schema'
import { COUNTRY_CODES } from '../../shared/countries'
import { IMPORT_SOURCES } from '../../shared/imports'
import {
  APP_STORE_ID_PATTERN,
  CARD_MESSAGES,
  GOOGLE_PLAY_ID_MAX,
  GOOGLE_PLAY_ID_PATTERN,
  PLAYER_SIZE_MAX,
  PLAYER_URL_PATTERN,
  THEME_COLOR_PATTERN,
} from '../../shared/card-rules'
import { DEFAULT_TWITTER_CARD, TWITTER_CARDS } from '../../shared/domain'
import {
  LINK_BULK_ACTIONS,
  LINK_BULK_MAX,
  LINK_EXPORT_FORMATS,
  LINK_LIST_MESSAGES,
  LINK_LIST_SORTS,
  LINK_PAGE_DEFAULT,
  LINK_PAGE_MAX,
  LINK_PAGE_NUMBER_MAX,
  LINK_SEARCH_MAX,
  LINK_STATUS_FILTERS,
} from '../../shared/link-list'
import {
  ALIAS_MAX,
  ALIAS_MIN,
  ALIAS_PATTERN,
  CLICK_LIMIT_MAX,
  DESCRIPTION_MAX,
  FORMER_ALIASES_MAX,
  GEO_TARGETS_MAX,
  HTTP_URL_PATTERN,
  IMAGE_ALT_MAX,
  LINK_MESSAGES,
  LINK_PASSWORD_MAX,
  LINK_PASSWORD_MIN,
  TITLE_MAX,
  URL_MAX,
  VARIANT_WEIGHT_MAX,
  VARIANTS_MAX,
  VARIANTS_MIN,
} from '../../shared/link-rules'
import { CARD_IMAGE_LAYOUTS } from '../../shared/card-images'
import { CARD_PLATFORMS, PLATFORM_CARD_MESSAGES } from '../../shared/platform-cards'
import { LINK_HEALTH_FILTERS, LINK_HEALTH_MESSAGES, LINK_HEALTH_STATUSES } from '../../shared/link-health'
import { TAG_COLORS, TAG_MESSAGES, TAG_NAME_MAX, TAG_NAME_PATTERN, TAGS_PER_LINK_MAX } from '../../shared/tags'
import { FILLED_LINE_PATTERN, MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../shared/text'

// Validation checks the types only; lengths, http(s)-only, alias rules, reserved words, control
// characters and the expiry are checked by the service with the shared rules, so every message is
// the product's own. The limits are stated here for the document, from the same shared rules.
const HTTP_URL = { format: 'uri', maxLength: URL_MAX, pattern: HTTP_URL_PATTERN } as const

// The one order of a link's routing rules, stated on each of them.
const ROUTING_ORDER =
  "People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card."

const fields = {
  targetUrl: textCheckedByService(HTTP_URL, {
    error: LINK_MESSAGES.requiredFields,
    description: `Where visitors are sent (http or https, up to ${URL_MAX} characters); not a short link of this service`,
  }),
  title: textCheckedByService(
    { minLength: 1, maxLength: TITLE_MAX, pattern: FILLED_LINE_PATTERN },
    { error: LINK_MESSAGES.requiredFields, description: `Preview title (up to ${TITLE_MAX} characters, one line)` },
  ),
  description: nullableTextCheckedByService(
    { maxLength: DESCRIPTION_MAX, pattern: MULTI_LINE_PATTERN },
    { description: `Preview description (up to ${DESCRIPTION_MAX} characters; tabs and line breaks allowed)` },
  ),
  alias: nullableTextCheckedByService(
    { minLength: ALIAS_MIN, maxLength: ALIAS_MAX, pattern: ALIAS_PATTERN },
    {
      description:
        `Custom path instead of the random slug: ${ALIAS_MIN}-${ALIAS_MAX} letters, digits, hyphens and underscores, starting and ending with a letter or digit, ` +
        'unique in any letter case and not one of the paths the product serves (admin, api, docs, ...)',
    },
  ),
  domain: nullableTextCheckedByService(
    { maxLength: 253 },
    {
      description:
        "The account's verified custom domain the link lives on (its hostname), where its url, QR code and card answer and its alias is unique; " +
        "null (or left out) for the service's own address. Moving a link keeps its old address working when formerAliases keeps it",
    },
  ),
  ogImage: nullableTextCheckedByService(HTTP_URL, { description: 'Preview image URL (http or https); 1200x630 suits every platform' }),
  ogImageAlt: nullableTextCheckedByService(
    { maxLength: IMAGE_ALT_MAX, pattern: SINGLE_LINE_PATTERN },
    { description: `Preview image described (up to ${IMAGE_ALT_MAX} characters, one line)` },
  ),
  twitterCard: oneOf(TWITTER_CARDS, { error: `twitterCard must be one of ${TWITTER_CARDS.join(', ')}.`, description: `X card type; a new link gets ${DEFAULT_TWITTER_CARD} when none is given` }),
  twitterPlayer: t.Nullable(
    t.Object({
      url: textCheckedByService({ format: 'uri', maxLength: URL_MAX, pattern: PLAYER_URL_PATTERN }, { error: CARD_MESSAGES.playerUrl, description: 'The player page, https only' }),
      width: integerCheckedByService({ minimum: 1, maximum: PLAYER_SIZE_MAX }, { error: CARD_MESSAGES.playerSize, description: 'Player width in pixels' }),
      height: integerCheckedByService({ minimum: 1, maximum: PLAYER_SIZE_MAX }, { error: CARD_MESSAGES.playerSize, description: 'Player height in pixels' }),
    }),
    { description: 'The video or audio player of a `player` card (required for one, with ogImage); null for none' },
  ),
  twitterApp: t.Nullable(
    t.Object({
      iphone: t.Optional(nullableTextCheckedByService({ pattern: APP_STORE_ID_PATTERN }, { description: 'App Store id of the iPhone app, the number in its App Store address' })),
      ipad: t.Optional(nullableTextCheckedByService({ pattern: APP_STORE_ID_PATTERN }, { description: 'App Store id of the iPad app; the iPhone one when left out' })),
      googleplay: t.Optional(
        nullableTextCheckedByService({ maxLength: GOOGLE_PLAY_ID_MAX, pattern: GOOGLE_PLAY_ID_PATTERN }, { description: 'Google Play package name, like com.example.app' }),
      ),
    }),
    { description: 'The app of an `app` card (required for one: at least one store id); null for none' },
  ),
  themeColor: nullableTextCheckedByService(
    { pattern: THEME_COLOR_PATTERN },
    { description: 'Accent colour of the card as #rrggbb (Discord draws its embed bar in it); null for none' },
  ),
  platformCards: t.Nullable(
    textObjectMapCheckedByService(
      {
        keys: CARD_PLATFORMS,
        values: t.Object({
          title: t.Optional(nullableTextCheckedByService({ maxLength: TITLE_MAX, pattern: SINGLE_LINE_PATTERN }, { description: "The title this platform shows instead of the link's (one line); null for the link's" })),
          description: t.Optional(
            nullableTextCheckedByService({ maxLength: DESCRIPTION_MAX, pattern: MULTI_LINE_PATTERN }, { description: "The description this platform shows instead of the link's; null for the link's" }),
          ),
          ogImage: t.Optional(nullableTextCheckedByService(HTTP_URL, { description: "The image this platform shows instead of the link's (http or https); null for the link's" })),
        }),
      },
      {
        description:
          `A card of its own for a platform's crawler, by platform (${CARD_PLATFORMS.join(', ')}): the title, description or image only that platform gets, ` +
          "each falling back to the link's own when null or left out. Every other crawler gets the link's card. On a change the link gets exactly these; null (or {}) for none",
      },
    ),
    { error: PLATFORM_CARD_MESSAGES.shape },
  ),
  cardVariant: t.Nullable(
    t.Object({
      title: textCheckedByService({ minLength: 1, maxLength: TITLE_MAX, pattern: FILLED_LINE_PATTERN }, { description: "The second card's title" }),
      description: t.Optional(nullableTextCheckedByService({ maxLength: DESCRIPTION_MAX, pattern: MULTI_LINE_PATTERN }, { description: "The second card's description; null for the link's" })),
      ogImage: t.Optional(nullableTextCheckedByService(HTTP_URL, { description: "The second card's image (http or https); null for the link's" })),
    }),
    {
      error: LINK_MESSAGES.cardVariant,
      description:
        "A card test: a second version of the link's card (a title, and a description and image or the link's own), which crawlers get in turn with the link's own card, " +
        "one preview window (10 minutes) each. A person coming from a platform whose crawler last got a version is counted for it (`cardVariants` in the link's analytics), " +
        "so the two can be compared. Platforms' own cards (platformCards) still apply on top of either. null for none",
    },
  ),
  cardImage: t.Nullable(
    oneOf(CARD_IMAGE_LAYOUTS, {
      error: `cardImage must be one of ${CARD_IMAGE_LAYOUTS.join(', ')}, or null.`,
      description: `A 1200x630 card image Linkcard makes from the link's title, description, site and accent colour, in this layout (${CARD_IMAGE_LAYOUTS.join(', ')}), used while the link has no ogImage; null for none`,
    }),
  ),
  canonicalUrl: nullableTextCheckedByService(HTTP_URL, { description: 'Canonical URL for search engines (http or https; defaults to the target URL)' }),
  fallbackUrl: nullableTextCheckedByService(HTTP_URL, {
    description: 'Where people are sent once the link has expired or reached its click limit (http or https; not a short link of this service); null for the 410 page',
  }),
  iosUrl: nullableTextCheckedByService(HTTP_URL, {
    description: `Where people on an iPhone, iPad or iPod are sent instead of the target (http or https; not a short link of this service). ${ROUTING_ORDER} null for none`,
  }),
  androidUrl: nullableTextCheckedByService(HTTP_URL, {
    description: `Where people on Android are sent instead of the target (http or https; not a short link of this service). ${ROUTING_ORDER} null for none`,
  }),
  geoTargets: t.Nullable(
    stringMapCheckedByService({ keys: COUNTRY_CODES, values: HTTP_URL, maxProperties: GEO_TARGETS_MAX }),
    {
      description:
        `Where people in a country are sent instead of the target: up to ${GEO_TARGETS_MAX} countries, each by its ISO 3166-1 alpha-2 code in capitals (FR, US), to an http(s) URL that is no short link of this service. ` +
        `The country is the trusted proxy's country header (COUNTRY_HEADER), else the visitor's IPv4 address. ${ROUTING_ORDER} null (or {}) for none`,
    },
  ),
  variants: t.Nullable(
    objectListCheckedByService({
      items: t.Object({
        targetUrl: t.String({ ...HTTP_URL, description: 'Where the people of this variant are sent (http or https; not a short link of this service)' }),
        weight: t.Integer({ minimum: 1, maximum: VARIANT_WEIGHT_MAX, description: "The variant's share of people: its weight over the sum of the weights" }),
      }),
      minItems: VARIANTS_MIN,
      maxItems: VARIANTS_MAX,
    }),
    {
      description:
        `A split test: ${VARIANTS_MIN} to ${VARIANTS_MAX} targets, each with a whole weight, that people are sent to instead of the target, each by its share of the weights. ` +
        "A person keeps the same variant all day (from the day's visitor hash), and clicks are counted per variant (analytics' `variants`). To end the test, set the winner as targetUrl and variants to null. " +
        `${ROUTING_ORDER} null for none`,
    },
  ),
  forwardQuery: t.Boolean({
    error: LINK_MESSAGES.forwardQuery,
    description:
      "Whether a person's query string is added to where they are sent (the target, a device's, a country's or the fallback URL): " +
      "a parameter the URL already has keeps its value, the QR code's marker is not passed on, the URL's fragment stays. Crawlers' cards are the same either way. True unless set",
  }),
  appLink: t.Boolean({
    error: LINK_MESSAGES.appLink,
    description:
      "Whether the link is the app's own: on a domain whose app files (apple-app-site-association, assetlinks.json) name the app, iOS and Android open the app " +
      "themselves; people whose device did not (the app is not installed) are sent to its App Store or Google Play page, from the link's app card (twitterApp), " +
      'before any device URL. Other devices get the target; crawlers the card. False unless set',
  }),
  clickLimit: t.Nullable(
    integerCheckedByService(
      { minimum: 1, maximum: CLICK_LIMIT_MAX },
      { error: LINK_MESSAGES.clickLimit, description: "People's clicks the link sends to its target; later ones go to the fallback URL (or get the 410 page). null for no limit" },
    ),
  ),
  password: nullableTextCheckedByService(
    { minLength: LINK_PASSWORD_MIN, maxLength: LINK_PASSWORD_MAX },
    {
      description: `A password people must give before they are sent on (${LINK_PASSWORD_MIN} to ${LINK_PASSWORD_MAX} characters, spaces kept; stored only as an argon2id hash, never answered); link-preview crawlers still get the card. null for none`,
    },
  ),
  expiresAt: nullableTextCheckedByService(
    { format: 'date-time' },
    { description: 'RFC 3339 date-time with a time zone (e.g. 2030-01-31T18:00:00Z), in the future, after which the link answers 410; null for permanent' },
  ),
}

export const LinkInput = t.Object({
  targetUrl: fields.targetUrl,
  title: fields.title,
  description: t.Optional(fields.description),
  alias: t.Optional(fields.alias),
  domain: t.Optional(fields.domain),
  ogImage: t.Optional(fields.ogImage),
  ogImageAlt: t.Optional(fields.ogImageAlt),
  twitterCard: t.Optional(fields.twitterCard),
  twitterPlayer: t.Optional(fields.twitterPlayer),
  twitterApp: t.Optional(fields.twitterApp),
  themeColor: t.Optional(fields.themeColor),
  platformCards: t.Optional(fields.platformCards),
  cardVariant: t.Optional(fields.cardVariant),
  cardImage: t.Optional(fields.cardImage),
  canonicalUrl: t.Optional(fields.canonicalUrl),
  expiresAt: t.Optional(fields.expiresAt),
  fallbackUrl: t.Optional(fields.fallbackUrl),
  iosUrl: t.Optional(fields.iosUrl),
  androidUrl: t.Optional(fields.androidUrl),
  geoTargets: t.Optional(fields.geoTargets),
  variants: t.Optional(fields.variants),
  forwardQuery: t.Optional(fields.forwardQuery),
  appLink: t.Optional(fields.appLink),
  clickLimit: t.Optional(fields.clickLimit),
  password: t.Optional(fields.password),
  tags: t.Optional(
    t.Array(textCheckedByService({ minLength: 1, maxLength: TAG_NAME_MAX, pattern: TAG_NAME_PATTERN }, { error: TAG_MESSAGES.name }), {
      maxItems: TAGS_PER_LINK_MAX,
      error: TAG_MESSAGES.tooManyOnLink,
      description:
        `The link's tags by name (up to ${TAGS_PER_LINK_MAX}, each 1 to ${TAG_NAME_MAX} characters without commas, the same in any letter case): ` +
        'a name the account has no tag for yet becomes one. On a change, the link gets exactly these; unchanged when left out',
    }),
  ),
})
export type LinkInput = typeof LinkInput.static

export const LinkChanges = t.Partial(
  t.Object({
    ...LinkInput.properties,
    isActive: t.Boolean({ error: 'isActive must be true or false.', description: 'Inactive links answer 404' }),
    formerAliases: t.Array(t.String({ maxLength: ALIAS_MAX + 254 }), {
      maxItems: FORMER_ALIASES_MAX,
      error: LINK_MESSAGES.formerAliases,
      description:
        `The old aliases that keep leading to this link (up to ${FORMER_ALIASES_MAX}), each one it has had: the alias it had before this change, to keep it ` +
        "when changing or removing the alias or moving the link to another domain, or any of its formerAliases; those left out stop working. An alias of a custom domain is written with it, as go.example.com/launch. Unchanged when left out",
    }),
  }),
)
export type LinkChanges = typeof LinkChanges.static

/** What the last check of the link found (its target and its card image), as both APIs show it. */
export const LinkHealthSchema = t.Object(
  {
    status: oneOf(LINK_HEALTH_STATUSES, {
      description: '`ok`: the target and card image answered as they should; `broken`: one did not (see reason); `unknown`: not checked since the link got its target and image',
    }),
    reason: t.Nullable(t.String({ description: 'What is wrong, in a sentence; null when nothing is' })),
    checkedAt: t.Nullable(t.String({ format: 'date-time', description: 'When the link was last checked; null before its first check' })),
    finalUrl: t.Nullable(t.String({ description: 'Where the target led after its redirects at that check; null when it could not be reached' })),
  },
  { description: 'The scheduled check of the target (status, redirects, a sign-in page) and the card image (reachable, type and size within every platform\'s rules)' },
)

export const Link = t.Object({
  id: t.String(),
  slug: t.String({ description: 'Random 7-character path' }),
  alias: t.Nullable(t.String()),
  domain: t.Nullable(t.String({ description: "The account's custom domain the link lives on; null for the service's own address" })),
  formerAliases: t.Array(t.String(), { description: 'Aliases the link had that still lead to it, oldest first; one of a custom domain written with it (go.example.com/launch)' }),
  tags: t.Array(t.String(), { description: "Names of the link's tags, A to Z" }),
  url: t.String({ description: 'The short link' }),
  qrCodeUrl: t.String({ description: 'QR code of the short link (PNG; add ?format=svg for SVG)' }),
  targetUrl: t.String(),
  title: t.String(),
  description: t.Nullable(t.String()),
  ogImage: t.Nullable(t.String()),
  ogImageAlt: t.Nullable(t.String()),
  twitterCard: oneOf(TWITTER_CARDS),
  twitterPlayer: t.Nullable(t.Object({ url: t.String(), width: t.Integer(), height: t.Integer() })),
  twitterApp: t.Nullable(t.Object({ iphone: t.Nullable(t.String()), ipad: t.Nullable(t.String()), googleplay: t.Nullable(t.String()) })),
  themeColor: t.Nullable(t.String()),
  platformCards: t.Nullable(
    t.Record(t.String(), t.Object({ title: t.Nullable(t.String()), description: t.Nullable(t.String()), ogImage: t.Nullable(t.String()) })),
    { description: "Each platform's own card (platform → title, description and image, null where it has the link's); null for none" },
  ),
  cardVariant: t.Nullable(t.Object({ title: t.String(), description: t.Nullable(t.String()), ogImage: t.Nullable(t.String()) }), {
    description: "The second card crawlers get in turn with the link's own, to compare; null for none",
  }),
  cardImage: t.Nullable(oneOf(CARD_IMAGE_LAYOUTS), { description: 'The layout of the card image Linkcard makes while the link has no image; null for none' }),
  cardImageUrl: t.Nullable(t.String({ description: 'The card image Linkcard made, when the link uses one (a cardImage and no ogImage); its address changes with the card version' })),
  cardVersion: t.Integer({ description: 'The version of what crawlers get: 1 for a new link, one more whenever its title, description, image or any other card field changes' }),
  canonicalUrl: t.Nullable(t.String()),
  expiresAt: t.Nullable(t.String({ format: 'date-time' })),
  fallbackUrl: t.Nullable(t.String()),
  iosUrl: t.Nullable(t.String()),
  androidUrl: t.Nullable(t.String()),
  geoTargets: t.Nullable(t.Record(t.String(), t.String()), { description: 'Country code → URL; null for none' }),
  variants: t.Nullable(t.Array(t.Object({ targetUrl: t.String(), weight: t.Integer() })), { description: 'The targets people are split between, each with its weight; null for none' }),
  forwardQuery: t.Boolean({ description: "Whether a person's query string is added to where they are sent" }),
  appLink: t.Boolean({ description: 'Whether people on iOS and Android without the app are sent to its store' }),
  clickLimit: t.Nullable(t.Integer()),
  hasPassword: t.Boolean({ description: 'Whether people must give a password before they are sent on' }),
  isActive: t.Boolean(),
  importedFrom: t.Nullable(
    t.Object({
      source: oneOf(IMPORT_SOURCES, { description: 'The service (or `csv` for any other file)' }),
      createdAt: t.Nullable(t.String({ format: 'date-time', description: 'When the link was made there; null when the file did not say' })),
      clicks: t.Nullable(t.Integer({ description: 'Its clicks there, up to the export; null when the file did not say' })),
    }),
    { description: "The link's history before it was imported (clicks here are counted apart from these); null for a link made here" },
  ),
  health: LinkHealthSchema,
  createdAt: t.String({ format: 'date-time' }),
  updatedAt: t.String({ format: 'date-time' }),
})
export type Link = typeof Link.static

/** A link as the app's page of it reads it. */
export const LinkDetail = t.Object({
  ...Link.properties,
  passwordLockedUntil: t.Nullable(
    t.String({ format: 'date-time', description: 'Until when the password form refuses everyone, after too many wrong passwords from all addresses together; null when it takes them' }),
  ),
})
export type LinkDetail = typeof LinkDetail.static

const PERIODS = ['7days', '30days', '90days', 'year', 'all'] as const
export type Period = (typeof PERIODS)[number]

export const LinkWithCounts = t.Object({
  ...Link.properties,
  clicks: t.Integer({ description: 'Clicks in the chosen period' }),
  scans: t.Integer({ description: 'Clicks from the QR code in the chosen period, counted among the clicks' }),
  previews: t.Integer({ description: 'Previews in the chosen period' }),
  clicksTowardLimit: t.Nullable(t.Integer({ description: "People's clicks counted against the click limit, ever; null when the link has no limit" })),
  trend: t.Array(t.Integer(), { description: 'Clicks on each of the last 14 days (UTC), oldest first' }),
})
export type LinkWithCounts = typeof LinkWithCounts.static

/** Paging and filters of both link lists (the app's and the public API's). */
export const LinkPageParams = {
  limit: t.Optional(
    t.Integer({ minimum: 1, maximum: LINK_PAGE_MAX, error: LINK_LIST_MESSAGES.limit, description: `Links per page, 1 to ${LINK_PAGE_MAX}; ${LINK_PAGE_DEFAULT} when left out` }),
  ),
  page: t.Optional(
    t.Integer({ minimum: 1, maximum: LINK_PAGE_NUMBER_MAX, error: LINK_LIST_MESSAGES.page, description: 'Page number, from 1 (the newest links); the `Link` header names the next one' }),
  ),
  search: t.Optional(
    t.String({ maxLength: LINK_SEARCH_MAX, error: LINK_LIST_MESSAGES.search, description: 'Only links whose title, target URL, alias or slug contain this text (any letter case)' }),
  ),
  status: t.Optional(
    oneOf(LINK_STATUS_FILTERS, { error: LINK_LIST_MESSAGES.status, description: '`active`: links that send visitors on; `inactive`: switched off or expired; `all` (the default)' }),
  ),
  tag: t.Optional(t.String({ maxLength: TAG_NAME_MAX + 20, error: TAG_MESSAGES.name, description: 'Only links with the tag of this name (any letter case)' })),
  health: t.Optional(
    oneOf(LINK_HEALTH_FILTERS, {
      error: LINK_HEALTH_MESSAGES.filter,
      description: "`broken`: only links whose last check found the target or card image broken (the app's \"Needs attention\"); `ok`: only links found working",
    }),
  ),
}

export const LinkListQuery = t.Object({
  period: t.Optional(oneOf(PERIODS, { error: `period must be one of ${PERIODS.join(', ')}.` })),
  sort: t.Optional(
    oneOf(LINK_LIST_SORTS, {
      error: LINK_LIST_MESSAGES.sort,
      description: '`newest` (the default), `oldest`, `title` (A to Z), or `clicks` / `previews` in the period, most first',
    }),
  ),
  ...LinkPageParams,
})

export const LinkExportQuery = t.Object({
  format: t.Optional(
    oneOf(LINK_EXPORT_FORMATS, {
      error: `format must be one of ${LINK_EXPORT_FORMATS.join(', ')}.`,
      description: '`csv` (the default; a spreadsheet, one link to a row) or `json` (an array of links as the API shows them)',
    }),
  ),
})

export const LinkBulkInput = t.Object({
  action: oneOf(LINK_BULK_ACTIONS, { error: LINK_LIST_MESSAGES.bulkAction }),
  ids: t.Array(t.String(), { minItems: 1, maxItems: LINK_BULK_MAX, error: LINK_LIST_MESSAGES.bulkIds }),
})

export const LinkBulkResult = t.Object({
  action: oneOf(LINK_BULK_ACTIONS),
  changed: t.Array(t.String(), { description: 'The links that changed; links already so, or not the account’s, are left out' }),
})

export const AliasAvailabilityQuery = t.Object({
  alias: t.String({ maxLength: ALIAS_MAX + 50, error: LINK_MESSAGES.aliasTooLong }),
  except: t.Optional(t.String({ description: 'The link being edited, whose own alias counts as free' })),
  domain: t.Optional(t.String({ maxLength: 253, description: "The custom domain the alias would be on; the service's own address when left out" })),
})

export const AliasAvailability = t.Object({
  alias: t.String(),
  available: t.Boolean(),
  message: t.Nullable(t.String({ description: 'Why it cannot be used, in the words the create call would answer' })),
})
export type AliasAvailability = typeof AliasAvailability.static

export const Tag = t.Object({
  id: t.String(),
  name: t.String(),
  color: oneOf(TAG_COLORS),
  links: t.Integer({ description: 'How many of the account’s links have it' }),
})
export type Tag = typeof Tag.static

const tagFields = {
  name: textCheckedByService({ minLength: 1, maxLength: TAG_NAME_MAX, pattern: TAG_NAME_PATTERN }, { error: TAG_MESSAGES.name }),
  color: oneOf(TAG_COLORS, { error: TAG_MESSAGES.color }),
}
export const TagInput = t.Object({ name: tagFields.name, color: t.Optional(tagFields.color) })
export type TagInput = typeof TagInput.static
export const TagChanges = t.Partial(t.Object(tagFields))
export type TagChanges = typeof TagChanges.static
