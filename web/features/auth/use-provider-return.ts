import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { MESSAGES } from '../../../src/shared/auth-rules'
import { toast } from '../../lib/toast'
import { exchangeSignInCode } from './api'

/**
 * The identity provider's way back: `?code=` is exchanged once (beside the cookie the server set
 * on this browser) for a session, and the screen's guard sends the visitor on; `?error=` shows why
 * it failed. The address is cleaned either way, and a `token` in it is ignored: a URL never signs
 * anyone in. Answers whether a code is being exchanged, so the screen can show that instead of its form.
 */
export function useProviderReturn(mode: 'login' | 'signup'): boolean {
  const search = useSearch()
  const [, navigate] = useLocation()
  const handled = useRef<string | null>(null)
  const [isExchanging, setIsExchanging] = useState(() => new URLSearchParams(search).has('code'))

  useEffect(() => {
    const params = new URLSearchParams(search)
    const code = params.get('code')
    const error = params.get('error')
    if ((!code && !error && !params.has('token')) || handled.current === search) return
    handled.current = search
    const provider = params.get('provider') || 'your identity provider'
    const failed = (code: string | null) =>
      toast({
        title: 'Authentication failed',
        description:
          code === 'no_email' ? `No email found in ${provider} account.` : `Failed to ${mode === 'login' ? 'sign in' : 'sign up'} with ${provider}.`,
        variant: 'destructive',
      })

    if (code) {
      setIsExchanging(true)
      exchangeSignInCode(code)
        .then(() => {
          if (params.get('notice') === 'account_reclaimed')
            toast({ title: 'Your account is yours again', description: MESSAGES.accountReclaimed, duration: 20_000 })
          else toast({ title: 'Welcome!', description: 'You are signed in.' })
          // Signed in, the screen's guard sends the visitor on (web/components/guards.tsx).
        })
        .catch(() => {
          failed(null)
          navigate(`/${mode}`, { replace: true })
        })
        .finally(() => setIsExchanging(false))
      return
    }
    if (error) failed(error)
    navigate(`/${mode}`, { replace: true })
  }, [search, mode, navigate])

  return isExchanging
}
