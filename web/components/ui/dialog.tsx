import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import { createContext, useContext, useEffect, useRef, type ComponentProps, type HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

// Radix hands Escape to the newest layer, and a toast that appears over an open dialog is newer than
// it. The open dialogs, newest last, take Escape back through the toaster (escapeToOpenDialog).
const openDialogs: ((event: KeyboardEvent) => void)[] = []

/** Passes Escape to the newest open dialog; false when none is open. */
export function escapeToOpenDialog(event: KeyboardEvent) {
  const onEscape = openDialogs.at(-1)
  onEscape?.(event)
  return onEscape !== undefined
}

/** While `open`, this dialog is offered Escape that a toast over it received. */
export function useEscapeWhileOpen(open: boolean, onEscape: (event: KeyboardEvent) => void) {
  const latest = useRef(onEscape)
  latest.current = onEscape
  useEffect(() => {
    if (!open) return
    const handler = (event: KeyboardEvent) => latest.current(event)
    openDialogs.push(handler)
    return () => {
      openDialogs.splice(openDialogs.indexOf(handler), 1)
    }
  }, [open])
}

const DialogState = createContext({ open: false, close: () => {} })

export function Dialog({ open = false, onOpenChange, ...props }: ComponentProps<typeof RadixDialog.Root>) {
  return (
    <DialogState.Provider value={{ open, close: () => onOpenChange?.(false) }}>
      <RadixDialog.Root open={open} onOpenChange={onOpenChange} {...props} />
    </DialogState.Provider>
  )
}
export const DialogTrigger = RadixDialog.Trigger

export const OVERLAY_CLASS =
  'fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out'

export const PANEL_CLASS =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto ' +
  'rounded-xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none ' +
  'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out'

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const

type DialogContentProps = ComponentProps<typeof RadixDialog.Content> & {
  size?: keyof typeof WIDTHS
  /** Hide the corner close button (e.g. when the footer must be used). */
  hideClose?: boolean
}

export function DialogContent({ className, children, size = 'md', hideClose, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  const { open, close } = useContext(DialogState)
  useEscapeWhileOpen(open, (event) => {
    props.onEscapeKeyDown?.(event)
    if (!event.defaultPrevented) close()
  })
  // Radix gives the keyboard back to a Dialog.Trigger only; most dialogs here open from a row's
  // button instead, which gets it back the same way.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={OVERLAY_CLASS} />
      <RadixDialog.Content
        className={cn(PANEL_CLASS, WIDTHS[size], className)}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          onOpenAutoFocus?.(event)
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event)
          if (event.defaultPrevented || !opener.current?.isConnected || opener.current === document.body) return
          event.preventDefault()
          opener.current.focus()
        }}
        {...props}
      >
        {children}
        {!hideClose && (
          <RadixDialog.Close
            className="absolute top-4 right-4 rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  )
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('grid gap-1.5 pr-6', className)} {...props} />
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('text-lg font-semibold tracking-tight text-slate-900', className)} {...props} />
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn('text-sm leading-relaxed text-slate-500', className)} {...props} />
}
