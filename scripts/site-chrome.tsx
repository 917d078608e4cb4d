// The header and footer the server-rendered pages (blog, how-to) start with: the app's own, as a
// signed-out visitor sees them. web/chrome.tsx then renders them live in the browser.
import { renderToStaticMarkup } from 'react-dom/server'
import { Router } from 'wouter'
import { SiteFooter } from '../web/components/site-footer'
import { SiteHeader } from '../web/components/site-header'

export function siteChrome(path: string) {
  const inPlace = (part: React.ReactNode) => renderToStaticMarkup(<Router ssrPath={path}>{part}</Router>)
  return { header: inPlace(<SiteHeader />), footer: inPlace(<SiteFooter />) }
}
