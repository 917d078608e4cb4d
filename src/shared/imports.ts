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

/** The link fields a column of the file can fill. */
export const IMPORT_FIELDS = ['targetUrl', 'title', 'description', 'alias', 'tags', 'ogImage', 'expiresAt'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  targetUrl: 'Target URL',
  title: 'Title',
  description: 'Description',
  alias: 'Alias (short code)',
  tags: 'Tags',
  ogImage: 'Image URL',
  expiresAt: 'Expiry',
}

/** Which column fills each field (by the column's name in the file's first row). */
export type ImportMapping = Partial<Record<ImportField, string>>

export const IMPORT_ROWS_MAX = 100_000
export const IMPORT_FILE_MAX_BYTES = 32 * 1024 * 1024
/** How much of the file the dialog sends for its preview. */
export const IMPORT_PREVIEW_BYTES = 256 * 1024

export type ImportStatus = 'queued' | 'running' | 'paused' | 'done' | 'failed'

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
} as const

export const importReportFileName = (fileName: string) => `${fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-') || 'import'}-report.csv`

/**
 * The links a JSON export lists: a list of objects, Kutt's `{ data: [...] }` or YOURLS's
 * `{ links: { link_1: {...} } }`; undefined for anything else.
 */
export function jsonRecords(json: unknown): Record<string, unknown>[] | undefined {
  const list = Array.isArray(json) ? json : json && typeof json === 'object' ? ((json as { data?: unknown }).data ?? Object.values((json as { links?: object }).links ?? {})) : undefined
  const isRecord = (item: unknown) => item !== null && typeof item === 'object' && !Array.isArray(item)
  return Array.isArray(list) && list.length > 0 && list.every(isRecord) ? (list as Record<string, unknown>[]) : undefined
}
