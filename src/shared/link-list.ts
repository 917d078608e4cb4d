// How the link lists are paged and filtered, shared word for word by the server, the web app and the docs.

/** Links in one page of GET /api/shareLinks and GET /api/links when no `limit` is given, and the most one may ask for. */
export const LINK_PAGE_DEFAULT = 50
export const LINK_PAGE_MAX = 500
/** The highest page number accepted: far past any real list, low enough that no offset overflows. */
export const LINK_PAGE_NUMBER_MAX = 1_000_000
export const LINK_SEARCH_MAX = 200

/** `active` links send visitors on; `inactive` ones were switched off or have expired. */
export const LINK_STATUS_FILTERS = ['all', 'active', 'inactive'] as const
export type LinkStatusFilter = (typeof LINK_STATUS_FILTERS)[number]

/** How the app's link list may be ordered: newest or oldest, by title, or by clicks or previews in the period (most first). */
export const LINK_LIST_SORTS = ['newest', 'oldest', 'title', 'clicks', 'previews'] as const
export type LinkListSort = (typeof LINK_LIST_SORTS)[number]

/** What one bulk action may do to the account's links, and to how many at once. */
export const LINK_BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const
export type LinkBulkAction = (typeof LINK_BULK_ACTIONS)[number]
export const LINK_BULK_MAX = 500
// Links one bulk create of the public API may carry.
export const LINK_BULK_CREATE_MAX = 1000

export const LINK_LIST_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${LINK_PAGE_MAX}.`,
  page: `page must be a whole number from 1 to ${LINK_PAGE_NUMBER_MAX}.`,
  search: `search must be at most ${LINK_SEARCH_MAX} characters.`,
  status: `status must be one of ${LINK_STATUS_FILTERS.join(', ')}.`,
  sort: `sort must be one of ${LINK_LIST_SORTS.join(', ')}.`,
  bulkAction: `action must be one of ${LINK_BULK_ACTIONS.join(', ')}.`,
  bulkIds: `ids must list 1 to ${LINK_BULK_MAX} link ids.`,
} as const

/** Pages needed for `total` links at `limit` a page; an empty list still has its one (empty) page. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit))

// The link export: every link of the account, as a spreadsheet or as the APIs show links.
export const LINK_EXPORT_FORMATS = ['csv', 'json'] as const
export type LinkExportFormat = (typeof LINK_EXPORT_FORMATS)[number]

/** The export's file name on a given day (UTC). */
export const linkExportFileName = (format: LinkExportFormat, now = new Date()) => `linkcard-links-${now.toISOString().slice(0, 10)}.${format}`
