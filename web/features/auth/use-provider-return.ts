import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { signIn } from '../../lib/session'
import { toast } from '../../lib/toast'

/**
 * The identity provider's way back: `?token=` signs in and goes to the
 * dashboard; `?error=` shows why it failed and cleans the address. Answers whether a token is
 * being exchanged, so the screen can show that instead of its form.
 */
export function useProviderReturn(mode: 'login' | 'signup'): boolean {
  const search = useSearch()
  const [, navigate] = useLocation()
  const handled = useRef<string | null>(null)
  const params = new URLSearchParams(search)
  const token = params.get('token')
  const [isExchanging, setIsExchanging] = useState(Boolean(token))

  useEffect(() => {
    const params = new URLSearchParams(search)
    const token = params.get('token')
    const error = params.get('error')
    if ((!token && !error) || handled.current === search) return
    handled.current = search
    const provider = params.get('provider') || 'your identity provider'
    const failed = (code: string | null) =>
      toast({
        title: 'Authentication failed',
        description:
          code === 'no_email' ? `No email found in ${provider} account.` : `Failed to ${mode === 'login' ? 'sign in' : 'sign up'} with ${provider}.`,
        variant: 'destructive',
      })

    if (token) {
      setIsExchanging(true)
      signIn(token)
        .then(() => {
          toast({ title: 'Welcome!', description: 'You are signed in.' })
          navigate('/dashboard', { replace: true })
        })
        .catch(() => {
          failed(null)
          navigate(`/${mode}`, { replace: true })
        })
        .finally(() => setIsExchanging(false))
      return
    }
    failed(error)
    navigate(`/${mode}`, { replace: true })
  }, [search, mode, navigate])

  return isExchanging
}
