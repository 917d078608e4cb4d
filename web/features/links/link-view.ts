// How the link list reads its data: each link's status, the filters, and the custom-domain address.
import { isDomainLive } from '../../../src/shared/custom-domain'
import { linkPath } from '../../../src/shared/link-rules'
import type { CustomDomainStatus, Link, Period } from './api'

export type LinkStatus = 'active' | 'inactive' | 'expired'

/** Inactive wins over expired: switching a link off is the owner's latest word. */
export function linkStatus(link: Pick<Link, 'isActive' | 'expiresAt'>, now = Date.now()): LinkStatus {
  if (!link.isActive) return 'inactive'
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'expired'
  return 'active'
}

export const STATUS_LABELS: Record<LinkStatus, string> = { active: 'Active', inactive: 'Inactive', expired: 'Expired' }

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { all: 'All statuses', active: 'Active', inactive: 'Inactive' }

/** The time filter of /share-links; it picks the period the click and preview counts cover. */
export const TIME_FILTERS = ['7days', '30days', '90days', 'year'] as const satisfies readonly Period[]
export type TimeFilter = (typeof TIME_FILTERS)[number]
export const DEFAULT_TIME_FILTER: TimeFilter = '30days'
export const TIME_FILTER_LABELS: Record<TimeFilter, string> = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  '90days': 'Last 90 days',
  year: 'Last year',
}
/** Under the Clicks and Previews headings, so nobody reads the counts as all-time totals. */
export const TIME_FILTER_SHORT: Record<TimeFilter, string> = { '7days': '7 days', '30days': '30 days', '90days': '90 days', year: '1 year' }

export type LinkFilters = { search: string; status: StatusFilter }

/**
 * The links that match the search (title, target URL, alias or slug, case-insensitive) and the
 * status filter; an expired link counts as inactive, since it no longer sends anyone on.
 */
export function filterLinks<T extends Link>(links: readonly T[], { search, status }: LinkFilters, now = Date.now()): T[] {
  const needle = search.trim().toLowerCase()
  return links.filter((link) => {
    if (status !== 'all' && (linkStatus(link, now) === 'active') !== (status === 'active')) return false
    if (!needle) return true
    return [link.title, link.targetUrl, link.alias ?? '', link.slug].some((field) => field.toLowerCase().includes(needle))
  })
}

/** `https://<hostname>/<alias or slug>` when the account's custom domain is live, else null. */
export function customDomainUrl(domain: CustomDomainStatus | undefined, link: Pick<Link, 'alias' | 'slug'>): string | null {
  if (!domain?.hasCustomDomain || !domain.hostname || !isDomainLive(domain)) return null
  return `https://${domain.hostname}/${encodeURIComponent(linkPath(link))}`
}

/** A URL without its scheme, for compact display. */
export const withoutScheme = (url: string) => url.replace(/^https?:\/\//i, '')

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

export const formatCount = (value: number) => value.toLocaleString('en-US')

/** The dashboard lists the 3 newest links. */
export const RECENT_LINKS = 3

export function recentLinks<T extends Pick<Link, 'createdAt'>>(links: readonly T[], count = RECENT_LINKS): T[] {
  return [...links].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, count)
}
