// Every route of the web app. Add a screen: a thin file in pages/, then a <Route> here
// (wrapped in RequireSession or RequireSuperAdmin when it is not public), and its path in
// src/shared/routes.ts so the server answers it with the app.
import { useEffect } from 'react'
import { Route, Switch } from 'wouter'
import { RequireSession, RequireSuperAdmin } from './components/guards'
import { AdminPage } from './pages/admin'
import { ApiKeysPage } from './pages/api-keys'
import { BillingPage } from './pages/billing'
import { DashboardPage } from './pages/dashboard'
import { DocsPage } from './pages/docs'
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

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/pricing" component={PricingPage} />
      <Route path="/docs" component={DocsPage} />
      <Route path="/blog">
        <FullPageRedirect to="/blog/" />
      </Route>
      <Route path="/how-to">
        <FullPageRedirect to="/how-to/" />
      </Route>
      <Route path="/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/dashboard">
        <RequireSession>
          <DashboardPage />
        </RequireSession>
      </Route>
      <Route path="/share-links">
        <RequireSession>
          <ShareLinksPage />
        </RequireSession>
      </Route>
      <Route path="/share-links/:id/analytics">
        <RequireSession>
          <LinkAnalyticsPage />
        </RequireSession>
      </Route>
      <Route path="/api-keys">
        <RequireSession>
          <ApiKeysPage />
        </RequireSession>
      </Route>
      <Route path="/billing">
        <RequireSession>
          <BillingPage />
        </RequireSession>
      </Route>
      <Route path="/settings">
        <RequireSession>
          <SettingsPage />
        </RequireSession>
      </Route>
      <Route path="/admin">
        <RequireSuperAdmin>
          <AdminPage />
        </RequireSuperAdmin>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  )
}
