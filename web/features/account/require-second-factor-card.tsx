import { useState } from 'react'
import type { User } from '../../../src/modules/auth/schema'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { setSecondFactorRequired } from './api'
import { useSecondFactorStatus } from './two-factor-api'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** What turning it on means for the members it blocks; `undefined` while their number is not known. */
function consequence(membersWithout: number | undefined) {
  const until = 'until they set one up, they can do nothing else in this workspace but sign out or switch to another.'
  if (membersWithout === undefined) return `Members without a second factor are asked to set one up: ${until}`
  if (membersWithout === 0) return 'Every member has a second factor already. Anyone who joins later is asked to set one up first.'
  return `${plural(membersWithout, 'member has', 'members have')} no second factor yet: ${until}`
}

/**
 * The owner's choice to require a second factor of every member. They turn it on only with one of
 * their own (the server checks it too), and confirm it knowing how many members it stops.
 */
export function RequireSecondFactorCard({ user, membersWithout }: { user: User; membersWithout: number | undefined }) {
  const status = useSecondFactorStatus()
  const [isConfirming, setIsConfirming] = useState(false)
  const [isSaving, setIsSaving] = useState(false)
  const isOn = user.secondFactorRequired
  const hasOwnFactor = Boolean(status.data?.totp || status.data?.passkeys)
  const mayTurnOn = isOn || hasOwnFactor

  async function save(required: boolean) {
    setIsSaving(true)
    try {
      await setSecondFactorRequired(required)
      toast({ title: required ? 'Two-factor authentication required' : 'Two-factor authentication optional', description: user.accountName })
    } catch (failure) {
      toast({ title: 'Failed to change the setting', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Require Two-Factor Authentication</CardTitle>
        <CardDescription>Every member of this workspace must sign in with a second factor: an authenticator app or a passkey.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <span id="require-second-factor-label" className="text-sm font-medium text-slate-900">
            Require for every member
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={isOn}
            aria-labelledby="require-second-factor-label"
            disabled={isSaving || !mayTurnOn}
            onClick={() => (isOn ? save(false).catch(() => undefined) : setIsConfirming(true))}
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
              isOn ? 'bg-brand-600' : 'bg-slate-300',
            )}
          >
            <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', isOn ? 'translate-x-5.5' : 'translate-x-0.5')} />
          </button>
        </div>
        {!mayTurnOn && status.data && <p className="text-sm text-slate-600">Set up two-factor authentication for yourself first, above: then you can require it of every member.</p>}
      </CardContent>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Require two-factor authentication?"
        description={consequence(membersWithout)}
        confirmLabel="Require It"
        onConfirm={() => save(true)}
      />
    </Card>
  )
}
