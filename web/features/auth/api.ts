import useSWR from 'swr'
import type { LoginInput, Provider, Session, SignupInput } from '../../../src/modules/auth/schema'
import { api, clearApiCache } from '../../lib/api'
import { setSession, signIn } from '../../lib/session'

/** Configured identity providers; none (or a failed call) means no provider buttons. */
export function useProviders(): Provider[] {
  const { data } = useSWR<Provider[]>('/auth/providers', api.get)
  return Array.isArray(data) ? data : []
}

/** Signs this browser in with the session the server answers. */
export async function login(input: LoginInput) {
  await signIn((await api.post<Session>('/auth/login', input)).token)
}

/** Creates the account and signs this browser in with its first session. */
export async function signup(input: SignupInput) {
  await signIn((await api.post<Session>('/auth/signup', input)).token)
}

/** Exchanges the one-time code of an identity-provider return for this browser's session. */
export async function exchangeSignInCode(code: string) {
  await clearApiCache()
  setSession(await api.post<Session>('/auth/exchange', { code }))
}

export const confirmEmail = (token: string) => api.post<{ message: string }>('/auth/verify-email', { token })

export const requestPasswordReset = (email: string) => api.post('/auth/forgot-password', { email })

export const resetPassword = (token: string, newPassword: string) => api.post('/auth/reset-password', { token, newPassword })
