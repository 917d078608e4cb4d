import useSWR, { mutate } from 'swr'
import type { CustomDomainStatus } from '../../../src/modules/domains/schema'
import type { Link, LinkChanges, LinkInput, LinkWithCounts, Period } from '../../../src/modules/links/schema'
import type { PageMetadata } from '../../../src/modules/metadata/schema'
import { api } from '../../lib/api'
import { saveFile } from '../../lib/save-file'

export type { CustomDomainStatus, Link, LinkChanges, LinkInput, LinkWithCounts, PageMetadata, Period }

const LINKS = '/shareLinks'

/** The account's links, newest first; clicks and previews count within `period` (all time without one). */
export const useLinks = (period?: Period) =>
  useSWR<LinkWithCounts[]>(period ? `${LINKS}?period=${period}` : LINKS, api.get, { keepPreviousData: true })

/** Only read to show a live custom domain beside each short link; the billing screen manages it. */
export const useCustomDomainStatus = () => useSWR<CustomDomainStatus>('/custom-domain/status', api.get)

/** Every list of links (each period) and the dashboard's per-link clicks read again. */
export const refreshLinks = () => mutate((key) => typeof key === 'string' && (key.startsWith(LINKS) || key === '/dashboard-stats'))

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

/** The page's own title, description and image, read by the server (POST /api/crawl-url). */
export const fetchMetadata = (url: string) => api.post<PageMetadata>('/crawl-url', { url })

/**
 * Saves the QR code PNG as `linkcard-qr-<slug>.png`. The image is fetched into a blob because the
 * download attribute is ignored for a plain link when the short-link host is another origin.
 */
export async function downloadQrCode(link: Pick<Link, 'qrCodeUrl' | 'slug'>) {
  const response = await fetch(link.qrCodeUrl)
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`)
  saveFile(await response.blob(), `linkcard-qr-${link.slug}.png`)
}
