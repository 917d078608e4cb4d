// Imports of links from a file: the sources understood, the fields a column can fill, and the
// limits, shared by the server and the import dialog.
export const IMPORT_SOURCES = ['csv', 'bitly', 'shlink', 'kutt', 'yourls'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  csv: 'CSV file',
  bitly: 'Bitly export',
  shlink: 'Shlink export',
  kutt: 'Kutt export',
  yourls: 'YOURLS export',
}

/** The services imports come from, by name, for a link's history (`csv`: any other file). */
export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = { csv: 'a file', bitly: 'Bitly', shlink: 'Shlink', kutt: 'Kutt', yourls: 'YOURLS' }

/**
 * What a column of the file can fill: the link's fields, then what the old service knew of it (when
 * it was made there and its clicks there, kept as the link's history), and its state there
 * (archived, password-protected), which decides whether it comes in switched on.
 */
export const IMPORT_FIELDS = ['targetUrl', 'title', 'description', 'alias', 'domain', 'tags', 'ogImage', 'expiresAt', 'forwardQuery', 'variants', 'createdAt', 'clicks', 'archived', 'password'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  targetUrl: 'Target URL',
  title: 'Title',
  description: 'Description',
  alias: 'Alias (short code)',
  domain: 'Domain',
  tags: 'Tags',
  ogImage: 'Image URL',
  expiresAt: 'Expiry',
  forwardQuery: 'Passes query strings on',
  variants: 'Split test targets',
  createdAt: 'Created on',
  clicks: 'Clicks so far',
  archived: 'Archived',
  password: 'Password',
}

/** Where an imported link lived before: the service, when it was made there, and its clicks there. */
export type ImportedFrom = { source: ImportSource; createdAt: string | null; clicks: number | null }

/** Which column fills each field (by the column's name in the file's first row). */
export type ImportMapping = Partial<Record<ImportField, string>>

export const IMPORT_ROWS_MAX = 100_000
export const IMPORT_FILE_MAX_BYTES = 32 * 1024 * 1024
/** How much of the file the dialog sends for its preview. */
export const IMPORT_PREVIEW_BYTES = 256 * 1024

/** `storing`: the file read, its rows being stored; shown as queued. */
export type ImportStatus = 'storing' | 'queued' | 'running' | 'paused' | 'done' | 'failed'

/** The rows that failed or were changed that an import lists (in file order); the report has them all. */
export const IMPORT_PROBLEMS_SHOWN = 100

/**
 * A row of an import that failed (no link made), or was changed: its link made at another address
 * than the file asked for (its short code taken or not valid here, its domain not the account's).
 */
export type ImportProblem = { row: number; alias: string | null; targetUrl: string; shortUrl: string | null; outcome: 'failed' | 'changed'; reason: string }
/** Imports an account may start (or have refused) an hour: each file is read whole on the import thread. */
export const IMPORT_ATTEMPTS_PER_HOUR = 30

export const IMPORT_MESSAGES = {
  unreadable: 'The file could not be read as CSV or JSON.',
  empty: 'The file has no rows of links.',
  tooManyRows: `An import takes at most ${IMPORT_ROWS_MAX.toLocaleString('en')} rows; split the file.`,
  tooLarge: `An import file is at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  noTarget: 'Choose the column that holds the target URLs.',
  unknownColumn: (column: string) => `The file has no column "${column}".`,
  oneAtATime: 'An import is already under way; wait for it to finish.',
  overPlan: (perDay: number) => `Your plan makes up to ${perDay.toLocaleString('en')} links a day: split the file, or upgrade.`,
  notFound: 'Import not found.',
  busy: 'Many files are being read right now; try again in a moment.',
  tooManyAttempts: 'You have started many imports this hour; try again later.',
  exportAsCsv: "Export the links as CSV (or your shortener's JSON export) and import that.",
  notAFile: (kind: string, advice: string) => `This is ${kind}, not a CSV or JSON export of links. ${advice}`,
} as const

/** The report's file name: every row's, or (`problems`) only the rows that failed or were changed. */
export const importReportFileName = (fileName: string, rows: 'all' | 'problems' = 'all') =>
  `${fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-') || 'import'}-${rows === 'all' ? 'report' : 'problems'}.csv`

/**
 * The links a JSON export lists: a list of objects, Kutt's `{ data: [...] }`, Shlink's REST answer
 * `{ shortUrls: { data: [...] } }` or YOURLS's `{ links: { link_1: {...} } }`; undefined for anything else.
 */
export function jsonRecords(json: unknown): Record<string, unknown>[] | undefined {
  const field = (value: unknown, name: string) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined)
  const list = Array.isArray(json) ? json : (field(json, 'data') ?? field(field(json, 'shortUrls'), 'data') ?? Object.values((field(json, 'links') as object | undefined) ?? {}))
  const isRecord = (item: unknown) => item !== null && typeof item === 'object' && !Array.isArray(item)
  return Array.isArray(list) && list.length > 0 && list.every(isRecord) ? (list as Record<string, unknown>[]) : undefined
}

const EXPORT_AS_CSV = IMPORT_MESSAGES.exportAsCsv

// What other files look like at their start, and what to do instead.
const NOT_LINK_FILES: [RegExp, string, string][] = [
  [
    /^(--[^\n]*\n|\/\*[\s\S]*?\*\/;?|\s)*(CREATE\s+TABLE|INSERT\s+INTO|DROP\s+TABLE|LOCK\s+TABLES|SET\s+(@|[\w.]+\s*=)|USE\s+`|BEGIN\s+TRANSACTION|PRAGMA\s)/i,
    'an SQL dump (a database backup)',
    `${EXPORT_AS_CSV} From YOURLS, for instance: run SELECT keyword, url, title, timestamp, clicks FROM yourls_url in phpMyAdmin (or any SQL client) and export the result as CSV.`,
  ],
  [/^\s*<(!doctype\s+html|html[\s>])/i, 'a web page', EXPORT_AS_CSV],
  [/^\s*<\?xml/i, 'an XML file', EXPORT_AS_CSV],
  [/^PK\u0003\u0004/, 'a spreadsheet or ZIP archive', 'Save the sheet as CSV (File → Save as, or Download → CSV) and import that.'],
  [/^\u00d0\u00cf\u0011\u00e0|^\ufffd\ufffd\u0011\ufffd/, 'an old Excel spreadsheet', 'Save the sheet as CSV (File → Save as) and import that.'],
  [/^%PDF-/, 'a PDF document', EXPORT_AS_CSV],
  [/^(\u001f\u008b|\u001f\ufffd)/, 'a compressed (gzip) file', 'Uncompress it first, then import the CSV or JSON file inside.'],
]

/** Why a file's start shows it is no CSV or JSON export of links (an SQL dump, a spreadsheet, a web page...), or undefined. */
export function notALinkFile(start: string): string | undefined {
  const head = start.replace(/^\uFEFF/, '').slice(0, 4096)
  for (const [pattern, kind, advice] of NOT_LINK_FILES) if (pattern.test(head)) return IMPORT_MESSAGES.notAFile(kind, advice)
  // Text files carry no NUL characters; binary files of any kind do.
  if (head.includes('\u0000')) return IMPORT_MESSAGES.notAFile('a binary file', EXPORT_AS_CSV)
  return undefined
}
