import { UserPlus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { aRole, INVITABLE_ROLES, INVITATION_TTL_DAYS, MEMBER_MESSAGES, ROLE_LABELS, type InvitableRole } from '../../../src/shared/members'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { ApiError, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { invite } from './api'

export const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))

/** The invite dialog's state: the address checked with the shared message, the server's refusal shown under it. */
function useInviteForm() {
  const [isOpen, setIsOpen] = useState(false)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<InvitableRole>('member')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  function openChange(next: boolean) {
    if (isSubmitting) return
    setIsOpen(next)
    if (!next) {
      setEmail('')
      setRole('member')
      setError(null)
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const address = email.trim()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setError(MESSAGES.invalidEmail)
    setError(null)
    setIsSubmitting(true)
    try {
      await invite(address, role)
      setIsSubmitting(false)
      openChange(false)
      toast({ title: 'Invitation sent', description: `${address} can join as ${aRole(role)} within ${INVITATION_TTL_DAYS} days.` })
    } catch (failure) {
      setIsSubmitting(false)
      if (failure instanceof ApiError && failure.status < 500 && failure.status !== 429) setError(errorMessage(failure, 'The invitation could not be sent.'))
      else toast({ title: 'Failed to send the invitation', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
    }
  }

  return { isOpen, openChange, email, setEmail, role, setRole, error, isSubmitting, submit }
}

/**
 * Invite someone by e-mail with a role; the link is mailed to them. Someone whose own address is
 * not confirmed yet (`unconfirmedEmail`) is told so, and how, before any form.
 */
export function InviteDialog({ roles, unconfirmedEmail }: { roles: typeof ROLE_OPTIONS; unconfirmedEmail?: string }) {
  const { isOpen, openChange, email, setEmail, role, setRole, error, isSubmitting, submit } = useInviteForm()

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Invite Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        {unconfirmedEmail ? (
          <ConfirmFirst email={unconfirmedEmail} onClose={() => openChange(false)} />
        ) : (
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Invite Member</DialogTitle>
            <DialogDescription>We e-mail them a link to join this account. They sign in, or sign up with that address.</DialogDescription>
          </DialogHeader>
          <FormField label="Email" error={error}>
            <Input type="email" value={email} autoComplete="off" placeholder="colleague@example.com" autoFocus onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <FormField label="Role">
            <Select value={role} onValueChange={setRole} options={roles} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => openChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSubmitting}>
              Send Invitation
            </Button>
          </DialogFooter>
        </form>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** What someone whose own address is unconfirmed gets instead of the form: why, and the ways to confirm it. */
function ConfirmFirst({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Confirm your address first</DialogTitle>
        <DialogDescription>{MEMBER_MESSAGES.confirmFirst}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2 text-sm text-slate-600">
        <p>
          We sent the link to <span className="font-medium text-slate-900">{email}</span>; the banner at the top of the page sends it again.
        </p>
        <p>
          On a server without mail, the link is in the server's log (<code className="text-[13px]">mail written to outbox</code>), or its operator can run{' '}
          <code className="text-[13px] break-all">linkcard confirm-email {email}</code>.
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onClose}>Got it</Button>
      </DialogFooter>
    </div>
  )
}
