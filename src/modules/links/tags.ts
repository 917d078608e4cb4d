// Tags: an account's names for its links, each in a colour. A link names its tags; a name the
// account does not have yet becomes a tag in the default colour, so both APIs tag links in one call.
import { AppError, fieldError } from '../../platform/errors'
import { isUniqueViolation } from '../../platform/db'
import { yieldToLoop } from '../../platform/slices'
import { DEFAULT_TAG_COLOR, TAG_MESSAGES, tagKey, tagNameError, TAGS_PER_ACCOUNT_MAX, TAGS_PER_LINK_MAX, type TagColor } from '../../shared/tags'
import * as repo from './repo'

type Owner = { accountId: string }

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

async function ensureRoomFor(owner: Owner, more: number) {
  if (more > 0 && (await repo.countTags(owner.accountId)) + more > TAGS_PER_ACCOUNT_MAX) throw fieldError('invalid', 'tags', TAG_MESSAGES.tooManyInAccount)
}

export async function createTag(owner: Owner, input: { name: string; color?: TagColor }): Promise<Tag> {
  const name = checkedName(input.name)
  await ensureRoomFor(owner, 1)
  try {
    const row = await repo.insertTag({ accountId: owner.accountId, name, nameKey: tagKey(name), color: input.color ?? DEFAULT_TAG_COLOR })
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
    if (Object.keys(columns).length > 0) await repo.updateTag(owner.accountId, id, columns)
  } catch (error) {
    if (isUniqueViolation(error)) tagTaken()
    throw error
  }
  const tag = (await listTags(owner)).find((tag) => tag.id === id)
  if (!tag) throw new AppError('not_found', TAG_MESSAGES.notFound)
  return tag
}

/** Deletes one of the account's tags; its links lose it and stay as they are. */
export async function deleteTag(owner: Owner, id: string) {
  if (!(await repo.deleteTag(owner.accountId, id))) throw new AppError('not_found', TAG_MESSAGES.notFound)
}

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

/** Makes sure the account could hold these names as tags: refused before anything is saved. */
export async function ensureTagsFit(owner: Owner, names: string[]) {
  const known = new Set((await repo.findTagsByKey(owner.accountId, names.map(tagKey))).map((tag) => tag.nameKey))
  await ensureRoomFor(owner, names.filter((name) => !known.has(tagKey(name))).length)
}

/** Puts exactly these tags (checked names) on the account's link, making the ones it lacks. */
export async function tagLink(owner: Owner, linkId: string, names: string[]) {
  // Names the account has already are left as they are (their spelling and colour).
  await repo.insertTags(names.map((name) => ({ accountId: owner.accountId, name, nameKey: tagKey(name), color: DEFAULT_TAG_COLOR })))
  const tags = await repo.findTagsByKey(owner.accountId, names.map(tagKey))
  await repo.setLinkTags(
    linkId,
    tags.map((tag) => tag.id),
  )
}

/** Tags new links (checked names each), making the tags the account lacks, in one go for them all. */
export async function tagLinks(owner: Owner, links: { linkId: string; names: string[] }[]) {
  const names = checkedTagNames(links.flatMap((link) => link.names), Number.POSITIVE_INFINITY)
  // A part at a time: a thousand links of fifty tags each are fifty thousand rows, of up to a thousand tags.
  for (let at = 0; at < names.length; at += TAG_ROWS_A_PART) {
    if (at > 0) await yieldToLoop()
    await repo.insertTags(names.slice(at, at + TAG_ROWS_A_PART).map((name) => ({ accountId: owner.accountId, name, nameKey: tagKey(name), color: DEFAULT_TAG_COLOR })))
  }
  const idOf = new Map((await repo.findTagsByKey(owner.accountId, names.map(tagKey))).map((tag) => [tag.nameKey, tag.id]))
  const pairs = links.flatMap((link) => link.names.map((name) => ({ linkId: link.linkId, tagId: idOf.get(tagKey(name))! })))
  for (let at = 0; at < pairs.length; at += TAG_ROWS_A_PART) {
    await yieldToLoop()
    await repo.addLinkTags(pairs.slice(at, at + TAG_ROWS_A_PART))
  }
}

/** The names of each of these links' tags, A to Z. */
export const tagNamesOf = (linkIds: string[]) => repo.tagNamesOf(linkIds)
