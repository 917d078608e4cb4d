import { type FormEvent, useState } from 'react'
import { Alert } from '../../../web/components/ui/alert'
import { Button } from '../../../web/components/ui/button'
import { FormField } from '../../../web/components/ui/form-field'
import { Input } from '../../../web/components/ui/input'
import { forgetSettings, LinkcardError, originOf, type Settings, signIn } from './linkcard'

/** Where a key is made: the API keys page of the Linkcard typed, once one is. */
function keyHint(origin: string | null) {
  const page = origin ? (
    <a href={`${origin}/api-keys`} target="_blank" rel="noreferrer" className="font-medium text-brand-600 hover:underline">
      API keys
    </a>
  ) : (
    'API keys'
  )
  return <>Make one under {page} in your Linkcard, with the “links:write” scope.</>
}

/** The Linkcard address and API key, checked with the server before they are kept. */
export function SignInForm({ settings, onSignedIn }: { settings: Settings | null; onSignedIn: (settings: Settings) => void }) {
  const [address, setAddress] = useState(settings?.baseUrl ?? '')
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isChecking, setIsChecking] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setIsChecking(true)
    try {
      onSignedIn(await signIn(address, apiKey))
      setApiKey('')
    } catch (failure) {
      setError(failure instanceof LinkcardError ? failure.message : 'Signing in failed. Try again.')
    } finally {
      setIsChecking(false)
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {settings && <h2 className="text-sm font-semibold text-slate-900">Use another Linkcard or key</h2>}
      <FormField label="Linkcard address" hint="Where your Linkcard runs, as https://links.example.com.">
        <Input value={address} onChange={(event) => setAddress(event.target.value)} placeholder="https://links.example.com" inputMode="url" autoComplete="url" required />
      </FormField>
      <FormField label="API key" hint={keyHint(originOf(address))}>
        <Input type="password" value={apiKey} onChange={(event) => setApiKey(event.target.value)} placeholder="lnk_…" autoComplete="off" spellCheck={false} required />
      </FormField>
      {error && (
        <Alert variant="destructive" title="Not signed in">
          {error}
        </Alert>
      )}
      <Button type="submit" isLoading={isChecking}>
        {settings ? 'Sign in with this key' : 'Sign in'}
      </Button>
    </form>
  )
}

/** Who the extension makes links as, with a way to stop. */
export function SignedIn({ settings, onSignedOut }: { settings: Settings; onSignedOut: () => void }) {
  return (
    <Alert variant="success" title="Signed in">
      <p>
        Links are made in <strong>{settings.accountName}</strong> on {new URL(settings.baseUrl).host}, with the key “{settings.keyName}”.
      </p>
      <Button
        variant="link"
        size="sm"
        onClick={async () => {
          await forgetSettings()
          onSignedOut()
        }}
      >
        Sign out
      </Button>
    </Alert>
  )
}
