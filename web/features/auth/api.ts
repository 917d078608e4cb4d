import useSWR from 'swr'
import type { LoginInput, Provider, Session, SignupInput } from '../../../src/modules/auth/schema'
import { api } from '../../lib/api'
import { signIn } from '../../lib/session'

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

export const requestPasswordReset = (email: string) => api.post('/auth/forgot-password', { email })

export const resetPassword = (token: string, newPassword: string) => api.post('/auth/reset-password', { token, newPassword })
