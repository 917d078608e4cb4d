import type { ReactNode } from 'react'
import { LoadingState } from '../../components/ui/spinner'
import { ProviderButtons } from './provider-buttons'
import { useProviderReturn } from './use-provider-return'

/** The provider buttons above the sign-in or sign-up form; while a provider's token is exchanged, only that. */
export function WithProviders({ from, children }: { from: 'login' | 'signup'; children: ReactNode }) {
  const isExchanging = useProviderReturn(from)
  if (isExchanging) return <LoadingState label="Signing you in..." className="py-8" />
  return (
    <div className="grid gap-4">
      <ProviderButtons from={from} />
      {children}
    </div>
  )
}
