import type { TagColor } from '../../../src/shared/tags'
import { cn } from '../../lib/cn'

// Each colour of the palette as a light chip with dark text, readable in any of them.
export const TAG_COLOR_CLASSES: Record<TagColor, { chip: string; swatch: string }> = {
  slate: { chip: 'bg-slate-100 text-slate-700 ring-slate-200', swatch: 'bg-slate-500' },
  red: { chip: 'bg-red-50 text-red-800 ring-red-200', swatch: 'bg-red-500' },
  amber: { chip: 'bg-amber-50 text-amber-900 ring-amber-200', swatch: 'bg-amber-500' },
  emerald: { chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200', swatch: 'bg-emerald-500' },
  sky: { chip: 'bg-sky-50 text-sky-800 ring-sky-200', swatch: 'bg-sky-500' },
  indigo: { chip: 'bg-indigo-50 text-indigo-800 ring-indigo-200', swatch: 'bg-indigo-500' },
  violet: { chip: 'bg-violet-50 text-violet-800 ring-violet-200', swatch: 'bg-violet-500' },
  pink: { chip: 'bg-pink-50 text-pink-800 ring-pink-200', swatch: 'bg-pink-500' },
}

/** A tag's name in its colour (slate until the tag list has arrived). */
export function TagChip({ name, color = 'slate', className, children }: { name: string; color?: TagColor; className?: string; children?: React.ReactNode }) {
  return (
    <span
      data-testid="tag-chip"
      className={cn('inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TAG_COLOR_CLASSES[color].chip, className)}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  )
}
