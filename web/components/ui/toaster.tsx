import { X } from 'lucide-react'
import { Toast } from 'radix-ui'
import { cn } from '../../lib/cn'
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from '../../lib/toast'
import { escapeToOpenDialog } from './dialog'

/** Renders the toast store; mounted once at the root. F8 focuses the region (radix's default hotkey). */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts)
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={variant ?? 'default'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id)
          }}
          // Escape pressed in a dialog closes the dialog and leaves the toast to time out.
          onEscapeKeyDown={(event) => {
            const inDialog = (event.target as Element | null)?.closest?.('[role="dialog"], [role="alertdialog"]')
            if (inDialog && escapeToOpenDialog(event)) event.preventDefault()
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-pop-in data-[state=closed]:animate-fade-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            variant === 'destructive' ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className={cn('text-sm', variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>{description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2',
              variant === 'destructive' ? 'text-red-50 focus-visible:outline-white' : 'text-slate-500 focus-visible:outline-brand-600',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/*
        Never over what people press next: on a phone, over the site's header bar (a page's own
        buttons sit under it, a dialog's at the bottom); on a wider screen, at the bottom left,
        away from the page's buttons (top right), a dialog's (bottom right of the centre) and the pager's.
      */}
      <Toast.Viewport className="fixed top-0 right-0 left-0 z-[100] flex max-h-dvh flex-col gap-2 px-3 pt-2 outline-none sm:top-auto sm:right-auto sm:bottom-0 sm:max-w-[400px] sm:p-6" />
    </Toast.Provider>
  )
}
