// Tags: an account's names for its links, each in a colour. A link names its tags; a name the
// account does not have yet becomes a tag in the default colour, so both APIs tag links in one call.
import { AppError, fieldError } from '../../platform/errors'
import { isUniqueViolation, transaction, type Db } from '../../platform/db'
import { yieldToLoop } from '../../platform/slices'
import { type AccountCap, withinAccountCap } from '../accounts/service'
import { DEFAULT_TAG_COLOR, TAG_MESSAGES, tagKey, tagNameError, TAGS_PER_ACCOUNT_MAX, TAGS_PER_LINK_MAX, type TagColor } from '../../shared/tags'
import { actingOf, changesBetween, recordAccountChanges, type Acting } from '../audit/service'
import * as repo from './repo'

type Owner = { accountId: string; acting?: Acting }

// Tags made, or put on links, in one statement: a few milliseconds' work.
const TAG_ROWS_A_PART = 100
export type Tag = { id: string; name: string; color: TagColor; links: number }

export const listTags = (owner: Owner): Promise<Tag[]> => repo.listTags(owner.accountId)

function checkedName(name: string, field = 'name') {
  const trimmed = name.trim()
  const problem = tagNameError(trimmed)
  if (problem) throw fieldError('invalid', field, problem)
  return trimmed
}

const tagTaken = (): never => {
  throw fieldError('conflict', 'name', TAG_MESSAGES.taken)
}

/**
 * The account's room for tags: counted and written holding the account (withinAccountCap), so
 * requests adding tags at once, on any instance, never pass the cap together.
 */
const tagCap = (owner: Owner, adding: AccountCap['adding'] = 1): AccountCap => ({
  limit: TAGS_PER_ACCOUNT_MAX,
  count: (tx) => repo.countTags(owner.accountId, tx),
  refusal: () => fieldError('invalid', 'tags', TAG_MESSAGES.tooManyInAccount),
  adding,
})

export async function createTag(owner: Owner, input: { name: string; color?: TagColor }): Promise<Tag> {
  const name = checkedName(input.name)
  try {
    const row = await withinAccountCap(owner.accountId, tagCap(owner), async (tx) => {
      const row = await repo.insertTag({ accountId: owner.accountId, name, nameKey: tagKey(name), color: input.color ?? DEFAULT_TAG_COLOR }, tx)
      await recordTagsMade(tx, owner, [row])
      return row
    })
    return { id: row.id, name: row.name, color: row.color, links: 0 }
  } catch (error) {
    if (isUniqueViolation(error)) tagTaken()
    throw error
  }
}

/** Renames or recolours one of the account's tags; its links keep it. */
export async function updateTag(owner: Owner, id: string, changes: { name?: string; color?: TagColor }): Promise<Tag> {
  const name = changes.name === undefined ? undefined : checkedName(changes.name)
  const columns = { ...(name !== undefined && { name, nameKey: tagKey(name) }), ...(changes.color && { color: changes.color }) }
  try {
    if (Object.keys(columns).length > 0)
      await transaction(async (tx) => {
        const before = await repo.findTag(owner.accountId, id, tx)
        const after = await repo.updateTag(owner.accountId, id, columns, tx)
        const changes = before && after && changesBetween(before, after, ['name', 'color'])
        if (changes) await recordAccountChanges(tx, actingOf(owner), [{ accountId: owner.accountId, action: 'tag.updated', target: { type: 'tag', id, name: after.name }, changes }])
      })
  } catch (error) {
    if (isUniqueViolation(error)) tagTaken()
    throw error
  }
  const tag = (await listTags(owner)).find((tag) => tag.id === id)
  if (!tag) throw new AppError('not_found', TAG_MESSAGES.notFound)
  return tag
}

/** One of the account's tags; another account's, like an unknown one, is not found. */
export async function getTag(owner: Owner, id: string) {
  const row = await repo.findTag(owner.accountId, id)
  if (!row) throw new AppError('not_found', TAG_MESSAGES.notFound)
  return row
}

/** Deletes one of the account's tags; its links lose it and stay as they are. */
export async function deleteTag(owner: Owner, id: string) {
  const deleted = await transaction(async (tx) => {
    const row = await repo.deleteTag(owner.accountId, id, tx)
    if (row)
      await recordAccountChanges(tx, actingOf(owner), [
        { accountId: owner.accountId, action: 'tag.deleted', target: { type: 'tag', id, name: row.name }, changes: { name: { from: row.name, to: null }, color: { from: row.color, to: null } } },
      ])
    return row
  })
  if (!deleted) throw new AppError('not_found', TAG_MESSAGES.notFound)
}

/** Records, with `tx`, the tags a change made: on their own, or for the links that name them. */
const recordTagsMade = (tx: Db, owner: Owner, rows: Pick<repo.TagRow, 'id' | 'name' | 'color'>[]) =>
  recordAccountChanges(
    tx,
    actingOf(owner),
    rows.map((row) => ({ accountId: owner.accountId, action: 'tag.created', target: { type: 'tag', id: row.id, name: row.name }, changes: { name: { from: null, to: row.name }, color: { from: null, to: row.color } } })),
  )

/** The tag names a link is given (or `max` of them), trimmed, each once (in any letter case), checked. */
export function checkedTagNames(names: string[], max = TAGS_PER_LINK_MAX) {
  const byKey = new Map<string, string>()
  for (const name of names) {
    const checked = checkedName(name, 'tags')
    if (!byKey.has(tagKey(checked))) byKey.set(tagKey(checked), checked)
  }
  if (byKey.size > max) throw fieldError('invalid', 'tags', TAG_MESSAGES.tooManyOnLink)
  return [...byKey.values()]
}

/**
 * The ids of these tags (checked names) by key, making the ones the account lacks in the default
 * colour, within the account's cap. Made before the links that carry them are written, so a
 * refusal saves nothing; names the account has already keep their spelling and colour.
 */
export async function makeTags(owner: Owner, names: string[]): Promise<Map<string, string>> {
  const keys = names.map(tagKey)
  const idsOf = (rows: repo.TagRow[]) => new Map(rows.map((tag) => [tag.nameKey, tag.id]))
  const known = idsOf(await repo.findTagsByKey(owner.accountId, keys))
  if (known.size === new Set(keys).size) return known
  return withinAccountCap(
    owner.accountId,
    tagCap(owner, async (tx) => {
      const held = new Set((await repo.findTagsByKey(owner.accountId, keys, tx)).map((tag) => tag.nameKey))
      return new Set(keys.filter((key) => !held.has(key))).size
    }),
    async (tx) => {
      const had = new Set((await repo.findTagsByKey(owner.accountId, keys, tx)).map((tag) => tag.id))
      await repo.insertTags(
        names.map((name) => ({ accountId: owner.accountId, name, nameKey: tagKey(name), color: DEFAULT_TAG_COLOR })),
        tx,
      )
      const rows = await repo.findTagsByKey(owner.accountId, keys, tx)
      await recordTagsMade(tx, owner, rows.filter((tag) => !had.has(tag.id)))
      return idsOf(rows)
    },
  )
}

/**
 * Puts exactly these tags (checked names, made by makeTags) on the account's link, in `tx` when
 * given; answers the link's tag names as they are stored, in order of their keys.
 */
export async function tagLink(owner: Owner, linkId: string, names: string[], idOf: Map<string, string>, tx?: Db) {
  const ids = new Set(idsOf(names, idOf))
  await repo.setLinkTags(linkId, [...ids], tx)
  const tags = (await repo.findTagsByKey(owner.accountId, names.map(tagKey), tx)).filter((tag) => ids.has(tag.id))
  return tags.sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0)).map((tag) => tag.name)
}

/** Tags new links (checked names each, made by makeTags), a part at a time: a thousand links of fifty tags each are fifty thousand rows. */
export async function tagLinks(links: { linkId: string; names: string[] }[], idOf: Map<string, string>) {
  const pairs = links.flatMap((link) => idsOf(link.names, idOf).map((tagId) => ({ linkId: link.linkId, tagId })))
  for (let at = 0; at < pairs.length; at += TAG_ROWS_A_PART) {
    if (at > 0) await yieldToLoop()
    await repo.addLinkTags(pairs.slice(at, at + TAG_ROWS_A_PART))
  }
}

// A tag deleted between its making and its link's write is left off, as if deleted just after.
const idsOf = (names: string[], idOf: Map<string, string>) => names.flatMap((name) => idOf.get(tagKey(name)) ?? [])

/**
 * Keys the tags stored before names were compared after Unicode normalisation (tagKey) again. Tags
 * of one account that now read the same become one: the tag already keyed so (else the oldest)
 * keeps its name and colour and gains the others' links.
 */
export async function rekeyTags(tx: Db) {
  for (const tag of await repo.tagsBeyondAscii(tx)) {
    const key = tagKey(tag.name)
    if (key === tag.nameKey) continue
    const [kept] = await repo.findTagsByKey(tag.accountId, [key], tx)
    if (kept) await repo.mergeTag(tag.id, kept.id, tx)
    else await repo.setTagKey(tag.id, key, tx)
  }
}
