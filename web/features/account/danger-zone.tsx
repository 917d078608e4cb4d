import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import type { CurrentUser } from '../../../src/modules/auth/schema'
import { normalizeEmail } from '../../../src/shared/auth-rules'
import { PasswordField } from '../../components/form-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { signOut } from '../../lib/session'
import { toast } from '../../lib/toast'
import { deleteAccount, useMe } from './api'

export function DangerZone() {
  const { data: me } = useMe()
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">Danger Zone</CardTitle>
        <CardDescription>Deleting your account removes your sign-in and the links you created. When you are the last user of the account, its API keys go too.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <DeleteAccountDialog me={me} />
      </CardContent>
    </Card>
  )
}

/**
 * The proof asked for before the account goes: the password, or, from someone who only ever used an
 * identity provider, their e-mail address typed out; the server checks either.
 */
function useDeleteAccountForm(me?: CurrentUser) {
  const [, navigate] = useLocation()
  const [isOpen, setIsOpen] = useState(false)
  const [proof, setProof] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isDeleting, setIsDeleting] = useState(false)
  const hasPassword = me?.hasPassword ?? true
  const isProofGiven = hasPassword ? proof !== '' : normalizeEmail(proof) === normalizeEmail(me?.user.email ?? '')

  function openChange(next: boolean) {
    if (isDeleting) return
    setIsOpen(next)
    if (!next) {
      setProof('')
      setError(null)
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setIsDeleting(true)
    try {
      await deleteAccount(hasPassword ? { currentPassword: proof } : { email: proof })
      // Leave the guarded screen first, so the guard does not send us to /login.
      navigate('/')
      signOut()
      toast({ title: 'Account deleted', description: 'Your account and its data have been removed.' })
    } catch (failure) {
      setIsDeleting(false)
      setError(errorMessage(failure, 'The account could not be deleted. Please try again.'))
    }
  }

  return { isOpen, openChange, proof, setProof, hasPassword, isProofGiven, error, isDeleting, submit }
}

/** Opens once the user is known. */
function DeleteAccountDialog({ me }: { me?: CurrentUser }) {
  const { isOpen, openChange, proof, setProof, hasPassword, isProofGiven, error, isDeleting, submit } = useDeleteAccountForm(me)
  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={!me}>
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This will permanently delete your account and every link you created, with its statistics. When you are its last user, the API keys go
              too. This action cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {hasPassword ? (
            <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" value={proof} onValueChange={setProof} error={error} />
          ) : (
            <FormField
              label="Your Email Address"
              hint={
                <>
                  Type <span className="font-medium text-slate-700">{me?.user.email}</span> to confirm.
                </>
              }
              error={error}
            >
              <Input value={proof} onChange={(e) => setProof(e.target.value)} autoComplete="off" spellCheck={false} />
            </FormField>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => openChange(false)} disabled={isDeleting}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" isLoading={isDeleting} disabled={!isProofGiven}>
              Delete Account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
