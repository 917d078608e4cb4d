import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Every screen: sticky navigation, a banner for the whole app (the composer's), the page, the footer. */
export function AppShell({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  const [location] = useLocation()
  // A new screen starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [location])
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      {banner}
      {/* At least a screen tall, so the footer starts below the fold and a page whose content arrives late moves nothing in view. */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
