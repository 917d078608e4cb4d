// The web app's screens: one table the server answers with the app (index.html and 200) and the
// web app routes (web/routes.tsx gives each path its page). Add a screen here, then its page there.
//   public       anyone
//   signed-out   the sign-in screens: signed in, they send the visitor on to where they were going
//   signed-in    signed out, it redirects to /login
//   super-admin  the admin panel
//   static       pages the server renders (blog, how-to): the app only leaves for them
export type ScreenAccess = 'public' | 'signed-out' | 'signed-in' | 'super-admin' | 'static'

/** How a screen's address looks when shared (its OpenGraph and Twitter card); others share the home page's. */
export const SHARED_SCREENS: Record<string, { title: string; description: string }> = {
  '/': {
    title: 'Linkcard: short links with the social previews you choose',
    description: 'Short links whose previews on X, LinkedIn, Slack and WhatsApp show the title, description and image you choose, with QR codes, analytics and an API.',
  },
  '/pricing': {
    title: 'Pricing · Linkcard',
    description: 'Start free with 500 previews a month. Upgrade when your links take off: every plan includes the API, QR codes and custom previews.',
  },
  '/docs': {
    title: 'API documentation · Linkcard',
    description: 'Create short links with custom social previews from your code: the REST API, its OpenAPI document, and an edge worker for single-page apps.',
  },
}

export const SCREENS = [
  { path: '/', access: 'public' },
  { path: '/pricing', access: 'public' },
  { path: '/docs', access: 'public' },
  { path: '/blog', access: 'static' },
  { path: '/how-to', access: 'static' },
  { path: '/login', access: 'signed-out' },
  { path: '/signup', access: 'signed-out' },
  { path: '/forgot-password', access: 'public' },
  { path: '/reset-password', access: 'public' },
  { path: '/verify-email', access: 'public' },
  { path: '/invite', access: 'public' },
  { path: '/dashboard', access: 'signed-in' },
  { path: '/analytics', access: 'signed-in' },
  { path: '/share-links', access: 'signed-in' },
  { path: '/share-links/:id/analytics', access: 'signed-in' },
  { path: '/api-keys', access: 'signed-in' },
  { path: '/webhooks', access: 'signed-in' },
  { path: '/members', access: 'signed-in' },
  { path: '/audit-log', access: 'signed-in' },
  { path: '/billing', access: 'signed-in' },
  { path: '/domains', access: 'signed-in' },
  { path: '/settings', access: 'signed-in' },
  { path: '/admin', access: 'super-admin' },
] as const satisfies readonly { path: string; access: ScreenAccess }[]

export type ScreenPath = (typeof SCREENS)[number]['path']

/** The screens' fixed paths (the server also keeps them from being taken as aliases). */
export const CLIENT_ROUTES = SCREENS.map((screen) => screen.path).filter((path) => !path.includes(':'))

/** The screens' paths with parameters. */
export const CLIENT_ROUTE_PATTERNS = SCREENS.map((screen) => screen.path).filter((path) => path.includes(':'))
