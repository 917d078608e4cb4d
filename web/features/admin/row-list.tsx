import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useMediaQuery } from '../../lib/use-media-query'

/** A column of an admin list; on narrower screens, a line of the row's card. */
export type Column<T> = {
  label: string
  value: (row: T) => ReactNode
  /** The table cell's classes: widths and truncation, which a card does not need. */
  cellClassName?: string
}

type RowListProps<T extends { id: string }> = {
  /** Names the table or the list of cards: 'Users', 'Audit log'. */
  label: string
  /** The first column names the row: it heads the card. */
  columns: Column<T>[]
  rows: T[]
  /** Buttons after the columns; at the foot of the card. */
  actions?: (row: T) => ReactNode
  /** The row whose details are open, highlighted. */
  selectedId?: string
}

/**
 * A table on extra-large screens, the width the widest admin table needs; below, a card per row,
 * so every column and action stays on screen instead of in a sideways scroll.
 */
export function RowList<T extends { id: string }>(props: RowListProps<T>) {
  const isWide = useMediaQuery('(min-width: 80rem)')
  return isWide ? <RowTable {...props} /> : <RowCards {...props} />
}

function RowTable<T extends { id: string }>({ label, columns, rows, actions, selectedId }: RowListProps<T>) {
  return (
    <div className="rounded-lg border border-slate-200">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label}>{column.label}</TableHead>
            ))}
            {actions && <TableHead className="text-right">Actions</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-state={row.id === selectedId ? 'selected' : undefined} className="data-[state=selected]:bg-brand-50/60">
              {columns.map((column) => (
                <TableCell key={column.label} className={column.cellClassName}>
                  {column.value(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell>
                  <div className="flex items-center justify-end gap-2">{actions(row)}</div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

function RowCards<T extends { id: string }>({ label, columns, rows, actions, selectedId }: RowListProps<T>) {
  const [heading, ...lines] = columns
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {rows.map((row) => (
        <li
          key={row.id}
          data-state={row.id === selectedId ? 'selected' : undefined}
          className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 p-4 data-[state=selected]:border-brand-300 data-[state=selected]:bg-brand-50/60"
        >
          <div className="min-w-0 font-medium wrap-anywhere text-slate-900">{heading.value(row)}</div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {lines.map((column) => (
              <div key={column.label} className="col-span-2 grid grid-cols-subgrid items-center">
                <dt className="text-slate-500">{column.label}</dt>
                <dd className="min-w-0 wrap-anywhere text-slate-900">{column.value(row)}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions(row)}</div>}
        </li>
      ))}
    </ul>
  )
}
