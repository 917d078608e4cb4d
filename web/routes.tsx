// Every route of the web app, from the one table of screens (src/shared/routes.ts). Add a screen:
// its path and access there, then a thin file in pages/ and its entry in PAGES below.
import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { SCREENS, type ScreenPath } from '../src/shared/routes'
import { RequireSession, RequireSuperAdmin, SignedOutOnly } from './components/guards'
import { LoadingState } from './components/ui/spinner'
import { HomePage } from './pages/home'
import { NotFoundPage } from './pages/not-found'
import { PricingPage } from './pages/pricing'

// The marketing pages come with the app; every other screen is loaded when first shown, so a
// visitor's first page does not wait for the dashboard's code.
const AccountAnalyticsPage = lazy(() => import('./pages/analytics').then((page) => ({ default: page.AccountAnalyticsPage })))
const AdminPage = lazy(() => import('./pages/admin').then((page) => ({ default: page.AdminPage })))
const ApiKeysPage = lazy(() => import('./pages/api-keys').then((page) => ({ default: page.ApiKeysPage })))
const WebhooksPage = lazy(() => import('./pages/webhooks').then((page) => ({ default: page.WebhooksPage })))
const BillingPage = lazy(() => import('./pages/billing').then((page) => ({ default: page.BillingPage })))
const DashboardPage = lazy(() => import('./pages/dashboard').then((page) => ({ default: page.DashboardPage })))
const DocsPage = lazy(() => import('./pages/docs').then((page) => ({ default: page.DocsPage })))
const DomainsPage = lazy(() => import('./pages/domains').then((page) => ({ default: page.DomainsPage })))
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password').then((page) => ({ default: page.ForgotPasswordPage })))
const LinkAnalyticsPage = lazy(() => import('./pages/link-analytics').then((page) => ({ default: page.LinkAnalyticsPage })))
const LoginPage = lazy(() => import('./pages/login').then((page) => ({ default: page.LoginPage })))
const ResetPasswordPage = lazy(() => import('./pages/reset-password').then((page) => ({ default: page.ResetPasswordPage })))
const SettingsPage = lazy(() => import('./pages/settings').then((page) => ({ default: page.SettingsPage })))
const ShareLinksPage = lazy(() => import('./pages/share-links').then((page) => ({ default: page.ShareLinksPage })))
const SignupPage = lazy(() => import('./pages/signup').then((page) => ({ default: page.SignupPage })))
const MembersPage = lazy(() => import('./pages/members').then((page) => ({ default: page.MembersPage })))
const AuditLogPage = lazy(() => import('./pages/audit-log').then((page) => ({ default: page.AuditLogPage })))
const SetUpSecondFactorPage = lazy(() => import('./pages/set-up-second-factor').then((page) => ({ default: page.SetUpSecondFactorPage })))
const InvitePage = lazy(() => import('./pages/invite').then((page) => ({ default: page.InvitePage })))
const VerifyEmailPage = lazy(() => import('./pages/verify-email').then((page) => ({ default: page.VerifyEmailPage })))

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
  '/invite': InvitePage,
  '/dashboard': DashboardPage,
  '/analytics': AccountAnalyticsPage,
  '/share-links': ShareLinksPage,
  '/share-links/:id/analytics': LinkAnalyticsPage,
  '/api-keys': ApiKeysPage,
  '/webhooks': WebhooksPage,
  '/members': MembersPage,
  '/audit-log': AuditLogPage,
  '/billing': BillingPage,
  '/domains': DomainsPage,
  '/settings': SettingsPage,
  '/admin': AdminPage,
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState label="Loading..." className="py-32" />}>
      <Routes />
    </Suspense>
  )
}

function Routes() {
  return (
    <Switch>
      {SCREENS.map(({ path, access }) => {
        const Page = PAGES[path]
        return (
          <Route key={path} path={path}>
            {access === 'signed-in' ? (
              <RequireSession secondFactorSetUp={<SetUpSecondFactorPage />}>
                <Page />
              </RequireSession>
            ) : access === 'signed-out' ? (
              <SignedOutOnly>
                <Page />
              </SignedOutOnly>
            ) : access === 'super-admin' ? (
              <RequireSuperAdmin secondFactorSetUp={<SetUpSecondFactorPage />}>
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
