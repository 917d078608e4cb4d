// Rules for every text a person or client sends, shared by the forms and the server.

// C0 controls and DEL, as regular-expression character ranges. Tabs and line breaks belong only
// in text that may span lines.
const CONTROL = '\\u0000-\\u001f\\u007f'
const CONTROL_EXCEPT_LINE_BREAKS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f'
const control = new RegExp(`[${CONTROL}]`)
const controlExceptLineBreaks = new RegExp(`[${CONTROL_EXCEPT_LINE_BREAKS}]`)

// The same rules as schema patterns, for the API's document.
/** One line of text: no control character. */
export const SINGLE_LINE_PATTERN = `^[^${CONTROL}]*$`
/** One line holding more than white space (what \s matches is what trim() removes), as a required text must. */
export const FILLED_LINE_PATTERN = `^[^${CONTROL}]*[^${CONTROL}\\s][^${CONTROL}]*$`
/** Text that may span lines: tabs and line breaks, but no other control character. */
export const MULTI_LINE_PATTERN = `^[^${CONTROL_EXCEPT_LINE_BREAKS}]*$`

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters (such as NUL, tabs or line breaks) are not allowed here.'

/** Body fields, by name, whose text may span lines: they may hold tabs and line breaks. */
// An import's `file` is the text of a CSV or JSON file.
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['description', 'message', 'file'])

/** True when the text holds a control character; a multi-line text may hold tabs and line breaks. */
export const hasControlCharacters = (value: string, multiLine = false) => (multiLine ? controlExceptLineBreaks : control).test(value)

/**
 * The first string in a parsed JSON body that holds a control character its field may not hold,
 * named by its path (`a.b.0`), or undefined. Walked without recursion, so depth costs no stack.
 */
export function controlCharacterField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const pending: [unknown, string, string][] = [[body, '', '']]
  while (pending.length > 0) {
    const [value, path, name] = pending.pop()!
    if (typeof value === 'string') {
      if (hasControlCharacters(value, MULTI_LINE_FIELDS.has(name))) return path
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push([item, path ? `${path}.${index}` : String(index), name])
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (hasControlCharacters(key)) return path ? `${path}.${key}` : key
        pending.push([item, path ? `${path}.${key}` : key, key])
      }
    }
  }
  return undefined
}

/**
 * The key two names share when they read the same: compatibility forms (full-width letters,
 * ligatures) and composed or decomposed accents made one (NFKC), letter case folded (upper, then
 * lower case, so that ß meets ss), spaces around trimmed. Names unique in an account compare so.
 */
export const nameKey = (name: string) => name.normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC')
