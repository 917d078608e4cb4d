import { KeyRound } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { apiUrl } from '../../lib/api'
import { useProviders } from './api'

function ProviderIcon({ id }: { id: string }) {
  if (id === 'google')
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path fill="#4285F4" d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.63h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.8Z" />
        <path fill="#34A853" d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.11A12 12 0 0 0 12 24Z" />
        <path fill="#FBBC05" d="M5.29 14.29a7.2 7.2 0 0 1 0-4.58V6.6H1.28a12 12 0 0 0 0 10.8l4.01-3.11Z" />
        <path fill="#EA4335" d="M12 4.77c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.97 11.97 0 0 0 1.28 6.6l4.01 3.11C6.23 6.88 8.88 4.77 12 4.77Z" />
      </svg>
    )
  if (id === 'github')
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 .3a12 12 0 0 0-3.8 23.38c.6.12.82-.26.82-.58v-2.03c-3.34.73-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.83 1.24 1.83 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.6-2.67-.31-5.47-1.34-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.62-5.48 5.92.42.36.81 1.1.81 2.22v3.29c0 .32.21.7.82.58A12 12 0 0 0 12 .3Z" />
      </svg>
    )
  return <KeyRound aria-hidden="true" />
}

/**
 * One button per configured identity provider. Each is a full-page navigation to the provider's
 * start path, which comes back to /login or /signup with `token` or `error`.
 */
export function ProviderButtons({ from }: { from: 'login' | 'signup' }) {
  const providers = useProviders()
  if (providers.length === 0) return null
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        {providers.map((provider) => (
          <Button key={provider.id} asChild variant="outline" className="w-full">
            <a href={apiUrl(`/auth/${encodeURIComponent(provider.id)}?from=${from}`)}>
              <ProviderIcon id={provider.id} />
              Continue with {provider.name}
            </a>
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-3 text-xs text-slate-400 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  )
}
