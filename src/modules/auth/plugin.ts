// The `auth` plugin: route options that resolve who is calling.
//   { session: true }     a signed-in user (Bearer session token), else 401
//   { session: 'links:write' }  one whose role in their account allows it (shared/members.ts), else 403
//   { superAdmin: true }  a signed-in super admin, else 401 / 403
// Credentials are checked before the body is read: no or bad credentials answer 401 whatever it is.
// API keys are the public API's (public-api/api-key-auth.ts): a session token is not an API key and
// an API key is not a session token, each refuses the other.
import { Elysia } from 'elysia'
import { callerOf, type CallerCheck } from '../../platform/callers'
import { AppError } from '../../platform/errors'
import { API_KEY_PREFIX } from '../../shared/api-keys'
import { can, MEMBER_MESSAGES, type Permission } from '../../shared/members'
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

/** A route option's check: a signed-in user whose role allows `need` (any role for `true`). */
const sessionCheck = (need: true | Permission): CallerCheck => async (request) => {
  const user = await requireSession(request.headers.get('authorization') ?? undefined)
  if (need !== true && !can(user.role, need)) throw new AppError('forbidden', MEMBER_MESSAGES.forbidden(need))
  return user
}

const superAdminCheck: CallerCheck = async (request) => {
  const user = await requireSession(request.headers.get('authorization') ?? undefined)
  if (!user.isSuperAdmin) throw new AppError('forbidden', 'Super admin access is required.')
  return user
}

// Each check runs as the request arrives (platform/callers.ts), before its body is read or
// validated; `resolve` hands the route the user it let in.
export const auth = new Elysia({ name: 'auth' }).macro({
  session: (need: true | Permission) => {
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
