import { useState, type FormEvent } from 'react'
import { API_KEY_GRACE_HOURS, API_KEY_GRACE_NAMES, type ApiKeyGraceHours } from '../../../src/shared/api-keys'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { errorMessage } from '../../lib/api'
import { formatDateTime } from '../../lib/dates'
import { rollApiKey, type ApiKey, type CreatedApiKey } from './api'
import { ShownKey, ShownKeyFooter, useKeptKey } from './new-key-dialog'

const HOUR = 3_600_000

/** A masked key in running text, never broken across lines. */
const Masked = ({ apiKey }: { apiKey: ApiKey }) => <span className="whitespace-nowrap">{apiKey.maskedKey}</span>

type RollKeyDialogProps = {
  /** The key to roll; null while closed. */
  apiKey: ApiKey | null
  /** Closed, with the new key when it was rolled. */
  onClose: (rolled: CreatedApiKey | null) => void
  /** Where focus goes once it has closed (Radix's own choice, the menu item, is gone by then). */
  onCloseAutoFocus: (event: Event) => void
}

/**
 * Rolling a key: first what it does and how long the old key keeps working, then the new key,
 * shown once and held like a created one until it is copied or stored.
 */
export function RollKeyDialog({ apiKey, onClose, onCloseAutoFocus }: RollKeyDialogProps) {
  const [graceHours, setGraceHours] = useState<ApiKeyGraceHours>(0)
  const [isRolling, setIsRolling] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [rolled, setRolled] = useState<{ key: CreatedApiKey; oldEndsAt: number } | null>(null)
  const kept = useKeptKey()

  function close() {
    if (isRolling) return
    const made = rolled?.key ?? null
    setGraceHours(0)
    setFailure(null)
    setRolled(null)
    kept.reset()
    onClose(made)
  }

  async function roll(event: FormEvent) {
    event.preventDefault()
    if (!apiKey) return
    setIsRolling(true)
    setFailure(null)
    try {
      const key = await rollApiKey(apiKey.id, graceHours)
      setRolled({ key, oldEndsAt: Date.now() + graceHours * HOUR })
    } catch (error) {
      setFailure(errorMessage(error, 'Please try again.'))
    } finally {
      setIsRolling(false)
    }
  }

  // Held open while the roll is under way, and then until the new key is kept.
  const isHeld = isRolling || (rolled !== null && !kept.isKept)
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        hideClose={rolled !== null}
        onEscapeKeyDown={(event) => isHeld && event.preventDefault()}
        onInteractOutside={(event) => isHeld && event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {apiKey && rolled ? (
          <>
            <DialogHeader>
              <DialogTitle>API Key Rolled</DialogTitle>
              <DialogDescription>
                This is the only time you'll see the new key. Copy it now and put it where <Masked apiKey={apiKey} /> is used: Linkcard stores only a
                fingerprint of it and cannot show it again.
              </DialogDescription>
            </DialogHeader>
            <Alert variant={rolled.oldEndsAt > Date.now() ? 'warning' : 'info'}>
              The old key, <Masked apiKey={apiKey} />,{' '}
              {rolled.oldEndsAt > Date.now() ? `keeps working until ${formatDateTime(new Date(rolled.oldEndsAt))}.` : 'no longer works.'}
            </Alert>
            <ShownKey shown={rolled.key} kept={kept} />
            <ShownKeyFooter shown={rolled.key} kept={kept} onDone={close} />
          </>
        ) : (
          apiKey && (
            <form onSubmit={roll} className="grid gap-5" noValidate>
              <DialogHeader>
                <DialogTitle>Roll API key?</DialogTitle>
                <DialogDescription>
                  Rolling “{apiKey.name}” makes a new key with the same name and scopes, shown to you once. Put it where <Masked apiKey={apiKey} /> is
                  used; the old key stops working when you choose.
                </DialogDescription>
              </DialogHeader>
              <fieldset className="grid gap-2" disabled={isRolling}>
                <legend className="mb-1 text-sm font-medium text-slate-900">Old key stops working</legend>
                <div className="grid grid-cols-2 gap-2">
                  {API_KEY_GRACE_HOURS.map((hours) => (
                    <label
                      key={hours}
                      className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:ring-3 has-focus-visible:ring-brand-500/20"
                    >
                      <input
                        type="radio"
                        name="graceHours"
                        value={hours}
                        checked={graceHours === hours}
                        onChange={() => setGraceHours(hours)}
                        className="size-4 shrink-0 accent-brand-600"
                      />
                      {API_KEY_GRACE_NAMES[hours]}
                    </label>
                  ))}
                </div>
                <p className="text-[13px] text-slate-500" data-testid="grace-explained">
                  {graceHours === 0 ? (
                    <>
                      Calls with <Masked apiKey={apiKey} /> are refused as soon as the new key is made.
                    </>
                  ) : (
                    <>
                      Both keys work for {API_KEY_GRACE_NAMES[graceHours]}; then calls with <Masked apiKey={apiKey} /> are refused.
                    </>
                  )}
                </p>
              </fieldset>
              {failure && (
                <Alert variant="destructive" title="Failed to roll API key">
                  {failure}
                </Alert>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={close} disabled={isRolling}>
                  Cancel
                </Button>
                <Button type="submit" isLoading={isRolling}>
                  Roll key
                </Button>
              </DialogFooter>
            </form>
          )
        )}
      </DialogContent>
    </Dialog>
  )
}
