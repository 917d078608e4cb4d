// The public API on top of the links and analytics services: its answers' shapes, metadata from
// the target page, look-up by target, and statistics for paid plans.
import { AppError, type FieldError } from '../../platform/errors'
import { PLAN_INFO } from '../../shared/plans'
import { withoutTracking } from '../../shared/tracking'
import { findAccount } from '../accounts/service'
import { linkStats, parsePeriod } from '../analytics/service'
import type { ApiKeyOwner } from '../api-keys/service'
import { blankToNull, checkLinkInput } from '../links/input'
import { createLinks } from '../links/create'
import { findLinksByTarget, getLinkRow, linkAddressesOf, cardImageUrlOf } from '../links/service'
import { withNormalizedUrls } from '../links/resolve'
import { fetchPageMetadata } from '../metadata/service'
import type { LinkBulkCreateInput, LinkCreateInput, LinkStats } from './schema'

const STATS_MESSAGES = {
  paidOnly: 'The stats API is available on paid plans (Indie, Pro and Enterprise). Please upgrade to read link statistics.',
} as const

type LinkFields = Omit<LinkCreateInput, 'useOriginalMeta'>

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

/** `GET /api/me`: the account and the key a call is made with. */
export async function callerOf(owner: ApiKeyOwner) {
  const account = await findAccount(owner.accountId)
  return {
    account: { id: owner.accountId, name: account?.name ?? '', plan: owner.plan },
    key: { id: owner.keyId, name: owner.keyName, scopes: owner.scopes ? [...owner.scopes] : null },
  }
}

const shortAnswer = (link: { url: string; qrCodeUrl: string; id: string; slug: string }, existing: boolean) => ({
  url: link.url,
  qrCodeUrl: link.qrCodeUrl,
  id: link.id,
  slug: link.slug,
  existing,
})

/** `POST /api/link`: a new link, or the same one the account already has (`existing: true`). */
export async function createOrReuseLink(owner: ApiKeyOwner, body: LinkCreateInput) {
  const { useOriginalMeta, ...given } = body
  // With useOriginalMeta the target is checked before its page is read.
  if (useOriginalMeta) await checkLinkInput({ targetUrl: given.targetUrl })
  const [made] = await createLinks(owner, [useOriginalMeta ? await withPageMetadata(owner, given) : given], { reuseSame: true })
  if ('error' in made!) throw made.error
  const existing = made.existing === true
  return { status: existing ? (200 as const) : (201 as const), body: shortAnswer(linkAddressesOf(made.row), existing) }
}

/**
 * `POST /api/links/bulk`: each link checked on its own and a result for each, in order: created,
 * existing (the same as a link the account has, or as one earlier in the list) or failed. With
 * allOrNothing, the first that fails answers its error, its fields named by their place in the
 * list, and nothing is kept.
 */
export async function createLinksInBulk(owner: ApiKeyOwner, body: LinkBulkCreateInput) {
  const made = await createLinks(owner, body.links, { reuseSame: true, allOrNothing: body.allOrNothing ? inPlace : undefined })
  const results: BulkResult[] = made.map((result) =>
    'error' in result
      ? { status: 'failed', message: result.error.message, errors: result.error.errors ?? [] }
      : { status: result.existing ? 'existing' : 'created', link: linkAddressesOf(result.row) },
  )
  const count = (status: BulkResult['status']) => results.filter((result) => result.status === status).length
  return { created: count('created'), existing: count('existing'), failed: count('failed'), results }
}

type BulkResult = { status: 'created' | 'existing'; link: Omit<ReturnType<typeof shortAnswer>, 'existing'> } | { status: 'failed'; message: string; errors: FieldError[] }

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
  return linkStats(owner.accountId, link.id, from, to, link)
}
