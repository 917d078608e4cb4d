// A link's fields as a user command takes them: each field's flag (`--og-image`, kebab-case of its
// name) for create and update, and its column (the field's own name, as `links/export` writes
// them) in a bulk CSV file, read the same way from the text either way.
import type { components } from '../../sdk/index.ts'
import { usageError } from './failure'
import type { Flags, OptionSpec } from './spec'

type Field = keyof components['schemas']['LinkChanges'] | keyof components['schemas']['NewLinkWithTitle']
type Use = 'create' | 'update' | 'bulk'
/** text: as given; nullable: empty clears it (null); count: a whole number, empty clears; list: comma-separated; json: a JSON value. */
type Kind = 'text' | 'nullable' | 'count' | 'boolean' | 'list' | 'json'
type FieldSpec = { kind: Kind; about: string; value?: string; flag?: string; only?: Use[]; choices?: readonly string[] }

// Every field of the API's link (tsc holds this against sdk/schema.d.ts): a new one needs its line here.
const FIELDS: Record<Field, FieldSpec> = {
  targetUrl: { kind: 'text', value: 'url', about: 'Where visitors are sent (an argument of links create)', only: ['update', 'bulk'] },
  title: { kind: 'text', value: 'text', about: 'Preview title' },
  description: { kind: 'nullable', value: 'text', about: 'Preview description' },
  alias: { kind: 'nullable', value: 'path', about: 'Custom path instead of the random slug' },
  domain: { kind: 'nullable', value: 'host', about: "One of the account's custom domains, for the link to live on" },
  ogImage: { kind: 'nullable', value: 'url', about: 'Preview image (1200x630 suits every platform)' },
  ogImageAlt: { kind: 'nullable', value: 'text', about: 'Preview image described' },
  twitterCard: { kind: 'text', value: 'type', about: 'X card type', choices: ['summary', 'summary_large_image', 'app', 'player'] },
  twitterPlayer: { kind: 'json', value: 'json', about: 'Player of a player card: {"url","width","height"}' },
  twitterApp: { kind: 'json', value: 'json', about: 'App of an app card: {"iphone","ipad","googleplay"}' },
  themeColor: { kind: 'nullable', value: '#rrggbb', about: 'Accent colour of the card' },
  platformCards: { kind: 'json', value: 'json', about: 'Cards per platform: {"linkedin": {"title": "…"}}' },
  cardVariant: { kind: 'json', value: 'json', about: 'A second card to test: {"title","description","ogImage"}' },
  cardImage: { kind: 'nullable', value: 'layout', about: 'Card image Linkcard makes while there is no image', choices: ['classic', 'bold', 'minimal'] },
  canonicalUrl: { kind: 'nullable', value: 'url', about: 'Canonical URL for search engines' },
  expiresAt: { kind: 'nullable', value: 'date-time', about: 'When the link stops (RFC 3339, e.g. 2030-01-31T18:00:00Z)' },
  fallbackUrl: { kind: 'nullable', value: 'url', about: 'Where people go once it expired or reached its click limit' },
  clickLimit: { kind: 'count', value: 'n', about: 'Clicks sent to the target before the fallback takes over' },
  iosUrl: { kind: 'nullable', value: 'url', about: 'Where people on iOS go instead' },
  androidUrl: { kind: 'nullable', value: 'url', about: 'Where people on Android go instead' },
  geoTargets: { kind: 'json', value: 'json', about: 'Where people per country go: {"FR": "https://…"}' },
  variants: { kind: 'json', value: 'json', about: 'Split test: [{"targetUrl": "…", "weight": 1}, …]' },
  forwardQuery: { kind: 'boolean', about: "Pass visitors' query strings on (--no-forward-query: don't)" },
  appLink: { kind: 'boolean', about: "Send people without the app to its store (the link's app card)" },
  password: { kind: 'nullable', value: 'text', about: 'Password people give before they are sent on' },
  tags: { kind: 'list', value: 'a,b', about: 'Tags, comma-separated (repeatable); on update, exactly these' },
  useOriginalMeta: { kind: 'boolean', about: "Read the title, description and image from the target page", only: ['create'] },
  isActive: { kind: 'boolean', flag: 'active', about: 'Switch the link on (--no-active: pause it, it answers 404)', only: ['update'] },
  formerAliases: { kind: 'list', value: 'a,b', about: 'Old aliases that keep leading to it; those left out stop', only: ['update'] },
}

const entries = Object.entries(FIELDS) as [Field, FieldSpec][]
const flagOf = (field: Field) => FIELDS[field].flag ?? field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const usedIn = (use: Use) => entries.filter(([, spec]) => !spec.only || spec.only.includes(use))

/** The flags of a link's fields, for `links create` or `links update`. */
export function linkFieldOptions(use: 'create' | 'update'): Record<string, OptionSpec> {
  return Object.fromEntries(
    usedIn(use).map(([field, spec]) => [
      flagOf(field),
      { type: spec.kind === 'boolean' ? 'boolean' : 'string', ...(spec.kind === 'list' ? { multiple: true } : {}), value: spec.value, about: spec.about, choices: spec.choices },
    ]),
  )
}

function fieldValue(field: Field, text: string, where: string) {
  const { kind } = FIELDS[field]
  if (kind === 'text') return text
  if (kind === 'boolean') {
    const known: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false }
    if (!(text.toLowerCase() in known)) throw usageError(`${where} should be true or false, not "${text}".`)
    return known[text.toLowerCase()]
  }
  if (text.trim() === '') return kind === 'list' ? [] : null
  if (kind === 'nullable') return text
  if (kind === 'list') return text.split(',').map((item) => item.trim()).filter(Boolean)
  if (kind === 'count') {
    if (!/^\d+$/.test(text.trim())) throw usageError(`${where} should be a whole number, not "${text}".`)
    return Number(text)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw usageError(`${where} should be JSON (${FIELDS[field].about}); got: ${text}`)
  }
}

/** The fields the flags give, for a new link's body or a change. An empty value clears a field (null). */
export function linkFromFlags(flags: Flags, use: 'create' | 'update') {
  const link: Record<string, unknown> = {}
  for (const [field] of usedIn(use)) {
    const given = flags[flagOf(field)]
    if (given === undefined) continue
    if (typeof given === 'boolean') link[field] = given
    else if (Array.isArray(given)) link[field] = given.flatMap((each) => fieldValue(field, each, `--${flagOf(field)}`) as string[])
    else link[field] = fieldValue(field, given, `--${flagOf(field)}`)
  }
  return link
}

// Columns of a `links/export` file that describe a link rather than make one: left out, so an
// export of one Linkcard can be created in another.
const EXPORT_ONLY = new Set(['id', 'url', 'slug', 'qrCodeUrl', 'formerAliases', 'cardImageUrl', 'cardVersion', 'hasPassword', 'isActive', 'health', 'importedFrom', 'createdAt', 'updatedAt', 'clicks', 'scans', 'previews'])
// The export starts a cell a spreadsheet would run as a formula with an apostrophe.
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/

/** The columns of a bulk file that make links; a usage error naming any other. */
export function checkBulkColumns(columns: string[]) {
  const known = new Set(usedIn('bulk').map(([field]) => field as string))
  const unknown = columns.filter((column) => !known.has(column) && !EXPORT_ONLY.has(column))
  if (unknown.length) throw usageError(`The file has columns no link field is called: ${unknown.join(', ')}. Columns are the API's field names: ${[...known].join(', ')}.`, 'links bulk')
  if (!columns.includes('targetUrl')) throw usageError('The file has no targetUrl column (the first row names the columns).', 'links bulk')
}

/** A row of a bulk CSV file as a new link: empty cells are left out. */
export function linkFromRow(row: Record<string, string>, at: number) {
  const link: Record<string, unknown> = {}
  for (const [column, cell] of Object.entries(row)) {
    if (EXPORT_ONLY.has(column) || cell === '' || cell === undefined) continue
    link[column] = fieldValue(column as Field, cell.replace(FORMULA_GUARD, ''), `Row ${at}, ${column}`)
  }
  return link
}
