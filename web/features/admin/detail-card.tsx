import { useEffect, useRef, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader } from '../../components/ui/card'

type DetailCardProps = {
  title: string
  /** Under the title: the plan badge, the account name. */
  meta?: ReactNode
  onClose: () => void
  /** The action buttons (delete, and more for a user) with their confirmations. */
  action: ReactNode
  /** Above the links, e.g. an account's members. */
  before?: ReactNode
  linksTitle: string
  children: ReactNode
}

/** The card that opens under a list for one account or user; it scrolls into view when opened. */
export function DetailCard({ title, meta, onClose, action, before, linksTitle, children }: DetailCardProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [title])
  return (
    <Card className="mt-6 scroll-mt-24" role="region" aria-label={title}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <h3 ref={heading} tabIndex={-1} className="text-base font-semibold tracking-tight break-all text-slate-900 focus:outline-none">
            {title}
          </h3>
          {meta && <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500">{meta}</div>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {action}
          <Button variant="outline" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {before}
        <h4 className="text-sm font-semibold text-slate-900">{linksTitle}</h4>
        <div>{children}</div>
      </CardContent>
    </Card>
  )
}
