import { useState, type ReactNode } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import type { SelectOption } from '../../components/ui/select'
import { LoadingState } from '../../components/ui/spinner'
import { PAGE_SIZE, type ListState, type SortOrder } from './api'
import { ListToolbar } from './list-toolbar'
import { Pager } from './pager'
import { RowList, type Column } from './row-list'
import { useDebounced } from '../../lib/use-debounced'

/** A sort choice's value: 'createdAt:desc'. */
type SortValue = `${string}:${SortOrder}`
type SortField<S extends SortValue> = S extends `${infer F}:${SortOrder}` ? F : never

/** Page, search and sort of an admin list, and the query they ask for (the search once typing pauses). */
export function useListControls<S extends SortValue>(initialSort: S) {
  // Search and sort keep the page.
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<S>(initialSort)
  const [sortBy, sortOrder] = sort.split(':') as [SortField<S>, SortOrder]
  const query: ListState<SortField<S>> = { page, search: useDebounced(search), sortBy, sortOrder }
  return { page, setPage, search, setSearch, sort, setSort, query }
}

type AdminListProps<T extends { id: string }, S extends SortValue> = {
  title: string
  description: string
  /** Lower-case plural: 'accounts' makes 'Search accounts...', 'Loading accounts...', 'No accounts found'. */
  noun: string
  controls: ReturnType<typeof useListControls<S>>
  sortOptions: readonly SelectOption<S>[]
  rows: T[] | undefined
  error: unknown
  columns: Column<T>[]
  /** More actions on each row, after View Details. */
  actions?: (row: T) => ReactNode
  /** A View Details button on each row, named after it, and the card it opens under the list. */
  details?: { rowName: (row: T) => string; card: (row: T, close: () => void) => ReactNode }
}

/** An admin tab: search, sort, the rows (with View Details when they have details), the pager, and the open row's card. */
export function AdminList<T extends { id: string }, S extends SortValue>(props: AdminListProps<T, S>) {
  const { title, description, noun, controls, sortOptions, rows, error, columns, actions, details } = props
  const [selected, setSelected] = useState<T | null>(null)
  // The open card follows the list, so a plan change shows in its badge too.
  const shown = selected && (rows?.find((row) => row.id === selected.id) ?? selected)
  const listName = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`
  const rowActions =
    details || actions
      ? (row: T) => (
          <>
            {details && (
              <Button variant="outline" size="sm" onClick={() => setSelected(row)} aria-label={`View Details of ${details.rowName(row)}`}>
                View Details
              </Button>
            )}
            {actions?.(row)}
          </>
        )
      : undefined

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ListToolbar
            search={controls.search}
            onSearchChange={controls.setSearch}
            searchPlaceholder={`Search ${noun}...`}
            sort={controls.sort}
            onSortChange={controls.setSort}
            sortOptions={sortOptions}
          />
          {Boolean(error) && <Alert variant="destructive">{`Failed to fetch ${noun}`}</Alert>}
          {!rows && !error && <LoadingState label={`Loading ${noun}...`} className="py-10" />}
          {rows?.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-slate-500">{`No ${noun} found`}</p>}
          {rows && rows.length > 0 && <RowList label={listName} columns={columns} rows={rows} actions={rowActions} selectedId={shown?.id} />}
          <Pager page={controls.page} hasNext={(rows?.length ?? 0) >= PAGE_SIZE} onPageChange={controls.setPage} label={`${listName} pages`} />
        </CardContent>
      </Card>
      {shown && details?.card(shown, () => setSelected(null))}
    </>
  )
}
