// Every route of the web app, from the one table of screens (src/shared/routes.ts). Add a screen:
// its path and access there, then a thin file in pages/ and its entry in PAGES below.
import { useEffect, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { SCREENS, type ScreenPath } from '../src/shared/routes'
import { RequireSession, RequireSuperAdmin, SignedOutOnly } from './components/guards'
import { AdminPage } from './pages/admin'
import { ApiKeysPage } from './pages/api-keys'
import { BillingPage } from './pages/billing'
import { DashboardPage } from './pages/dashboard'
import { DocsPage } from './pages/docs'
import { DomainsPage } from './pages/domains'
import { ForgotPasswordPage } from './pages/forgot-password'
import { HomePage } from './pages/home'
import { LinkAnalyticsPage } from './pages/link-analytics'
import { LoginPage } from './pages/login'
import { NotFoundPage } from './pages/not-found'
import { PricingPage } from './pages/pricing'
import { ResetPasswordPage } from './pages/reset-password'
import { VerifyEmailPage } from './pages/verify-email'
import { SettingsPage } from './pages/settings'
import { ShareLinksPage } from './pages/share-links'
import { SignupPage } from './pages/signup'

/** /blog and /how-to are static pages the server renders: leave the app for them. */
function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to)
  }, [to])
  return null
}

const Blog = () => <FullPageRedirect to="/blog/" />
const HowTo = () => <FullPageRedirect to="/how-to/" />

// Every screen has its page: a path without one fails the type-check.
const PAGES: Record<ScreenPath, ComponentType> = {
  '/': HomePage,
  '/pricing': PricingPage,
  '/docs': DocsPage,
  '/blog': Blog,
  '/how-to': HowTo,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
  '/dashboard': DashboardPage,
  '/share-links': ShareLinksPage,
  '/share-links/:id/analytics': LinkAnalyticsPage,
  '/api-keys': ApiKeysPage,
  '/billing': BillingPage,
  '/domains': DomainsPage,
  '/settings': SettingsPage,
  '/admin': AdminPage,
}

export function AppRoutes() {
  return (
    <Switch>
      {SCREENS.map(({ path, access }) => {
        const Page = PAGES[path]
        return (
          <Route key={path} path={path}>
            {access === 'signed-in' ? (
              <RequireSession>
                <Page />
              </RequireSession>
            ) : access === 'signed-out' ? (
              <SignedOutOnly>
                <Page />
              </SignedOutOnly>
            ) : access === 'super-admin' ? (
              <RequireSuperAdmin>
                <Page />
              </RequireSuperAdmin>
            ) : (
              <Page />
            )}
          </Route>
        )
      })}
      <Route component={NotFoundPage} />
    </Switch>
  )
}
