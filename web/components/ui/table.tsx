import { useEffect, useRef, useState, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/**
 * A data table that scrolls sideways on narrow screens instead of overflowing the page. While it
 * does, its frame takes the keyboard's focus (named by `label`), so it can be scrolled without a mouse.
 */
export function Table({ className, label, ...props }: HTMLAttributes<HTMLTableElement> & { label?: string }) {
  const frame = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={frame}
      className="w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label ?? 'Table' } : {})}
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50/70', className)} {...props} />
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-slate-50/70', className)} {...props} />
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('h-10 px-4 text-left align-middle text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase', className)}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />
}
