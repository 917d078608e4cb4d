// Share links once made: how both APIs show them, reading, listing, changing and deleting them.
// Making them is create.ts, their rules input.ts, finding a short link resolve.ts.
import { isDeepStrictEqual } from 'node:util'
import type { SQL } from 'drizzle-orm'
import { config } from '../../platform/config'
import { afterCommit, isUniqueViolation, transaction, type Db } from '../../platform/db'
import { mayTell, tellAccountEvents } from '../../platform/events'
import { AppError, fieldError } from '../../platform/errors'
import { yieldToLoop } from '../../platform/slices'
import type { PageOf, PageQuery } from '../../platform/paging'
import { LINK_PAGE_DEFAULT, type LinkBulkAction, type LinkStatusFilter } from '../../shared/link-list'
import { tagKey } from '../../shared/tags'
import { cardImagePath } from '../../shared/card-images'
import { inPlatformOrder } from '../../shared/platform-cards'
import { aliasError, aliasKeyOf, FORMER_ALIASES_MAX, LINK_MESSAGES, linkPath, normalizeTargetUrl, qualifiedAlias } from '../../shared/link-rules'
import { secretChange, type AuditChanges } from '../../shared/audit'
import { UNCHECKED_HEALTH, type LinkHealth, type LinkHealthFilter } from '../../shared/link-health'
import { invalidateLink, withNormalizedUrls } from './resolve'
import { healthOf, healthSource } from './health'
import {
  aliasTaken,
  CARD_FIELDS,
  CARD_VERSION_FIELDS,
  columnsFrom,
  ensureAccountDomain,
  ensureAppLinkHasApp,
  ensureCardComplete,
  ensureNotShortLink,
  ensureRoutesNotShortLinks,
  linkDomainOf,
  passwordHashOf,
} from './input'
import { verifiedDomainsOf } from '../domains/service'
import { actingOf, changesBetween, recordAccountChanges, type Acting } from '../audit/service'
import { imageFactsOf, inBackground } from '../metadata/image-facts'
import * as repo from './repo'
import { passwordLockOf } from './password-tries'
import { checkedTagNames, makeTags, tagLink } from './tags'
import type { Link, LinkChanges, LinkDetail } from './schema'

export type LinkRow = repo.LinkRow
/** Who a link belongs to: the account, and the person (if any) who made it; and who acts, for the audit log. */
export type Owner = { accountId: string; userId?: string | null; acting?: Acting }

/** The short link itself: its custom domain (https) or PUBLIC_URL, and the alias or slug. */
export const shortUrlOf = (row: Pick<LinkRow, 'slug' | 'alias' | 'domain'>) => `${row.domain ? `https://${row.domain}` : config.publicUrl}/${encodeURIComponent(linkPath(row))}`

/** The card image Linkcard makes for the link, when it uses one: a layout and no image of its own. */
export const cardImageUrlOf = (row: Pick<LinkRow, 'slug' | 'cardImage' | 'ogImage' | 'cardVersion'>) =>
  row.cardImage && !row.ogImage ? `${config.publicUrl}${cardImagePath(row.slug, row.cardVersion)}` : null

/** The link's id, slug and addresses: what a create answers. */
export const linkAddressesOf = (row: LinkRow) => ({
  id: row.id,
  slug: row.slug,
  url: shortUrlOf(row),
  // A slug names one link everywhere; an alias of a custom domain names a link on that domain only.
  qrCodeUrl: `${config.publicUrl}/api/qr/${encodeURIComponent(row.domain ? row.slug : linkPath(row))}`,
})

export function toLinkJson(stored: LinkRow, formerAliases: repo.FormerAlias[], tags: string[], health: LinkHealth = UNCHECKED_HEALTH): Link {
  const row = withNormalizedUrls(stored)
  return {
    ...linkAddressesOf(row),
    alias: row.alias,
    domain: row.domain,
    formerAliases: formerAliases.map((former) => former.alias),
    tags,
    targetUrl: row.targetUrl,
    title: row.title,
    description: row.description,
    ogImage: row.ogImage,
    ogImageAlt: row.ogImageAlt,
    twitterCard: row.twitterCard,
    twitterPlayer: row.twitterPlayer,
    twitterApp: row.twitterApp,
    themeColor: row.themeColor,
    // PostgreSQL's jsonb keeps keys in an order of its own.
    platformCards: row.platformCards && inPlatformOrder(row.platformCards),
    cardVariant: row.cardVariant,
    cardImage: row.cardImage,
    cardImageUrl: cardImageUrlOf(row),
    cardVersion: row.cardVersion,
    canonicalUrl: row.canonicalUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    fallbackUrl: row.fallbackUrl,
    iosUrl: row.iosUrl,
    androidUrl: row.androidUrl,
    geoTargets: row.geoTargets,
    variants: row.variants,
    forwardQuery: row.forwardQuery,
    appLink: row.appLink,
    clickLimit: row.clickLimit,
    hasPassword: row.passwordHash !== null,
    isActive: row.isActive,
    importedFrom: row.importedFrom,
    health,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Links as both APIs show them, with the old aliases each still answers to, their tags and their health (read at once). */
export async function linksJson(rows: LinkRow[]): Promise<Link[]> {
  const ids = rows.map((row) => row.id)
  const [former, tags, checks] = await Promise.all([repo.formerAliasesOf(ids), repo.tagNamesOf(ids), healthSource().checksOf(ids)])
  return rows.map((row) => toLinkJson(row, former.get(row.id) ?? [], tags.get(row.id) ?? [], healthOf(row, checks.get(row.id))))
}

export const linkJson = async (row: LinkRow) => (await linksJson([row]))[0]!

/** Whether another link has the alias on the domain (in any letter case) or has it as its exact slug, which resolves first. */
async function aliasIsTaken(alias: string, domain: string | null, exceptId?: string) {
  const [byAlias, bySlug] = await Promise.all([repo.findByAliasKey(aliasKeyOf(domain, alias)), repo.findBySlug(alias)])
  return Boolean((byAlias && byAlias.id !== exceptId) || (bySlug && bySlug.id !== exceptId))
}

/**
 * Whether an alias could be given to a new link on a domain (none: the service's own host), or to
 * the link `exceptId`, as the link form asks while it is typed: the alias rules' message, or whether
 * another link has it there.
 */
export async function aliasAvailability(alias: string, exceptId?: string, domain?: string) {
  const text = alias.trim()
  const problem = aliasError(text)
  if (problem) return { alias: text, available: false, message: problem }
  if (await aliasIsTaken(text, linkDomainOf(domain), exceptId)) return { alias: text, available: false, message: LINK_MESSAGES.aliasTaken }
  return { alias: text, available: true, message: null }
}

// Links made, changed or given a new card version in one statement (one transaction on SQLite),
// the event loop let go between them: a few milliseconds' work each.
export const CHANGE_CHUNK = 50

/** Reads the link's image in the background and stores its size and type for the card. */
export function readImageOf(row: LinkRow) {
  const image = row.ogImage
  if (!image) return
  inBackground(async () => {
    const stored = await repo.setImageFacts(row.id, image, await imageFactsOf(image))
    if (stored) invalidateLink(stored)
  })
}

/** The account's links that show a made image get a new card version: what the image draws of the account changed. */
export async function newMadeImageVersions(accountId: string) {
  let changed = 0
  // A part at a time: an account may have a hundred thousand such links.
  for (let after: repo.LinkKey | undefined; ; await yieldToLoop()) {
    const rows = await repo.newMadeImageVersions(accountId, after, CHANGE_CHUNK)
    if (rows.length > 0) invalidateLink(...rows)
    changed += rows.length
    if (rows.length < CHANGE_CHUNK) return changed
    after = rows.at(-1)
  }
}

/** When each of the link's card versions began, oldest first. */
export const cardHistoryOf = (link: Pick<LinkRow, 'id' | 'createdAt'>) => repo.cardVersionsOf(link)

export async function getLinkRow(owner: Owner, id: string) {
  const row = await repo.findLink(owner.accountId, id)
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  return row
}

export async function getLink(owner: Owner, id: string) {
  return linkJson(await getLinkRow(owner, id))
}

/** A link as the app shows it on its own: also until when its password form refuses everyone, when it does. */
export async function getLinkDetail(owner: Owner, id: string): Promise<LinkDetail> {
  const row = await getLinkRow(owner, id)
  const [link, lockedUntil] = await Promise.all([linkJson(row), passwordLockOf(row)])
  return { ...link, passwordLockedUntil: lockedUntil?.toISOString() ?? null }
}

/** What a link list asks for: a page (from 1) of `limit` links, optionally searched, filtered by status and ordered. */
export type LinkPageQuery = { limit?: number; page?: number; search?: string; status?: LinkStatusFilter; tag?: string; health?: LinkHealthFilter; order?: repo.LinkRowOrder }

const listFilter = (accountId: string, query: LinkPageQuery, now: Date): repo.LinkListFilter => ({
  search: query.search?.trim() || undefined,
  status: query.status ?? 'all',
  tag: query.tag?.trim() ? tagKey(query.tag) : undefined,
  healthIn: query.health && healthSource().linkIdsIn(accountId, query.health),
  now,
})

/** One page of the account's links (newest first unless ordered otherwise), with the paging it was read with and the total that match. */
export async function listLinkRows(owner: Owner, query: LinkPageQuery = {}, now = new Date()) {
  const limit = query.limit ?? LINK_PAGE_DEFAULT
  const page = query.page ?? 1
  const { rows, total } = await repo.listLinks(owner.accountId, listFilter(owner.accountId, query, now), query.order ?? 'newest', { limit, offset: (page - 1) * limit })
  return { rows, total, page, limit }
}

/** One page of the account's links the list would show, ordered by a count of `counts` (link_id, clicks, previews), most first, then newest first. */
export async function listLinkRowsByCount(owner: Owner, query: LinkPageQuery, counts: SQL, column: 'clicks' | 'previews', now = new Date()) {
  const limit = query.limit ?? LINK_PAGE_DEFAULT
  const page = query.page ?? 1
  const { rows, total } = await repo.listLinksByCount(owner.accountId, listFilter(owner.accountId, query, now), counts, column, { limit, offset: (page - 1) * limit })
  return { rows, total, page, limit }
}

/**
 * One action on many of the account's links: switched on, off, or deleted. Ids of other
 * accounts' links, or of links already so, change nothing; answers the ids that changed.
 */
export async function changeLinks(owner: Owner, action: LinkBulkAction, ids: string[]) {
  const unique = [...new Set(ids)]
  const rows: LinkRow[] = []
  // What the messages say besides the rows changed, read before the change: its transactions wait on nothing else.
  const [former, tags] = action !== 'delete' && mayTell(owner.accountId, 'link.updated') ? await Promise.all([repo.formerAliasesOf(unique), repo.tagNamesOf(unique)]) : []
  const telling =
    action === 'delete'
      ? tellingOf(owner.accountId, 'link.deleted', deletedJson)
      : former && tellingOf(owner.accountId, 'link.updated', (row) => toLinkJson(row, former.get(row.id) ?? [], tags!.get(row.id) ?? []))
  const alongside =
    action === 'delete'
      ? recordingOf(owner, 'link.deleted', goneChanges, telling)
      : recordingOf(owner, 'link.updated', (row) => ({ isActive: { from: !row.isActive, to: row.isActive } }), telling)
  // A part at a time, each a short statement with its messages, letting the event loop go between them.
  for (let at = 0; at < unique.length; at += CHANGE_CHUNK) {
    if (at > 0) await yieldToLoop()
    const part = unique.slice(at, at + CHANGE_CHUNK)
    rows.push(...(action === 'delete' ? await repo.deleteLinks(owner.accountId, part, alongside) : await repo.setLinksActive(owner.accountId, part, action === 'activate', alongside)))
  }
  if (rows.length > 0) invalidateLink(...rows)
  return { action, changed: rows.map((row) => row.id) }
}

export async function updateLink(owner: Owner, id: string, changes: LinkChanges): Promise<Link> {
  const before = await getLinkRow(owner, id)
  const columns: Partial<repo.NewLinkRow> = columnsFrom(changes, before)
  if (columns.targetUrl !== before.targetUrl) await ensureNotShortLink('targetUrl', columns.targetUrl)
  if (columns.fallbackUrl !== before.fallbackUrl) await ensureNotShortLink('fallbackUrl', columns.fallbackUrl)
  await ensureRoutesNotShortLinks(columns, before)
  if (changes.isActive !== undefined) columns.isActive = changes.isActive
  const passwordHash = await passwordHashOf(changes.password)
  if (passwordHash !== undefined) columns.passwordHash = passwordHash
  // Checked when the card or what it needs changes: a link saved before these rules keeps working.
  if (CARD_FIELDS.some((field) => columns[field] !== undefined)) ensureCardComplete({ ...before, ...columns })
  if (columns.appLink !== undefined || columns.twitterApp !== undefined) ensureAppLinkHasApp({ ...before, ...columns })
  // A new image's size is unknown until it is read.
  if (columns.ogImage !== undefined && columns.ogImage !== before.ogImage) Object.assign(columns, { ogImageWidth: null, ogImageHeight: null, ogImageType: null, ogImageBytes: null })
  if (columns.domain && columns.domain !== before.domain) ensureAccountDomain(columns.domain, await verifiedDomainsOf(owner.accountId))
  const alias = columns.alias === undefined ? before.alias : columns.alias
  if (alias && columns.aliasKey && columns.aliasKey !== before.aliasKey && (await aliasIsTaken(alias, columns.domain === undefined ? before.domain : columns.domain, id))) aliasTaken()
  const tags = changes.tags === undefined ? undefined : checkedTagNames(changes.tags)
  const tagIds = tags ? await makeTags(owner, tags) : undefined
  const formerBefore = (await repo.formerAliasesOf([id])).get(id) ?? []
  const former = formerAliasesAfter(changes.formerAliases, before, formerBefore, columns.aliasKey === undefined ? before.aliasKey : columns.aliasKey)
  // What crawlers get changes: the card becomes its next version.
  const newCard = CARD_VERSION_FIELDS.some((field) => columns[field] !== undefined && !isDeepStrictEqual(columns[field], before[field]))
  const tagsBefore = (await repo.tagNamesOf([id])).get(id) ?? []
  let after: LinkRow | undefined
  let changed: Link | undefined
  try {
    // The link, its tags and the message that tells of them change together.
    after = await repo.updateLink(owner.accountId, id, columns, former, newCard, async (tx, row) => {
      const json = toLinkJson(row, former ?? formerBefore, tags ? await tagLink(owner, id, tags, tagIds!, tx) : tagsBefore)
      const fields = changesBetween({ ...before, tags: tagsBefore, formerAliases: formerBefore.map((one) => one.alias) }, { ...row, tags: json.tags, formerAliases: json.formerAliases }, changedFields(changes))
      const password = changes.password === undefined || (before.passwordHash === null && row.passwordHash === null) ? undefined : secretChange(before.passwordHash !== null, row.passwordHash !== null)
      if (fields || password) await recordLinkChanges(tx, owner, 'link.updated', [row], () => ({ ...fields, ...(password && { password }) }))
      await tellAccountEvents(tx, [{ accountId: owner.accountId, type: 'link.updated', data: () => json }])
      changed = json
    })
  } catch (error) {
    if (isUniqueViolation(error)) aliasTaken()
    throw error
  }
  if (!after || !changed) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  invalidateLink(before, after)
  if (after.ogImage !== before.ogImage) readImageOf(after)
  return changed
}

/**
 * The old aliases the link answers to after a change (undefined: as before). A link may keep only
 * aliases it has had, the one it had before this change among them; one it takes back as its
 * alias is no longer an old one.
 */
function formerAliasesAfter(asked: string[] | undefined, before: LinkRow, formerBefore: repo.FormerAlias[], aliasKeyAfter: string | null) {
  if (asked === undefined) {
    const taken = formerBefore.filter((former) => former.aliasKey !== aliasKeyAfter)
    return taken.length === formerBefore.length ? undefined : taken
  }
  const had = new Map(formerBefore.map((former) => [former.aliasKey, former]))
  if (before.alias && before.aliasKey) had.set(before.aliasKey, { alias: qualifiedAlias(before.domain, before.alias), aliasKey: before.aliasKey })
  const former = new Map<string, repo.FormerAlias>()
  for (const alias of asked) {
    const key = alias.trim().toLowerCase()
    const known = had.get(key)
    if (!known) throw fieldError('invalid', 'formerAliases', LINK_MESSAGES.formerAliases)
    if (key !== aliasKeyAfter) former.set(key, known)
  }
  if (former.size > FORMER_ALIASES_MAX) throw fieldError('invalid', 'formerAliases', LINK_MESSAGES.formerAliases)
  return [...former.values()]
}

/** What a link.deleted message says of the link. */
const deletedJson = (row: LinkRow) => ({ id: row.id, slug: row.slug, alias: row.alias, targetUrl: row.targetUrl, title: row.title })

/** The fields a change asks for that the audit log compares, by the names the link's JSON has: the password is a secret, told apart. */
const changedFields = (changes: LinkChanges) => Object.keys(changes).filter((field) => field !== 'password')

/** What the audit log keeps of a link made, or gone: where it led and what it was called. */
export const madeChanges = (row: LinkRow): AuditChanges => ({ targetUrl: { from: null, to: row.targetUrl }, title: { from: null, to: row.title } })
const goneChanges = (row: LinkRow): AuditChanges => ({ targetUrl: { from: row.targetUrl, to: null }, title: { from: row.title, to: null } })

/** Records, with the change's `tx`, an audit entry for each link it made, changed or deleted. */
function recordLinkChanges(tx: Db, owner: Owner, action: 'link.created' | 'link.updated' | 'link.deleted', rows: LinkRow[], changesOf: (row: LinkRow) => AuditChanges) {
  return recordAccountChanges(
    tx,
    actingOf(owner),
    rows.map((row) => ({ accountId: row.accountId, action, target: { type: 'link', id: row.id, name: row.domain ? `${row.domain}/${linkPath(row)}` : linkPath(row) }, changes: changesOf(row) })),
  )
}

/** What goes with a change of links in its transaction: their audit entries, and their messages when anyone wants them (`telling`). */
export function recordingOf(owner: Owner, action: 'link.created' | 'link.updated' | 'link.deleted', changesOf: (row: LinkRow) => AuditChanges, telling?: repo.AlongsideChange<LinkRow[]>): repo.AlongsideChange<LinkRow[]> {
  return async (tx, rows) => {
    await recordLinkChanges(tx, owner, action, rows, changesOf)
    await telling?.(tx, rows)
  }
}

/**
 * Stores a message of each link a change makes, changes or deletes, in the change's transaction,
 * when anyone may want the event of the account (else nothing, and no transaction for it).
 * `data` makes the message from the row alone: it runs inside that transaction.
 */
export function tellingOf(accountId: string, type: string, data: (row: LinkRow) => unknown): repo.AlongsideChange<LinkRow[]> | undefined {
  if (!mayTell(accountId, type)) return undefined
  return (tx, rows) => tellAccountEvents(tx, rows.map((row) => ({ accountId: row.accountId, type, data: () => data(row) })))
}

export async function deleteLink(owner: Owner, id: string) {
  const row = await repo.deleteLink(owner.accountId, id, recordingOf(owner, 'link.deleted', goneChanges, tellingOf(owner.accountId, 'link.deleted', deletedJson)))
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  invalidateLink(row)
}

/** `change` in the caller's transaction, or in one of its own: what a deletion tells commits with it. */
const inTransaction = <T>(tx: Db | undefined, change: (tx: Db) => Promise<T>) => (tx ? change(tx) : transaction(change))

/** Stores the link.deleted messages of these deleted links, in the deletion's transaction. */
const tellDeleted = (tx: Db, rows: LinkRow[]) => tellAccountEvents(tx, rows.map((row) => ({ accountId: row.accountId, type: 'link.deleted', data: () => deletedJson(row) })))

/** Deletes any account's link (super admin). */
export async function deleteLinkById(id: string, tx?: Db) {
  const row = await inTransaction(tx, async (on) => {
    const deleted = await repo.deleteLinkById(id, on)
    if (deleted) await tellDeleted(on, [deleted])
    return deleted
  })
  if (!row) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  afterCommit(tx, () => invalidateLink(row))
  return row
}

/** Deletes the links the user made in these accounts, in the caller's transaction (they stop resolving once it commits); answers how many. */
export async function deleteLinksCreatedBy(userId: string, accountIds: string[], tx?: Db) {
  const rows = await inTransaction(tx, async (on) => {
    const deleted = await repo.deleteLinksCreatedBy(userId, accountIds, on)
    await tellDeleted(on, deleted)
    return deleted
  })
  if (rows.length > 0) afterCommit(tx, () => invalidateLink(...rows))
  return rows.length
}

export { LINK_SORTS } from './repo'
export { tryLinkPassword } from './password-tries'
export { getTag, rekeyTags } from './tags'

/** A page of an account's or a person's links (admin panel), as link JSON. */
export async function listLinksPage(scope: repo.LinkScope, query: PageQuery<repo.LinkSort>): Promise<PageOf<Link>> {
  const { rows, total } = await repo.listLinksPage(scope, query)
  return { rows: await linksJson(rows), total }
}

export const countLinks = repo.countLinks
export const countLinksOnDomain = repo.countLinksOnDomain

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
