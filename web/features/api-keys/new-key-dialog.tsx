import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import type { CreatedApiKey } from './api'

/**
 * Shows a new key in full, once: only its hash is stored. Until the key is copied or the person
 * says they have stored it, nothing closes the dialog, so a stray Escape or click cannot lose it.
 */
export function NewKeyDialog({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  const [hasCopied, setHasCopied] = useState(false)
  const [hasStored, setHasStored] = useState(false)
  const isKept = hasCopied || hasStored

  function close() {
    setHasCopied(false)
    setHasStored(false)
    onDone()
  }

  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => !isKept && event.preventDefault()}
        onInteractOutside={(event) => !isKept && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>API Key Created</DialogTitle>
          <DialogDescription>
            This is the only time you'll see this key. Copy it now and keep it somewhere safe: Linkcard stores only a fingerprint of it and cannot
            show it again.
          </DialogDescription>
        </DialogHeader>
        {created && (
          <div className="grid gap-3">
            <p className="text-sm font-medium text-slate-800">{created.name}</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code data-testid="new-api-key" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
                {created.key}
              </code>
              <CopyButton value={created.key} label="Copy Key" onCopied={() => setHasCopied(true)} />
            </div>
            <p className="flex items-start gap-2 text-[13px] text-amber-800">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Anyone with this key can create and change links in your account. If it leaks, revoke it and create a new one.
            </p>
            <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={hasStored}
                onChange={(event) => setHasStored(event.target.checked)}
                className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
              />
              I have stored this key somewhere safe
            </label>
          </div>
        )}
        <DialogFooter>
          <Button onClick={close} disabled={!isKept}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
