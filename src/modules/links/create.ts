// Making links: one createLinks for the app, the public API (one or a batch), imports and the
// assistant, with fresh slugs, aliases claimed once per batch and the rate each link counts against.
import { randomInt } from 'node:crypto'
import { consumeRate } from '../../platform/counters'
import { isUniqueViolation } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { slicer, yieldToLoop } from '../../platform/slices'
import { DEFAULT_TWITTER_CARD, type Plan } from '../../shared/domain'
import type { ImportedFrom } from '../../shared/imports'
import { aliasKeyOf, LINK_MESSAGES, RESERVED_ALIASES, SLUG_ALPHABET, SLUG_LENGTH } from '../../shared/link-rules'
import { PLAN_INFO } from '../../shared/plans'
import { RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import { aliasTaken, asNewRow, checkedNewLink, ensureAccountDomain, isSameLink, passwordHashOf, servesOncePerHost, type NewLinkInput } from './input'
import { verifiedDomainsOf } from '../domains/service'
import * as repo from './repo'
import { invalidateLink } from './resolve'
import type { Link, LinkInput } from './schema'
import { CHANGE_CHUNK, changeLinks, linkJson, madeChanges, readImageOf, recordingOf, tellingOf, toLinkJson, type LinkRow, type Owner } from './service'
import { checkedTagNames, makeTags, tagLinks } from './tags'

/** Who makes links: the owner, and the plan, which sets how many new links an hour and a day. */
export type Creator = Owner & { plan: Plan }

const HOUR_MS = 60 * 60_000

function randomSlug() {
  let slug = ''
  for (let i = 0; i < SLUG_LENGTH; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)]
  return slug
}

/** What one link asked for in a batch became: its row and tags (an identical one the account had: `existing`), or why it was not made. */
export type Made = { row: LinkRow; tags: string[]; aliasDropped?: string; domainDropped?: string; existing?: boolean } | { error: AppError }

export type CreateOptions = {
  /** Ids for the new links, so a batch done again after a crash makes none twice: a link whose id exists is answered as made. */
  ids?: string[]
  /** A taken alias leaves the link without one (`aliasDropped`) instead of failing it: imports keep short codes where free. */
  aliasesWhereFree?: boolean
  /** A domain that is not the account's leaves the link on the service's own host (`domainDropped`) instead of failing it: imports keep domains that are. */
  domainsWhereOwn?: boolean
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
  const serves = servesOncePerHost()
  const pause = slicer()
  for (const [index, input] of inputs.entries()) {
    await pause()
    try {
      wanted.push({ index, ...(await checkedNewLink(input, serves)) })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results[index] = { error }
    }
  }
  const domainsDropped = new Map<number, string>()
  wanted = await withoutForeignDomains(creator, wanted, results, options.domainsWhereOwn ? domainsDropped : undefined)
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
    const telling = tellingOf(creator.accountId, 'link.created', (row) => toLinkJson(row, [], tagsOf.get(row.id) ?? []))
    // An import's links are told of as one entry, the import finished (imports/service.ts).
    const stored = await insertNew(rows, options.imported ? telling : recordingOf(creator, 'link.created', madeChanges, telling))
    if (tagIds) await tagLinks(stored.map((row, i) => ({ linkId: row.id, names: placed[i]!.tags })), tagIds)
    for (const [i, row] of stored.entries()) {
      await pause()
      const link = placed[i]!
      const asked = inputs[link.index]!.alias?.trim()
      results[link.index] = { row, tags: link.tags, ...(asked && !row.alias && { aliasDropped: asked }), ...(domainsDropped.has(link.index) && { domainDropped: domainsDropped.get(link.index) }) }
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

/**
 * The wanted links but those asked on a domain that is not one of the account's (failed, or with
 * `dropped` moved to the service's own host and noted there), the domains read once for the batch.
 */
async function withoutForeignDomains(owner: Owner, wanted: Wanted[], results: (Made | undefined)[], dropped?: Map<number, string>) {
  if (!wanted.some((link) => link.columns.domain)) return wanted
  const domains = await verifiedDomainsOf(owner.accountId)
  return wanted.filter((link) => {
    const { domain, alias } = link.columns
    if (dropped && domain && !domains.has(domain)) {
      dropped.set(link.index, domain)
      link.columns.domain = null
      link.columns.aliasKey = alias ? aliasKeyOf(null, alias) : null
    }
    try {
      ensureAccountDomain(link.columns.domain, domains)
      return true
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results[link.index] = { error }
      return false
    }
  })
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
  const aliasKeys = wanted.flatMap((link) => (link.columns.aliasKey ? [link.columns.aliasKey] : []))
  // An alias may be no slug (slugs answer on every domain, first); a slug no alias of the service's own host.
  const taken = await repo.namesInUse([...slugs, ...aliases], [...[...slugs].map((slug) => slug.toLowerCase()), ...aliasKeys])
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

/**
 * Which of these aliases, each on its domain (null: the service's own host), are in use already, by
 * any account's link, as a former alias or as a slug, as claimNames finds them: their keys
 * (aliasKeyOf), in one look-up.
 */
export async function aliasesInUse(aliases: { alias: string; domain: string | null }[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set()
  const keys = aliases.map(({ alias, domain }) => aliasKeyOf(domain, alias))
  const taken = await repo.namesInUse(
    aliases.map(({ alias }) => alias),
    keys,
  )
  return new Set(keys.filter((key, i) => taken.keys.has(key) || taken.names.has(aliases[i]!.alias)))
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
