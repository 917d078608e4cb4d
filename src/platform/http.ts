// Cross-cutting HTTP concerns: security headers on every answer, one log line per request,
// the request-body limit, and the client's address.
import { Elysia } from 'elysia'
import { config } from './config'
import { AppError } from './errors'
import { log } from './log'

const extraOrigins = [config.appHost, config.apiHost].filter(Boolean).map((host) => `https://${host}`)

// The SPA needs no inline script; inline styles come from radix-ui's positioning.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  `connect-src 'self' ${extraOrigins.join(' ')}`.trim(),
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  ...(config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
}

const startedAt = new WeakMap<Request, number>()

export type ServerLike = { requestIP(request: Request): { address: string } | null } | null

/** The client's IP: the proxy's X-Forwarded-For when TRUST_PROXY is on, else the socket's peer. */
export function clientIp(request: Request, server: ServerLike): string {
  if (config.trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}

/**
 * The country a trusted proxy says the client is in (Cloudflare's CF-IPCountry, or X-Country),
 * unchecked; null unless TRUST_PROXY is on, since anyone can send these headers.
 */
export function proxyCountry(request: Request): string | null {
  if (!config.trustProxy) return null
  return request.headers.get('cf-ipcountry') ?? request.headers.get('x-country')
}

const requestHeaders = new Elysia({ name: 'http' }).onRequest(({ request, set }) => {
  Object.assign(set.headers, SECURITY_HEADERS)
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > config.maxBodyBytes) throw new AppError('too_large', 'Request body is too large.')
})

/** One log line for an answered request (when info logging is on). */
export function logRequest(request: Request, status: number, startedAtMs: number | undefined) {
  log.info('request', {
    method: request.method,
    path: new URL(request.url).pathname,
    status,
    ms: startedAtMs === undefined ? undefined : Math.round((performance.now() - startedAtMs) * 10) / 10,
  })
}

// Request logs cost time on every answer, so the hooks exist only when they will print.
export const http = !log.isEnabled('info')
  ? requestHeaders
  : requestHeaders
      .onRequest(({ request }) => {
        startedAt.set(request, performance.now())
      })
      .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
        logRequest(request, responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200), startedAt.get(request))
      })
