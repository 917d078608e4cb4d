// How the link list reads its data: each link's status, the filters, and the custom-domain address.
import { isDomainLive } from '../../../src/shared/custom-domain'
import { LINK_LIST_SORTS, LINK_STATUS_FILTERS, type LinkListSort, type LinkStatusFilter } from '../../../src/shared/link-list'
import { linkPath } from '../../../src/shared/link-rules'
import type { CustomDomainStatus, Link, Period } from './api'

export type LinkStatus = 'active' | 'inactive' | 'expired'

/** Inactive wins over expired: switching a link off is the owner's latest word. */
export function linkStatus(link: Pick<Link, 'isActive' | 'expiresAt'>, now = Date.now()): LinkStatus {
  if (!link.isActive) return 'inactive'
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'expired'
  return 'active'
}

/** Whether the link sends people on some device or in some country to a URL of their own. */
export const isRouted = (link: Pick<Link, 'iosUrl' | 'androidUrl' | 'geoTargets'>) => Boolean(link.iosUrl || link.androidUrl || link.geoTargets)

export const STATUS_LABELS: Record<LinkStatus, string> = { active: 'Active', inactive: 'Inactive', expired: 'Expired' }

/**
 * The server filters by status: an expired link counts as inactive, since it no longer sends anyone
 * on. "Needs attention" is the health filter (links whose last check found them broken), in the same
 * picker so a phone's row of filters stays as it is.
 */
export const STATUS_FILTERS = [...LINK_STATUS_FILTERS, 'attention'] as const
export type StatusFilter = LinkStatusFilter | 'attention'
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { all: 'All statuses', active: 'Active', inactive: 'Inactive', attention: 'Needs attention' }

/** The time filter of /share-links; it picks the period the click and preview counts cover. */
export const SORTS = LINK_LIST_SORTS
export const SORT_LABELS: Record<LinkListSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  clicks: 'Most clicks',
  previews: 'Most previews',
}

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

/** `https://<hostname>/<alias or slug>` when the account's default domain is live and the link has no domain of its own, else null. */
export function customDomainUrl(domain: CustomDomainStatus | undefined, link: Pick<Link, 'alias' | 'slug' | 'domain'>): string | null {
  if (link.domain || !domain?.hasCustomDomain || !domain.hostname || !isDomainLive(domain)) return null
  return `https://${domain.hostname}/${encodeURIComponent(linkPath(link))}`
}

/** A URL without its scheme, for compact display. */
export const withoutScheme = (url: string) => url.replace(/^https?:\/\//i, '')


export const formatCount = (value: number) => value.toLocaleString('en-US')

/** Links in one page of /share-links. */
export const LINKS_PER_PAGE = 20

/** How long typing in the search box pauses before the server is asked. */
export const SEARCH_DELAY_MS = 250
