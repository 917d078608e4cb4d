import useSWR, { mutate } from 'swr'
import type { CustomDomainStatus, DomainList } from '../../../src/modules/domains/schema'
import type { AliasAvailability, Link, LinkChanges, LinkInput, LinkWithCounts, Period, Tag, TagChanges, TagInput } from '../../../src/modules/links/schema'
import type { UtmPreset, UtmPresetInput } from '../../../src/modules/utm-presets/schema'
import type { PageMetadata } from '../../../src/modules/metadata/schema'
import { api, ApiError, errorMessage, type PageOf } from '../../lib/api'
import { useDebounced } from '../../lib/use-debounced'
import { linkExportFileName, type LinkBulkAction, type LinkExportFormat, type LinkListSort, type LinkStatusFilter } from '../../../src/shared/link-list'
import { saveFile } from '../../lib/save-file'
import type { ImageFacts } from '../../../src/shared/image-rules'
import type { QrFormat } from '../../../src/shared/qr-design'
import type { Import, ImportPreview, ImportResult } from '../../../src/modules/imports/schema'
import { importReportFileName, type ImportMapping, type ImportSource } from '../../../src/shared/imports'
import type { LinkHealth } from '../../../src/shared/link-health'

export type { CustomDomainStatus, Import, ImportPreview, Link, LinkChanges, LinkInput, LinkWithCounts, PageMetadata, Period, Tag, UtmPreset }

const LINKS = '/shareLinks'

/** `attention`: the links whose last check found them broken (the server's `health=broken`). */
export type LinkPageQuery = { page?: number; limit?: number; period?: Period; search?: string; status?: LinkStatusFilter | 'attention'; tag?: string; sort?: LinkListSort }

/** The list's address: only what differs from the server's defaults, in one order, so equal queries share a cache entry. */
export function linkPagePath({ page, limit, period, search, status, tag, sort }: LinkPageQuery) {
  const params = new URLSearchParams()
  if (period) params.set('period', period)
  if (sort && sort !== 'newest') params.set('sort', sort)
  if (search?.trim()) params.set('search', search.trim())
  if (status === 'attention') params.set('health', 'broken')
  else if (status && status !== 'all') params.set('status', status)
  if (tag) params.set('tag', tag)
  if (limit) params.set('limit', String(limit))
  if (page && page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${LINKS}?${query}` : LINKS
}

/**
 * One page of the account's links, searched, filtered and ordered by the server, with the
 * number that match; clicks and previews count within `period` (all time without one).
 */
export const useLinkPage = (query: LinkPageQuery) =>
  useSWR<LinkPage>(linkPagePath(query), async (path: string) => ({ ...(await api.getPage<LinkWithCounts>(path)), page: query.page ?? 1 }), {
    keepPreviousData: true,
  })

/** A page of links and the page number it is, so a page still shown while the next loads is described as itself. */
export type LinkPage = PageOf<LinkWithCounts> & { page: number }

/** The account's custom domains, for the link form's domain picker; the domains screen manages them (the same cache key). */
export const useLinkDomains = () => useSWR<DomainList>('/domains', api.get)

/** Only read to show a live custom domain beside each short link; the billing screen manages it. */
export const useCustomDomainStatus = () => useSWR<CustomDomainStatus>('/custom-domain/status', api.get)

/**
 * Every page of every list of links and the dashboard's per-link clicks read again: the lists on
 * screen at once, the others dropped, since reads never go stale by themselves and would come back
 * with old pages and totals.
 */
const refreshLinks = () =>
  mutate((key) => typeof key === 'string' && (key.startsWith(LINKS) || key === '/dashboard-stats' || key === TAGS), undefined, { revalidate: true })

const TAGS = '/tags'

/** "Check now": the link's target and card image checked at once; every list shows the new health. */
export async function checkLink(id: string) {
  const health = await api.post<LinkHealth>(`${LINKS}/${encodeURIComponent(id)}/check`)
  await refreshLinks()
  return health
}

/** The account's tags, A to Z, with how many links have each. */
export const useTags = () => useSWR<Tag[]>(TAGS, api.get)

export async function createTag(input: TagInput) {
  const tag = await api.post<Tag>(TAGS, input)
  await refreshLinks()
  return tag
}

/** Renames or recolours a tag; the lists show links with its new name. */
export async function updateTag(id: string, changes: TagChanges) {
  const tag = await api.patch<Tag>(`${TAGS}/${encodeURIComponent(id)}`, changes)
  await refreshLinks()
  return tag
}

export async function deleteTag(id: string) {
  await api.delete(`${TAGS}/${encodeURIComponent(id)}`)
  await refreshLinks()
}

const UTM_PRESETS = '/utmPresets'

/** The account's UTM presets, A to Z. */
export const useUtmPresets = () => useSWR<UtmPreset[]>(UTM_PRESETS, api.get)

export async function createUtmPreset(input: UtmPresetInput) {
  const preset = await api.post<UtmPreset>(UTM_PRESETS, input)
  await mutate(UTM_PRESETS)
  return preset
}

export async function deleteUtmPreset(id: string) {
  await api.delete(`${UTM_PRESETS}/${encodeURIComponent(id)}`)
  await mutate(UTM_PRESETS)
}

export async function createLink(input: LinkInput) {
  const link = await api.post<Link>(LINKS, input)
  await refreshLinks()
  return link
}

export async function updateLink(id: string, changes: LinkChanges) {
  const link = await api.patch<Link>(`${LINKS}/${encodeURIComponent(id)}`, changes)
  await refreshLinks()
  return link
}

export async function deleteLink(id: string) {
  await api.delete(`${LINKS}/${encodeURIComponent(id)}`)
  await refreshLinks()
}

/** Switches many links on or off, or deletes them; answers the ids that changed. */
export async function changeLinks(action: LinkBulkAction, ids: string[]) {
  const result = await api.post<{ action: LinkBulkAction; changed: string[] }>(`${LINKS}/bulk`, { action, ids })
  await refreshLinks()
  return result.changed
}

const ALIAS_ASK_DELAY_MS = 300

/**
 * Whether `alias` is free on `domain` (for the link `exceptId`, or a new one), asked once typing pauses;
 * undefined until the answer for what is typed now arrives.
 */
export function useAliasAvailability(alias: string, shouldAsk: boolean, exceptId?: string, domain = '') {
  const settled = useDebounced(alias, ALIAS_ASK_DELAY_MS)
  const params = new URLSearchParams({ alias, ...(exceptId ? { except: exceptId } : {}), ...(domain ? { domain } : {}) })
  const { data } = useSWR<AliasAvailability>(shouldAsk && settled === alias ? `${LINKS}/alias-availability?${params}` : null, api.get)
  return shouldAsk && data?.alias === alias ? data : undefined
}

/** The page's own title, description and image, read by the server (POST /api/crawl-url). */
export const fetchMetadata = (url: string) => api.post<PageMetadata>('/crawl-url', { url })

/** What the image at `url` is, read by the server (POST /api/check-image); null when it is no readable image. */
export const checkImage = async (url: string) => (await api.post<{ image: ImageFacts | null }>('/check-image', { url })).image

/**
 * Saves a QR code (`url`: the link's qrCodeUrl with its options) as `linkcard-qr-<slug>.<format>`.
 * The image is fetched into a blob because the download attribute is ignored for a plain link when
 * the short-link host is another origin.
 */
export async function downloadQrCode(link: Pick<Link, 'slug'>, url: string, format: QrFormat) {
  const response = await fetch(url)
  if (!response.ok) throw new ApiError(response.status, await errorBodyOf(response), '', response.statusText)
  saveFile(await response.blob(), `linkcard-qr-${link.slug}.${format}`)
}

/** Saves every link of the account, with its counts of all time, as the server writes the file. */
export async function downloadLinkExport(format: LinkExportFormat) {
  saveFile(await api.download(`${LINKS}/export?format=${format}`), linkExportFileName(format))
}

/** Why the QR code at `url` is not drawn: the server's message, or null when it now is. */
export async function qrCodeProblem(url: string): Promise<string | null> {
  const response = await fetch(url)
  if (response.ok) return null
  return errorMessage(new ApiError(response.status, await errorBodyOf(response), '', response.statusText), 'The QR code could not be drawn.')
}

const errorBodyOf = (response: Response) => response.json().catch(() => null)

const IMPORTS = '/imports'

/** The account's latest imports, newest first; read again every second while one is under way. */
export const useImports = (isWatching: boolean) =>
  useSWR<Import[]>(IMPORTS, api.get, { refreshInterval: (latest) => (isWatching || latest?.some(isUnderWay) ? 1000 : 0) })

export const isUnderWay = (job: Import) => job.status === 'queued' || job.status === 'running' || job.status === 'paused'

/** The first rows of a file's sample as they would be imported, with the columns mapped (as given, or as the server guesses). */
export const previewImport = (file: string, mapping?: ImportMapping) => api.post<ImportPreview>(`${IMPORTS}/preview`, { file, mapping })

export async function startImport(input: { file: string; source: ImportSource; fileName: string; mapping: ImportMapping }) {
  const job = await api.post<Import>(IMPORTS, input)
  await mutate(IMPORTS)
  return job
}

/** A finished import with the first rows that failed or were changed, and why (not asked for while it has none). */
export const useImportResult = (job: Import | undefined) =>
  useSWR<ImportResult>(job && !isUnderWay(job) && job.failed + job.changed > 0 ? `${IMPORTS}/${encodeURIComponent(job.id)}` : null, api.get)

/** Once an import is done, the lists show its links. */
export const showImportedLinks = refreshLinks

/** The import's report as CSV: every row, or (`problems`) only those that failed or were changed. */
export async function downloadImportReport(job: Import, rows: 'all' | 'problems' = 'all') {
  saveFile(await api.download(`${IMPORTS}/${encodeURIComponent(job.id)}/report${rows === 'all' ? '' : `?rows=${rows}`}`), importReportFileName(job.fileName, rows))
}
