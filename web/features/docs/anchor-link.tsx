import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

/**
 * A heading with the "#" link to its place beside it, shown on hover and on keyboard focus. The
 * link stands outside the heading, so the heading's name (and the section it names) stays its text.
 */
export function AnchoredHeading({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('group/anchor flex items-baseline gap-1.5', className)}>
      {children}
      <a
        href={`#${id}`}
        aria-label={`Link to ${label}`}
        className="rounded-sm px-1 text-slate-500 opacity-0 transition-opacity group-hover/anchor:opacity-100 hover:text-brand-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        #
      </a>
    </div>
  )
}
