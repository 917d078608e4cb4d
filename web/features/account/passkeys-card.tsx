import { Fingerprint, KeyRound } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { PASSKEY_NAME_MAX } from '../../../src/shared/auth-rules'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { LoadingState } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { RecoveryCodesView } from './recovery-codes'
import { addPasskey, removePasskey, usePasskeys, type Passkey } from './two-factor-api'

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

/** Passkeys in Settings: a sign-in of their own, and the second step after a password. */
export function PasskeysCard() {
  const { data, error, isLoading } = usePasskeys()
  const [isAdding, setIsAdding] = useState(false)
  const supportsPasskeys = typeof window !== 'undefined' && 'PublicKeyCredential' in window

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>Sign in with your fingerprint, face or device PIN instead of a password, or confirm a password sign-in with one.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <LoadingState label="Loading passkeys..." className="py-2" />
        ) : error ? (
          <p className="text-sm text-red-700">Failed to load your passkeys.</p>
        ) : data?.passkeys.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your passkeys">
            {data.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No passkeys yet.</p>
        )}
        <div className="flex justify-end">
          <Button onClick={() => setIsAdding(true)} disabled={!supportsPasskeys} title={supportsPasskeys ? undefined : 'This browser does not support passkeys'}>
            <Fingerprint aria-hidden="true" />
            Add Passkey
          </Button>
        </div>
      </CardContent>
      <AddPasskeyDialog open={isAdding} onOpenChange={setIsAdding} />
    </Card>
  )
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  async function remove() {
    try {
      await removePasskey(passkey.id)
      toast({ title: 'Passkey removed', description: passkey.name })
    } catch (failure) {
      toast({ title: 'Failed to remove the passkey', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2.5" data-testid="passkey">
      <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{passkey.name}</p>
        <p className="text-[13px] text-slate-500">
          Added {when(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        }
        title="Remove this passkey?"
        description={`“${passkey.name}” will no longer sign you in. Remove it from the device's own list too.`}
        confirmLabel="Remove"
        onConfirm={remove}
      />
    </li>
  )
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** Names the passkey, then lets the browser make it; a first second factor brings recovery codes to keep. */
function AddPasskeyDialog({ open, onOpenChange }: DialogProps) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isWorking, setIsWorking] = useState(false)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  // Fresh at each opening, not at closing: the dialog shows what it held while it fades out.
  useEffect(() => {
    if (!open) return
    setName('')
    setError(null)
    setRecoveryCodes(null)
  }, [open])

  function openChange(next: boolean) {
    if (!isWorking) onOpenChange(next)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsWorking(true)
    setError(null)
    try {
      const added = await addPasskey(name.trim())
      toast({ title: 'Passkey added', description: added.passkey.name })
      if (added.recoveryCodes) setRecoveryCodes(added.recoveryCodes)
      else {
        setIsWorking(false)
        openChange(false)
        return
      }
    } catch (failure) {
      // The browser's own prompt, dismissed, throws too: say so plainly.
      setError(failure instanceof Error && failure.name === 'NotAllowedError' ? 'The passkey was not made. Try again when you are ready.' : errorMessage(failure, 'Failed to add the passkey.'))
    }
    setIsWorking(false)
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent size="sm">
        {recoveryCodes ? (
          <RecoveryCodesView codes={recoveryCodes} description="Signing in now asks for your passkey after your password. Each code signs you in once if you lose it; they are shown only now." onDone={() => openChange(false)} />
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Add a passkey</DialogTitle>
              <DialogDescription>Name it after the device or password manager that keeps it, then follow your browser.</DialogDescription>
            </DialogHeader>
            <FormField label="Name" error={error}>
              <Input name="name" required autoFocus maxLength={PASSKEY_NAME_MAX} placeholder="MacBook, iPhone, 1Password…" value={name} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => openChange(false)} disabled={isWorking}>
                Cancel
              </Button>
              <Button type="submit" isLoading={isWorking}>
                Continue
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
