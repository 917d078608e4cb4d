import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { AppShell } from './components/app-shell'
import { Toaster } from './components/ui/toaster'
import { ConfirmEmailBanner } from './features/account/confirm-email-banner'
import { fetcher, isSecondFactorRequired } from './lib/api'
import { refreshSession } from './lib/session'
import { AppRoutes } from './routes'

// reads never retry, never refetch on focus or reconnect, never poll, never go stale.
const swrDefaults: SWRConfiguration = {
  fetcher,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  revalidateIfStale: false,
  // The workspace came to require a second factor since the page loaded: /auth/me says so, and every screen shows its set-up.
  onError: (error) => {
    if (isSecondFactorRequired(error)) void refreshSession()
  },
}

void refreshSession()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrDefaults}>
      <AppShell banner={<ConfirmEmailBanner />}>
        <AppRoutes />
      </AppShell>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
)
