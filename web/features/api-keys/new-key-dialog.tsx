import { FlaskConical, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '../../components/ui/button'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import type { CreatedApiKey } from './api'

/** Whether the person has copied the shown key or says they stored it: until then nothing closes its dialog. */
export function useKeptKey() {
  const [hasCopied, setHasCopied] = useState(false)
  const [hasStored, setHasStored] = useState(false)
  return {
    isKept: hasCopied || hasStored,
    hasStored,
    setHasStored,
    onCopied: () => setHasCopied(true),
    reset() {
      setHasCopied(false)
      setHasStored(false)
    },
  }
}
type KeptKey = ReturnType<typeof useKeptKey>

/** The docs' tester with this key picked: this tab remembers the key, so it can call with it. */
export const docsTesterPath = (keyId: string) => `/docs?key=${encodeURIComponent(keyId)}#try-it-out`

/** The whole key, its Copy button, and the person's word that they stored it. */
export function ShownKey({ shown, kept }: { shown: CreatedApiKey; kept: KeptKey }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium text-slate-800">{shown.name}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code data-testid="new-api-key" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
          {shown.key}
        </code>
        <CopyButton value={shown.key} label="Copy Key" onCopied={kept.onCopied} />
      </div>
      <p className="flex items-start gap-2 text-[13px] text-amber-800">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Anyone with this key can create and change links in your account. If it leaks, roll it or revoke it.
      </p>
      <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={kept.hasStored}
          onChange={(event) => kept.setHasStored(event.target.checked)}
          className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
        />
        I have stored this key somewhere safe
      </label>
    </div>
  )
}

/** Done, and a way to try the key in the docs at once; both wait until the key is kept. */
export function ShownKeyFooter({ shown, kept, onDone }: { shown: CreatedApiKey; kept: KeptKey; onDone: () => void }) {
  const [, navigate] = useLocation()
  return (
    <DialogFooter>
      <Button
        variant="outline"
        disabled={!kept.isKept}
        onClick={() => {
          onDone()
          navigate(docsTesterPath(shown.id))
        }}
      >
        <FlaskConical aria-hidden="true" />
        Try it in the docs
      </Button>
      <Button onClick={onDone} disabled={!kept.isKept}>
        Done
      </Button>
    </DialogFooter>
  )
}

/**
 * Shows a new key in full, once: only its hash is stored. Until the key is copied or the person
 * says they have stored it, nothing closes the dialog, so a stray Escape or click cannot lose it.
 */
export function NewKeyDialog({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  const kept = useKeptKey()

  function close() {
    kept.reset()
    onDone()
  }

  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => !kept.isKept && event.preventDefault()}
        onInteractOutside={(event) => !kept.isKept && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>API Key Created</DialogTitle>
          <DialogDescription>
            This is the only time you'll see this key. Copy it now and keep it somewhere safe: Linkcard stores only a fingerprint of it and cannot
            show it again.
          </DialogDescription>
        </DialogHeader>
        {created && (
          <>
            <ShownKey shown={created} kept={kept} />
            <ShownKeyFooter shown={created} kept={kept} onDone={close} />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
