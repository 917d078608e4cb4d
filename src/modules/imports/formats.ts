// Reading an import file: CSV (any of the usual delimiters) or JSON (a list of links, Kutt's
// `{ data: [...] }` or YOURLS's `{ links: { ... } }`), into named columns; guessing its source
// and which column fills which field; and turning a row into a link to make.
import { parse } from 'csv-parse/sync'
import { AppError, fieldError } from '../../platform/errors'
import { IMPORT_FIELDS, IMPORT_MESSAGES, jsonRecords, type ImportField, type ImportMapping, type ImportSource } from '../../shared/imports'
import { aliasError, normalizedHttpUrl, TITLE_MAX } from '../../shared/link-rules'
import type { LinkInput } from '../links/schema'

export type Table = { columns: string[]; rows: string[][] }

const cellOf = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map(cellOf).join(',')
  if (typeof value === 'object') return ''
  return String(value)
}

function jsonTable(records: Record<string, unknown>[]): Table {
  const columns = [...new Set(records.slice(0, 100).flatMap((record) => Object.keys(record)))]
  return { columns, rows: records.map((record) => columns.map((column) => cellOf(record[column]))) }
}

/** The delimiter the header line uses most of: comma, semicolon or tab. */
function delimiterOf(content: string) {
  const header = content.slice(0, content.search(/\r?\n|$/))
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, header.split(delimiter).length] as const)
  return counts.sort((a, b) => b[1] - a[1])[0]![0]
}

/** The file's columns (its first row, or the JSON objects' keys) and rows. `partial`: a preview's cut-off sample. */
export function readTable(content: string, partial = false): Table {
  const text = content.replace(/^\uFEFF/, '')
  const start = text.trimStart()[0]
  try {
    if (start === '[' || start === '{') {
      // A preview of a JSON file is sent as its first records (jsonRecords), so it parses whole too.
      const list = jsonRecords(JSON.parse(text))
      if (list) return jsonTable(list)
      throw new AppError('invalid', IMPORT_MESSAGES.unreadable)
    }
    // A preview's sample may end inside a record: only whole lines are read.
    const whole = partial ? text.slice(0, text.lastIndexOf('\n') + 1 || undefined) : text
    const records = parse(whole, { delimiter: delimiterOf(whole), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][]
    const [columns = [], ...rows] = records
    return { columns: columns.map((column) => column.trim()), rows }
  } catch (error) {
    if (error instanceof AppError) throw fieldError('invalid', 'file', error.message)
    throw fieldError('invalid', 'file', IMPORT_MESSAGES.unreadable)
  }
}

// Column names as each source spells them, compared without case, spaces, underscores or hyphens.
const key = (column: string) => column.toLowerCase().replace(/[\s_-]+/g, '')
const NAMES: Record<ImportField, string[]> = {
  targetUrl: ['targeturl', 'longurl', 'target', 'url', 'destination', 'originalurl'],
  title: ['title', 'name'],
  description: ['description'],
  alias: ['alias', 'custombitlinks', 'shortcode', 'keyword', 'address', 'backhalf', 'slug', 'link', 'bitlink', 'shorturl'],
  tags: ['tags', 'tag', 'labels'],
  ogImage: ['ogimage', 'image', 'imageurl'],
  expiresAt: ['expiresat', 'validuntil', 'expiration', 'expires'],
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

/** One row as a link to make, with what was left out of it and why. */
export type ImportItem = { row: number; input: LinkInput; notes: string[] }

export function itemOf(row: string[], columns: string[], mapping: ImportMapping, rowNumber: number): ImportItem {
  const cell = (field: ImportField) => {
    const column = mapping[field]
    return column === undefined ? '' : (row[columns.indexOf(column)] ?? '').trim()
  }
  const notes: string[] = []
  const targetUrl = cell('targetUrl')
  let title = cell('title')
  if (!title) title = (targetUrl && normalizedHttpUrl(targetUrl) && new URL(normalizedHttpUrl(targetUrl)!).host) || targetUrl
  if (title.length > TITLE_MAX) title = `${title.slice(0, TITLE_MAX - 1)}…`
  let alias: string | undefined = shortCodeOf(cell('alias')) || undefined
  const problem = alias && aliasError(alias)
  if (alias && problem) {
    notes.push(`Short code "${alias}" not kept: ${problem}`)
    alias = undefined
  }
  const tags = cell('tags')
    .split(/[,;|]/)
    .map((tag) => tag.trim())
    .filter(Boolean)
  return {
    row: rowNumber,
    input: {
      targetUrl,
      title,
      ...(cell('description') && { description: cell('description') }),
      ...(alias && { alias }),
      ...(tags.length > 0 && { tags }),
      ...(cell('ogImage') && { ogImage: cell('ogImage') }),
      ...(cell('expiresAt') && { expiresAt: cell('expiresAt') }),
    },
    notes,
  }
}
