import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../../components/ui/button'

type PagerProps = {
  page: number
  /** Rows the current page came back with; a short page is the last one. */
  hasNext: boolean
  onPageChange: (page: number) => void
  label: string
}

/** Previous, 'Page N', Next. */
export function Pager({ page, hasNext, onPageChange, label }: PagerProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 pt-4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="min-w-16 text-center text-sm text-slate-600" aria-live="polite">
        Page {page}
      </span>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}
