// Composes the modules into one Elysia app: /api for the calls, the web app for everything else.
import { Elysia } from 'elysia'
import { admitCaller, refusedBeforeRouting, routeTable, type FoundRoute } from './platform/callers'
import { AppError, errors } from './platform/errors'
import { copyRequest, earlyErrorResponse, http, withCheckedBody, type ServerLike } from './platform/http'
import { log } from './platform/log'
import { hasValidHost, requestPath } from './platform/request-url'
import { textInput } from './platform/text-input'
import { tracedRequest } from './platform/tracing'
import { adminRoutes } from './modules/admin/routes'
import { analyticsRoutes } from './modules/analytics/routes'
import { apiKeyRoutes } from './modules/api-keys/routes'
import { auditRoutes } from './modules/audit/routes'
import { authRoutes } from './modules/auth/routes'
import { billingRoutes } from './modules/billing/routes'
import { contactRoutes } from './modules/contact/routes'
import { domainListRoutes, domainRoutes } from './modules/domains/routes'
import { healthRoutes } from './modules/health/routes'
import { mcpRoutes } from './modules/mcp/routes'
import { metricsRoutes } from './modules/metrics/routes'
import { observeRequest, type RequestKind } from './modules/metrics/service'
import { accountRoutes, invitationRoutes, memberRoutes } from './modules/members/routes'
import { metadataRoutes } from './modules/metadata/routes'
import { imageRoutes } from './modules/images/routes'
import { importRoutes } from './modules/imports/routes'
import { linkRoutes, tagRoutes } from './modules/links/routes'
import { linkHealthRoutes } from './modules/link-health/routes'
import { cardRoutes } from './modules/cards/routes'
import { cardImageRoutes } from './modules/card-images/routes'
import { utmPresetRoutes } from './modules/utm-presets/routes'
import { qrRoutes } from './modules/qr/routes'
import { answerShortLink, domainOwnAnswer, shortLinkPath, unlockRoutes } from './modules/redirect/routes'
import { isApiKeyCheck, publicApiPaths } from './modules/public-api/api-key-auth'
import { apiPreflights } from './modules/public-api/cors'
import { apiDocs } from './modules/public-api/docs'
import { apiHostUrl } from './modules/public-api/host'
import { publicApiRoutes } from './modules/public-api/routes'
import { notFoundPage, siteRoutes } from './modules/site/routes'
import { usageRoutes } from './modules/usage/routes'
import { webhookRoutes } from './modules/webhooks/routes'

const apiNotFound = { message: 'Not found.' }

const calls = new Elysia()
  .use(healthRoutes)
  .use(contactRoutes)
  .use(authRoutes)
  .use(accountRoutes)
  .use(metadataRoutes)
  .use(linkRoutes)
  .use(linkHealthRoutes)
  .use(cardRoutes)
  .use(tagRoutes)
  .use(importRoutes)
  .use(utmPresetRoutes)
  .use(usageRoutes)
  .use(analyticsRoutes)
  .use(qrRoutes)
  .use(cardImageRoutes)
  .use(imageRoutes)
  .use(unlockRoutes)
  .use(billingRoutes)
  .use(domainRoutes)
  .use(domainListRoutes)
  .use(apiKeyRoutes)
  .use(webhookRoutes)
  .use(memberRoutes)
  .use(invitationRoutes)
  .use(auditRoutes)
  .use(publicApiRoutes)
  .use(mcpRoutes)
  .use(adminRoutes)

// The public API is what takes an API key: its browsers' preflights and its document follow from its routes.
const publicPaths = publicApiPaths(calls.routes)

const api = new Elysia({ prefix: '/api' })
  .use(calls)
  .use(apiPreflights(publicPaths))
  .use(apiDocs(publicPaths))
  // Unknown calls get JSON, never the web app.
  .get('/*', ({ set }) => {
    set.status = 404
    return apiNotFound
  })
  .all('/*', ({ set }) => {
    set.status = 404
    return apiNotFound
  })

// The route a request reaches (its declared path and its credentials' check), from the whole route table once built.
let routes: ReturnType<typeof routeTable> | undefined
const routeOf = (method: string, path: string) => (routes ??= routeTable(app.routes))(method, path)
const routeCheck = (method: string, path: string) => routeOf(method, path)?.check

export const app = new Elysia()
  .use(errors)
  .use(http)
  // Who is calling, before anything reads the body: no or bad credentials answer 401 whatever it is.
  .onRequest(async ({ request, server, set }) => {
    const check = routeCheck(request.method, requestPath(request))
    if (check) await admitCaller(check, request, server, set.headers)
  })
  .use(textInput)
  .use(api)
  .use(metricsRoutes)
  .use(siteRoutes)
  .get('/*', ({ request }) => notFoundPage(request))

/**
 * The server's request handler. A request whose Host makes its URL unreadable is refused first.
 * Short links, the hot path, are answered by the redirect module alone, without passing through
 * Elysia. The rest is Elysia's, with its body read and checked first, and requests to API_HOST
 * without /api as their /api twins. A HEAD is answered as its GET (Elysia routes it to the GET
 * route; a short link counts no visit for it), and Bun.serve sends that answer's headers without
 * its body (RFC 9110 9.3.2): no handler answers HEAD on its own.
 */
export function handleRequest(request: Request, server: ServerLike): Response | Promise<Response> {
  const startedAt = performance.now()
  try {
    if (!hasValidHost(request)) return counted('other', earlyErrorResponse(new AppError('invalid', 'Malformed Host header.')), startedAt)
    const apiUrl = apiHostUrl(request)
    const path = apiUrl === undefined ? shortLinkPath(request) : undefined
    // A short link counts itself: whether it was a crawler's card or a redirect is its answer's.
    if (path !== undefined) return answerShortLink(request, path, server, startedAt)
    const routePath = apiUrl === undefined ? requestPath(request) : new URL(apiUrl).pathname
    const route = routeOf(request.method, routePath)
    const kind = kindOf(routePath, route)
    return tracedRequest(request, route?.path, () => {
      // A custom domain's bare root may send people elsewhere, and it serves its app files; the rest is the app's.
      const own = apiUrl === undefined ? domainOwnAnswer(request) : undefined
      if (own instanceof Promise)
        return own.then(
          (answer) => answer ?? routed(request, server, apiUrl),
          (error) => unexpectedFailure(request, error),
        ).then((response) => counted(kind, response, startedAt))
      return counted(kind, own, startedAt) ?? routed(request, server, apiUrl).then((response) => counted(kind, response, startedAt))
    })
  } catch (error) {
    return counted('other', unexpectedFailure(request, error), startedAt)
  }
}

/** What Elysia answers, for the metrics: a call of the public API (one that takes an API key), another call, or the rest. */
function kindOf(path: string, route: FoundRoute | undefined): RequestKind {
  if (path !== '/api' && !path.startsWith('/api/')) return 'other'
  return isApiKeyCheck(route?.check) ? 'public_api' : 'app_api'
}

function counted<T extends Response | undefined>(kind: RequestKind, response: T, startedAt: number): T {
  if (response) observeRequest(kind, response.status, startedAt)
  return response
}

async function routed(request: Request, server: ServerLike, apiUrl: string | undefined): Promise<Response> {
  try {
    const checked = await withCheckedBody(request, server)
    return await app.fetch(apiUrl === undefined ? checked : copyRequest(checked, server, { url: apiUrl }))
  } catch (error) {
    if (!(error instanceof AppError)) return unexpectedFailure(request, error)
    // Credentials are still checked first, and a public API call's answer carries its rate-limit headers.
    const check = routeCheck(request.method, apiUrl === undefined ? requestPath(request) : new URL(apiUrl).pathname)
    const refused = await refusedBeforeRouting(check, request, server, error)
    return earlyErrorResponse(refused.error, refused.headers)
  }
}

/** Whatever escaped every other guard: logged and answered 500, never fatal to the process. */
function unexpectedFailure(request: Request, error: unknown): Response {
  log.error('unhandled error', { method: request.method, path: requestPath(request), error })
  return earlyErrorResponse(new AppError('internal', 'Something went wrong.'))
}
