// Link rules and their messages, shared word for word by the forms and the server.
import { CLIENT_ROUTES } from './routes'

/** The path a link is served at: its alias when it has one, else its slug. */
export const linkPath = (link: { alias: string | null; slug: string }) => link.alias ?? link.slug

export const ALIAS_MIN = 3
export const ALIAS_MAX = 50
export const TITLE_MAX = 200
export const DESCRIPTION_MAX = 1000
export const URL_MAX = 2048
export const IMAGE_ALT_MAX = 420
export const SLUG_LENGTH = 7
export const SLUG_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Letters, digits, hyphens and underscores, starting and ending with a letter or digit. */
export const ALIAS_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$'
const aliasPattern = new RegExp(ALIAS_PATTERN)

export const LINK_MESSAGES = {
  requiredFields: 'Please fill in the target URL and title.',
  aliasTooShort: 'Alias must be at least 3 characters',
  aliasTooLong: 'Alias must be no more than 50 characters',
  aliasCharacters: 'Alias can only contain letters, numbers, hyphens, and underscores, and cannot start or end with a hyphen',
  aliasReserved: 'This alias is reserved and cannot be used',
  aliasTaken: 'This alias is already taken.',
  invalidTargetUrl: 'The target URL must be a valid http:// or https:// address.',
  invalidImageUrl: 'The preview image must be a valid http:// or https:// address.',
  invalidCanonicalUrl: 'The canonical URL must be a valid http:// or https:// address.',
  metadataUrlMissing: 'Please enter a URL first',
  metadataUrlInvalid: 'Please enter a valid URL with http:// or https://',
  invalidExpiry: 'The expiry date must be a valid date.',
  linkNotFound: 'Link not found.',
} as const

/** Reserved words, plus every top-level path the product itself serves. */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  'admin', 'dashboard', 'api', 'www', 'app', 'login', 'signup', 'auth', 'account', 'settings', 'billing', 'pricing', 'docs', 'support', 'help',
  ...CLIENT_ROUTES.map((route) => route.slice(1)).filter(Boolean),
  'assets', 'blog', 'how-to', 'favicon.svg', 'robots.txt', 'content.css', 'index.html', 'edge-worker.js', 'health', 'qr', 'static', 'public',
])

/** What is wrong with an alias, in the product's words, or undefined when it is fine. */
export function aliasError(alias: string): string | undefined {
  if (alias.length < ALIAS_MIN) return LINK_MESSAGES.aliasTooShort
  if (alias.length > ALIAS_MAX) return LINK_MESSAGES.aliasTooLong
  if (!aliasPattern.test(alias)) return LINK_MESSAGES.aliasCharacters
  if (RESERVED_ALIASES.has(alias.toLowerCase())) return LINK_MESSAGES.aliasReserved
  return undefined
}

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** The form's on-blur rule: prepend https:// when the text has no http(s) scheme. */
export function withHttpsPrefix(value: string): string {
  const trimmed = value.trim()
  if (!trimmed || /^https?:\/\//i.test(trimmed)) return trimmed
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
