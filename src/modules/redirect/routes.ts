// Short links are the product's hot path, so they are answered before Elysia routes a request
// (app.ts): a GET or HEAD of one path segment that can be a slug or an alias comes here, and its
// pages carry the same security headers as every other. Anything else goes on to Elysia, the
// password form of a link among it (POST /api/unlock/<path>).
import { Elysia, t } from 'elysia'
import { clientIp, logRequest, proxyCountry, SECURITY_HEADERS, type ServerLike } from '../../platform/http'
import { log } from '../../platform/log'
import { LINK_MESSAGES, LINK_PASSWORD_MAX, RESERVED_ALIASES } from '../../shared/link-rules'
import { hasScanMarker } from '../../shared/qr-design'
import { observeRequest, shortLinkAnswers } from '../metrics/service'
import { notFoundPage } from '../site/routes'
import { APP_FILES } from '../domains/app-files'
import { domainOfHost, type AccountDomain } from '../domains/service'
import type { LinkRow } from '../links/service'
import { SEND_ON_SOURCE } from './preview-page'
import { unlock, visit, type Visit, type VisitOutcome } from './service'

const MAX_SEGMENT = 64
const logsRequests = log.isEnabled('info')

// Letters, digits, hyphen and underscore: what slugs and aliases are made of.
const isPathChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95

/** The short-link path a request asks for (one segment of slug or alias characters), or undefined. */
export function shortLinkPath(request: Request): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = request.url
  const start = url.indexOf('/', url.indexOf('//') + 2) + 1
  let end = start
  for (let c = url.charCodeAt(end); end < url.length && c !== 63; c = url.charCodeAt(++end)) {
    if (!isPathChar(c) || end - start >= MAX_SEGMENT) return undefined
  }
  if (end === start) return undefined
  const path = url.slice(start, end)
  // The product's own pages (and reserved words) are never short links.
  return RESERVED_ALIASES.has(path.toLowerCase()) ? undefined : path
}

// Answers vary by User-Agent (crawler or person) and each visit counts, so nothing is cached.
const NO_STORE = { ...SECURITY_HEADERS, 'cache-control': 'no-store', vary: 'user-agent' }
// Built once: a ready Headers is copied into each answer, a plain object is read afresh each time.
const HTML = new Headers({ ...NO_STORE, 'content-type': 'text/html; charset=utf-8' })
// The preview page runs one inline script, allowed by its hash.
const PREVIEW_HTML = {
  ...NO_STORE,
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': SECURITY_HEADERS['content-security-policy'].replace("script-src 'self'", `script-src 'self' ${SEND_ON_SOURCE}`),
}
// A HEAD gets the GET's answer, which the server sends without its body: the same headers,
// Content-Length included (RFC 9110 9.3.2). Headers are built once per link.
const previewHeaders = new WeakMap<LinkRow, Headers>()
function previewHeadersOf(link: LinkRow, html: string) {
  let headers = previewHeaders.get(link)
  if (!headers) {
    headers = new Headers({ ...PREVIEW_HTML, 'content-length': String(Buffer.byteLength(html)) })
    previewHeaders.set(link, headers)
  }
  return headers
}
// A redirect has no document for the content, framing and opener policies to protect; it keeps the
// headers that still act on it. Each header costs every redirect its bytes.
const ACTING_ON_REDIRECTS = new Set(['referrer-policy', 'strict-transport-security', 'x-content-type-options', 'cache-control', 'vary'])
const REDIRECT = Object.fromEntries(Object.entries(NO_STORE).filter(([name]) => ACTING_ON_REDIRECTS.has(name)))
// A ready Headers per link is the cheapest way to give each redirect its headers; a changed link
// is a new row object, so its headers are built afresh.
const redirectHeaders = new WeakMap<LinkRow, Headers>()
function redirectHeadersOf(link: LinkRow, url: string) {
  if (url !== link.targetUrl) return routedHeadersOf(link, url)
  let headers = redirectHeaders.get(link)
  if (!headers) {
    headers = new Headers({ ...REDIRECT, location: url })
    redirectHeaders.set(link, headers)
  }
  return headers
}
// A routed link's device and country URLs: a few per link, each Headers built once.
const routedHeaders = new WeakMap<LinkRow, Map<string, Headers>>()
function routedHeadersOf(link: LinkRow, url: string) {
  let byUrl = routedHeaders.get(link)
  if (!byUrl) {
    byUrl = new Map()
    routedHeaders.set(link, byUrl)
  }
  let headers = byUrl.get(url)
  if (!headers) {
    headers = new Headers({ ...REDIRECT, location: url })
    byUrl.set(url, headers)
  }
  return headers
}

function respond(request: Request, outcome: VisitOutcome): Response {
  switch (outcome.kind) {
    case 'redirect':
      // A forwarded query makes an address of this visit's own: its headers are not kept.
      return new Response(null, { status: 302, headers: outcome.isForwarded ? { ...REDIRECT, location: outcome.url } : redirectHeadersOf(outcome.link, outcome.url) })
    case 'preview':
      return new Response(outcome.html, { status: 200, headers: previewHeadersOf(outcome.link, outcome.html) })
    case 'fallback':
    case 'elsewhere':
      return new Response(null, { status: 302, headers: { ...REDIRECT, location: outcome.url } })
    case 'ended':
      return new Response(outcome.html, { status: 410, headers: HTML })
    case 'missing':
      return new Response(outcome.html, { status: 404, headers: HTML })
    case 'send_on':
      return new Response(outcome.html, { status: 200, headers: HTML })
    case 'password': {
      const headers = new Headers(HTML)
      if (outcome.retryAfter) headers.set('retry-after', String(outcome.retryAfter))
      return new Response(outcome.html, { status: outcome.status, headers })
    }
    case 'not_found': {
      const page = notFoundPage(request)
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) page.headers.set(name, value)
      return page
    }
  }
}

/** The address's query string without its `?` ('' for none); a plain visit reads no more of it. */
function queryOf(url: string) {
  const mark = url.indexOf('?')
  if (mark === -1) return ''
  const hash = url.indexOf('#', mark)
  return url.slice(mark + 1, hash === -1 ? undefined : hash)
}

/** What the request tells of the visit to the short link at `path`. */
function visitOf(request: Request, path: string, server: ServerLike): Visit {
  const ip = clientIp(request, server)
  const headers = request.headers
  const query = queryOf(request.url)
  return {
    path,
    query,
    // The QR code's marker is looked for only when the address has a query.
    isScan: query !== '' && hasScanMarker(query),
    host: headers.get('host') ?? '',
    method: request.method,
    userAgent: headers.get('user-agent'),
    referrer: headers.get('referer'),
    // Only read here; classified and dropped when the event is written (never stored).
    ip: ip === 'unknown' ? null : ip,
    country: proxyCountry(request),
  }
}

function answer(request: Request, path: string, server: ServerLike, startedAt: number): Response | Promise<Response> {
  const outcome = visit(visitOf(request, path, server))
  return outcome instanceof Promise ? outcome.then((settled) => counted(request, settled, startedAt)) : counted(request, outcome, startedAt)
}

/** The answer, counted by what it is: a crawler's card page is timed apart from the redirects. */
function counted(request: Request, outcome: VisitOutcome, startedAt: number): Response {
  const response = respond(request, outcome)
  shortLinkAnswers.inc(outcome.kind)
  observeRequest(outcome.kind === 'preview' ? 'card' : 'short_link', response.status, startedAt)
  return response
}

/** The password form of a link posts here: right, the person is sent on; wrong, the form again. */
export const unlockRoutes = new Elysia().post(
  '/unlock/:path',
  async ({ params, body, request, server }) => respond(request, await unlock(visitOf(request, params.path, server), body.password)),
  {
    params: t.Object({ path: t.String({ maxLength: MAX_SEGMENT }) }),
    body: t.Object({ password: t.String({ maxLength: LINK_PASSWORD_MAX, error: LINK_MESSAGES.password }) }),
    detail: { hide: true },
  },
)

const failed = (request: Request, path: string, error: unknown, startedAt: number) => {
  log.error('unhandled error', { method: request.method, path: `/${path}`, error })
  shortLinkAnswers.inc('failed')
  observeRequest('short_link', 500, startedAt)
  return new Response('Something went wrong.', { status: 500, headers: { ...NO_STORE, 'content-type': 'text/plain; charset=utf-8' } })
}

function answerSafely(request: Request, path: string, server: ServerLike, startedAt: number): Response | Promise<Response> {
  try {
    const response = answer(request, path, server, startedAt)
    return response instanceof Promise ? response.catch((error) => failed(request, path, error, startedAt)) : response
  } catch (error) {
    return failed(request, path, error, startedAt)
  }
}

/** A URL's path, without its query. */
function pathOf(url: string) {
  const slash = url.indexOf('/', url.indexOf('//') + 2)
  if (slash === -1) return '/'
  const mark = url.indexOf('?', slash)
  return url.slice(slash, mark === -1 ? undefined : mark)
}

// An app's files are read by Apple's and Google's fetchers, which want JSON at once: no redirect.
const APP_FILE_HEADERS = { ...SECURITY_HEADERS, 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' }

/**
 * What a custom domain answers itself besides its links: its bare root when it sends people
 * elsewhere (rootRedirect), and the app files it publishes (.well-known). Undefined for every
 * other request, which goes on to the app (the service's page at a root, a 404 for a file it lacks).
 */
export function domainOwnAnswer(request: Request): Response | undefined | Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const path = pathOf(request.url)
  const file = APP_FILES[path as keyof typeof APP_FILES]
  if (path !== '/' && !file) return undefined
  const answer = (found: AccountDomain | undefined) => {
    if (!found) return undefined
    const { domain } = found
    if (!file) return domain.rootRedirect ? new Response(null, { status: 302, headers: { ...REDIRECT, location: domain.rootRedirect } }) : undefined
    const content = domain[file]
    return content ? new Response(JSON.stringify(content), { headers: APP_FILE_HEADERS }) : undefined
  }
  const domain = domainOfHost(request.headers.get('host') ?? '')
  return domain instanceof Promise ? domain.then(answer) : answer(domain)
}

/** The answer to a short-link request that arrived at `startedAt` (performance.now()). */
export function answerShortLink(request: Request, path: string, server: ServerLike, startedAt: number): Response | Promise<Response> {
  if (!logsRequests) return answerSafely(request, path, server, startedAt)
  const logged = (response: Response) => {
    logRequest(request, response.status, startedAt)
    return response
  }
  const response = answerSafely(request, path, server, startedAt)
  return response instanceof Promise ? response.then(logged) : logged(response)
}
