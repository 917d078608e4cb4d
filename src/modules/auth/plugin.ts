// The `auth` plugin: route options that resolve who is calling.
//   { session: true }     a signed-in user (Bearer session token), else 401
//   { session: 'links:write' }  one whose role in their account allows it (shared/members.ts), else 403
//   { superAdmin: true }  a signed-in super admin, else 401 / 403
// Each of them refuses, 403 with code second_factor_required, a user whose account requires a
// second factor they have not set up; but for { session: 'before-second-factor' }: the calls that
// set one up, and those that leave (sign out, switch accounts).
// Credentials are checked before the body is read: no or bad credentials answer 401 whatever it is.
// API keys are the public API's (public-api/api-key-auth.ts): a session token is not an API key and
// an API key is not a session token, each refuses the other.
import { Elysia } from 'elysia'
import { callerOf, type CallerCheck } from '../../platform/callers'
import { AppError } from '../../platform/errors'
import { clientIp, proxyCountry, type ServerLike } from '../../platform/http'
import { API_KEY_PREFIX } from '../../shared/api-keys'
import { can, MEMBER_MESSAGES, SECOND_FACTOR_REQUIRED, type Permission } from '../../shared/members'
import { networkOf } from '../../shared/network'
import { authenticateSession, type Actor, type Client } from './service'

export function bearerToken(authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
  return match?.[1]
}

/** Where a request comes from, for rate limits and the session it signs in (or, once, one it uses). */
export const clientOf = (request: Request, server: ServerLike): Client => ({
  ip: clientIp(request, server),
  userAgent: request.headers.get('user-agent'),
  countryHeader: proxyCountry(request),
})

/** Route options' `session` value for the calls a user who must set up a second factor may make. */
type BeforeSecondFactor = 'before-second-factor'

async function requireSession(request: Request, server: ServerLike, { isBeforeSecondFactor = false } = {}): Promise<Actor> {
  const token = bearerToken(request.headers.get('authorization') ?? undefined)
  if (!token) throw new AppError('unauthorized', 'Please sign in.')
  if (token.startsWith(API_KEY_PREFIX)) throw new AppError('unauthorized', 'API keys work only with the public API. Please sign in.')
  const actor = await authenticateSession(token, clientOf(request, server))
  if (!actor) throw new AppError('unauthorized', 'Your session has expired. Please sign in again.')
  if (actor.mustSetUpSecondFactor && !isBeforeSecondFactor) throw new AppError('forbidden', MEMBER_MESSAGES.secondFactorRequired, undefined, undefined, SECOND_FACTOR_REQUIRED)
  // Where they act from, as the audit log records it of the changes they make.
  return { ...actor, acting: { type: 'user', id: actor.id, name: actor.email, address: networkOf(clientIp(request, server)) } }
}

/** A route option's check: a signed-in user whose role allows `need` (any role for `true` and before a second factor). */
const sessionCheck = (need: true | BeforeSecondFactor | Permission): CallerCheck => async (request, server) => {
  const isBeforeSecondFactor = need === 'before-second-factor'
  const user = await requireSession(request, server, { isBeforeSecondFactor })
  if (need !== true && !isBeforeSecondFactor && !can(user.role, need)) throw new AppError('forbidden', MEMBER_MESSAGES.forbidden(need))
  return user
}

const superAdminCheck: CallerCheck = async (request, server) => {
  const user = await requireSession(request, server)
  if (!user.isSuperAdmin) throw new AppError('forbidden', 'Super admin access is required.')
  return user
}

// Each check runs as the request arrives (platform/callers.ts), before its body is read or
// validated; `resolve` hands the route the user it let in.
export const auth = new Elysia({ name: 'auth' }).macro({
  session: (need: true | BeforeSecondFactor | Permission) => {
    const callerCheck = sessionCheck(need)
    return {
      callerCheck,
      async resolve({ request, server, set }) {
        return { user: await callerOf<Actor>(callerCheck, request, server, set.headers) }
      },
    }
  },
  superAdmin: {
    callerCheck: superAdminCheck,
    async resolve({ request, server, set }) {
      return { user: await callerOf<Actor>(superAdminCheck, request, server, set.headers) }
    },
  },
})
