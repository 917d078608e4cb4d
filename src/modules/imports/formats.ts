// Reading an import file: CSV (any of the usual delimiters) or JSON (a list of links, Kutt's
// `{ data: [...] }`, Shlink's `{ shortUrls: { data: [...] } }` or YOURLS's `{ links: { ... } }`),
// into named columns (nested JSON fields as `meta.validUntil`); guessing its source and which
// column fills which field; and turning a row into a link to make, with its history and state.
import { parse } from 'csv-parse/sync'
import { AppError, fieldError } from '../../platform/errors'
import { IMPORT_FIELDS, IMPORT_MESSAGES, IMPORT_PREVIEW_BYTES, jsonRecords, notALinkFile, type ImportField, type ImportMapping, type ImportSource } from '../../shared/imports'
import { aliasError, LINK_PASSWORD_MAX, LINK_PASSWORD_MIN, normalizedHttpUrl, parseInstant, TITLE_MAX, VARIANT_WEIGHT_MAX, VARIANTS_MAX, VARIANTS_MIN, type LinkVariant } from '../../shared/link-rules'
import type { LinkInput } from '../links/schema'

export type Table = { columns: string[]; rows: string[][] }

// A preview reads this many rows of its sample, at most PREVIEW_SAMPLE_CHARS of it: enough to
// guess the columns and show the first rows, in a few milliseconds of the request thread.
const SAMPLE_ROWS = 21
const PREVIEW_SAMPLE_CHARS = 32 * 1024

const isNamed = (item: unknown) => item !== null && typeof item === 'object' && 'name' in item

const cellOf = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  // A list of objects without names (split test targets) as the JSON it is, read again by variantsOf.
  if (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object' && !isNamed(item))) return JSON.stringify(value)
  // Tags as objects (Dub's { id, name, color }) by their names.
  if (Array.isArray(value)) return value.map((item) => (isNamed(item) ? cellOf((item as Record<string, unknown>).name) : cellOf(item))).join(',')
  if (typeof value === 'object') return ''
  return String(value)
}

/** A record's fields, nested objects' as `parent.child` (Shlink's meta.validUntil, visitsSummary.total). */
function flatRecord(record: Record<string, unknown>, prefix = '', into: Record<string, string> = {}, depth = 0) {
  for (const [name, value] of Object.entries(record)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && depth < 2) flatRecord(value as Record<string, unknown>, `${prefix}${name}.`, into, depth + 1)
    else into[prefix + name] = cellOf(value)
  }
  return into
}

function jsonTable(records: Record<string, unknown>[]): Table {
  const flat = records.map((record) => flatRecord(record))
  const columns = [...new Set(flat.slice(0, 100).flatMap((record) => Object.keys(record)))]
  return { columns, rows: flat.map((record) => columns.map((column) => record[column] ?? '')) }
}

/** The delimiter the header line uses most of: comma, semicolon or tab. */
function delimiterOf(content: string) {
  const header = content.slice(0, content.search(/\r?\n|$/))
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, header.split(delimiter).length] as const)
  return counts.sort((a, b) => b[1] - a[1])[0]![0]
}

/**
 * A preview's sample cut to whole lines: its first SAMPLE_ROWS lines, within PREVIEW_SAMPLE_CHARS.
 * A sample shorter than the dialog sends is the whole file, whose last line is whole too.
 */
function sampleLines(text: string) {
  let end = -1
  for (let line = 0; line < SAMPLE_ROWS; line++) {
    const next = text.indexOf('\n', end + 1)
    if (next < 0 && text.length < IMPORT_PREVIEW_BYTES && text.length <= PREVIEW_SAMPLE_CHARS) return text
    if (next < 0 || next >= PREVIEW_SAMPLE_CHARS) break
    end = next
  }
  return end < 0 ? text.slice(0, PREVIEW_SAMPLE_CHARS) : text.slice(0, end + 1)
}

/**
 * The file's columns (its first row, or the JSON objects' keys) and rows. `sample`: a preview's
 * cut-off start of the file, of which only the first rows are read.
 */
export function readTable(content: string, { sample = false } = {}): Table {
  const text = content.replace(/^\uFEFF/, '')
  const refusal = notALinkFile(text)
  if (refusal) throw fieldError('invalid', 'file', refusal)
  const start = text.trimStart()[0]
  try {
    if (start === '[' || start === '{') {
      // A preview of a JSON file is sent as its first records (jsonRecords), so it parses whole too.
      const list = jsonRecords(JSON.parse(text))
      if (list) return jsonTable(sample ? list.slice(0, SAMPLE_ROWS) : list)
      throw new AppError('invalid', IMPORT_MESSAGES.unreadable)
    }
    const whole = sample ? sampleLines(text) : text
    const records = parse(whole, {
      delimiter: delimiterOf(whole),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      ...(sample && { to: SAMPLE_ROWS }),
    }) as string[][]
    const [columns = [], ...rows] = records
    return { columns: columns.map((column) => column.trim()), rows }
  } catch (error) {
    if (error instanceof AppError) throw fieldError('invalid', 'file', error.message)
    throw fieldError('invalid', 'file', IMPORT_MESSAGES.unreadable)
  }
}

// Column names as each source spells them, compared without case, spaces, dots, underscores or hyphens.
const key = (column: string) => column.toLowerCase().replace(/[\s_.-]+/g, '')
const NAMES: Record<ImportField, string[]> = {
  targetUrl: ['targeturl', 'longurl', 'target', 'url', 'destination', 'destinationurl', 'originalurl'],
  title: ['title', 'name'],
  description: ['description'],
  alias: ['alias', 'custombitlinks', 'shortcode', 'keyword', 'address', 'backhalf', 'slug', 'key', 'link', 'bitlink', 'shorturl', 'shortlink'],
  tags: ['tags', 'tag', 'labels'],
  ogImage: ['ogimage', 'image', 'imageurl'],
  expiresAt: ['expiresat', 'validuntil', 'metavaliduntil', 'expirein', 'expireat', 'expiration', 'expires'],
  domain: ['domain', 'domainname', 'customdomain'],
  // Shlink's short URLs say whether they forward the query string.
  forwardQuery: ['forwardquery'],
  // Linkcard's own export; Dub's links name them testVariants ({ url, percentage }).
  variants: ['variants', 'testvariants'],
  createdAt: ['createdat', 'datecreated', 'created', 'creationdate', 'timestamp'],
  clicks: ['clicks', 'visits', 'visitssummarytotal', 'visitscount', 'visitcount', 'totalclicks', 'clickcount', 'hits'],
  archived: ['archived', 'isarchived'],
  password: ['password', 'haspassword', 'passwordprotected'],
}
// What tells each source's export apart: columns only it has.
const SIGNS: [ImportSource, string[]][] = [
  ['bitly', ['longurl', 'link']],
  ['bitly', ['longurl', 'bitlink']],
  ['shlink', ['longurl', 'shortcode']],
  ['kutt', ['target', 'address']],
  ['yourls', ['url', 'keyword']],
]

export function detectSource(columns: string[]): ImportSource {
  const keys = new Set(columns.map(key))
  return SIGNS.find(([, signs]) => signs.every((sign) => keys.has(sign)))?.[0] ?? 'csv'
}

/** The column that most likely fills each field, by its name; the target's, failing that, by holding web addresses. */
export function suggestedMapping({ columns, rows }: Table): ImportMapping {
  const mapping: ImportMapping = {}
  for (const field of IMPORT_FIELDS) {
    const column = NAMES[field].map((name) => columns.find((column) => key(column) === name)).find(Boolean)
    if (column) mapping[field] = column
  }
  const sample = rows.slice(0, 20)
  const holdsUrls = (index: number) => sample.length > 0 && sample.every((row) => normalizedHttpUrl(row[index] ?? '') !== undefined)
  mapping.targetUrl ??= columns.find((column, index) => !Object.values(mapping).includes(column) && holdsUrls(index))
  if (!mapping.targetUrl) delete mapping.targetUrl
  return mapping
}

/** A mapping that names only columns the file has (and the target's column, to start an import). */
export function checkedMapping(mapping: ImportMapping, columns: string[], { needsTarget = true } = {}): ImportMapping {
  if (needsTarget && !mapping.targetUrl) throw fieldError('invalid', 'mapping.targetUrl', IMPORT_MESSAGES.noTarget)
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field]
    if (column !== undefined && !columns.includes(column)) throw fieldError('invalid', `mapping.${field}`, IMPORT_MESSAGES.unknownColumn(column))
  }
  return mapping
}

/** A short code as other shorteners export it: the code itself, or its short URL (bit.ly/abc), whose last segment it is. */
function shortCodeOf(value: string) {
  const first = value.split(/[\s,]+/).find(Boolean) ?? ''
  return first.includes('/') ? (first.split('/').filter(Boolean).at(-1) ?? '') : first
}

/** What the old service knew of a link: when it was made there, and its clicks there. */
type ImportHistory = { createdAt: string | null; clicks: number | null }

/**
 * One row as a link to make, with what was left out of it and why: its history there, whether it
 * comes in switched on (not when it was archived, expired or protected by a password nobody can
 * export), and the short code it asked for when that is no valid alias here.
 */
export type ImportItem = { row: number; input: LinkInput; notes: string[]; isActive: boolean; history: ImportHistory | null; aliasNotKept?: string }

/**
 * An instant as exports write it: RFC 3339, `2024-01-02 10:00:00` (YOURLS, UTC), a zone without
 * its colon (Bitly's `+0000`), a day alone, or Unix seconds or milliseconds.
 */
function instantOf(text: string): Date | undefined {
  if (/^\d{9,13}$/.test(text)) return new Date(Number(text) * (text.length > 11 ? 1 : 1000))
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(text)
  if (!match) return undefined
  const [, day, time = '00:00:00', zone = 'Z'] = match
  const seconds = time.length === 5 ? `${time}:00` : time
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : /^(Z|UTC|GMT)$/i.test(zone) ? 'Z' : zone
  return parseInstant(`${day}T${seconds}${offset}`)
}

/** A count as exports write it (`1234`, `1,234`), or undefined. */
function countOf(text: string) {
  const digits = text.replace(/[,\s]/g, '')
  return /^\d{1,12}$/.test(digits) ? Number(digits) : undefined
}

/** A yes or no as exports write it; undefined for anything else (a password itself, say). */
function flagOf(text: string) {
  const word = text.toLowerCase()
  if (['true', '1', 'yes', 'y', 'on'].includes(word)) return true
  if (['', 'false', '0', 'no', 'n', 'off', 'null'].includes(word)) return false
  return undefined
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

export const IMPORT_NOTES = {
  archived: 'Archived there: imported switched off.',
  expired: (date: Date) => `Expired there on ${dayOf(date)}: imported switched off.`,
  protected: 'Password-protected there, and its password cannot be exported: imported switched off. Give it a password here, then switch it on.',
  aliasTaken: (alias: string) => `Short code "${alias}" is taken: this row's link gets a random code instead.`,
  aliasRepeated: (alias: string, row: number) => `Short code "${alias}" is also on row ${row}, which keeps it: this row's link gets a random code instead.`,
  notYourDomain: (domain: string) => `Domain ${domain} is not one of your verified domains; the link is made on the service's own address.`,
  unreadable: (what: string, value: string) => `${what} "${value.slice(0, 40)}" not understood; left out.`,
} as const

/**
 * A split test's targets as exports write them, JSON of `{targetUrl, weight}` (Linkcard) or `{url,
 * percentage}` (Dub); undefined when the cell is empty, or says something else (then noted).
 */
function variantsOf(text: string, notes: string[]): LinkVariant[] | undefined {
  if (!text || text === 'null' || text === '[]') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const variants = Array.isArray(parsed)
    ? parsed.map((item: Record<string, unknown> | null) => ({ targetUrl: item?.targetUrl ?? item?.url, weight: item?.weight ?? item?.percentage }))
    : []
  const fits = (variant: { targetUrl: unknown; weight: unknown }): variant is LinkVariant =>
    typeof variant.targetUrl === 'string' && normalizedHttpUrl(variant.targetUrl) !== undefined && Number.isInteger(variant.weight) && (variant.weight as number) >= 1 && (variant.weight as number) <= VARIANT_WEIGHT_MAX
  if (variants.length >= VARIANTS_MIN && variants.length <= VARIANTS_MAX && variants.every(fits)) return variants
  notes.push(IMPORT_NOTES.unreadable('Split test', text))
  return undefined
}

/** A domain cell's hostname; none for an empty one or the exporting service's own default (Shlink writes DEFAULT, null in JSON). */
const domainOf = (value: string) => {
  const name = value.trim().toLowerCase()
  return name && name !== 'default' && name !== 'null' ? name : undefined
}

export function itemOf(row: string[], columns: string[], mapping: ImportMapping, rowNumber: number, now = Date.now()): ImportItem {
  const cell = (field: ImportField) => {
    const column = mapping[field]
    return column === undefined ? '' : (row[columns.indexOf(column)] ?? '').trim()
  }
  const notes: string[] = []
  let isActive = true
  const targetUrl = cell('targetUrl')
  let title = cell('title')
  if (!title) title = (targetUrl && normalizedHttpUrl(targetUrl) && new URL(normalizedHttpUrl(targetUrl)!).host) || targetUrl
  if (title.length > TITLE_MAX) title = `${title.slice(0, TITLE_MAX - 1)}…`
  let alias: string | undefined = shortCodeOf(cell('alias')) || undefined
  let aliasNotKept: string | undefined
  const problem = alias && aliasError(alias)
  if (alias && problem) {
    notes.push(`Short code "${alias}" not kept: ${problem}`)
    aliasNotKept = alias
    alias = undefined
  }
  const tags = cell('tags')
    .split(/[,;|]/)
    .map((tag) => tag.trim())
    .filter(Boolean)

  let expiresAt: string | undefined
  const expiry = cell('expiresAt')
  if (expiry) {
    const instant = instantOf(expiry)
    if (!instant) notes.push(IMPORT_NOTES.unreadable('Expiry', expiry))
    else if (instant.getTime() > now) expiresAt = instant.toISOString()
    else {
      isActive = false
      notes.push(IMPORT_NOTES.expired(instant))
    }
  }
  if (flagOf(cell('archived')) === true) {
    isActive = false
    notes.push(IMPORT_NOTES.archived)
  }
  // Kutt says only whether a link has a password; a file that carries the password itself keeps it.
  let password: string | undefined
  const secret = cell('password')
  const isProtected = flagOf(secret)
  if (isProtected === undefined && secret.length >= LINK_PASSWORD_MIN && secret.length <= LINK_PASSWORD_MAX) password = secret
  else if (isProtected !== false) {
    isActive = false
    notes.push(IMPORT_NOTES.protected)
  }

  // Left unset (or unreadable), the link forwards query strings, as every new link does.
  const forwards = cell('forwardQuery').toLowerCase()
  const forwardQuery = ['', 'null'].includes(forwards) ? undefined : flagOf(forwards)

  const variants = variantsOf(cell('variants'), notes)

  const made = cell('createdAt')
  const createdAt = made ? instantOf(made) : undefined
  if (made && !createdAt) notes.push(IMPORT_NOTES.unreadable('Creation date', made))
  const counted = cell('clicks')
  const clicks = counted ? countOf(counted) : undefined
  if (counted && clicks === undefined) notes.push(IMPORT_NOTES.unreadable('Click count', counted))
  const history = createdAt || clicks !== undefined ? { createdAt: createdAt?.toISOString() ?? null, clicks: clicks ?? null } : null

  return {
    row: rowNumber,
    input: {
      targetUrl,
      title,
      ...(cell('description') && { description: cell('description') }),
      ...(alias && { alias }),
      ...(domainOf(cell('domain')) && { domain: domainOf(cell('domain')) }),
      ...(tags.length > 0 && { tags }),
      ...(cell('ogImage') && { ogImage: cell('ogImage') }),
      ...(expiresAt && { expiresAt }),
      ...(password && { password }),
      ...(forwardQuery === false && { forwardQuery }),
      ...(variants && { variants }),
    },
    notes,
    isActive,
    history,
    ...(aliasNotKept && { aliasNotKept }),
  }
}
