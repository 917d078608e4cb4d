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
