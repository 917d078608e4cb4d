import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

const VARIANTS = {
  default: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  secondary: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  outline: 'bg-white text-slate-700 ring-slate-300',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  destructive: 'bg-red-50 text-red-700 ring-red-600/20',
} as const

export type BadgeVariant = keyof typeof VARIANTS

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', VARIANTS[variant], className)}
      {...props}
    />
  )
}
