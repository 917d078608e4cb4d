// Share links: the rules (shared with the web form), ownership, slugs and aliases, and look-ups
// for the redirect path.
import { randomInt } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { SQL } from 'drizzle-orm'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { afterCommit, isUniqueViolation, transaction, type Db } from '../../platform/db'
import { mayTell, tellAccountEvents } from '../../platform/events'
import { AppError, fieldError } from '../../platform/errors'
import { slicer, yieldToLoop } from '../../platform/slices'
import type { PageOf, PageQuery } from '../../platform/paging'
import { DEFAULT_TWITTER_CARD } from '../../shared/domain'
import { LINK_PAGE_DEFAULT, type LinkBulkAction, type LinkStatusFilter } from '../../shared/link-list'
import { PLAN_INFO } from '../../shared/plans'
import { RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import type { Plan } from '../../shared/domain'
import { tagKey } from '../../shared/tags'
import type { ImportedFrom } from '../../shared/imports'
import { cardImagePath } from '../../shared/card-images'
import { inPlatformOrder } from '../../shared/platform-cards'
import {
  aliasError,
  FORMER_ALIASES_MAX,
  LINK_MESSAGES,
  linkPath,
  normalizeTargetUrl,
  RESERVED_ALIASES,
  SLUG_ALPHABET,
  SLUG_LENGTH,
} from '../../shared/link-rules'
import { servesShortLinks } from '../domains/service'
import { invalidateLink, withNormalizedUrls } from './resolve'
import { asNewRow, CARD_FIELDS, CARD_VERSION_FIELDS, checkedNewLink, columnsFrom, ensureCardComplete, ensureNotShortLink, ensureRoutesNotShortLinks, isSameLink, type NewLinkInput } from './input'
import { imageFactsOf, inBackground } from '../metadata/image-facts'
import * as repo from './repo'
import { passwordLockOf } from './password-tries'
import { checkedTagNames, makeTags, tagLink, tagLinks } from './tags'
import type { Link, LinkChanges, LinkDetail, LinkInput } from './schema'

export type LinkRow = repo.LinkRow
/** Who a link belongs to: the account, and the person (if any) who made it. */
export type Owner = { accountId: string; userId?: string | null }

/** The short link itself: PUBLIC_URL and the alias or slug. */
export const shortUrlOf = (row: Pick<LinkRow, 'slug' | 'alias'>) => `${config.publicUrl}/${encodeURIComponent(linkPath(row))}`

/** The card image Linkcard makes for the link, when it uses one: a layout and no image of its own. */
export const cardImageUrlOf = (row: Pick<LinkRow, 'slug' | 'cardImage' | 'ogImage' | 'cardVersion'>) =>
  row.cardImage && !row.ogImage ? `${config.publicUrl}${cardImagePath(row.slug, row.cardVersion)}` : null

/** The link's id, slug and addresses: what a create answers. */
export const linkAddressesOf = (row: LinkRow) => ({
  id: row.id,
  slug: row.slug,
  url: shortUrlOf(row),
  qrCodeUrl: `${config.publicUrl}/api/qr/${encodeURIComponent(linkPath(row))}`,
})

function toLinkJson(stored: LinkRow, formerAliases: repo.FormerAlias[], tags: string[]): Link {
  const row = withNormalizedUrls(stored)
  return {
    ...linkAddressesOf(row),
    alias: row.alias,
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
    cardImage: row.cardImage,
    cardImageUrl: cardImageUrlOf(row),
    cardVersion: row.cardVersion,
    canonicalUrl: row.canonicalUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    fallbackUrl: row.fallbackUrl,
    iosUrl: row.iosUrl,
    androidUrl: row.androidUrl,
    geoTargets: row.geoTargets,
    clickLimit: row.clickLimit,
    hasPassword: row.passwordHash !== null,
    isActive: row.isActive,
    importedFrom: row.importedFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Links as both APIs show them, with the old aliases each still answers to and their tags (read at once). */
export async function linksJson(rows: LinkRow[]): Promise<Link[]> {
  const ids = rows.map((row) => row.id)
  const [former, tags] = await Promise.all([repo.formerAliasesOf(ids), repo.tagNamesOf(ids)])
  return rows.map((row) => toLinkJson(row, former.get(row.id) ?? [], tags.get(row.id) ?? []))
}

const linkJson = async (row: LinkRow) => (await linksJson([row]))[0]!

// OWASP's argon2id minimum (19 MiB, two passes): a link's password guards one link, tries are
// rate limited, and links are made a thousand at a time; a hash states its own cost, so older ones verify.
const LINK_PASSWORD_HASH = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

/** What a link stores of the password given: its argon2id hash, null to ask for none, undefined to leave it as it is. */
async function passwordHashOf(password: string | null | undefined) {
  if (password === undefined || password === null) return password
  return Bun.password.hash(password, LINK_PASSWORD_HASH)
}

const aliasTaken = (): never => {
  throw fieldError('conflict', 'alias', LINK_MESSAGES.aliasTaken)
}

/** Whether another link has the alias (in any letter case) or has it as its exact slug, which resolves first. */
async function aliasIsTaken(alias: string, exceptId?: string) {
  const [byAlias, bySlug] = await Promise.all([repo.findByAliasKey(alias.toLowerCase()), repo.findBySlug(alias)])
  return Boolean((byAlias && byAlias.id !== exceptId) || (bySlug && bySlug.id !== exceptId))
}

async function ensureAliasFree(alias: string | null | undefined, exceptId?: string) {
  if (alias && (await aliasIsTaken(alias, exceptId))) aliasTaken()
}

/**
 * Whether an alias could be given to a new link, or to the link `exceptId`, as the link form asks
 * while it is typed: the alias rules' message, or whether another link has it.
 */
export async function aliasAvailability(alias: string, exceptId?: string) {
  const text = alias.trim()
  const problem = aliasError(text)
  if (problem) return { alias: text, available: false, message: problem }
  if (await aliasIsTaken(text, exceptId)) return { alias: text, available: false, message: LINK_MESSAGES.aliasTaken }
  return { alias: text, available: true, message: null }
}

/** Who makes links: the owner, and the plan, which sets how many new links an hour and a day. */
export type Creator = Owner & { plan: Plan }

const HOUR_MS = 60 * 60_000

function randomSlug() {
  let slug = ''
  for (let i = 0; i < SLUG_LENGTH; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)]
  return slug
}

/** What one link asked for in a batch became: its row and tags (an identical one the account had: `existing`), or why it was not made. */
export type Made = { row: LinkRow; tags: string[]; aliasDropped?: string; existing?: boolean } | { error: AppError }

export type CreateOptions = {
  /** Ids for the new links, so a batch done again after a crash makes none twice: a link whose id exists is answered as made. */
  ids?: string[]
  /** A taken alias leaves the link without one (`aliasDropped`) instead of failing it: imports keep short codes where free. */
  aliasesWhereFree?: boolean
  /** Imported links: whether each comes in switched on, and its history at the service it came from. */
  imported?: { isActive: boolean; importedFrom: ImportedFrom }[]
  /**
   * A link the same as one the account has (the same-link rule, isSameLink), or as one earlier in
   * the batch, answers that link (`existing`) instead of being made: the public API's retries are safe.
   */
  reuseSame?: boolean
  /** Nothing is kept when a link fails: those made are deleted again, and the first failure is thrown, as this words it. */
  allOrNothing?: (error: AppError, index: number) => AppError
}

// Links made, changed or given a new card version in one statement (one transaction on SQLite),
// the event loop let go between them: a few milliseconds' work each.
const CHANGE_CHUNK = 50

type Wanted = { index: number; columns: Partial<repo.NewLinkRow>; tags: string[] }

/**
 * Makes links: the app's create, the public API's (one or a batch), imports and the assistant all
 * come here. Each link is checked on its own, so one link's problem is its own result. The batch
 * costs one rate count (each new link counts), one look-up of the names it needs and one insert per
 * CHANGE_CHUNK links.
 */
export async function createLinks(creator: Creator, inputs: NewLinkInput[], options: CreateOptions = {}): Promise<Made[]> {
  const results: (Made | undefined)[] = new Array(inputs.length)
  let wanted: Wanted[] = []
  const serves = new Map<string, Promise<boolean>>()
  // Whether short links answer on the URL's host, asked once per host in the batch.
  const servesOnce = (url: URL) => {
    let answer = serves.get(url.host)
    if (!answer) serves.set(url.host, (answer = servesShortLinks(url)))
    return answer
  }
  const pause = slicer()
  for (const [index, input] of inputs.entries()) {
    await pause()
    try {
      wanted.push({ index, ...(await checkedNewLink(input, servesOnce)) })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results[index] = { error }
    }
  }
  throwFirstFailure(results, options.allOrNothing)
  const sameAs = new Map<number, number>()
  if (options.reuseSame) wanted = await withoutSameLinks(creator, inputs, wanted, results, sameAs, pause)
  if (wanted.length > 0) {
    // One account may not fill the database at the speed of its requests; every link counts.
    const plan = PLAN_INFO[creator.plan]
    const rules = [
      { limit: plan.linksPerHour, windowMs: HOUR_MS },
      { limit: plan.linksPerDay, windowMs: 24 * HOUR_MS },
    ]
    const rate = await consumeRate(`link-create:${creator.accountId}`, rules, wanted.length)
    if (!rate.allowed) throw new AppError('rate_limited', RATE_LIMIT_MESSAGES.linksCreated(rate.retryAfter), undefined, rate.retryAfter)
    await claimNames(wanted, results, options.aliasesWhereFree === true)
    const placed = wanted.filter((link) => !results[link.index])
    // The tags the links need are made first, within the account's cap: past it, nothing is saved.
    const allTags = checkedTagNames(placed.flatMap((link) => link.tags), Number.POSITIVE_INFINITY)
    const tagIds = allTags.length > 0 ? await makeTags(creator, allTags) : undefined
    // Hashed side by side: argon2 runs off the request thread.
    const passwordHashes = await Promise.all(placed.map((link) => passwordHashOf(inputs[link.index]!.password)))
    const rows: repo.NewLinkRow[] = placed.map((link, i) => ({
      twitterCard: DEFAULT_TWITTER_CARD,
      ...(link.columns as repo.NewLinkRow),
      id: options.ids?.[link.index] ?? Bun.randomUUIDv7(),
      ...(options.imported?.[link.index] && { isActive: options.imported[link.index]!.isActive, importedFrom: options.imported[link.index]!.importedFrom }),
      passwordHash: passwordHashes[i] ?? null,
      accountId: creator.accountId,
      createdBy: creator.userId ?? null,
    }))
    const tagsOf = new Map(rows.map((row, i) => [row.id!, placed[i]!.tags]))
    const stored = await insertNew(rows, tellingOf(creator.accountId, 'link.created', (row) => toLinkJson(row, [], tagsOf.get(row.id) ?? [])))
    if (tagIds) await tagLinks(stored.map((row, i) => ({ linkId: row.id, names: placed[i]!.tags })), tagIds)
    for (const [i, row] of stored.entries()) {
      await pause()
      const link = placed[i]!
      const asked = inputs[link.index]!.alias?.trim()
      results[link.index] = { row, tags: link.tags, ...(asked && !row.alias && { aliasDropped: asked }) }
      readImageOf(row)
    }
    // A miss for these aliases or slugs may be cached from before they existed.
    if (stored.length > 0) invalidateLink(...stored)
    if (options.allOrNothing && wanted.some((link) => results[link.index] && 'error' in results[link.index]!)) {
      await changeLinks(creator, 'delete', stored.map((row) => row.id))
      throwFirstFailure(results, options.allOrNothing)
    }
  }
  // A link the same as an earlier one of the batch is what that one became.
  for (const [index, earlier] of sameAs) {
    const made = results[earlier]!
    results[index] = 'error' in made ? made : { row: made.row, tags: made.tags, existing: true }
  }
  return results as Made[]
}

function throwFirstFailure(results: (Made | undefined)[], allOrNothing: CreateOptions['allOrNothing']) {
  if (!allOrNothing) return
  const index = results.findIndex((result) => result && 'error' in result)
  if (index >= 0) throw allOrNothing((results[index] as { error: AppError }).error, index)
}

/**
 * The wanted links but those the same as a link the account has (answered as it) or as one earlier
 * in the batch (noted in `sameAs`, answered as that one once made).
 */
async function withoutSameLinks(owner: Owner, inputs: NewLinkInput[], wanted: Wanted[], results: (Made | undefined)[], sameAs: Map<number, number>, pause: () => Promise<void>) {
  const candidates = await repo.findByTargetKeys(owner.accountId, [...new Set(wanted.map((link) => link.columns.targetKey!))])
  const tagsOf = await repo.tagNamesOf(candidates.map((row) => row.id))
  const byTarget = Map.groupBy(candidates, (row) => row.targetKey)
  const toMake: Wanted[] = []
  // New links by target key, for finding an earlier twin without going through them all.
  const toMakeByTarget = new Map<string, Wanted[]>()
  for (const link of wanted) {
    await pause()
    const key = link.columns.targetKey!
    // A link asked for with a password is made anew: its password cannot be compared with a stored hash cheaply.
    if (!inputs[link.index]!.password) {
      const row = byTarget.get(key)?.find((row) => isSameLink(row, tagsOf.get(row.id) ?? [], link.columns, link.tags))
      if (row) {
        results[link.index] = { row, tags: tagsOf.get(row.id) ?? [], existing: true }
        continue
      }
      const twin = toMakeByTarget.get(key)?.find((other) => !inputs[other.index]!.password && isSameLink(asNewRow(other.columns), other.tags, link.columns, link.tags))
      if (twin) {
        sameAs.set(link.index, twin.index)
        continue
      }
    }
    toMake.push(link)
    const twins = toMakeByTarget.get(key)
    if (twins) twins.push(link)
    else toMakeByTarget.set(key, [link])
  }
  return toMake
}

/**
 * Gives each wanted link a fresh slug (no route, alias or other slug) and checks the aliases asked
 * for, in one look-up for the batch: a taken alias (or one asked twice) fails its link, or with
 * `dropTaken` leaves it without an alias.
 */
async function claimNames(wanted: { index: number; columns: Partial<repo.NewLinkRow> }[], results: (Made | undefined)[], dropTaken: boolean) {
  const slugs = new Set<string>()
  for (const link of wanted) {
    let slug: string
    do slug = randomSlug()
    while (RESERVED_ALIASES.has(slug.toLowerCase()) || slugs.has(slug))
    slugs.add(slug)
    link.columns.slug = slug
  }
  const aliases = wanted.flatMap((link) => (link.columns.alias ? [link.columns.alias] : []))
  const names = [...slugs, ...aliases]
  const taken = await repo.namesInUse(names, names.map((name) => name.toLowerCase()))
  const claimed = new Set<string>()
  for (const link of wanted) {
    const { alias, aliasKey } = link.columns
    if (alias && aliasKey && (taken.names.has(alias) || taken.keys.has(aliasKey) || claimed.has(aliasKey))) {
      if (!dropTaken) {
        results[link.index] = { error: fieldError('conflict', 'alias', LINK_MESSAGES.aliasTaken) }
        continue
      }
      link.columns.alias = link.columns.aliasKey = null
    }
    if (link.columns.aliasKey) claimed.add(link.columns.aliasKey)
    // A slug clashing with a name in use (rare: 62^7 slugs) is drawn again, and checked on its own.
    while (taken.names.has(link.columns.slug!) || taken.keys.has(link.columns.slug!.toLowerCase()) || claimed.has(link.columns.slug!.toLowerCase())) link.columns.slug = await newSlug()
    claimed.add(link.columns.slug!.toLowerCase())
  }
}

/** Which of these aliases (lower case) are in use already: by a link, as a former alias or as a slug. */
export async function aliasesInUse(aliases: string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set()
  const keys = aliases.map((alias) => alias.toLowerCase())
  const taken = await repo.namesInUse(aliases, keys)
  return new Set(keys.filter((key, i) => taken.keys.has(key) || taken.names.has(aliases[i]!)))
}

/** A fresh slug that is no route, no alias and no other slug, checked alone. */
async function newSlug() {
  for (;;) {
    const slug = randomSlug()
    if (RESERVED_ALIASES.has(slug.toLowerCase())) continue
    const taken = await repo.namesInUse([slug], [slug.toLowerCase()])
    if (taken.names.size === 0 && taken.keys.size === 0) return slug
  }
}

/**
 * Inserts the rows a chunk at a time; rows whose id exists (a batch done again) are read back as
 * they are. Should another request take a slug or alias meanwhile, the chunk goes a row at a time
 * and the row that lost gets a new slug, or the alias's 409.
 */
async function insertNew(rows: repo.NewLinkRow[], telling?: repo.AlongsideChange<LinkRow[]>): Promise<LinkRow[]> {
  const stored: LinkRow[] = []
  for (let i = 0; i < rows.length; i += CHANGE_CHUNK) {
    if (i > 0) await yieldToLoop()
    const chunk = rows.slice(i, i + CHANGE_CHUNK)
    try {
      stored.push(...(await repo.insertLinks(chunk, telling)))
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      for (const row of chunk) stored.push(await insertRacing(row, telling))
    }
  }
  return stored
}

async function insertRacing(row: repo.NewLinkRow, telling?: repo.AlongsideChange<LinkRow[]>): Promise<LinkRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await repo.insertLinks([row], telling))[0]!
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Two requests raced for one alias: the loser gets the same 409 as if it had come second.
      if (row.aliasKey && (await repo.findByAliasKey(row.aliasKey))) aliasTaken()
      if (attempt >= 3) throw error
      row.slug = await newSlug()
    }
  }
}

export async function createLink(creator: Creator, input: LinkInput): Promise<Link> {
  const [made] = await createLinks(creator, [input])
  if ('error' in made!) throw made.error
  return made.tags.length === 0 ? toLinkJson(made.row, [], []) : linkJson(made.row)
}

/** Reads the link's image in the background and stores its size and type for the card. */
function readImageOf(row: LinkRow) {
  const image = row.ogImage
  if (!image) return
  inBackground(async () => {
    const stored = await repo.setImageFacts(row.id, image, await imageFactsOf(image))
    if (stored) invalidateLink(stored)
  })
}

/** When each of the link's card versions began, oldest first. */
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
export type LinkPageQuery = { limit?: number; page?: number; search?: string; status?: LinkStatusFilter; tag?: string; order?: repo.LinkRowOrder }

const listFilter = (query: LinkPageQuery, now: Date): repo.LinkListFilter => ({
  search: query.search?.trim() || undefined,
  status: query.status ?? 'all',
  tag: query.tag?.trim() ? tagKey(query.tag) : undefined,
  now,
})

/** One page of the account's links (newest first unless ordered otherwise), with the paging it was read with and the total that match. */
export async function listLinkRows(owner: Owner, query: LinkPageQuery = {}, now = new Date()) {
  const limit = query.limit ?? LINK_PAGE_DEFAULT
  const page = query.page ?? 1
  const { rows, total } = await repo.listLinks(owner.accountId, listFilter(query, now), query.order ?? 'newest', { limit, offset: (page - 1) * limit })
  return { rows, total, page, limit }
}

/** One page of the account's links the list would show, ordered by a count of `counts` (link_id, clicks, previews), most first, then newest first. */
export async function listLinkRowsByCount(owner: Owner, query: LinkPageQuery, counts: SQL, column: 'clicks' | 'previews', now = new Date()) {
  const limit = query.limit ?? LINK_PAGE_DEFAULT
  const page = query.page ?? 1
  const { rows, total } = await repo.listLinksByCount(owner.accountId, listFilter(query, now), counts, column, { limit, offset: (page - 1) * limit })
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
  // A part at a time, each a short statement with its messages, letting the event loop go between them.
  for (let at = 0; at < unique.length; at += CHANGE_CHUNK) {
    if (at > 0) await yieldToLoop()
    const part = unique.slice(at, at + CHANGE_CHUNK)
    rows.push(...(action === 'delete' ? await repo.deleteLinks(owner.accountId, part, telling) : await repo.setLinksActive(owner.accountId, part, action === 'activate', telling)))
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
  // A new image's size is unknown until it is read.
  if (columns.ogImage !== undefined && columns.ogImage !== before.ogImage) Object.assign(columns, { ogImageWidth: null, ogImageHeight: null, ogImageType: null, ogImageBytes: null })
  if (columns.aliasKey && columns.aliasKey !== before.aliasKey) await ensureAliasFree(columns.alias, id)
  const tags = changes.tags === undefined ? undefined : checkedTagNames(changes.tags)
  const tagIds = tags ? await makeTags(owner, tags) : undefined
  const formerBefore = (await repo.formerAliasesOf([id])).get(id) ?? []
  const former = formerAliasesAfter(changes.formerAliases, before, formerBefore, columns.aliasKey === undefined ? before.aliasKey : columns.aliasKey)
  // What crawlers get changes: the card becomes its next version.
  const newCard = CARD_VERSION_FIELDS.some((field) => columns[field] !== undefined && !isDeepStrictEqual(columns[field], before[field]))
  const tagsBefore = tags ? undefined : ((await repo.tagNamesOf([id])).get(id) ?? [])
  let after: LinkRow | undefined
  let changed: Link | undefined
  try {
    // The link, its tags and the message that tells of them change together.
    after = await repo.updateLink(owner.accountId, id, columns, former, newCard, async (tx, row) => {
      const json = toLinkJson(row, former ?? formerBefore, tags ? await tagLink(owner, id, tags, tagIds!, tx) : tagsBefore!)
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
  if (before.alias && before.aliasKey) had.set(before.aliasKey, { alias: before.alias, aliasKey: before.aliasKey })
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

/**
 * Stores a message of each link a change makes, changes or deletes, in the change's transaction,
 * when anyone may want the event of the account (else nothing, and no transaction for it).
 * `data` makes the message from the row alone: it runs inside that transaction.
 */
function tellingOf(accountId: string, type: string, data: (row: LinkRow) => unknown): repo.AlongsideChange<LinkRow[]> | undefined {
  if (!mayTell(accountId, type)) return undefined
  return (tx, rows) => tellAccountEvents(tx, rows.map((row) => ({ accountId: row.accountId, type, data: () => data(row) })))
}

export async function deleteLink(owner: Owner, id: string) {
  const row = await repo.deleteLink(owner.accountId, id, tellingOf(owner.accountId, 'link.deleted', deletedJson))
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
export { rekeyTags } from './tags'

/** A page of an account's or a person's links (admin panel), as link JSON. */
export async function listLinksPage(scope: repo.LinkScope, query: PageQuery<repo.LinkSort>): Promise<PageOf<Link>> {
  const { rows, total } = await repo.listLinksPage(scope, query)
  return { rows: await linksJson(rows), total }
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
