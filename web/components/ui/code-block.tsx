import { cn } from '../../lib/cn'
import { CopyButton } from './copy-button'

type CodeBlockProps = {
  code: string
  /** Shown in the header bar, e.g. "bash" or "Response". */
  title?: string
  /** Long lines wrap instead of scrolling sideways: for answers whose lines can be any length. */
  isWrapped?: boolean
  className?: string
}

/** Dark, scrollable code with a copy button. */
export function CodeBlock({ code, title, isWrapped, className }: CodeBlockProps) {
  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-lg', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-4 py-2">
        <span className="min-w-0 truncate font-mono text-xs text-slate-400">{title}</span>
        <CopyButton value={code} variant="ghost" size="sm" className="text-slate-300 hover:bg-white/10 hover:text-white" />
      </div>
      <pre
        // It scrolls sideways: it takes the keyboard's focus, so it can be scrolled without a mouse.
        tabIndex={isWrapped ? undefined : 0}
        className={cn(
          'overflow-x-auto p-4 text-[13px] leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400',
          isWrapped && 'whitespace-pre-wrap wrap-anywhere',
        )}
      >
        <code className="font-mono">{code}</code>
      </pre>
    </div>
  )
}
