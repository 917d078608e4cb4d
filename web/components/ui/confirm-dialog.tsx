import { AlertDialog } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Button } from './button'
import { OVERLAY_CLASS, PANEL_CLASS, useEscapeWhileOpen } from './dialog'

type ConfirmDialogProps = {
  title: ReactNode
  description: ReactNode
  /** The element that opens it; leave out and pass `open`/`onOpenChange` to control it. */
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  cancelLabel?: string
  confirmLabel?: string
  /** Red confirm button, for deletions. */
  destructive?: boolean
  /** May be async: the button shows a spinner until it settles; the dialog closes unless it throws. */
  onConfirm: () => unknown
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog({
  title,
  description,
  trigger,
  open,
  onOpenChange,
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
  destructive,
  onConfirm,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false)
  const [isWorking, setIsWorking] = useState(false)
  const isOpen = open ?? ownOpen
  const setOpen = (next: boolean) => {
    if (isWorking) return
    setOwnOpen(next)
    onOpenChange?.(next)
  }
  useEscapeWhileOpen(isOpen, () => setOpen(false))
  async function confirm() {
    setIsWorking(true)
    try {
      await onConfirm()
      setIsWorking(false)
      setOwnOpen(false)
      onOpenChange?.(false)
    } catch {
      setIsWorking(false)
    }
  }
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content className={cn(PANEL_CLASS, 'max-w-md')}>
          <div className="grid gap-2">
            <AlertDialog.Title className="text-lg font-semibold tracking-tight text-slate-900">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm leading-relaxed text-slate-500">{description}</AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isWorking}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'destructive' : 'default'} isLoading={isWorking} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
