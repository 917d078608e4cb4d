import useSWR, { mutate, preload } from 'swr'
import type { AccountAnalytics, LinkAnalytics } from '../../../src/modules/analytics/schema'
import type { Link, LinkDetail } from '../../../src/modules/links/schema'
import { DEFAULT_ANALYTICS_PERIOD, eventsCsvFileName, periodRange, type AnalyticsPeriod } from '../../../src/shared/analytics'
import { linkPath } from '../../../src/shared/link-rules'
import { api } from '../../lib/api'
import { saveFile } from '../../lib/save-file'

export type { AccountAnalytics, LinkAnalytics, Link, LinkDetail }

const analyticsPath = (id: string, { from, to }: { from: string; to: string }) =>
  `/shareLinks/${encodeURIComponent(id)}/analytics?from=${from}&to=${to}`

/** The link the screen is about (title and short URL for the header). */
export const useAnalyticsLink = (id: string) => useSWR<LinkDetail>(`/shareLinks/${encodeURIComponent(id)}`, api.get)

/** Starts fetching the first period's analytics while the link itself loads, rather than after it. */
export const preloadLinkAnalytics = (id: string) => void preload(analyticsPath(id, periodRange(DEFAULT_ANALYTICS_PERIOD)), api.get).catch(() => undefined)

/** The link's analytics for the picker's period; the previous period stays shown while the next loads. */
export function useLinkAnalytics(id: string, period: AnalyticsPeriod) {
  const range = periodRange(period)
  return { range, ...useSWR<LinkAnalytics>(analyticsPath(id, range), api.get, { keepPreviousData: true }) }
}

/** The days an account's analytics cover, and the tag whose links they count (undefined: every link). */
export type AccountQuery = { from: string; to: string; tag?: string }

/**
 * All the account's links together (or one tag's) over the days, beside the days before. The
 * previous answer stays shown while the next loads, and opening the screen reads afresh: these
 * numbers are about now.
 */
export function useAccountAnalytics({ from, to, tag }: AccountQuery) {
  const path = `/analytics?from=${from}&to=${to}${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`
  return useSWR<AccountAnalytics>(path, api.get, { keepPreviousData: true, revalidateOnMount: true })
}

/** Saves the period's raw events under the server's own file name for them. */
export async function downloadEventsCsv(link: Pick<Link, 'id' | 'alias' | 'slug'>, range: { from: string; to: string }) {
  const text = await api.get<string>(`${analyticsPath(link.id, range)}&format=csv`)
  saveFile(new Blob([text ?? ''], { type: 'text/csv;charset=utf-8' }), eventsCsvFileName(linkPath(link), range.from, range.to))
}

/**
 * Ends the link's split test with `targetUrl` as its target for everyone, then reads the link and
 * its analytics again (the analytics list variants only while the link has them).
 */
export async function keepVariant(linkId: string, targetUrl: string) {
  await changeAndReload(linkId, { targetUrl, variants: null })
}

/**
 * Ends the link's card test keeping one version: its own card ('a'), or the second one ('b') as the
 * link's card from now on. Then reads the link and its analytics again.
 */
export async function keepCardVersion(link: Pick<Link, 'id' | 'cardVariant'>, version: 'a' | 'b') {
  const second = link.cardVariant
  const kept = version === 'b' && second ? { title: second.title, ...(second.description && { description: second.description }), ...(second.ogImage && { ogImage: second.ogImage }) } : {}
  await changeAndReload(link.id, { ...kept, cardVariant: null })
}

async function changeAndReload(linkId: string, changes: Record<string, unknown>) {
  await api.patch(`/shareLinks/${encodeURIComponent(linkId)}`, changes)
  const linkKey = `/shareLinks/${encodeURIComponent(linkId)}`
  await mutate((key) => typeof key === 'string' && (key === linkKey || key.startsWith(`${linkKey}/analytics`) || key.startsWith('/shareLinks?')), undefined, { revalidate: true })
}
