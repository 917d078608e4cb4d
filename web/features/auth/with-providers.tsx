import type { ReactNode } from 'react'
import { LoadingState } from '../../components/ui/spinner'
import { usePendingSignIn } from './api'
import { ProviderButtons } from './provider-buttons'
import { SecondFactorStep } from './second-factor-step'
import { useProviderReturn } from './use-provider-return'

/** The provider buttons above the sign-in or sign-up form; while a provider's token is exchanged, only that; with a second factor to give, its step. */
export function WithProviders({ from, children }: { from: 'login' | 'signup'; children: ReactNode }) {
  const isExchanging = useProviderReturn(from)
  const waitsForCode = usePendingSignIn((state) => state.challenge !== null)
  if (isExchanging) return <LoadingState label="Signing you in..." className="py-8" />
  if (waitsForCode) return <SecondFactorStep />
  return (
    <div className="grid gap-4">
      <ProviderButtons from={from} />
      {children}
    </div>
  )
}
