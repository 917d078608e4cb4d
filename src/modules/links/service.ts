// Share links: the rules (shared with the web form), ownership, slugs and aliases, and look-ups
// for the redirect path.
import { randomInt } from 'node:crypto'
import { config } from '../../platform/config'
import { afterCommit, isUniqueViolation, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import type { PageOf, PageQuery } from '../../platform/paging'
import { DEFAULT_TWITTER_CARD } from '../../shared/domain'
import {
  aliasError,
  DESCRIPTION_MAX,
  IMAGE_ALT_MAX,
  isHttpUrl,
  LINK_MESSAGES,
  linkPath,
  normalizeTargetUrl,
  RESERVED_ALIASES,
  SLUG_ALPHABET,
  SLUG_LENGTH,
  TITLE_MAX,
} from '../../shared/link-rules'
import { invalidateLink, readCache, rememberNotSlug, writeCache } from './cache'
import * as repo from './repo'
import type { Link, LinkChanges, LinkInput } from './schema'

export type LinkRow = repo.LinkRow
/** Who a link belongs to: the account, and the person (if any) who made it. */
export type Owner = { accountId: string; userId?: string | null }

/** The short link itself: PUBLIC_URL and the alias or slug. */
export const shortUrlOf = (row: Pick<LinkRow, 'slug' | 'alias'>) => `${config.publicUrl}/${encodeURIComponent(linkPath(row))}`

export function toLinkJson(row: LinkRow): Link {
  return {
    id: row.id,
    slug: row.slug,
    alias: row.alias,
    url: shortUrlOf(row),
    qrCodeUrl: `${config.publicUrl}/api/qr/${encodeURIComponent(linkPath(row))}`,
    targetUrl: row.targetUrl,
    title: row.title,
    description: row.description,
    ogImage: row.ogImage,
    ogImageAlt: row.ogImageAlt,
    twitterCard: row.twitterCard,
    canonicalUrl: row.canonicalUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

function checkedUrl(field: string, value: string | null | undefined, message: string) {
  const url = blankToNull(value)
  if (url !== null && !isHttpUrl(url)) throw fieldError('invalid', field, message)
  return url
}

function checkedText(field: string, value: string | null | undefined, max: number, label: string) {
  const text = blankToNull(value)
  if (text !== null && text.length > max) throw fieldError('invalid', field, `The ${label} must be at most ${max} characters.`)
  return text
}

function checkedExpiry(value: string | null | undefined) {
  const text = blankToNull(value)
  if (text === null) return null
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) throw fieldError('invalid', 'expiresAt', LINK_MESSAGES.invalidExpiry)
  return date
}

/** Turns the given fields into column values, enforcing the link rules with their messages. */
function columnsFrom(input: Partial<LinkInput>) {
  const columns: Partial<repo.NewLinkRow> = {}
  if (input.targetUrl !== undefined) {
    const targetUrl = input.targetUrl.trim()
    if (!targetUrl) throw fieldError('invalid', 'targetUrl', LINK_MESSAGES.requiredFields)
    if (!isHttpUrl(targetUrl)) throw fieldError('invalid', 'targetUrl', LINK_MESSAGES.invalidTargetUrl)
    columns.targetUrl = targetUrl
    columns.targetKey = normalizeTargetUrl(targetUrl)
  }
  if (input.title !== undefined) {
    const title = input.title.trim()
    if (!title) throw fieldError('invalid', 'title', LINK_MESSAGES.requiredFields)
    if (title.length > TITLE_MAX) throw fieldError('invalid', 'title', `The title must be at most ${TITLE_MAX} characters.`)
    columns.title = title
  }
  if (input.description !== undefined) columns.description = checkedText('description', input.description, DESCRIPTION_MAX, 'description')
  if (input.ogImageAlt !== undefined) columns.ogImageAlt = checkedText('ogImageAlt', input.ogImageAlt, IMAGE_ALT_MAX, 'image description')
  if (input.ogImage !== undefined) columns.ogImage = checkedUrl('ogImage', input.ogImage, LINK_MESSAGES.invalidImageUrl)
  if (input.canonicalUrl !== undefined) columns.canonicalUrl = checkedUrl('canonicalUrl', input.canonicalUrl, LINK_MESSAGES.invalidCanonicalUrl)
  if (input.twitterCard !== undefined) columns.twitterCard = input.twitterCard
  if (input.expiresAt !== undefined) columns.expiresAt = checkedExpiry(input.expiresAt)
  if (input.alias !== undefined) {
    // An empty alias means none.
    const alias = blankToNull(input.alias)
    if (alias !== null) {
      const problem = aliasError(alias)
      if (problem) throw fieldError('invalid', 'alias', problem)
    }
    columns.alias = alias
    columns.aliasKey = alias?.toLowerCase() ?? null
  }
  return columns
}

const aliasTaken = (): never => {
  throw fieldError('conflict', 'alias', LINK_MESSAGES.aliasTaken)
}

/** An alias must not be some link's exact slug, which resolves first. */
async function ensureAliasFree(aliasKey: string | null | undefined, alias: string | null | undefined, exceptId?: string) {
  if (!aliasKey || !alias) return
  const [byAlias, bySlug] = await Promise.all([repo.findByAliasKey(aliasKey), repo.findBySlug(alias)])
  if ((byAlias && byAlias.id !== exceptId) || (bySlug && bySlug.id !== exceptId)) aliasTaken()
}

function randomSlug() {
  let slug = ''
  for (let i = 0; i < SLUG_LENGTH; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)]
  return slug
}

/** A fresh slug that is no route, no alias and no other slug. */
async function newSlug() {
  for (;;) {
    const slug = randomSlug()
    if (RESERVED_ALIASES.has(slug.toLowerCase())) continue
    const [bySlug, byAlias] = await Promise.all([repo.findBySlug(slug), repo.findByAliasKey(slug.toLowerCase())])
    if (!bySlug && !byAlias) return slug
  }
}

export async function createLink(owner: Owner, input: LinkInput): Promise<Link> {
  const columns = columnsFrom(input)
  await ensureAliasFree(columns.aliasKey, columns.alias)
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await repo.insertLink({
        twitterCard: DEFAULT_TWITTER_CARD,
        ...(columns as repo.NewLinkRow),
        accountId: owner.accountId,
        createdBy: owner.userId ?? null,
        slug: await newSlug(),
      })
      // A miss for this alias or slug may be cached from before it existed.
      invalidateLink(row)
      return toLinkJson(row)
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Two requests raced for one alias: the loser gets the same 409 as if it had come second.
      if (columns.aliasKey && (await repo.findByAliasKey(columns.aliasKey))) aliasTaken()
      if (attempt >= 3) throw error
    }
  }
}

export async function getLinkRow(owner: Owner, id: string) {
  const row = await repo.findLink(owner.accountId, id)
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  return row
}

export async function getLink(owner: Owner, id: string) {
  return toLinkJson(await getLinkRow(owner, id))
}

export async function listLinkRows(owner: Owner) {
  return repo.listLinks(owner.accountId)
}

export async function updateLink(owner: Owner, id: string, changes: LinkChanges): Promise<Link> {
  const before = await getLinkRow(owner, id)
  const columns: Partial<repo.NewLinkRow> = columnsFrom(changes)
  if (changes.isActive !== undefined) columns.isActive = changes.isActive
  if (columns.aliasKey && columns.aliasKey !== before.aliasKey) await ensureAliasFree(columns.aliasKey, columns.alias, id)
  let after: LinkRow | undefined
  try {
    after = await repo.updateLink(owner.accountId, id, columns)
  } catch (error) {
    if (isUniqueViolation(error)) aliasTaken()
    throw error
  }
  if (!after) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  invalidateLink(before, after)
  return toLinkJson(after)
}

export async function deleteLink(owner: Owner, id: string) {
  const row = await repo.deleteLink(owner.accountId, id)
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  invalidateLink(row)
}

/** Deletes any account's link (super admin). */
export async function deleteLinkById(id: string, tx?: Db) {
  const row = await repo.deleteLinkById(id, tx)
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  afterCommit(tx, () => invalidateLink(row))
  return row
}

/** Deletes every link the person created, in the caller's transaction; they stop resolving once it commits. */
export async function deleteLinksCreatedBy(userId: string, tx?: Db) {
  const rows = await repo.deleteLinksCreatedBy(userId, tx)
  if (rows.length > 0) afterCommit(tx, () => invalidateLink(...rows))
  return rows.length
}

export { LINK_SORTS, type LinkScope, type LinkSort } from './repo'

/** A page of an account's or a person's links (admin panel), as link JSON. */
export async function listLinksPage(scope: repo.LinkScope, query: PageQuery<repo.LinkSort>): Promise<PageOf<Link>> {
  const { rows, total } = await repo.listLinksPage(scope, query)
  return { rows: rows.map(toLinkJson), total }
}

export const countLinks = repo.countLinks

/** The account's links whose target is this page, however trivially it is spelled. */
export async function findLinksByTarget(owner: Owner, targetUrl: string) {
  let key: string
  try {
    key = normalizeTargetUrl(targetUrl)
  } catch {
    throw new AppError('invalid', LINK_MESSAGES.invalidTargetUrl)
  }
  return repo.findByTargetKey(owner.accountId, key)
}

/**
 * What the cache knows of the link a short-link path names (an exact slug first, then an alias in
 * any letter case): the row, null for a known miss, or undefined when it must be looked up.
 */
export function cachedLink(path: string, now = Date.now()): LinkRow | null | undefined {
  const bySlug = readCache('slug', path, now)
  if (bySlug?.row) return bySlug.row
  const byAlias = readCache('alias', path.toLowerCase(), now)
  if (!bySlug) return byAlias?.row && byAlias.notSlugs?.has(path) ? byAlias.row : undefined
  return byAlias ? (byAlias.row ?? null) : undefined
}

/**
 * The link a short-link path names: an exact slug first, then an alias in any letter case.
 * Served from the cache when possible; misses are cached briefly too.
 */
export async function resolveLink(path: string): Promise<LinkRow | undefined> {
  const bySlug = readCache('slug', path)
  if (bySlug?.row) return bySlug.row
  if (!bySlug) {
    const row = await repo.findBySlug(path)
    writeCache('slug', path, row)
    if (row) return row
  }
  const aliasKey = path.toLowerCase()
  const byAlias = readCache('alias', aliasKey)
  const row = byAlias ? byAlias.row : await repo.findByAliasKey(aliasKey)
  if (!byAlias) writeCache('alias', aliasKey, row)
  // Found as no slug but as an alias: the next visit of this path needs no slug look-up.
  if (row) rememberNotSlug(aliasKey, path)
  return row
}
