import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { refreshSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { reloadBilling } from './api'

/** Stripe sends the browser back with ?checkout=success or ?checkout=cancelled: say so once. */
export function useCheckoutReturn() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  useEffect(() => {
    const outcome = new URLSearchParams(search).get('checkout')
    if (!outcome) return
    if (outcome === 'success') {
      toast({ title: 'Thank you!', description: 'Your payment went through. Your new plan is active as soon as Stripe confirms it.' })
      void reloadBilling()
      void refreshSession()
    } else if (outcome === 'cancelled') {
      toast({ title: 'Checkout cancelled', description: 'Nothing was charged. You can upgrade whenever you like.' })
    }
    navigate(location, { replace: true })
  }, [search, location, navigate])
}
