import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'

type FoldProps = {
  title: ReactNode
  /** What the fold holds, said beside its title while folded too (`· 2 set`); nothing when empty. */
  summary?: ReactNode
  open: boolean
  onToggle: (open: boolean) => void
  testId?: string
  children: ReactNode
}

/** A part of a form folded away under its title until opened: the browser's own details element, so the keyboard and screen readers know it. */
export function Fold({ title, summary, open, onToggle, testId, children }: FoldProps) {
  return (
    <details open={open} onToggle={(event) => onToggle(event.currentTarget.open)} className="group rounded-lg border border-slate-200 px-3 py-2 open:pb-3" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-1.5 text-sm font-medium text-slate-700 select-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 text-slate-400 transition-transform group-open:rotate-90" aria-hidden="true" />
        {title}
        {summary ? <span className="text-[13px] font-normal text-slate-500">· {summary}</span> : null}
      </summary>
      {children}
    </details>
  )
}
