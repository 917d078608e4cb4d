import useSWR from 'swr'
import type { LoginInput, Provider, Session, SignupInput } from '../../../src/modules/auth/schema'
import { api } from '../../lib/api'

/** Configured identity providers; none (or a failed call) means no provider buttons. */
export function useProviders(): Provider[] {
  const { data } = useSWR<Provider[]>('/auth/providers', api.get)
  return Array.isArray(data) ? data : []
}

export const login = (input: LoginInput) => api.post<Session>('/auth/login', input)

export const signup = (input: SignupInput) => api.post<Session>('/auth/signup', input)

export const requestPasswordReset = (email: string) => api.post('/auth/forgot-password', { email })

export const resetPassword = (token: string, newPassword: string) => api.post('/auth/reset-password', { token, newPassword })
