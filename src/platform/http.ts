// Cross-cutting HTTP concerns: security headers on every answer, one log line per request,
// the request-body limit, and the client's address.
import { Elysia } from 'elysia'
import { IMPORT_FILE_MAX_BYTES } from '../shared/imports'
import { IMAGE_UPLOAD_MAX_BYTES } from '../shared/images'
import { config } from './config'
import { AppError, errorResponse } from './errors'
import { log } from './log'
import { requestPath } from './request-url'
import { clientOf } from './proxy'

const extraOrigins = [config.appHost, config.apiHost].filter(Boolean).map((host) => `https://${host}`)

// The SPA needs no inline script; inline styles come from radix-ui's positioning.
const CONTENT_SECURITY_POLICY = [
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

/**
 * The client's IP: the socket's peer, or behind proxies named by TRUST_PROXY the right-most
 * X-Forwarded-For address that no trusted proxy added (the ones left of it are the client's word).
 */
export function clientIp(request: Request, server: ServerLike): string {
  const peer = peerAddresses.get(request) ?? server?.requestIP(request)?.address ?? 'unknown'
  if (!config.trustProxy) return peer
  const forwarded = request.headers.get('x-forwarded-for')
  if (!forwarded) return peer
  return clientOf([...forwarded.split(',').map((entry) => entry.trim()).filter(Boolean), peer], config.trustProxy)
}

/**
 * The country a trusted proxy says the client is in, unchecked, from the header COUNTRY_HEADER
 * names; null without that setting, since anyone can send such a header.
 */
export function proxyCountry(request: Request): string | null {
  return config.countryHeader ? request.headers.get(config.countryHeader) : null
}

const tooLarge = () => new AppError('too_large', 'Request body is too large.')

/**
 * A request body's bytes, refused past MAX_BODY_BYTES as they arrive: a chunked or streamed body
 * has no Content-Length to check first.
 */
async function readBody(request: Request, limit = config.maxBodyBytes): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBodyWithin(request, limit)
  } catch (error) {
    if (error instanceof AppError) throw error
    // The client closed the connection before its body was sent in full.
    throw new AppError('invalid', 'The request body was not sent in full.')
  }
}

async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const length = request.headers.get('content-length')
  if (Number(length ?? 0) > limit) throw tooLarge()
  if (!request.body) return new Uint8Array(0)
  // A body of a stated length within the limit is read at once, without a stream's per-chunk work
  // (Bun refuses a request that states a length and is chunked too).
  if (length !== null) return request.bytes()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

// An import carries its whole file (as JSON text, whose escapes may add some), an image upload its
// image; every other body, MAX_BODY_BYTES.
const IMPORT_BODY_MAX = IMPORT_FILE_MAX_BYTES * 1.25
const LARGER_BODIES: Record<string, number> = { '/api/imports': IMPORT_BODY_MAX, '/api/images': IMAGE_UPLOAD_MAX_BYTES, '/api/image': IMAGE_UPLOAD_MAX_BYTES }
// An import's JSON body is parsed, depth and all, on the import thread: a pass over its tens of
// megabytes here would hold the event loop.
const PARSED_OFF_THREAD = new Set(['POST /api/imports'])
const bodyPathOf = (request: Request) => `${request.method} ${requestPath(request).replace(/(.)\/+$/, '$1')}`
function bodyLimitOf(request: Request) {
  const larger = request.method === 'POST' ? LARGER_BODIES[requestPath(request).replace(/(.)\/+$/, '$1')] : undefined
  return larger ? Math.max(larger, config.maxBodyBytes) : config.maxBodyBytes
}

/** The largest body any request may send (the server refuses larger before reading it). */
export const largestBody = () => Math.max(IMPORT_BODY_MAX, config.maxBodyBytes * 4)

/** JSON with arrays and objects nested at most this deep; deeper bodies are refused unparsed. */
const MAX_JSON_DEPTH = 32

/** Whether JSON text nests deeper than maxDepth, by one pass over its brackets outside strings. */
function exceedsJsonDepth(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]
    if (inString) {
      if (c === 92) i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return true
    } else if (c === 125 || c === 93) depth--
  }
  return false
}

// Peers of requests copied before routing: Bun knows the address of the request it received only.
const peerAddresses = new WeakMap<Request, string>()
// Bodies parsed off the thread, kept as read beside their requests: copying tens of megabytes into
// a new request would hold the event loop.
const bodiesAsRead = new WeakMap<Request, Uint8Array<ArrayBuffer>>()

/** The body of a route that parses its own (PARSED_OFF_THREAD), as withCheckedBody read it. */
export const bodyAsRead = (request: Request) => bodiesAsRead.get(request) ?? new Uint8Array(0)

/** A copy of a received request with another URL or body, that keeps the client's address. */
export function copyRequest(request: Request, server: ServerLike, changes: { url?: string; body?: Uint8Array }): Request {
  const asRead = bodiesAsRead.get(request)
  const copy = new Request(changes.url ?? request.url, {
    method: request.method,
    headers: request.headers,
    body: asRead ? null : (changes.body ?? request.body),
    signal: request.signal,
    ...(changes.body === undefined && request.body ? { duplex: 'half' } : {}),
  } as RequestInit)
  const address = peerAddresses.get(request) ?? server?.requestIP(request)?.address
  if (address) peerAddresses.set(copy, address)
  if (asRead) bodiesAsRead.set(copy, asRead)
  return copy
}

const hasBody = (request: Request) => request.body !== null && request.method !== 'GET' && request.method !== 'HEAD'

/**
 * The request with its body read in full, within the size limit however it arrives, and JSON
 * refused when nested too deep for the validators to walk; the request itself when it has no body.
 */
export async function withCheckedBody(request: Request, server: ServerLike): Promise<Request> {
  if (!hasBody(request)) return request
  const body = await readBody(request, bodyLimitOf(request))
  if (PARSED_OFF_THREAD.has(bodyPathOf(request))) {
    bodiesAsRead.set(request, body)
    return copyRequest(request, server, {})
  }
  const type = request.headers.get('content-type')?.toLowerCase() ?? ''
  if (type.includes('json') && exceedsJsonDepth(body)) throw new AppError('invalid', `JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted.`)
  return copyRequest(request, server, { body })
}

const requestHeaders = new Elysia({ name: 'http' }).onRequest(({ request, set }) => {
  Object.assign(set.headers, SECURITY_HEADERS)
  // An answer to a request that carries credentials is that caller's alone: no cache may keep it.
  if (request.headers.has('authorization')) set.headers['cache-control'] = 'no-store'
})

/** An error met before routing (a malformed Host, a body refused), answered as Elysia would. */
export const earlyErrorResponse = (error: AppError, headers: Record<string, string> = {}) => errorResponse(error, { ...SECURITY_HEADERS, ...headers })

/** One log line for an answered request (when info logging is on). */
export function logRequest(request: Request, status: number, startedAtMs: number | undefined) {
  log.info('request', {
    method: request.method,
    path: requestPath(request),
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
        // An exception thrown after the answer has no request to fail, only the process.
        try {
          logRequest(request, responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200), startedAt.get(request))
        } catch (error) {
          log.error('request log failed', { error })
        }
      })
