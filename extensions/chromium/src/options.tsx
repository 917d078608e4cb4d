// The extension's options page: where it is told which Linkcard to use and with which API key.
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { LoadingState } from '../../../web/components/ui/spinner'
import { loadSettings, type Settings } from './linkcard'
import { SignedIn, SignInForm } from './sign-in'

function Options() {
  const [settings, setSettings] = useState<Settings | null | undefined>(undefined)
  useEffect(() => {
    void loadSettings().then(setSettings)
  }, [])
  return (
    <main className="mx-auto grid max-w-md gap-6 px-6 py-10">
      <header className="grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">Linkcard</h1>
        <p className="text-sm text-slate-600">Sign in to your Linkcard with an API key to make short links from any page.</p>
      </header>
      {settings === undefined ? (
        <LoadingState />
      ) : (
        <>
          {settings && <SignedIn settings={settings} onSignedOut={() => setSettings(null)} />}
          <SignInForm settings={settings} onSignedIn={setSettings} />
        </>
      )}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Options />
  </StrictMode>,
)
