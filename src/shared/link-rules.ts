// Link rules and their messages, shared word for word by the forms and the server.
import { CLIENT_ROUTES } from './routes'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './text'

export { hasControlCharacters } from './text'

/** The path a link is served at: its alias when it has one, else its slug. */
export const linkPath = (link: { alias: string | null; slug: string }) => link.alias ?? link.slug

/**
 * An alias as its domain knows it: "go.example.com/launch" on a custom domain, the alias alone on
 * the service's own host. Aliases are unique per domain; formerAliases list them so.
 */
export const qualifiedAlias = (domain: string | null, alias: string) => (domain ? `${domain}/${alias}` : alias)
/** The stored key of an alias on a domain (qualifiedAlias, lower case): aliases resolve in any letter case. */
export const aliasKeyOf = (domain: string | null, alias: string) => qualifiedAlias(domain, alias).toLowerCase()

export const ALIAS_MIN = 3
export const ALIAS_MAX = 50
export const TITLE_MAX = 200
// Old aliases a link keeps answering to: enough for a few renames, not a way to hoard aliases.
export const FORMER_ALIASES_MAX = 10
export const CLICK_LIMIT_MAX = 1_000_000_000
export const LINK_PASSWORD_MIN = 4
export const LINK_PASSWORD_MAX = 128
export const DESCRIPTION_MAX = 1000
export const URL_MAX = 2048
export const IMAGE_ALT_MAX = 420
// Countries a link sends to targets of their own: enough for regional stores, not a routing table.
export const GEO_TARGETS_MAX = 50
// A split test's targets (CONTRACT: variants): two to four, each with a whole weight.
export const VARIANTS_MIN = 2
export const VARIANTS_MAX = 4
export const VARIANT_WEIGHT_MAX = 1000

/**
 * A second version of a link's card (title, description, image; null for the link's own), served to
 * crawlers in turn with the link's own, by preview window (CARD_VERSIONS).
 */
export type CardVariant = { title: string; description: string | null; ogImage: string | null }
/** The link's own card is 'a', its cardVariant 'b'. */
export const CARD_VERSIONS = ['a', 'b'] as const
export type CardVersionName = (typeof CARD_VERSIONS)[number]

/** One of the targets a link splits people between, and its share of them (weight / the weights' sum). */
export type LinkVariant = { targetUrl: string; weight: number }
export const SLUG_LENGTH = 7
export const SLUG_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Letters, digits, hyphens and underscores, starting and ending with a letter or digit. */
export const ALIAS_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$'
const aliasPattern = new RegExp(ALIAS_PATTERN)

/**
 * The start of an http(s) URL, scheme and host, as a schema pattern beside `format: uri`: what a
 * schema can say of the rule normalizedHttpUrl checks in full.
 */
export const HTTP_URL_PATTERN = '^https?://[^/?#:@]'

export const LINK_MESSAGES = {
  requiredFields: 'Please fill in the target URL and title.',
  aliasTooShort: `Alias must be at least ${ALIAS_MIN} characters`,
  aliasTooLong: `Alias must be no more than ${ALIAS_MAX} characters`,
  aliasCharacters: 'Alias can only contain letters, numbers, hyphens, and underscores, and cannot start or end with a hyphen',
  aliasReserved: 'This alias is reserved and cannot be used',
  aliasTaken: 'This alias is already taken.',
  domainNotYours: 'Choose one of your verified custom domains, or null for the service’s own address.',
  formerAliases: `formerAliases must list at most ${FORMER_ALIASES_MAX} aliases, each one this link has had.`,
  invalidTargetUrl: 'The target URL must be a valid http:// or https:// address.',
  invalidImageUrl: 'The preview image must be a valid http:// or https:// address.',
  invalidCanonicalUrl: 'The canonical URL must be a valid http:// or https:// address.',
  password: `A link's password is ${LINK_PASSWORD_MIN} to ${LINK_PASSWORD_MAX} characters.`,
  passwordNeeded: 'Type the password people must give, or stop asking for one.',
  invalidFallbackUrl: 'The fallback URL must be a valid http:// or https:// address.',
  invalidIosUrl: 'The iOS URL must be a valid http:// or https:// address.',
  invalidAndroidUrl: 'The Android URL must be a valid http:// or https:// address.',
  invalidGeoTargetUrl: 'Each country URL must be a valid http:// or https:// address.',
  geoTargetCountry: 'Countries are named by their two-letter code in capitals, such as FR or US.',
  geoTargetRepeated: 'Each country can have one URL: this one is listed twice.',
  geoTargetsTooMany: `At most ${GEO_TARGETS_MAX} countries can have a target of their own.`,
  variants: `variants must be null, or ${VARIANTS_MIN} to ${VARIANTS_MAX} targets, each {targetUrl, weight}.`,
  invalidVariantUrl: "Each variant's target URL must be a valid http:// or https:// address.",
  variantWeight: `Each variant's weight must be a whole number from 1 to ${VARIANT_WEIGHT_MAX}.`,
  variantRepeated: 'Each variant needs a target URL of its own: this one is listed twice.',
  cardVariant: 'cardVariant must be null, or {title, description, ogImage}.',
  cardVariantTitle: "The second card's title is needed: it is what the test compares.",
  invalidCardVariantImage: "The second card's image must be a valid http:// or https:// address.",
  forwardQuery: 'forwardQuery must be true or false.',
  appLink: 'appLink must be true or false.',
  appLinkNeedsApp: 'An app link sends people without the app to its store: give the link an app card with its App Store or Google Play id.',
  clickLimit: `The click limit must be a whole number from 1 to ${CLICK_LIMIT_MAX.toLocaleString('en')}.`,
  metadataUrlMissing: 'Please enter a URL first',
  metadataUrlInvalid: 'Please enter a valid URL with http:// or https://',
  invalidExpiry: 'The expiry date must be a date and time with a time zone, such as 2030-01-31T18:00:00Z.',
  pastExpiry: 'The expiry date must be in the future.',
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
  targetIsShortLink: 'The target URL cannot be a short link of this service: a link pointing at a short link would send visitors in a loop.',
  fallbackIsShortLink: 'The fallback URL cannot be a short link of this service: it would send visitors in a loop.',
  routeIsShortLink: 'A device, country or variant URL cannot be a short link of this service: it would send visitors in a loop.',
  linkNotFound: 'Link not found.',
} as const

/** Reserved words, plus every top-level path the product itself serves. */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  'admin', 'dashboard', 'api', 'www', 'app', 'login', 'signup', 'auth', 'account', 'settings', 'billing', 'pricing', 'docs', 'support', 'help',
  ...CLIENT_ROUTES.map((route) => route.slice(1)).filter(Boolean),
  'assets', 'blog', 'how-to', 'favicon.svg', 'robots.txt', 'content.css', 'chrome.js', 'share.png', 'index.html', 'edge-worker.js', 'health', 'metrics', 'qr', 'static', 'public',
])

/** What is wrong with an alias, in the product's words, or undefined when it is fine. */
export function aliasError(alias: string): string | undefined {
  if (alias.length < ALIAS_MIN) return LINK_MESSAGES.aliasTooShort
  if (alias.length > ALIAS_MAX) return LINK_MESSAGES.aliasTooLong
  if (!aliasPattern.test(alias)) return LINK_MESSAGES.aliasCharacters
  if (RESERVED_ALIASES.has(alias.toLowerCase())) return LINK_MESSAGES.aliasReserved
  return undefined
}

/**
 * An absolute http(s) URL with a host, in its WHATWG serialisation (IDN hosts in punycode, every
 * other character percent-encoded, so it is valid in a Location header); undefined when it is none.
 */
export function normalizedHttpUrl(value: string): string | undefined {
  // The URL parser silently drops tabs and line breaks inside a URL and controls around it.
  if (value.length > URL_MAX || hasControlCharacters(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined
  return url.href.length > URL_MAX ? undefined : url.href
}

/** True for an absolute http(s) URL with a host. */
export const isHttpUrl = (value: string) => normalizedHttpUrl(value) !== undefined

// RFC 3339 date-time: date, time with seconds, and a time zone.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

/** The instant an RFC 3339 date-time names, or undefined when the text is not one (2026-02-30 is not). */
export function parseInstant(value: string): Date | undefined {
  const match = RFC3339.exec(value)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number)
  const [fraction = '', sign = '+', zoneHour = '0', zoneMinute = '0'] = match.slice(7).map((part) => part ?? undefined)
  if (hour > 23 || minute > 59 || second > 59 || Number(zoneHour) > 23 || Number(zoneMinute) > 59) return undefined
  const local = Date.UTC(year, month - 1, day, hour, minute, second)
  const date = new Date(local)
  // Date.UTC rolls impossible dates over (February 30 becomes March 2): a changed day means an impossible date.
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  const offset = (sign === '-' ? -1 : 1) * (Number(zoneHour) * 60 + Number(zoneMinute)) * 60_000
  return new Date(local + Math.floor(Number(`0${fraction}`) * 1000) - offset)
}

/** What is wrong with an expiry date-time, in the product's words, or undefined when it is fine. */
export function expiryError(value: string, now = Date.now()): string | undefined {
  const instant = parseInstant(value)
  if (!instant) return LINK_MESSAGES.invalidExpiry
  if (instant.getTime() <= now) return LINK_MESSAGES.pastExpiry
  return undefined
}

/**
 * True when a URL on one of the product's own hosts (or a verified custom domain) names a short
 * link: a single path segment that is no page of the product.
 */
export function isShortLinkPath(pathname: string): boolean {
  const segment = pathname.replace(/^\//, '')
  return segment.length > 0 && !segment.includes('/') && !RESERVED_ALIASES.has(decodeURIComponentSafe(segment).toLowerCase())
}

const decodeURIComponentSafe = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The form's on-blur rule: prepend https:// to an address typed without a scheme. One with another
 * scheme (ftp:, mailto:, javascript:) is left as typed, to be refused; "example.com:8080/x" names
 * a port, not a scheme.
 */
export function withHttpsPrefix(value: string): string {
  const trimmed = value.trim()
  if (!trimmed || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) return trimmed
  return `https://${trimmed}`
}

/**
 * The key under which trivially different spellings of one page meet: lower-case scheme and host,
 * no default port, no fragment, no trailing slash on the path, query parameters sorted.
 */
export function normalizeTargetUrl(value: string): string {
  const url = new URL(value.trim())
  const isDefaultPort = (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')
  const host = url.hostname.toLowerCase().replace(/\.$/, '') + (url.port && !isDefaultPort ? `:${url.port}` : '')
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '')
  url.searchParams.sort()
  const query = url.searchParams.toString()
  return `${url.protocol}//${host}${path}${query ? `?${query}` : ''}`
}
