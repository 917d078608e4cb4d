// What a link may be: its fields checked and normalised with the rules the web form shares
// (src/shared), and the same-link rule that lets the public API answer a retry with the link it made.
import { isDeepStrictEqual } from 'node:util'
import { fieldError } from '../../platform/errors'
import { hashPassword, LINK_PASSWORD_COST } from '../../platform/passwords'
import { appIdProblem, CARD_MESSAGES, missingForCard, playerProblem, THEME_COLOR_PATTERN, type TwitterApp, type TwitterPlayer } from '../../shared/card-rules'
import { isCountryCode } from '../../shared/countries'
import { normalizeHostname } from '../../shared/custom-domain'
import { DEFAULT_TWITTER_CARD } from '../../shared/domain'
import { CARD_PLATFORM_NAMES, CARD_PLATFORMS, isCardPlatform, PLATFORM_CARD_MESSAGES, type PlatformCard, type PlatformCards } from '../../shared/platform-cards'
import {
  aliasError,
  aliasKeyOf,
  CLICK_LIMIT_MAX,
  DESCRIPTION_MAX,
  expiryError,
  GEO_TARGETS_MAX,
  hasControlCharacters,
  IMAGE_ALT_MAX,
  isShortLinkPath,
  LINK_MESSAGES,
  LINK_PASSWORD_MAX,
  LINK_PASSWORD_MIN,
  normalizedHttpUrl,
  normalizeTargetUrl,
  parseInstant,
  TITLE_MAX,
  VARIANT_WEIGHT_MAX,
  VARIANTS_MAX,
  VARIANTS_MIN,
  type CardVariant,
  type LinkVariant,
} from '../../shared/link-rules'
import { tagKey } from '../../shared/tags'
import { servesShortLinks } from '../domains/service'
import type * as repo from './repo'
import type { LinkRow } from './repo'
import type { LinkInput } from './schema'
import { checkedTagNames } from './tags'

/** What a new link is made of: a link's fields, the title possibly left out (the public API fills it from the page, or refuses it). */
export type NewLinkInput = Omit<LinkInput, 'title'> & { title?: string }

/** Trimmed text, or null when blank. */
export const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/** An http(s) URL in its normalised form, or null when blank. */
function checkedUrl(field: string, value: string | null | undefined, message: string) {
  const url = blankToNull(value)
  if (url === null) return null
  if (hasControlCharacters(url)) throw fieldError('invalid', field, LINK_MESSAGES.controlCharacters)
  const normalized = normalizedHttpUrl(url)
  if (normalized === undefined) throw fieldError('invalid', field, message)
  return normalized
}

function checkedText(field: string, value: string | null | undefined, max: number, label: string, multiLine = false) {
  const text = blankToNull(value)
  if (text !== null && hasControlCharacters(text, multiLine)) throw fieldError('invalid', field, LINK_MESSAGES.controlCharacters)
  if (text !== null && text.length > max) throw fieldError('invalid', field, `The ${label} must be at most ${max} characters.`)
  return text
}

/** A strict RFC 3339 instant in the future; `unchanged` is the stored one, which may stay although past. */
function checkedExpiry(value: string | null | undefined, unchanged?: Date | null) {
  const text = blankToNull(value)
  if (text === null) return null
  const instant = parseInstant(text)
  if (instant && unchanged && instant.getTime() === unchanged.getTime()) return instant
  const problem = expiryError(text)
  if (problem) throw fieldError('invalid', 'expiresAt', problem)
  return instant!
}

function checkedPlayer(value: TwitterPlayer | null): TwitterPlayer | null {
  if (value === null) return null
  const player = { url: value.url.trim(), width: value.width, height: value.height }
  const problem = playerProblem(player)
  if (problem) throw fieldError('invalid', 'twitterPlayer', problem.message)
  return { ...player, url: normalizedHttpUrl(player.url) ?? player.url }
}

/** The app's store ids, null when none is given. */
function checkedApp(value: Partial<TwitterApp> | null): TwitterApp | null {
  if (value === null) return null
  const app: TwitterApp = { iphone: blankToNull(value.iphone), ipad: blankToNull(value.ipad), googleplay: blankToNull(value.googleplay) }
  for (const store of ['iphone', 'ipad', 'googleplay'] as const) {
    const id = app[store]
    const problem = id === null ? null : appIdProblem(store, id)
    if (problem) throw fieldError('invalid', 'twitterApp', problem)
  }
  return app.iphone || app.ipad || app.googleplay ? app : null
}

/**
 * A country → URL map with each URL as the target's is checked, keys in order (both databases then
 * answer it alike); null when it has none.
 */
function checkedGeoTargets(value: Record<string, string> | null): Record<string, string> | null {
  if (value === null) return null
  const codes = Object.keys(value).sort()
  if (codes.length > GEO_TARGETS_MAX) throw fieldError('invalid', 'geoTargets', LINK_MESSAGES.geoTargetsTooMany)
  const targets: Record<string, string> = {}
  for (const code of codes) {
    if (!isCountryCode(code)) throw fieldError('invalid', 'geoTargets', LINK_MESSAGES.geoTargetCountry)
    const url = checkedUrl(`geoTargets.${code}`, value[code], LINK_MESSAGES.invalidGeoTargetUrl)
    if (url === null) throw fieldError('invalid', `geoTargets.${code}`, LINK_MESSAGES.invalidGeoTargetUrl)
    targets[code] = url
  }
  return codes.length > 0 ? targets : null
}

/**
 * Two to four targets with whole weights, each URL checked as the target's and none twice (clicks
 * are told apart by their variant's URL); null when none.
 */
function checkedVariants(value: Partial<LinkVariant>[] | null): LinkVariant[] | null {
  if (value === null) return null
  const isObject = (item: unknown) => item !== null && typeof item === 'object' && !Array.isArray(item)
  if (!Array.isArray(value) || !value.every(isObject) || value.length < VARIANTS_MIN || value.length > VARIANTS_MAX) throw fieldError('invalid', 'variants', LINK_MESSAGES.variants)
  const seen = new Set<string>()
  return value.map((variant, i) => {
    const field = `variants.${i}`
    const targetUrl = typeof variant.targetUrl === 'string' ? checkedUrl(`${field}.targetUrl`, variant.targetUrl, LINK_MESSAGES.invalidVariantUrl) : null
    if (targetUrl === null) throw fieldError('invalid', `${field}.targetUrl`, LINK_MESSAGES.invalidVariantUrl)
    const { weight } = variant
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > VARIANT_WEIGHT_MAX) throw fieldError('invalid', `${field}.weight`, LINK_MESSAGES.variantWeight)
    const key = normalizeTargetUrl(targetUrl)
    if (seen.has(key)) throw fieldError('invalid', `${field}.targetUrl`, LINK_MESSAGES.variantRepeated)
    seen.add(key)
    return { targetUrl, weight }
  })
}

/** A second card: its title required, its description and image checked as the link's own; null for none. */
function checkedCardVariant(value: Partial<CardVariant> | null): CardVariant | null {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw fieldError('invalid', 'cardVariant', LINK_MESSAGES.cardVariant)
  const title = checkedText('cardVariant.title', value.title, TITLE_MAX, "second card's title")
  if (title === null) throw fieldError('invalid', 'cardVariant.title', LINK_MESSAGES.cardVariantTitle)
  const description = checkedText('cardVariant.description', value.description, DESCRIPTION_MAX, "second card's description", true)
  const ogImage = checkedUrl('cardVariant.ogImage', value.ogImage, LINK_MESSAGES.invalidCardVariantImage)
  return { title, description, ogImage }
}

/**
 * Each platform's card with its fields checked as the link's own are, blank fields as null; a
 * platform that sets nothing is dropped, and null when none is left.
 */
function checkedPlatformCards(value: Record<string, Partial<PlatformCard> | null | undefined> | null): PlatformCards | null {
  if (value === null) return null
  if (!Object.keys(value).every(isCardPlatform)) throw fieldError('invalid', 'platformCards', PLATFORM_CARD_MESSAGES.platform)
  const cards: PlatformCards = {}
  for (const platform of CARD_PLATFORMS) {
    const given = value[platform]
    if (!given) continue
    const field = `platformCards.${platform}`
    const title = checkedText(`${field}.title`, given.title, TITLE_MAX, `${CARD_PLATFORM_NAMES[platform]} title`)
    const description = checkedText(`${field}.description`, given.description, DESCRIPTION_MAX, `${CARD_PLATFORM_NAMES[platform]} description`, true)
    const ogImage = checkedUrl(`${field}.ogImage`, given.ogImage, PLATFORM_CARD_MESSAGES.ogImage)
    if (title !== null || description !== null || ogImage !== null) cards[platform] = { title, description, ogImage }
  }
  return Object.keys(cards).length > 0 ? cards : null
}

function checkedThemeColor(value: string | null) {
  const colour = blankToNull(value)
  if (colour !== null && !new RegExp(THEME_COLOR_PATTERN).test(colour)) throw fieldError('invalid', 'themeColor', CARD_MESSAGES.themeColor)
  return colour?.toLowerCase() ?? null
}

export const CARD_FIELDS = ['twitterCard', 'twitterPlayer', 'twitterApp', 'ogImage'] as const
// Everything the card page tells crawlers about the card.
export const CARD_VERSION_FIELDS = ['title', 'description', 'ogImage', 'ogImageAlt', 'twitterCard', 'twitterPlayer', 'twitterApp', 'themeColor', 'platformCards', 'cardVariant', 'cardImage', 'canonicalUrl', 'targetUrl'] as const

/** A player or app card must carry what X needs to show it, whichever request left it without. */
export function ensureCardComplete(link: Pick<LinkRow, 'twitterCard' | 'ogImage' | 'twitterPlayer' | 'twitterApp'>) {
  const missing = missingForCard(link)
  if (missing) throw fieldError('invalid', missing.field, missing.message)
}

/** An app link sends people to the store ids of its app card: it needs one. */
export function ensureAppLinkHasApp(link: Pick<LinkRow, 'appLink' | 'twitterApp'>) {
  if (link.appLink && !link.twitterApp?.iphone && !link.twitterApp?.ipad && !link.twitterApp?.googleplay) throw fieldError('invalid', 'appLink', LINK_MESSAGES.appLinkNeedsApp)
}

/**
 * Turns the given fields into column values, enforcing the link rules with their messages. A new
 * link (`isNew`) needs a title, asked for right after the target.
 */
export function columnsFrom(input: Partial<NewLinkInput>, before?: LinkRow, isNew = false) {
  const columns: Partial<repo.NewLinkRow> = {}
  if (input.targetUrl !== undefined) {
    if (!input.targetUrl.trim()) throw fieldError('invalid', 'targetUrl', LINK_MESSAGES.requiredFields)
    const targetUrl = checkedUrl('targetUrl', input.targetUrl, LINK_MESSAGES.invalidTargetUrl)!
    columns.targetUrl = targetUrl
    columns.targetKey = normalizeTargetUrl(targetUrl)
  }
  if (isNew && input.title === undefined) throw fieldError('invalid', 'title', LINK_MESSAGES.requiredFields)
  if (input.title !== undefined) {
    const title = checkedText('title', input.title, TITLE_MAX, 'title')
    if (title === null) throw fieldError('invalid', 'title', LINK_MESSAGES.requiredFields)
    columns.title = title
  }
  if (input.description !== undefined) columns.description = checkedText('description', input.description, DESCRIPTION_MAX, 'description', true)
  if (input.ogImageAlt !== undefined) columns.ogImageAlt = checkedText('ogImageAlt', input.ogImageAlt, IMAGE_ALT_MAX, 'image description')
  if (input.ogImage !== undefined) columns.ogImage = checkedUrl('ogImage', input.ogImage, LINK_MESSAGES.invalidImageUrl)
  if (input.canonicalUrl !== undefined) columns.canonicalUrl = checkedUrl('canonicalUrl', input.canonicalUrl, LINK_MESSAGES.invalidCanonicalUrl)
  if (input.twitterCard !== undefined) columns.twitterCard = input.twitterCard
  if (input.twitterPlayer !== undefined) columns.twitterPlayer = checkedPlayer(input.twitterPlayer)
  if (input.twitterApp !== undefined) columns.twitterApp = checkedApp(input.twitterApp)
  if (input.themeColor !== undefined) columns.themeColor = checkedThemeColor(input.themeColor)
  if (input.platformCards !== undefined) columns.platformCards = checkedPlatformCards(input.platformCards)
  if (input.cardImage !== undefined) columns.cardImage = input.cardImage
  if (input.cardVariant !== undefined) columns.cardVariant = checkedCardVariant(input.cardVariant)
  if (input.expiresAt !== undefined) columns.expiresAt = checkedExpiry(input.expiresAt, before?.expiresAt)
  if (input.fallbackUrl !== undefined) columns.fallbackUrl = checkedUrl('fallbackUrl', input.fallbackUrl, LINK_MESSAGES.invalidFallbackUrl)
  if (input.iosUrl !== undefined) columns.iosUrl = checkedUrl('iosUrl', input.iosUrl, LINK_MESSAGES.invalidIosUrl)
  if (input.androidUrl !== undefined) columns.androidUrl = checkedUrl('androidUrl', input.androidUrl, LINK_MESSAGES.invalidAndroidUrl)
  if (input.geoTargets !== undefined) columns.geoTargets = checkedGeoTargets(input.geoTargets)
  if (input.variants !== undefined) columns.variants = checkedVariants(input.variants)
  if (input.clickLimit !== undefined) columns.clickLimit = checkedClickLimit(input.clickLimit)
  if (input.forwardQuery !== undefined) columns.forwardQuery = input.forwardQuery
  if (input.appLink !== undefined) columns.appLink = input.appLink
  // Checked with the rest; hashed only when the link is saved (passwordHashOf).
  if (input.password !== undefined && input.password !== null) checkedPassword(input.password)
  if (input.alias !== undefined) {
    // An empty alias means none.
    const alias = blankToNull(input.alias)
    if (alias !== null) {
      const problem = aliasError(alias)
      if (problem) throw fieldError('invalid', 'alias', problem)
    }
    columns.alias = alias
  }
  // Whether it is the account's is checked where the account is known (ensureAccountDomain).
  if (input.domain !== undefined) columns.domain = linkDomainOf(input.domain)
  // The alias's key is its domain's: a new alias, or the same alias moved to another domain, gets a new one.
  if (input.alias !== undefined || input.domain !== undefined) {
    const alias = columns.alias === undefined ? (before?.alias ?? null) : columns.alias
    columns.aliasKey = alias === null ? null : aliasKeyOf(columns.domain === undefined ? (before?.domain ?? null) : columns.domain, alias)
  }
  return columns
}

/**
 * A link's domain as typed, spelled as domains are stored (lower case, punycode, no final dot);
 * null for none. A name that is no hostname stays as typed, for ensureAccountDomain to refuse.
 */
export function linkDomainOf(typed: string | null | undefined) {
  const name = blankToNull(typed)
  return name === null ? null : (normalizeHostname(name).hostname ?? name)
}

/**
 * Refuses a domain that is not one of the account's verified custom domains (`domains`, its
 * hostnames): a link lives on the service's own host or on a domain of its account.
 */
export function ensureAccountDomain(domain: string | null | undefined, domains: ReadonlySet<string>) {
  if (domain && !domains.has(domain)) throw fieldError('invalid', 'domain', LINK_MESSAGES.domainNotYours)
}

function checkedPassword(password: string) {
  if (password.length < LINK_PASSWORD_MIN || password.length > LINK_PASSWORD_MAX) throw fieldError('invalid', 'password', LINK_MESSAGES.password)
}

function checkedClickLimit(limit: number | null) {
  if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > CLICK_LIMIT_MAX)) throw fieldError('invalid', 'clickLimit', LINK_MESSAGES.clickLimit)
  return limit
}

const SHORT_LINK_MESSAGES = { targetUrl: LINK_MESSAGES.targetIsShortLink, fallbackUrl: LINK_MESSAGES.fallbackIsShortLink }

/**
 * A target, fallback or routed URL on a host that serves this product's short links (its own hosts
 * and every verified custom domain) naming a short link would send visitors in a loop, or through
 * another link.
 */
export async function ensureNotShortLink(field: string, address: string | null | undefined, serves = servesShortLinks) {
  if (!address) return
  const url = new URL(address)
  if (isShortLinkPath(url.pathname) && (await serves(url)))
    throw fieldError('invalid', field, SHORT_LINK_MESSAGES[field as keyof typeof SHORT_LINK_MESSAGES] ?? LINK_MESSAGES.routeIsShortLink)
}

/** The device, country and variant URLs the columns set, but for those `before` has already (checked when they were saved). */
export async function ensureRoutesNotShortLinks(columns: Partial<repo.NewLinkRow>, before?: LinkRow, serves = servesShortLinks) {
  if (columns.iosUrl !== before?.iosUrl) await ensureNotShortLink('iosUrl', columns.iosUrl, serves)
  if (columns.androidUrl !== before?.androidUrl) await ensureNotShortLink('androidUrl', columns.androidUrl, serves)
  for (const [code, url] of Object.entries(columns.geoTargets ?? {}))
    if (url !== before?.geoTargets?.[code]) await ensureNotShortLink(`geoTargets.${code}`, url, serves)
  for (const [i, { targetUrl }] of (columns.variants ?? []).entries())
    if (!before?.variants?.some((variant) => variant.targetUrl === targetUrl)) await ensureNotShortLink(`variants.${i}.targetUrl`, targetUrl, serves)
}

/**
 * Checks a link's fields with the shared rules (the public API checks before it looks for
 * duplicates). `serves` answers whether short links answer on a URL's host (a batch asks once a host).
 */
export async function checkLinkInput(input: Partial<NewLinkInput>, serves = servesShortLinks, isNew = false) {
  const columns = columnsFrom(input, undefined, isNew)
  await ensureNotShortLink('targetUrl', columns.targetUrl, serves)
  await ensureNotShortLink('fallbackUrl', columns.fallbackUrl, serves)
  await ensureRoutesNotShortLinks(columns, undefined, serves)
  return columns
}

/** What a link stores of the password given: its argon2id hash, null to ask for none, undefined to leave it as it is. */
export async function passwordHashOf(password: string | null | undefined) {
  if (password === undefined || password === null) return password
  return hashPassword(password, LINK_PASSWORD_COST)
}

/** A new or changed link asks for an alias another link has. */
export const aliasTaken = (): never => {
  throw fieldError('conflict', 'alias', LINK_MESSAGES.aliasTaken)
}

/** Whether short links answer on a URL's host (servesShortLinks), asked once per host: a batch's links share a few hosts. */
export function servesOncePerHost() {
  const answers = new Map<string, Promise<boolean>>()
  return (url: URL) => {
    let answer = answers.get(url.host)
    if (!answer) answers.set(url.host, (answer = servesShortLinks(url)))
    return answer
  }
}

/** A new link as it would be stored, and its tag names: checked with every rule, the card complete with its defaults. */
export async function checkedNewLink(input: NewLinkInput, serves: (url: URL) => Promise<boolean>) {
  const columns = await checkLinkInput(input, serves, true)
  ensureCardComplete({ twitterCard: DEFAULT_TWITTER_CARD, ogImage: null, twitterPlayer: null, twitterApp: null, ...columns })
  ensureAppLinkHasApp({ appLink: false, twitterApp: null, ...columns })
  const tags = input.tags?.length ? checkedTagNames(input.tags) : []
  return { columns, tags }
}

/** The columns a new link leaves unset, as stored: null. */
const UNSET_COLUMNS = ['domain', 'description', 'ogImage', 'ogImageAlt', 'twitterPlayer', 'twitterApp', 'themeColor', 'platformCards', 'cardVariant', 'cardImage', 'canonicalUrl', 'expiresAt', 'fallbackUrl', 'clickLimit', 'iosUrl', 'androidUrl', 'geoTargets', 'variants'] as const

/** The row a checked new link would make, to compare a later one of the same batch with (isSameLink). */
export const asNewRow = (wanted: Partial<repo.NewLinkRow>) =>
  ({ twitterCard: DEFAULT_TWITTER_CARD, isActive: true, forwardQuery: true, appLink: false, passwordHash: null, aliasKey: null, ...Object.fromEntries(UNSET_COLUMNS.map((column) => [column, null])), ...wanted }) as LinkRow

/**
 * The same-link rule: a link of the same target page (the caller compares target keys: however
 * trivially spelled) is the link asked for when it has the same title, description, image, image
 * alt text, card type with its player or app, theme colour, platform cards, second card, made image, canonical
 * URL, expiry, fallback, click limit, device and country URLs, variants, query forwarding, app link, domain and tags, no password, and the same
 * alias when one is asked for (any alias, or none, when none is). Only a link that still works
 * counts, so a retry never gets back a deactivated or expired link. `wanted` holds the new link's
 * columns as checkedNewLink answered them; a new link with a password is never the same.
 */
export function isSameLink(row: LinkRow, rowTags: string[], wanted: Partial<repo.NewLinkRow>, wantedTags: string[]) {
  return (
    row.isActive &&
    (row.expiresAt === null || row.expiresAt.getTime() > Date.now()) &&
    row.title === wanted.title &&
    row.description === (wanted.description ?? null) &&
    row.ogImage === (wanted.ogImage ?? null) &&
    row.ogImageAlt === (wanted.ogImageAlt ?? null) &&
    row.twitterCard === (wanted.twitterCard ?? DEFAULT_TWITTER_CARD) &&
    isDeepStrictEqual(row.twitterPlayer, wanted.twitterPlayer ?? null) &&
    isDeepStrictEqual(row.twitterApp, wanted.twitterApp ?? null) &&
    row.themeColor === (wanted.themeColor ?? null) &&
    isDeepStrictEqual(row.platformCards, wanted.platformCards ?? null) &&
    isDeepStrictEqual(row.cardVariant, wanted.cardVariant ?? null) &&
    row.cardImage === (wanted.cardImage ?? null) &&
    row.canonicalUrl === (wanted.canonicalUrl ?? null) &&
    (row.expiresAt?.getTime() ?? null) === (wanted.expiresAt?.getTime() ?? null) &&
    row.fallbackUrl === (wanted.fallbackUrl ?? null) &&
    row.clickLimit === (wanted.clickLimit ?? null) &&
    row.iosUrl === (wanted.iosUrl ?? null) &&
    row.androidUrl === (wanted.androidUrl ?? null) &&
    isDeepStrictEqual(row.geoTargets, wanted.geoTargets ?? null) &&
    isDeepStrictEqual(row.variants, wanted.variants ?? null) &&
    row.forwardQuery === (wanted.forwardQuery ?? true) &&
    row.appLink === (wanted.appLink ?? false) &&
    row.passwordHash === null &&
    row.domain === (wanted.domain ?? null) &&
    (!wanted.aliasKey || row.aliasKey === wanted.aliasKey) &&
    sameTags(rowTags, wantedTags)
  )
}

function sameTags(tags: string[], wanted: string[]) {
  const keys = new Set(wanted.map(tagKey))
  return tags.length === keys.size && tags.every((name) => keys.has(tagKey(name)))
}
