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

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  ...(config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
}

const startedAt = new WeakMap<Request, number>()

type ServerLike = { requestIP(request: Request): { address: string } | null } | null

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

export const http = new Elysia({ name: 'http' })
  .onRequest(({ request, set }) => {
    startedAt.set(request, performance.now())
    Object.assign(set.headers, SECURITY_HEADERS)
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > config.maxBodyBytes) throw new AppError('too_large', 'Request body is too large.')
  })
  .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
    if (!log.isEnabled('info')) return
    const start = startedAt.get(request)
    const status = responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200)
    log.info('request', {
      method: request.method,
      path: new URL(request.url).pathname,
      status,
      ms: start === undefined ? undefined : Math.round((performance.now() - start) * 10) / 10,
    })
  })
