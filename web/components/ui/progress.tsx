import { Progress as RadixProgress } from 'radix-ui'
import { cn } from '../../lib/cn'

const COLORS = { brand: 'bg-brand-600', warning: 'bg-amber-500', danger: 'bg-red-600', success: 'bg-emerald-500' } as const

export type ProgressColor = keyof typeof COLORS

type ProgressProps = {
  /** 0 to 100; values outside are clamped. */
  value: number
  color?: ProgressColor
  className?: string
  'aria-label'?: string
}

export function Progress({ value, color = 'brand', className, ...aria }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0))
  return (
    <RadixProgress.Root value={clamped} max={100} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)} {...aria}>
      <RadixProgress.Indicator
        data-color={color}
        className={cn('h-full rounded-full transition-[width] duration-500', COLORS[color])}
        style={{ width: `${clamped}%` }}
      />
    </RadixProgress.Root>
  )
}
