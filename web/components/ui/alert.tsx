import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

const VARIANTS = {
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: CircleAlert },
  destructive: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert },
} as const

type AlertProps = { variant?: keyof typeof VARIANTS; title?: ReactNode; children?: ReactNode; className?: string }

/** An inline notice inside a screen (a toast is for things that just happened). */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  const { box, icon: Icon } = VARIANTS[variant]
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-3.5 text-sm', box, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="leading-relaxed opacity-90">{children}</div>}
      </div>
    </div>
  )
}
