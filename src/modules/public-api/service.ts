// The public API's rules on top of the links and analytics services: duplicate detection,
// metadata from the target page, look-up by target, and statistics for paid plans.
import { isDeepStrictEqual } from 'node:util'
import { AppError, fieldError, type FieldError } from '../../platform/errors'
import { slicer } from '../../platform/slices'
import { DEFAULT_TWITTER_CARD } from '../../shared/domain'
import { LINK_MESSAGES } from '../../shared/link-rules'
import { PLAN_INFO } from '../../shared/plans'
import { tagKey } from '../../shared/tags'
import { withoutTracking } from '../../shared/tracking'
import { findAccount } from '../accounts/service'
import { linkStats, parsePeriod } from '../analytics/service'
import type { ApiKeyOwner } from '../api-keys/service'
import { changeLinks, checkLinkInput, createLink, createLinks, findLinksByTarget, findLinksByTargets, getLinkRow, linkAddressesOf, cardImageUrlOf, type LinkRow } from '../links/service'
import { withNormalizedUrls } from '../links/resolve'
import { checkedTagNames, tagNamesOf } from '../links/tags'
import { fetchPageMetadata } from '../metadata/service'
import type { LinkInput } from '../links/schema'
import type { LinkBulkCreateInput, LinkCreateInput, LinkStats } from './schema'

const STATS_MESSAGES = {
  paidOnly: 'The stats API is available on paid plans (Indie, Pro and Enterprise). Please upgrade to read link statistics.',
} as const

const blankToNull = (value: string | null | undefined) => value?.trim() || null

type LinkFields = Omit<LinkCreateInput, 'useOriginalMeta'>

const deleteLinks = (owner: ApiKeyOwner, ids: string[]) => changeLinks(owner, 'delete', ids)

/** Fills the fields the caller left out from the target page's own metadata (through the SSRF-safe fetcher). */
async function withPageMetadata(owner: ApiKeyOwner, input: LinkFields): Promise<LinkFields> {
  let page: Awaited<ReturnType<typeof fetchPageMetadata>>
  try {
    page = await fetchPageMetadata(input.targetUrl, owner.accountId)
  } catch (error) {
    // A busy parser is no answer about the page.
    if (!(error instanceof AppError) || error.kind === 'rate_limited' || error.kind === 'unavailable') throw error
    throw new AppError('invalid', `The target page could not be read for useOriginalMeta: ${error.message}`, [{ field: 'useOriginalMeta', message: error.message }])
  }
  const host = new URL(input.targetUrl.trim()).host
  return {
    ...input,
    title: blankToNull(input.title) ?? page.title ?? host,
    description: blankToNull(input.description) ?? page.description,
    ogImage: blankToNull(input.ogImage) ?? page.ogImage,
    ogImageAlt: blankToNull(input.ogImageAlt) ?? page.ogImageAlt,
  }
}

type LinkColumns = Awaited<ReturnType<typeof checkLinkInput>>

/**
 * Identical means: the same target page (however trivially spelled: the links service's
 * normalisation), the same title, description, image, image alt text, card type with its player or
 * app, theme colour, canonical URL, expiry, fallback, click limit and device and country URLs, and
 * the same alias when one is asked for (any alias, or none, when none is). Only a link that still works counts, so a retry never gets back a
 * deactivated or expired link. `wanted` holds the request's fields as the links service stores them.
 */
function isIdentical(row: LinkRow, wanted: LinkColumns) {
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
    row.cardImage === (wanted.cardImage ?? null) &&
    row.canonicalUrl === (wanted.canonicalUrl ?? null) &&
    (row.expiresAt?.getTime() ?? null) === (wanted.expiresAt?.getTime() ?? null) &&
    row.fallbackUrl === (wanted.fallbackUrl ?? null) &&
    row.clickLimit === (wanted.clickLimit ?? null) &&
    row.iosUrl === (wanted.iosUrl ?? null) &&
    row.androidUrl === (wanted.androidUrl ?? null) &&
    isDeepStrictEqual(row.geoTargets, wanted.geoTargets ?? null) &&
    row.passwordHash === null &&
    (!wanted.aliasKey || row.aliasKey === wanted.aliasKey)
  )
}

const shortAnswer = (link: { url: string; qrCodeUrl: string; id: string; slug: string }, existing: boolean) => ({
  url: link.url,
  qrCodeUrl: link.qrCodeUrl,
  id: link.id,
  slug: link.slug,
  existing,
})

/** `POST /api/link`: a new link, or the identical one the account already has (`existing: true`). */
export async function createOrReuseLink(owner: ApiKeyOwner, body: LinkCreateInput) {
  const { useOriginalMeta, ...given } = body
  if (!given.targetUrl.trim()) throw fieldError('invalid', 'targetUrl', LINK_MESSAGES.requiredFields)
  // With useOriginalMeta the target is checked before its page is read; then every field once, the target first.
  if (useOriginalMeta) await checkLinkInput({ targetUrl: given.targetUrl })
  const fields = useOriginalMeta ? await withPageMetadata(owner, given) : given
  const wanted = await checkLinkInput(fields)
  if (fields.title === undefined || !fields.title.trim()) throw fieldError('invalid', 'title', LINK_MESSAGES.requiredFields)
  const input: LinkInput = { ...fields, title: fields.title }
  const wantedTags = new Set(checkedTagNames(input.tags ?? []).map(tagKey))
  const candidates = await findLinksByTarget(owner, input.targetUrl)
  const tagsOf = await tagNamesOf(candidates.map((row) => row.id))
  const sameTags = (row: LinkRow) => {
    const tags = tagsOf.get(row.id) ?? []
    return tags.length === wantedTags.size && tags.every((name) => wantedTags.has(tagKey(name)))
  }
  // A link asked for with a password is made anew: its password cannot be compared with a stored hash cheaply.
  const earlier = input.password ? undefined : candidates.find((row) => isIdentical(row, wanted) && sameTags(row))
  if (earlier) return { status: 200 as const, body: shortAnswer(linkAddressesOf(earlier), true) }
  return { status: 201 as const, body: shortAnswer(await createLink(owner, input, wanted), false) }
}

type BulkResult = { status: 'created' | 'existing'; link: Omit<ReturnType<typeof shortAnswer>, 'existing'> } | { status: 'failed'; message: string; errors: FieldError[] }

/** What one bulk item is, once checked: its fields as stored, or its error. */
type Checked = { input: LinkInput; wanted: LinkColumns; tags: Set<string> } | { error: AppError }

async function checkedItem(input: LinkCreateInput): Promise<Checked> {
  try {
    if (!input.targetUrl.trim()) throw fieldError('invalid', 'targetUrl', LINK_MESSAGES.requiredFields)
    if (input.title === undefined || !input.title.trim()) throw fieldError('invalid', 'title', LINK_MESSAGES.requiredFields)
    const { useOriginalMeta: _, ...fields } = input
    const link: LinkInput = { ...fields, title: input.title }
    return { input: link, wanted: await checkLinkInput(link), tags: new Set(checkedTagNames(link.tags ?? []).map(tagKey)) }
  } catch (error) {
    if (error instanceof AppError) return { error }
    throw error
  }
}

/** The stored-looking row a checked item would make, to compare later items with (isIdentical). */
const asRow = (item: { wanted: LinkColumns }) =>
  ({ twitterCard: DEFAULT_TWITTER_CARD, isActive: true, passwordHash: null, aliasKey: null, ...nullsFor(item.wanted) }) as LinkRow

const LINK_COLUMNS = ['description', 'ogImage', 'ogImageAlt', 'twitterPlayer', 'twitterApp', 'themeColor', 'platformCards', 'cardImage', 'canonicalUrl', 'expiresAt', 'fallbackUrl', 'clickLimit', 'iosUrl', 'androidUrl', 'geoTargets'] as const
const nullsFor = (wanted: LinkColumns) => ({ ...Object.fromEntries(LINK_COLUMNS.map((column) => [column, null])), ...wanted })

/**
 * `POST /api/links/bulk`: each link checked on its own and a result for each, in order: created,
 * existing (an identical link the account has, or one earlier in the list) or failed. The new ones
 * are made together (links service createLinks). With allOrNothing, the first that fails answers
 * its error, its fields named by their place in the list, and nothing is kept.
 */
export async function createLinksInBulk(owner: ApiKeyOwner, body: LinkBulkCreateInput) {
  const pause = slicer()
  const items: Checked[] = []
  for (const link of body.links) {
    items.push(await checkedItem(link))
    await pause()
  }
  const firstFailed = items.findIndex((item) => 'error' in item)
  if (body.allOrNothing && firstFailed >= 0) throw inPlace((items[firstFailed] as { error: AppError }).error, firstFailed)
  const valid = items.flatMap((item) => ('error' in item ? [] : [item]))
  const candidates = await findLinksByTargets(owner, [...new Set(valid.map((item) => item.wanted.targetKey!))])
  const tagsOf = await tagNamesOf(candidates.map((row) => row.id))
  const byTarget = Map.groupBy(candidates, (row) => row.targetKey)
  const sameTags = (tags: string[], wanted: Set<string>) => tags.length === wanted.size && tags.every((name) => wanted.has(tagKey(name)))
  // Each item's fate: an existing row, an earlier item of the list, or made anew.
  const earlierItem = new Map<number, number>()
  const existing = new Map<number, LinkRow>()
  const toMake: number[] = []
  // Items made anew by target key, for finding an earlier twin without going through them all.
  const toMakeByTarget = new Map<string, number[]>()
  for (const [index, item] of items.entries()) {
    await pause()
    if ('error' in item) continue
    if (!item.input.password) {
      const row = byTarget.get(item.wanted.targetKey!)?.find((row) => isIdentical(row, item.wanted) && sameTags(tagsOf.get(row.id) ?? [], item.tags))
      if (row) {
        existing.set(index, row)
        continue
      }
      const twin = toMakeByTarget.get(item.wanted.targetKey!)?.find((other) => {
        const made = items[other] as Exclude<Checked, { error: AppError }>
        return !made.input.password && isIdentical(asRow(made), item.wanted) && sameTags([...made.tags], item.tags)
      })
      if (twin !== undefined) {
        earlierItem.set(index, twin)
        continue
      }
    }
    toMake.push(index)
    const twins = toMakeByTarget.get(item.wanted.targetKey!)
    if (twins) twins.push(index)
    else toMakeByTarget.set(item.wanted.targetKey!, [index])
  }
  const making = toMake.map((index) => items[index] as Exclude<Checked, { error: AppError }>)
  const made = await createLinks(owner, making.map((item) => item.input), { checked: making.map((item) => item.wanted) })
  const madeAt = new Map(toMake.map((index, i) => [index, made[i]!]))
  if (body.allOrNothing) {
    const failed = toMake.findIndex((index) => 'error' in madeAt.get(index)!)
    if (failed >= 0) {
      await deleteLinks(owner, made.flatMap((result) => ('row' in result ? [result.row.id] : [])))
      throw inPlace((madeAt.get(toMake[failed]!) as { error: AppError }).error, toMake[failed]!)
    }
  }
  const results: BulkResult[] = items.map((item, index) => {
    const result = 'error' in item ? item : (madeAt.get(index) ?? madeAt.get(earlierItem.get(index)!))
    if (existing.has(index)) return { status: 'existing', link: linkAddressesOf(existing.get(index)!) }
    if (!result || 'error' in result) return { status: 'failed', message: result!.error.message, errors: result!.error.errors ?? [] }
    return { status: earlierItem.has(index) ? 'existing' : 'created', link: linkAddressesOf(result.row) }
  })
  const count = (status: BulkResult['status']) => results.filter((result) => result.status === status).length
  return { created: count('created'), existing: count('existing'), failed: count('failed'), results }
}

/** The error of the link at `index` of a bulk create, its fields named by that place. */
const inPlace = (error: AppError, index: number) =>
  new AppError(
    error.kind,
    `Link ${index + 1}: ${error.message}`,
    (error.errors ?? []).map(({ field, message }) => ({ field: `links.${index}.${field}`, message })),
    error.retryAfter,
  )

/**
 * `GET /api/link/byTarget/:targetUrl`: the newest of the account's links to that page; a page asked
 * for with tracking parameters (utm_*, fbclid…) is also found by its address without them.
 */
export async function findLinkByTarget(owner: ApiKeyOwner, target: string) {
  let [found] = await findLinksByTarget(owner, target)
  const untracked = found ? target : withoutTracking(target)
  if (untracked !== target) [found] = await findLinksByTarget(owner, untracked)
  if (!found) throw new AppError('not_found', 'No link for this target URL.')
  const { id, targetUrl, title, description, ogImage, ogImageAlt, ogImageWidth, ogImageHeight, ogImageType, twitterCard, twitterPlayer, twitterApp, themeColor, platformCards, isActive } =
    withNormalizedUrls(found)
  // Every field of the card's tags (shared/card-tags.ts): the edge worker writes those of the short link's own page.
  const card = { title, description, ogImage, ogImageAlt, ogImageWidth, ogImageHeight, ogImageType, twitterCard, twitterPlayer, twitterApp, themeColor }
  return { id, targetUrl, ...card, platformCards, cardImageUrl: cardImageUrlOf(found), isActive }
}

/** `GET /api/stats/:id`: paid plans only; the plan is read fresh, so an upgrade counts at once. */
export async function statsOfLink(owner: ApiKeyOwner, id: string, query: { from?: string; to?: string }): Promise<LinkStats> {
  const account = await findAccount(owner.accountId)
  if (!account || !PLAN_INFO[account.plan].hasStatsApi) throw new AppError('forbidden', STATS_MESSAGES.paidOnly)
  const { from, to } = parsePeriod(query)
  const link = await getLinkRow(owner, id)
  return linkStats(owner.accountId, link.id, from, to)
}
