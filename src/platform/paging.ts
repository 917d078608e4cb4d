// Paged, searchable, sorted lists done in SQL (the admin lists): one shape for every repo.
import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

export type SortOrder = 'asc' | 'desc'

/** One page of a list: page counts from 1; search is already trimmed (undefined: no filter). */
export type PageQuery<SortBy extends string = string> = {
  page: number
  limit: number
  search?: string
  sortBy: SortBy
  sortOrder: SortOrder
}

export type PageOf<T> = { rows: T[]; total: number }

export const offsetOf = (query: Pick<PageQuery, 'page' | 'limit'>) => (query.page - 1) * query.limit

/** Case-insensitive "contains": %, _ and \ in the text match themselves, not any character. */
export function containsText(column: SQLiteColumn | SQL, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql`lower(${column}) like ${pattern} escape '\\'`
}

/**
 * The headers of one page of a list answered as a plain array: `X-Total-Count`, and a `Link`
 * (RFC 8288) to the first, previous, next and last pages, as references relative to this host, so
 * they hold whichever host name or proxy the call came through. No `next` on the last page.
 */
export function pageHeaders(request: Request, path: string, paging: { page: number; limit: number; total: number }) {
  const { page, limit, total } = paging
  const last = Math.max(1, Math.ceil(total / limit))
  // The caller's own filters, as sent: the query string is cut off the URL, never parsed with it.
  const at = request.url.indexOf('?')
  const sent = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1))
  sent.delete('page')
  sent.delete('limit')
  const href = (target: number) => {
    const params = new URLSearchParams(sent)
    params.set('limit', String(limit))
    params.set('page', String(target))
    return `<${path}?${params}>`
  }
  const links = [`${href(1)}; rel="first"`]
  if (page > 1) links.push(`${href(Math.min(page - 1, last))}; rel="prev"`)
  if (page < last) links.push(`${href(page + 1)}; rel="next"`)
  links.push(`${href(last)}; rel="last"`)
  return { 'x-total-count': String(total), link: links.join(', ') }
}
