import { useState, type ReactNode } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import type { SelectOption } from '../../components/ui/select'
import { LoadingState } from '../../components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { PAGE_SIZE, type ListState, type SortOrder } from './api'
import { ListToolbar } from './list-toolbar'
import { Pager } from './pager'
import { useDebounced } from './use-debounced'

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
  /** The headings before Actions. */
  columns: string[]
  /** The cells before Actions, one per column. */
  cells: (row: T) => ReactNode
  /** Names the row in its View Details button: the account's name, the user's email. */
  rowName: (row: T) => string
  /** More in the Actions cell, after View Details. */
  actions?: (row: T) => ReactNode
  /** The card under the list for the row whose details are open. */
  details: (row: T, close: () => void) => ReactNode
}

/** An admin tab: search, sort, the table with View Details on each row, the pager, and the open row's card. */
export function AdminList<T extends { id: string }, S extends SortValue>(props: AdminListProps<T, S>) {
  const { title, description, noun, controls, sortOptions, rows, error, columns, cells, rowName, actions, details } = props
  const [selected, setSelected] = useState<T | null>(null)
  // The open card follows the list, so a plan change shows in its badge too.
  const shown = selected && (rows?.find((row) => row.id === selected.id) ?? selected)

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
          {rows && (
            <div className="rounded-lg border border-slate-200">
              <Table>
                <TableHeader>
                  <TableRow>
                    {columns.map((column) => (
                      <TableHead key={column}>{column}</TableHead>
                    ))}
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={columns.length + 1} className="py-10 text-center text-slate-500">
                        {`No ${noun} found`}
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((row) => (
                    <TableRow key={row.id} data-state={shown?.id === row.id ? 'selected' : undefined} className="data-[state=selected]:bg-brand-50/60">
                      {cells(row)}
                      <TableCell>
                        <div className="flex items-center justify-end gap-2">
                          <Button variant="outline" size="sm" onClick={() => setSelected(row)} aria-label={`View Details of ${rowName(row)}`}>
                            View Details
                          </Button>
                          {actions?.(row)}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <Pager page={controls.page} hasNext={(rows?.length ?? 0) >= PAGE_SIZE} onPageChange={controls.setPage} label={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} pages`} />
        </CardContent>
      </Card>
      {shown && details(shown, () => setSelected(null))}
    </>
  )
}
