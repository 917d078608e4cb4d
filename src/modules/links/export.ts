// Every link of an account in one file, as a spreadsheet (CSV) or as the APIs show links (JSON),
// with its clicks, scans and previews of all time. Read a page at a time and streamed as it is written,
// so an account with a hundred thousand links costs no more memory than one page, and no page
// holds the request thread for more than a few milliseconds.
import { csvLine } from '../../platform/downloads'
import { linkExportFileName, type LinkExportFormat } from '../../shared/link-list'
import { totalsSource } from './listing'
import * as repo from './repo'
import type { LinkWithCounts } from './schema'

/** A link as exported: its counts of all time, without the list's trend line. */
type ExportedLink = Omit<LinkWithCounts, 'clicksTowardLimit' | 'trend'>
import { linksJson, type Owner } from './service'

// A page of links with the longest texts is written in a few milliseconds.
const PAGE = 50

const CSV_COLUMNS = [
  'id',
  'url',
  'slug',
  'alias',
  'domain',
  'formerAliases',
  'tags',
  'targetUrl',
  'title',
  'description',
  'ogImage',
  'ogImageAlt',
  'twitterCard',
  'twitterPlayer',
  'twitterApp',
  'themeColor',
  'platformCards',
  'cardVariant',
  'cardImage',
  'cardImageUrl',
  'cardVersion',
  'canonicalUrl',
  'expiresAt',
  'fallbackUrl',
  'clickLimit',
  'iosUrl',
  'androidUrl',
  'geoTargets',
  'variants',
  'forwardQuery',
  'appLink',
  'hasPassword',
  'isActive',
  'createdAt',
  'updatedAt',
  'clicks',
  'scans',
  'previews',
] as const satisfies readonly (keyof ExportedLink)[]

/** A cell of the CSV: lists of names joined by commas (no alias or tag name has one), objects and lists of them as JSON. */
function csvValue(value: ExportedLink[keyof ExportedLink]) {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ')
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return typeof value === 'boolean' ? String(value) : value
}

/** The account's links with their counts of all time, oldest first, a page at a time. */
async function* linkPages(owner: Owner): AsyncGenerator<ExportedLink[]> {
  let last: repo.LinkRow | undefined
  for (;;) {
    const rows = await repo.linksAfter(owner.accountId, last, PAGE)
    if (rows.length === 0) return
    // Each page's counts, so the first page costs no more than the others; recent visits are stored before the first.
    const totals = await totalsSource()(owner.accountId, undefined, rows.map((row) => row.id), { flush: last === undefined })
    last = rows.at(-1)
    yield (await linksJson(rows)).map((link) => {
      const counts = totals.get(link.id)
      return { ...link, clicks: counts?.clicks ?? 0, scans: counts?.scans ?? 0, previews: counts?.previews ?? 0 }
    })
  }
}

async function* csvChunks(owner: Owner) {
  yield csvLine([...CSV_COLUMNS])
  for await (const links of linkPages(owner)) yield links.map((link) => csvLine(CSV_COLUMNS.map((column) => csvValue(link[column])))).join('')
}

/** A JSON array, one link to a line. */
async function* jsonChunks(owner: Owner) {
  let written = 0
  for await (const links of linkPages(owner)) yield links.map((link) => `${written++ === 0 ? '[' : ','}\n${JSON.stringify(link)}`).join('')
  yield written === 0 ? '[]\n' : '\n]\n'
}

/** The account's export: its file name, media type and text, made as it is read. */
export function exportLinks(owner: Owner, format: LinkExportFormat, now = new Date()) {
  return {
    filename: linkExportFileName(format, now),
    type: format === 'csv' ? 'text/csv' : 'application/json',
    chunks: format === 'csv' ? csvChunks(owner) : jsonChunks(owner),
  }
}
