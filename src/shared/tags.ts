// Tags: names an account gives its links to find them again, each in a colour of the palette.
// Shared by the server, which enforces them, and the web app.
import { hasControlCharacters, nameKey } from './text'

export const TAG_NAME_MAX = 40
// Enough for any way of sorting links; a bound on what one request may ask.
export const TAGS_PER_LINK_MAX = 50
export const TAGS_PER_ACCOUNT_MAX = 1000

export const TAG_COLORS = ['slate', 'red', 'amber', 'emerald', 'sky', 'indigo', 'violet', 'pink'] as const
export type TagColor = (typeof TAG_COLORS)[number]
export const DEFAULT_TAG_COLOR: TagColor = 'indigo'

// One line, without commas: a comma separates tags wherever they are typed or exported.
export const TAG_NAME_PATTERN = '^[^\\u0000-\\u001f\\u007f,]*[^\\u0000-\\u001f\\u007f,\\s][^\\u0000-\\u001f\\u007f,]*$'

export const TAG_MESSAGES = {
  name: `A tag name is 1 to ${TAG_NAME_MAX} characters on one line, without commas.`,
  tooManyOnLink: `A link has at most ${TAGS_PER_LINK_MAX} tags.`,
  tooManyInAccount: `An account has at most ${TAGS_PER_ACCOUNT_MAX} tags; delete some first.`,
  taken: 'You already have a tag with this name.',
  notFound: 'Tag not found.',
  color: `color must be one of ${TAG_COLORS.join(', ')}.`,
} as const

/** What is wrong with a tag name (trimmed), or undefined. */
export function tagNameError(name: string): string | undefined {
  if (!name || name.length > TAG_NAME_MAX || name.includes(',') || hasControlCharacters(name)) return TAG_MESSAGES.name
  return undefined
}

/** The key two names share when they read the same (nameKey): one tag in an account. */
export const tagKey = nameKey
