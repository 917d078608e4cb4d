import { ShieldCheck } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { PasswordField } from '../../components/form-fields'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CopyButton } from '../../components/ui/copy-button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { LoadingState } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useMe } from './api'
import { RecoveryCodesView } from './recovery-codes'
import { disableTotp, enableTotp, startTotpSetup, useSecondFactorStatus } from './two-factor-api'

/** Two-factor authentication in Settings: its state, set-up with an authenticator app, and turning it off. */
export function TwoFactorCard() {
  const status = useSecondFactorStatus()
  const [isSettingUp, setIsSettingUp] = useState(false)
  const [isTurningOff, setIsTurningOff] = useState(false)
  const isOn = status.data?.totp === true

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-Factor Authentication
          {status.data && <Badge variant={isOn ? 'success' : 'secondary'}>{isOn ? 'On' : 'Off'}</Badge>}
        </CardTitle>
        <CardDescription>
          {isOn
            ? `Signing in asks for a code from your authenticator app after your password. ${status.data?.recoveryCodesLeft ?? 0} of 10 recovery codes left.`
            : 'Ask for a code from an authenticator app (1Password, Google Authenticator, Authy…) after your password, so a stolen password alone opens nothing.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        {status.isLoading ? (
          <LoadingState label="Loading..." className="py-2" />
        ) : status.error ? (
          <p className="text-sm text-red-700">Failed to load two-factor authentication.</p>
        ) : isOn ? (
          <Button variant="outline" onClick={() => setIsTurningOff(true)}>
            Turn Off
          </Button>
        ) : (
          <Button onClick={() => setIsSettingUp(true)}>
            <ShieldCheck aria-hidden="true" />
            Set Up Authenticator
          </Button>
        )}
      </CardContent>
      <SetUpDialog open={isSettingUp} onOpenChange={setIsSettingUp} />
      <TurnOffDialog open={isTurningOff} onOpenChange={setIsTurningOff} />
    </Card>
  )
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** Scan (or type) the secret, confirm with a first code, then keep the recovery codes. */
function SetUpDialog({ open, onOpenChange }: DialogProps) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string; qrCode: string } | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  // Each opening starts a set-up with a new secret; the QR code is drawn here, the secret never leaves the browser.
  useEffect(() => {
    if (!open) return
    let isCurrent = true
    setSetup(null)
    setLoadError(null)
    setCode('')
    setCodeError(null)
    setRecoveryCodes(null)
    Promise.all([startTotpSetup(), import('qrcode')])
      .then(async ([answer, qr]) => {
        const qrCode = await qr.toDataURL(answer.otpauthUrl, { margin: 1, width: 192 })
        if (isCurrent) setSetup({ ...answer, qrCode })
      })
      .catch((failure) => isCurrent && setLoadError(errorMessage(failure, 'Failed to start the set-up. Please try again.')))
    return () => {
      isCurrent = false
    }
  }, [open])

  async function confirm(event: FormEvent) {
    event.preventDefault()
    setIsConfirming(true)
    setCodeError(null)
    try {
      setRecoveryCodes(await enableTotp(code))
      toast({ title: 'Two-factor authentication is on', description: 'Keep your recovery codes somewhere safe.' })
    } catch (failure) {
      setCodeError(errorMessage(failure, 'That code did not work. Please try again.'))
    } finally {
      setIsConfirming(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isConfirming && onOpenChange(next)}>
      <DialogContent size="sm">
        {recoveryCodes ? (
          <RecoveryCodesView codes={recoveryCodes} description="Each code signs you in once if you lose your phone. They are shown only now." onDone={() => onOpenChange(false)} />
        ) : (
          <form onSubmit={confirm} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Set up an authenticator app</DialogTitle>
              <DialogDescription>Scan the QR code with your app, or type the key into it, then enter the 6-digit code it shows.</DialogDescription>
            </DialogHeader>
            {loadError ? (
              <p className="text-sm text-red-700" role="alert">
                {loadError}
              </p>
            ) : !setup ? (
              <LoadingState label="Preparing..." className="py-8" />
            ) : (
              <>
                <img src={setup.qrCode} alt="QR code for your authenticator app" width={192} height={192} className="mx-auto size-48 rounded-lg border border-slate-200 bg-white" />
                <div className="grid gap-1.5">
                  <p className="text-[13px] font-medium text-slate-600">Or type this key</p>
                  <div className="flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
                    <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid="totp-secret">
                      {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                    </code>
                    <CopyButton value={setup.secret} label="Copy" copiedLabel="Copied" size="sm" />
                  </div>
                </div>
                <FormField label="Code from the app" error={codeError}>
                  <Input
                    name="code"
                    required
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    pattern="[0-9 ]{6,7}"
                    maxLength={7}
                    placeholder="123 456"
                    className="font-mono tracking-widest"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                  />
                </FormField>
              </>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isConfirming}>
                Cancel
              </Button>
              <Button type="submit" isLoading={isConfirming} disabled={!setup}>
                Turn On
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Turning it off takes the password (or, without one, the e-mail address typed out). */
function TurnOffDialog({ open, onOpenChange }: DialogProps) {
  const { data: me } = useMe()
  const hasPassword = me?.hasPassword ?? true
  const [proof, setProof] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isWorking, setIsWorking] = useState(false)

  useEffect(() => {
    if (open) {
      setProof('')
      setError(null)
    }
  }, [open])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsWorking(true)
    setError(null)
    try {
      await disableTotp(hasPassword ? { currentPassword: proof } : { email: proof })
      onOpenChange(false)
      toast({ title: 'Two-factor authentication is off', description: 'Signing in takes your password alone.' })
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to turn two-factor authentication off.'))
    } finally {
      setIsWorking(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isWorking && onOpenChange(next)}>
      <DialogContent size="sm">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Turn off two-factor authentication?</DialogTitle>
            <DialogDescription>Your authenticator and recovery codes stop working, and signing in takes your password alone.</DialogDescription>
          </DialogHeader>
          {hasPassword ? (
            <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" value={proof} onValueChange={setProof} error={error} />
          ) : (
            <FormField label="Type your email address" error={error}>
              <Input name="email" type="email" required value={proof} onChange={(event) => setProof(event.target.value)} />
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isWorking}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" isLoading={isWorking}>
              Turn Off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
