// The site's header and footer on the pages the server renders (blog, how-to): the app's own,
// with the visitor's signed-in state; links there load pages rather than route inside an app.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { Toaster } from './components/ui/toaster'

const pageLocation = (): [string, (to: string) => void] => [window.location.pathname, (to) => window.location.assign(to)]

for (const [id, Part] of [
  ['site-header', SiteHeader],
  ['site-footer', SiteFooter],
] as const) {
  const element = document.getElementById(id)
  if (element)
    createRoot(element).render(
      <StrictMode>
        <Router hook={pageLocation}>
          <Part />
          {id === 'site-footer' && <Toaster />}
        </Router>
      </StrictMode>,
    )
}
