import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import { useDocumentTitle } from '../lib/use-document-title'

type PageProps = {
  /** The h1, also the tab title. */
  title: string
  description?: ReactNode
  /** Buttons at the right of the heading (stacked under it on phones). */
  actions?: ReactNode
  /** 'narrow' for forms such as settings; 'wide' for dashboards and tables. */
  width?: 'narrow' | 'wide'
  /** 'center' for marketing-style screens such as pricing. */
  align?: 'start' | 'center'
  children?: ReactNode
  className?: string
}

/** The frame of a signed-in screen or a simple public one: heading, actions, content. */
export function Page({ title, description, actions, width = 'wide', align = 'start', children, className }: PageProps) {
  useDocumentTitle(title)
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-10 lg:px-8', width === 'narrow' ? 'max-w-3xl' : 'max-w-7xl', className)}>
      <div className={cn('mb-8 flex flex-col gap-4', align === 'center' ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between')}>
        <div className="grid gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description && <p className="text-sm text-slate-500 sm:text-base">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  )
}
