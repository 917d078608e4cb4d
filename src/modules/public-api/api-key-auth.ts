// The `apiKey` route option of the public API: the owner of an active API key (Bearer lnk_…),
// else 401; rate-limited per key and per account. Session tokens are refused.
import { Elysia } from 'elysia'
import { callerOf, type CallerCheck, type NamesCallerCheck } from '../../platform/callers'
import { consumeRate, type RateDecision, type RateRule } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { clientIp, type ServerLike } from '../../platform/http'
import { log } from '../../platform/log'
import { API_KEY_MESSAGES, API_KEY_PREFIX, API_RATE_LIMITS, keyAllows, type ApiKeyScope } from '../../shared/api-keys'
import { INVALID_KEY_LIMIT, RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import { noteKeyUsed, verifyApiKey, type ApiKeyOwner } from '../api-keys/service'
import { bearerToken } from '../auth/plugin'
import { networkOf } from '../../shared/network'
import { API_CORS_HEADERS } from './cors'
import { countApiCall } from '../usage/service'

// The minute's limit holds per key; the hour's and the day's per account, across all its keys, so
// more keys never mean more calls.
const KEY_RATE_RULES: RateRule[] = [{ limit: API_RATE_LIMITS.perMinute, windowMs: 60_000 }]
const ACCOUNT_RATE_RULES: RateRule[] = [
  { limit: API_RATE_LIMITS.perHour, windowMs: 60 * 60_000 },
  { limit: API_RATE_LIMITS.perDay, windowMs: 24 * 60 * 60_000 },
]
const PER: Record<number, string> = { [API_RATE_LIMITS.perMinute]: 'minute', [API_RATE_LIMITS.perHour]: 'hour', [API_RATE_LIMITS.perDay]: 'day' }
const INVALID_KEY_RULES: RateRule[] = [{ limit: INVALID_KEY_LIMIT.attempts, windowMs: INVALID_KEY_LIMIT.windowMinutes * 60_000 }]

/** The decision the headers report: a refusal that lasts longest, else the window with the fewest calls left. */
function tightest(...decisions: RateDecision[]) {
  const denied = decisions.filter((d) => !d.allowed).sort((a, b) => b.resetAt - a.resetAt)[0]
  return denied ?? decisions.sort((a, b) => a.remaining - b.remaining)[0]
}

/** The X-RateLimit-* headers: what an answer without a valid key reports is its address's limit on invalid keys. */
function reportRate(headers: Record<string, string | number>, rate: RateDecision) {
  headers['x-ratelimit-limit'] = String(rate.limit)
  headers['x-ratelimit-remaining'] = String(rate.remaining)
  headers['x-ratelimit-reset'] = String(Math.ceil(rate.resetAt / 1000))
}

async function requireApiKey(authorization: string | undefined): Promise<ApiKeyOwner> {
  const token = bearerToken(authorization)
  if (!token) throw new AppError('unauthorized', 'Please send your API key in the Authorization header: Bearer lnk_…')
  if (!token.startsWith(API_KEY_PREFIX)) throw new AppError('unauthorized', 'This call needs an API key (lnk_…); session tokens are not accepted.')
  const owner = await verifyApiKey(token)
  if (!owner) throw new AppError('unauthorized', 'Invalid or revoked API key.')
  return owner
}

/**
 * Lets a call in or refuses it: checks its key, counts it against the key's and the account's
 * limits, and sets the CORS and rate-limit headers every answer carries (without a valid key, those
 * of its address's limit on invalid keys). Answers the key's owner; throws the 401 or 429.
 */
async function admitCall(request: Request, server: ServerLike | null, headers: Record<string, string | number>): Promise<ApiKeyOwner> {
  Object.assign(headers, API_CORS_HEADERS)
  headers['www-authenticate'] = 'Bearer realm="Linkcard API"'
  const owner = await requireApiKey(request.headers.get('authorization') ?? undefined).catch(async (error) => {
    if (!(error instanceof AppError && error.kind === 'unauthorized')) throw error
    // Guessing keys from one address is slowed down; a valid key from it still works.
    const failures = await consumeRate(`api-key-invalid:${networkOf(clientIp(request, server))}`, INVALID_KEY_RULES)
    reportRate(headers, failures)
    if (!failures.allowed) throw new AppError('rate_limited', RATE_LIMIT_MESSAGES.invalidKeys(failures.retryAfter), undefined, failures.retryAfter)
    throw error
  })
  delete headers['www-authenticate']
  noteKeyUsed(owner.keyId)
  const rate = tightest(...(await Promise.all([consumeRate(`api-key:${owner.keyId}`, KEY_RATE_RULES), consumeRate(`api-account:${owner.accountId}`, ACCOUNT_RATE_RULES)])))
  reportRate(headers, rate)
  if (!rate.allowed) {
    const per = PER[rate.limit]
    throw new AppError('rate_limited', `Rate limit of ${rate.limit} requests per ${per} reached. Try again in ${rate.retryAfter} seconds.`, undefined, rate.retryAfter)
  }
  countApiCall(owner.accountId).catch((error) => log.error('counting an API call failed', { error }))
  // The key by its name, from the call's network: what the audit log records of the changes it makes.
  return { ...owner, acting: { type: 'api_key', id: owner.keyId, name: owner.keyName, address: networkOf(clientIp(request, server)) } }
}

// The checks the `apiKey` option made: a route that names one of them is a call of the public API.
const apiKeyChecks = new WeakSet<CallerCheck>()

/** The `apiKey` route option's check: a key with this scope (another key gets a 403 naming it), or any key. */
function apiKeyCheck(scope: ApiKeyScope | 'any'): CallerCheck {
  const check: CallerCheck = async (request, server, headers) => {
    const owner = await admitCall(request, server, headers)
    if (scope !== 'any' && !keyAllows(owner.scopes, scope)) throw new AppError('forbidden', API_KEY_MESSAGES.missingScope(scope))
    return owner
  }
  apiKeyChecks.add(check)
  return check
}

/**
 * The public API's paths, read from the routes themselves: those whose calls take an API key, and
 * so carry its rate-limit and CORS headers. Its preflights and its document cover these paths.
 */
export function publicApiPaths(routes: readonly { path: string; hooks: unknown }[]) {
  const takesApiKey = (hooks: unknown) => isApiKeyCheck((hooks as Partial<NamesCallerCheck> | undefined)?.callerCheck)
  return [...new Set(routes.filter((route) => takesApiKey(route.hooks)).map((route) => route.path))]
}

/** Whether a route's check is the `apiKey` option's: the route is a call of the public API. */
export const isApiKeyCheck = (check: CallerCheck | undefined) => check !== undefined && apiKeyChecks.has(check)

// Each call is let in or refused as it arrives (platform/callers.ts), before its path, query and
// body are read, so every answer carries the rate-limit headers, whatever else is wrong with the call.
export const apiKeyAuth = new Elysia({ name: 'api-key-auth' }).macro({
  /** The call needs a key with this scope, or any key where the route checks scopes itself. */
  apiKey: (scope: ApiKeyScope | 'any') => {
    const callerCheck = apiKeyCheck(scope)
    return {
      callerCheck,
      async resolve({ request, server, set }) {
        return { owner: await callerOf<ApiKeyOwner>(callerCheck, request, server, set.headers) }
      },
    }
  },
})
