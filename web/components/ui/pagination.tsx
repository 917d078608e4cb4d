import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from './button'

type PaginationProps = {
  page: number
  pageCount: number
  onPageChange: (page: number) => void
  /** Names the navigation for screen readers, e.g. "Share link pages". */
  label: string
}

/** Previous, 'Page N of M', Next. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 sm:justify-end">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="min-w-24 text-center text-sm text-slate-600 tabular-nums" aria-live="polite" data-testid="page-status">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}
