// The `auth` plugin: route options that resolve who is calling.
//   { session: true }     a signed-in user (Bearer session token), else 401
//   { session: 'links:write' }  one whose role in their account allows it (shared/members.ts), else 403
//   { superAdmin: true }  a signed-in super admin, else 401 / 403
// API keys are the public API's (public-api/api-key-auth.ts): a session token is not an API key and
// an API key is not a session token, each refuses the other.
import { Elysia } from 'elysia'
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

export const auth = new Elysia({ name: 'auth' }).macro({
  session: (need: true | Permission) => ({
    async resolve({ headers }) {
      const user = await requireSession(headers.authorization)
      if (need !== true && !can(user.role, need)) throw new AppError('forbidden', MEMBER_MESSAGES.forbidden(need))
      return { user }
    },
  }),
  superAdmin: {
    async resolve({ headers }) {
      const user = await requireSession(headers.authorization)
      if (!user.isSuperAdmin) throw new AppError('forbidden', 'Super admin access is required.')
      return { user }
    },
  },
})
