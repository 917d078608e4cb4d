import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

type EmptyStateProps = {
  icon?: LucideIcon
  title: ReactNode
  description?: ReactNode
  /** Usually one Button that starts the first thing to do. */
  action?: ReactNode
  /** The title's element: 'h1' when the empty state is the whole screen. */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3'
  className?: string
}

/** What a list or screen shows when there is nothing (yet), or when loading it failed. */
export function EmptyState({ icon: Icon, title, description, action, titleAs: Title = 'p', className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center', className)}>
      {Icon && (
        <div className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-5" aria-hidden="true" />
        </div>
      )}
      <div className="grid gap-1">
        <Title className="text-sm font-semibold text-slate-900">{title}</Title>
        {description && <p className="mx-auto max-w-sm text-sm text-slate-500">{description}</p>}
      </div>
      {action && <div className="mt-1">{action}</div>}
    </div>
  )
}
