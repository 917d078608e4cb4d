// The `auth` plugin: route options that resolve who is calling.
//   { session: true }     a signed-in user (Bearer session token), else 401
//   { superAdmin: true }  a signed-in super admin, else 401 / 403
//   { apiKey: true }      the owner of an active API key (Bearer lnk_…), else 401; rate-limited per key
// A session token is not an API key and an API key is not a session token: each refuses the other.
import { Elysia } from 'elysia'
import { consumeRate, type RateRule } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import { API_KEY_PREFIX, API_RATE_LIMITS } from '../../shared/api-keys'
import { noteKeyUsed, verifyApiKey, type ApiKeyOwner } from '../api-keys/service'
import { countApiCall } from '../usage/service'
import { authenticateSession, type Actor } from './service'

export function bearerToken(authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
  return match?.[1]
}

async function requireSession(authorization: string | undefined): Promise<Actor> {
  const token = bearerToken(authorization)
  if (!token) throw new AppError('unauthorized', 'Please sign in.')
  if (token.startsWith(API_KEY_PREFIX)) throw new AppError('unauthorized', 'API keys work only with the public API. Please sign in.')
  const actor = await authenticateSession(token)
  if (!actor) throw new AppError('unauthorized', 'Your session has expired. Please sign in again.')
  return actor
}

const API_RATE_RULES: (RateRule & { per: string })[] = [
  { limit: API_RATE_LIMITS.perMinute, windowMs: 60_000, per: 'minute' },
  { limit: API_RATE_LIMITS.perHour, windowMs: 60 * 60_000, per: 'hour' },
  { limit: API_RATE_LIMITS.perDay, windowMs: 24 * 60 * 60_000, per: 'day' },
]

// Keys travel in a header, never in a cookie, so any site may call the public API from a browser.
const API_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
}

async function requireApiKey(authorization: string | undefined): Promise<ApiKeyOwner> {
  const token = bearerToken(authorization)
  if (!token) throw new AppError('unauthorized', 'Please send your API key in the Authorization header: Bearer lnk_…')
  if (!token.startsWith(API_KEY_PREFIX)) throw new AppError('unauthorized', 'This call needs an API key (lnk_…); session tokens are not accepted.')
  const owner = await verifyApiKey(token)
  if (!owner) throw new AppError('unauthorized', 'Invalid or revoked API key.')
  return owner
}

// Filled by the apiKey macro's transform, read by its resolve.
const apiCallers = new WeakMap<Request, ApiKeyOwner>()

export const auth = new Elysia({ name: 'auth' }).macro({
  session: {
    async resolve({ headers }) {
      return { user: await requireSession(headers.authorization) }
    },
  },
  superAdmin: {
    async resolve({ headers }) {
      const user = await requireSession(headers.authorization)
      if (!user.isSuperAdmin) throw new AppError('forbidden', 'Super admin access is required.')
      return { user }
    },
  },
  apiKey: {
    // Runs before the input is validated, so every call is authenticated and counted first and
    // every answer with a valid key, errors included, carries the rate-limit headers.
    async transform({ headers, request, set }) {
      Object.assign(set.headers, API_CORS_HEADERS)
      set.headers['www-authenticate'] = 'Bearer realm="Linkcard API"'
      const owner = await requireApiKey(headers.authorization)
      delete set.headers['www-authenticate']
      noteKeyUsed(owner.keyId)
      const rate = await consumeRate(`api-key:${owner.keyId}`, API_RATE_RULES)
      set.headers['x-ratelimit-limit'] = String(rate.limit)
      set.headers['x-ratelimit-remaining'] = String(rate.remaining)
      set.headers['x-ratelimit-reset'] = String(Math.ceil(rate.resetAt / 1000))
      if (!rate.allowed) {
        const per = API_RATE_RULES.find((rule) => rule.limit === rate.limit)?.per
        throw new AppError('rate_limited', `Rate limit of ${rate.limit} requests per ${per} reached. Try again in ${rate.retryAfter} seconds.`, undefined, rate.retryAfter)
      }
      countApiCall(owner.accountId).catch((error) => log.error('counting an API call failed', { error }))
      apiCallers.set(request, owner)
    },
    resolve({ request }) {
      const owner = apiCallers.get(request)
      if (!owner) throw new AppError('unauthorized', 'Please send your API key in the Authorization header: Bearer lnk_…')
      return { owner }
    },
  },
})
