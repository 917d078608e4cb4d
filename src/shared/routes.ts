// Paths the web app routes itself (server answers them with index.html and 200).
export const CLIENT_ROUTES = [
  '/',
  '/pricing',
  '/docs',
  '/blog',
  '/how-to',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/dashboard',
  '/share-links',
  '/api-keys',
  '/billing',
  '/settings',
  '/admin',
] as const

/** Paths under which signed-in screens live; signed out, they redirect to /login. */
export const USER_ROUTES = ['/dashboard', '/share-links', '/api-keys', '/billing', '/settings'] as const

/** Client routes with parameters; the server answers them with the app too. */
export const CLIENT_ROUTE_PATTERNS = ['/share-links/:id/analytics'] as const
