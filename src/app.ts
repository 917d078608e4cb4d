// Composes the modules into one Elysia app: /api for the calls, the web app for everything else.
import { Elysia } from 'elysia'
import { errors } from './platform/errors'
import { http, type ServerLike } from './platform/http'
import { adminRoutes } from './modules/admin/routes'
import { analyticsRoutes } from './modules/analytics/routes'
import { apiKeyRoutes } from './modules/api-keys/routes'
import { authRoutes } from './modules/auth/routes'
import { billingRoutes } from './modules/billing/routes'
import { contactRoutes } from './modules/contact/routes'
import { domainRoutes } from './modules/domains/routes'
import { healthRoutes } from './modules/health/routes'
import { metadataRoutes } from './modules/metadata/routes'
import { linkRoutes } from './modules/links/routes'
import { qrRoutes } from './modules/qr/routes'
import { answerShortLink, shortLinkPath } from './modules/redirect/routes'
import { apiDocs } from './modules/public-api/docs'
import { apiHostRequest } from './modules/public-api/host'
import { publicApiRoutes } from './modules/public-api/routes'
import { notFoundPage, siteRoutes } from './modules/site/routes'
import { usageRoutes } from './modules/usage/routes'

const apiNotFound = { message: 'Not found.' }

export const api = new Elysia({ prefix: '/api' })
  .use(healthRoutes)
  .use(contactRoutes)
  .use(authRoutes)
  .use(metadataRoutes)
  .use(linkRoutes)
  .use(usageRoutes)
  .use(analyticsRoutes)
  .use(qrRoutes)
  .use(billingRoutes)
  .use(domainRoutes)
  .use(apiKeyRoutes)
  .use(publicApiRoutes)
  .use(apiDocs)
  .use(adminRoutes)
  // Unknown calls get JSON, never the web app.
  .get('/*', ({ set }) => {
    set.status = 404
    return apiNotFound
  })
  .all('/*', ({ set }) => {
    set.status = 404
    return apiNotFound
  })

export const app = new Elysia()
  .use(errors)
  .use(http)
  .use(api)
  .use(siteRoutes)
  .get('/*', ({ request }) => notFoundPage(request))

export type App = typeof app

/**
 * The server's request handler. Before any routing, requests to API_HOST without /api are answered
 * as their /api twins, and short links, the hot path, by the redirect module alone, without
 * passing through Elysia; the rest is Elysia's.
 */
export function handleRequest(request: Request, server: ServerLike): Response | Promise<Response> {
  const mapped = apiHostRequest(request)
  if (mapped) return app.fetch(mapped)
  const path = shortLinkPath(request)
  return path === undefined ? app.fetch(request) : answerShortLink(request, path, server)
}
