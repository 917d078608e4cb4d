// The link form's values and the payloads made from them.
import { appIdProblem, CARD_MESSAGES, playerProblem, THEME_COLOR_PATTERN, type TwitterApp } from '../../../src/shared/card-rules'
import { DEFAULT_TWITTER_CARD, type TwitterCard } from '../../../src/shared/domain'
import { isCountryCode } from '../../../src/shared/countries'
import {
  aliasError,
  CLICK_LIMIT_MAX,
  expiryError,
  GEO_TARGETS_MAX,
  isHttpUrl,
  LINK_MESSAGES,
  LINK_PASSWORD_MAX,
  LINK_PASSWORD_MIN,
  normalizeTargetUrl,
  qualifiedAlias,
  VARIANT_WEIGHT_MAX,
  VARIANTS_MAX,
  VARIANTS_MIN,
  withHttpsPrefix,
  type CardVariant,
  type LinkVariant,
} from '../../../src/shared/link-rules'
import { CARD_IMAGE_DEFAULT_COLOR, cardImageSite, type CardImageContent, type CardImageLayout } from '../../../src/shared/card-images'
import { CARD_PLATFORMS, PLATFORM_CARD_MESSAGES, type CardPlatform, type PlatformCards } from '../../../src/shared/platform-cards'
import type { Link, LinkChanges, LinkInput, PageMetadata } from './api'

export type LinkFormValues = {
  targetUrl: string
  title: string
  description: string
  alias: string
  /** The custom domain the link lives on ('' for the service's own address). */
  domain: string
  ogImage: string
  ogImageAlt: string
  twitterCard: TwitterCard
  /** A player card's player: its https address and size in pixels, as typed. */
  playerUrl: string
  playerWidth: string
  playerHeight: string
  /** An app card's store ids. */
  appIphone: string
  appIpad: string
  appGoogleplay: string
  themeColor: string
  canonicalUrl: string
  /** As a datetime-local input holds it: local time, 'YYYY-MM-DDTHH:mm', or ''. */
  expiresAt: string
  /** Where people go once the link has ended, and how many clicks it takes, as typed ('' for none). */
  fallbackUrl: string
  clickLimit: string
  /** Where people on iOS or Android go instead of the target, as typed ('' for none). */
  iosUrl: string
  androidUrl: string
  /** Country rows in the order shown: an upper-case country code ('' until chosen) and its URL. */
  geoTargets: GeoTargetRow[]
  /** A split test's rows in the order shown, each a target and its weight as typed; none for no test. */
  variants: VariantRow[]
  /** A card test's second card as typed: its title ('' for no test), description and image ('' for the link's). */
  cardVariantTitle: string
  cardVariantDescription: string
  cardVariantImage: string
  /** Whether a visitor's query string is added to where they are sent. */
  forwardQuery: boolean
  /** Whether people on iOS and Android without the app go to its store (an app card only). */
  appLink: boolean
  /** The layout of the card image Linkcard makes while there is no image URL ('none' for none). */
  cardImage: CardImageLayout | 'none'
  /** Each platform's own title, description and image, as typed ('' for the link's own). */
  platformCards: PlatformCardRows
  /** The link's tags by name. */
  tags: string[]
  /** Whether people must give a password; `password` is a new one ('' keeps the saved one). */
  asksPassword: boolean
  password: string
  /** Whether the link sends visitors on (off: it answers 404); changed when editing. */
  isActive: boolean
}

export type GeoTargetRow = { country: string; url: string }
export type VariantRow = { url: string; weight: string }
export type PlatformCardRow = { title: string; description: string; ogImage: string }
export type PlatformCardRows = Record<CardPlatform, PlatformCardRow>

export type LinkField = Exclude<keyof LinkFormValues, 'isActive' | 'forwardQuery' | 'appLink' | 'domain' | 'tags' | 'asksPassword' | 'geoTargets' | 'variants' | 'platformCards'>

/**
 * What the form can show an error on: a text field, the tags, the country list as a whole, or the
 * URL of one country's row (`geoTargets.FR`, as the server names it), the split test as a whole or
 * a field of one of its rows (`variants.0.weight`), or a field of a platform's card (`platformCards.x.title`).
 */
export type FormErrorField =
  | LinkField
  | 'domain'
  | 'tags'
  | 'geoTargets'
  | `geoTargets.${string}`
  | 'variants'
  | `variants.${number}.${'targetUrl' | 'weight'}`
  | 'platformCards'
  | `platformCards.${string}`
export type FormErrors = Partial<Record<FormErrorField, string>>

/** A row for every platform, filled from the link's cards. */
function platformCardRows(cards: PlatformCards | null): PlatformCardRows {
  return Object.fromEntries(
    CARD_PLATFORMS.map((platform) => {
      const card = cards?.[platform]
      return [platform, { title: card?.title ?? '', description: card?.description ?? '', ogImage: card?.ogImage ?? '' }]
    }),
  ) as PlatformCardRows
}

/** The platforms whose card sets something. */
export const tailoredPlatforms = (rows: PlatformCardRows) =>
  CARD_PLATFORMS.filter((platform) => rows[platform].title.trim() || rows[platform].description.trim() || rows[platform].ogImage.trim())

export const EMPTY_LINK_FORM: LinkFormValues = {
  targetUrl: '',
  title: '',
  description: '',
  alias: '',
  domain: '',
  ogImage: '',
  ogImageAlt: '',
  twitterCard: DEFAULT_TWITTER_CARD,
  playerUrl: '',
  playerWidth: '',
  playerHeight: '',
  appIphone: '',
  appIpad: '',
  appGoogleplay: '',
  themeColor: '',
  canonicalUrl: '',
  expiresAt: '',
  fallbackUrl: '',
  clickLimit: '',
  iosUrl: '',
  androidUrl: '',
  geoTargets: [],
  variants: [],
  cardVariantTitle: '',
  cardVariantDescription: '',
  cardVariantImage: '',
  forwardQuery: true,
  appLink: false,
  cardImage: 'none',
  platformCards: platformCardRows(null),
  tags: [],
  asksPassword: false,
  password: '',
  isActive: true,
}

/** Where the form shows the server's error about a field the form splits in parts. */
export const FORM_FIELD_OF: Record<string, LinkField> = {
  twitterPlayer: 'playerUrl',
  twitterApp: 'appIphone',
  cardVariant: 'cardVariantTitle',
  'cardVariant.title': 'cardVariantTitle',
  'cardVariant.description': 'cardVariantDescription',
  'cardVariant.ogImage': 'cardVariantImage',
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a datetime-local value in this browser's time zone. */
export function localInputFromIso(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local value (local time) as an ISO string; null when empty or unreadable. */
export function isoFromLocalInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!match) return null
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0))
  const date = new Date(year, month - 1, day, hour, minute, second)
  // An impossible date (February 30) rolls over into another day: refuse it rather than send that day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day || hour > 23 || minute > 59) return null
  return date.toISOString()
}

export function formFromLink(link: Link): LinkFormValues {
  return {
    targetUrl: link.targetUrl,
    title: link.title,
    description: link.description ?? '',
    alias: link.alias ?? '',
    domain: link.domain ?? '',
    ogImage: link.ogImage ?? '',
    ogImageAlt: link.ogImageAlt ?? '',
    twitterCard: link.twitterCard,
    playerUrl: link.twitterPlayer?.url ?? '',
    playerWidth: link.twitterPlayer ? String(link.twitterPlayer.width) : '',
    playerHeight: link.twitterPlayer ? String(link.twitterPlayer.height) : '',
    appIphone: link.twitterApp?.iphone ?? '',
    appIpad: link.twitterApp?.ipad ?? '',
    appGoogleplay: link.twitterApp?.googleplay ?? '',
    themeColor: link.themeColor ?? '',
    canonicalUrl: link.canonicalUrl ?? '',
    expiresAt: localInputFromIso(link.expiresAt),
    fallbackUrl: link.fallbackUrl ?? '',
    clickLimit: link.clickLimit === null ? '' : String(link.clickLimit),
    iosUrl: link.iosUrl ?? '',
    androidUrl: link.androidUrl ?? '',
    geoTargets: Object.entries(link.geoTargets ?? {}).map(([country, url]) => ({ country, url })),
    variants: (link.variants ?? []).map((variant) => ({ url: variant.targetUrl, weight: String(variant.weight) })),
    cardVariantTitle: link.cardVariant?.title ?? '',
    cardVariantDescription: link.cardVariant?.description ?? '',
    cardVariantImage: link.cardVariant?.ogImage ?? '',
    forwardQuery: link.forwardQuery,
    appLink: link.appLink,
    cardImage: link.cardImage ?? 'none',
    platformCards: platformCardRows(link.platformCards),
    tags: link.tags,
    asksPassword: link.hasPassword,
    password: '',
    isActive: link.isActive,
  }
}

const orNull = (value: string) => value.trim() || null
const urlOrNull = (value: string) => (value.trim() ? withHttpsPrefix(value) : null)

/** True when a link has a device or country URL of its own (null or absent fields count as none). */
export const hasRouting = (values: Pick<LinkFormValues, 'iosUrl' | 'androidUrl' | 'geoTargets'>) =>
  Boolean(values.iosUrl.trim() || values.androidUrl.trim() || values.geoTargets.some((row) => row.country || row.url.trim()))

/** The country rows as the API takes them; rows left empty are dropped, and no rows is null. */
function geoTargetsOf(rows: GeoTargetRow[]): Record<string, string> | null {
  const filled = rows.filter((row) => row.country || row.url.trim())
  if (filled.length === 0) return null
  return Object.fromEntries(filled.map((row) => [row.country, withHttpsPrefix(row.url)]))
}

/** The split test's rows as the API takes them; rows left empty are dropped, and no rows is null. */
function variantsOf(rows: VariantRow[]): LinkVariant[] | null {
  const filled = rows.filter((row) => row.url.trim() || row.weight.trim())
  if (filled.length === 0) return null
  return filled.map((row) => ({ targetUrl: withHttpsPrefix(row.url), weight: Number(row.weight) }))
}

/** The second card as the API takes it: null when no field is filled in. */
function cardVariantOf(values: LinkFormValues): CardVariant | null {
  if (!hasCardTest(values)) return null
  return { title: values.cardVariantTitle.trim(), description: orNull(values.cardVariantDescription), ogImage: urlOrNull(values.cardVariantImage) }
}

/** Whether the form sets a second card up (any of its fields filled in). */
export const hasCardTest = (values: Pick<LinkFormValues, 'cardVariantTitle' | 'cardVariantDescription' | 'cardVariantImage'>) =>
  Boolean(values.cardVariantTitle.trim() || values.cardVariantDescription.trim() || values.cardVariantImage.trim())

/** What is wrong with the split test's rows, by field (`variants.<index>.targetUrl`), or the list's size as `variants`. */
function variantErrors(rows: VariantRow[]): FormErrors {
  const errors: FormErrors = {}
  const filled = rows.filter((row) => row.url.trim() || row.weight.trim())
  if (filled.length === 0) return errors
  if (filled.length < VARIANTS_MIN || filled.length > VARIANTS_MAX) errors.variants = LINK_MESSAGES.variants
  const seen = new Set<string>()
  rows.forEach((row, index) => {
    if (!row.url.trim() && !row.weight.trim()) return
    const url = withHttpsPrefix(row.url)
    if (!isHttpUrl(url)) errors[`variants.${index}.targetUrl`] = LINK_MESSAGES.invalidVariantUrl
    else if (seen.has(normalizeTargetUrl(url))) errors[`variants.${index}.targetUrl`] = LINK_MESSAGES.variantRepeated
    else seen.add(normalizeTargetUrl(url))
    const weight = Number(row.weight)
    if (!row.weight.trim() || !Number.isInteger(weight) || weight < 1 || weight > VARIANT_WEIGHT_MAX) errors[`variants.${index}.weight`] = LINK_MESSAGES.variantWeight
  })
  return errors
}

/** The platforms' cards as the API takes them: only those that set something; none is null. */
export function platformCardsOf(rows: PlatformCardRows): PlatformCards | null {
  const tailored = tailoredPlatforms(rows)
  if (tailored.length === 0) return null
  return Object.fromEntries(
    tailored.map((platform) => {
      const row = rows[platform]
      return [platform, { title: orNull(row.title), description: orNull(row.description), ogImage: urlOrNull(row.ogImage) }]
    }),
  )
}

const playerOf = (values: LinkFormValues) => ({ url: values.playerUrl.trim(), width: Number(values.playerWidth), height: Number(values.playerHeight) })
const appOf = (values: LinkFormValues): TwitterApp => ({ iphone: orNull(values.appIphone), ipad: orNull(values.appIpad), googleplay: orNull(values.appGoogleplay) })

function common(values: LinkFormValues) {
  return {
    targetUrl: withHttpsPrefix(values.targetUrl),
    title: values.title.trim(),
    description: orNull(values.description),
    ogImage: orNull(values.ogImage),
    ogImageAlt: orNull(values.ogImageAlt),
    twitterCard: values.twitterCard,
    // A player or app belongs to its card: another card type drops it.
    twitterPlayer: values.twitterCard === 'player' && values.playerUrl.trim() ? playerOf(values) : null,
    twitterApp: values.twitterCard === 'app' ? appOf(values) : null,
    themeColor: orNull(values.themeColor),
    canonicalUrl: orNull(values.canonicalUrl),
    expiresAt: isoFromLocalInput(values.expiresAt),
    fallbackUrl: values.fallbackUrl.trim() ? withHttpsPrefix(values.fallbackUrl) : null,
    clickLimit: values.clickLimit.trim() ? Number(values.clickLimit) : null,
    iosUrl: urlOrNull(values.iosUrl),
    androidUrl: urlOrNull(values.androidUrl),
    geoTargets: geoTargetsOf(values.geoTargets),
    variants: variantsOf(values.variants),
    cardVariant: cardVariantOf(values),
    forwardQuery: values.forwardQuery,
    // The store ids are the app card's: another card type is no app link.
    appLink: values.twitterCard === 'app' && values.appLink,
    domain: values.domain || null,
    platformCards: platformCardsOf(values.platformCards),
    cardImage: values.cardImage === 'none' ? null : values.cardImage,
    tags: values.tags,
  }
}

/** POST body: an empty alias is left out. */
export function toLinkInput(values: LinkFormValues): LinkInput {
  const alias = values.alias.trim()
  return { ...common(values), ...(alias ? { alias } : {}), ...(values.asksPassword && values.password ? { password: values.password } : {}) }
}

/**
 * PATCH body: every field, with an empty alias as null so the link goes back to its slug. An
 * expiry left as it was is not sent: the input holds it to the minute, and it may have passed.
 */
export function toLinkChanges(values: LinkFormValues, initial?: LinkFormValues): LinkChanges {
  const { expiresAt, ...rest } = common(values)
  const changes: LinkChanges = { ...rest, alias: orNull(values.alias), isActive: values.isActive }
  if (!initial || values.expiresAt !== initial.expiresAt) changes.expiresAt = expiresAt
  // A password is sent when a new one is typed, and null when the link stops asking for one.
  if (values.asksPassword && values.password) changes.password = values.password
  else if (!values.asksPassword && initial?.asksPassword) changes.password = null
  return changes
}

/**
 * What blocks saving, by field, in the product's words; empty when the form may be sent. An
 * expiry the edited link already had is not checked again.
 */
export function formErrors(values: LinkFormValues, initial?: LinkFormValues, now = Date.now()): FormErrors {
  const errors: FormErrors = {}
  if (!values.targetUrl.trim()) errors.targetUrl = LINK_MESSAGES.requiredFields
  else if (!isHttpUrl(withHttpsPrefix(values.targetUrl))) errors.targetUrl = LINK_MESSAGES.invalidTargetUrl
  if (!values.title.trim()) errors.title = LINK_MESSAGES.requiredFields
  if (values.expiresAt.trim() && values.expiresAt !== initial?.expiresAt) {
    const iso = isoFromLocalInput(values.expiresAt)
    const problem = iso === null ? LINK_MESSAGES.invalidExpiry : expiryError(iso, now)
    if (problem) errors.expiresAt = problem
  }
  const alias = values.alias.trim()
  const problem = alias ? aliasError(alias) : undefined
  if (problem) errors.alias = problem
  Object.assign(errors, cardErrors(values))
  if (values.themeColor.trim() && !new RegExp(THEME_COLOR_PATTERN).test(values.themeColor.trim())) errors.themeColor = CARD_MESSAGES.themeColor
  if (values.fallbackUrl.trim() && !isHttpUrl(withHttpsPrefix(values.fallbackUrl))) errors.fallbackUrl = LINK_MESSAGES.invalidFallbackUrl
  if (values.asksPassword && !values.password && !initial?.asksPassword) errors.password = LINK_MESSAGES.passwordNeeded
  if (values.asksPassword && values.password && (values.password.length < LINK_PASSWORD_MIN || values.password.length > LINK_PASSWORD_MAX)) errors.password = LINK_MESSAGES.password
  Object.assign(errors, routingErrors(values))
  Object.assign(errors, variantErrors(values.variants))
  if (hasCardTest(values) && !values.cardVariantTitle.trim()) errors.cardVariantTitle = LINK_MESSAGES.cardVariantTitle
  if (values.cardVariantImage.trim() && !isHttpUrl(withHttpsPrefix(values.cardVariantImage))) errors.cardVariantImage = LINK_MESSAGES.invalidCardVariantImage
  for (const platform of tailoredPlatforms(values.platformCards)) {
    const image = values.platformCards[platform].ogImage
    if (image.trim() && !isHttpUrl(withHttpsPrefix(image))) errors[`platformCards.${platform}.ogImage`] = PLATFORM_CARD_MESSAGES.ogImage
  }
  const limit = Number(values.clickLimit)
  if (values.clickLimit.trim() && (!Number.isInteger(limit) || limit < 1 || limit > CLICK_LIMIT_MAX)) errors.clickLimit = LINK_MESSAGES.clickLimit
  return errors
}

/** What is wrong with the device and country URLs, by field (a country's URL as `geoTargets.<code>`). */
function routingErrors(values: LinkFormValues): FormErrors {
  const errors: FormErrors = {}
  if (values.iosUrl.trim() && !isHttpUrl(withHttpsPrefix(values.iosUrl))) errors.iosUrl = LINK_MESSAGES.invalidIosUrl
  if (values.androidUrl.trim() && !isHttpUrl(withHttpsPrefix(values.androidUrl))) errors.androidUrl = LINK_MESSAGES.invalidAndroidUrl
  const rows = values.geoTargets.filter((row) => row.country || row.url.trim())
  const seen = new Set<string>()
  for (const row of rows) {
    if (!isCountryCode(row.country)) errors.geoTargets = LINK_MESSAGES.geoTargetCountry
    else if (seen.has(row.country)) errors.geoTargets = LINK_MESSAGES.geoTargetRepeated
    else if (!isHttpUrl(withHttpsPrefix(row.url))) errors[`geoTargets.${row.country}`] = LINK_MESSAGES.invalidGeoTargetUrl
    seen.add(row.country)
  }
  if (rows.length > GEO_TARGETS_MAX) errors.geoTargets = LINK_MESSAGES.geoTargetsTooMany
  return errors
}

/** What a player or app card lacks, by field. */
function cardErrors(values: LinkFormValues): Partial<Record<LinkField, string>> {
  if (values.twitterCard === 'player') {
    if (!values.playerUrl.trim()) return { playerUrl: CARD_MESSAGES.playerNeeded }
    const problem = playerProblem(playerOf(values))
    if (problem) return problem.field === 'url' ? { playerUrl: problem.message } : { playerWidth: problem.message }
    if (!values.ogImage.trim()) return { ogImage: CARD_MESSAGES.playerImage }
  }
  if (values.twitterCard === 'app') {
    const app = appOf(values)
    const fields = { iphone: 'appIphone', ipad: 'appIpad', googleplay: 'appGoogleplay' } as const
    for (const store of ['iphone', 'ipad', 'googleplay'] as const) {
      const id = app[store]
      const problem = id && appIdProblem(store, id)
      if (problem) return { [fields[store]]: problem }
    }
    if (!app.iphone && !app.ipad && !app.googleplay) return { appIphone: CARD_MESSAGES.appNeeded }
  }
  return {}
}

/** The URL check before asking the server for a page's metadata; undefined when it may go. */
export function metadataUrlError(url: string): string | undefined {
  const trimmed = url.trim()
  if (!trimmed) return LINK_MESSAGES.metadataUrlMissing
  if (!/^https?:\/\/\S/i.test(trimmed)) return LINK_MESSAGES.metadataUrlInvalid
  return undefined
}

const METADATA_FIELDS = ['title', 'description', 'ogImage', 'ogImageAlt'] as const

/** Fills only the fields still empty; answers which ones it filled. */
export function mergeMetadata(values: LinkFormValues, metadata: PageMetadata): { values: LinkFormValues; filled: (typeof METADATA_FIELDS)[number][] } {
  const next = { ...values }
  const filled: (typeof METADATA_FIELDS)[number][] = []
  for (const field of METADATA_FIELDS) {
    const found = metadata[field]?.trim()
    if (found && !values[field].trim()) {
      next[field] = found
      filled.push(field)
    }
  }
  return { values: next, filled }
}

/** The host a social card names under its title, e.g. EXAMPLE.COM; empty while the URL is unfinished. */
export function previewDomain(targetUrl: string): string {
  try {
    return new URL(withHttpsPrefix(targetUrl)).hostname.replace(/^www\./, '')
  } catch {
    return ''
  }
}

/** Whether the form gives up the link's saved alias: another alias, none, or the link moved to another domain. */
export const dropsSavedAlias = (link: Pick<Link, 'alias' | 'domain'>, typed: Pick<LinkFormValues, 'alias' | 'domain'>) =>
  Boolean(link.alias) && (typed.alias.trim().toLowerCase() !== link.alias!.toLowerCase() || typed.domain !== (link.domain ?? ''))

/**
 * The old aliases an edit sends: those still kept, and the saved alias when it changes and the
 * person keeps it leading here; undefined when they stay as they are.
 */
export function formerAliasesToSend(link: Pick<Link, 'alias' | 'domain' | 'formerAliases'>, kept: string[], typed: Pick<LinkFormValues, 'alias' | 'domain'>, keepSaved: boolean): string[] | undefined {
  const former = dropsSavedAlias(link, typed) && keepSaved ? [...kept, qualifiedAlias(link.domain, link.alias!)] : kept
  return former.length === link.formerAliases.length && former.every((alias, i) => alias === link.formerAliases[i]) ? undefined : former
}

/**
 * The image Linkcard will make of the card as typed, in the account's brand (a link's own colour
 * first), or null when it makes none (an image URL is given, or no layout chosen).
 */
export function madeImageOf(values: LinkFormValues, brand: { color: string | null; logo: string | null } = { color: null, logo: null }): CardImageContent | null {
  if (values.cardImage === 'none' || values.ogImage.trim()) return null
  const color = values.themeColor.trim()
  return {
    layout: values.cardImage,
    title: values.title.trim() || 'Your link title',
    description: values.description.trim() || null,
    site: cardImageSite(withHttpsPrefix(values.targetUrl)),
    color: new RegExp(THEME_COLOR_PATTERN).test(color) ? color : (brand.color ?? CARD_IMAGE_DEFAULT_COLOR),
    logo: brand.logo,
  }
}
