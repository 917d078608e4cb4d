import useSWR from 'swr'
import { create } from 'zustand'
import type { LoginInput, Provider, SecondFactorChallenge, Session, SignupInput } from '../../../src/modules/auth/schema'
import { api, clearApiCache } from '../../lib/api'
import { setSession, signIn } from '../../lib/session'

/** Configured identity providers; none (or a failed call) means no provider buttons. */
export function useProviders(): Provider[] {
  const { data } = useSWR<Provider[]>('/auth/providers', api.get)
  return Array.isArray(data) ? data : []
}

type SignInAnswer = Session | SecondFactorChallenge

/** A sign-in waiting for its second factor: the challenge the password (or provider) earned. */
export const usePendingSignIn = create<{ challenge: string | null; methods: SecondFactorChallenge['methods'] }>(() => ({ challenge: null, methods: [] }))

/** Answers whether the sign-in still waits for a code (the challenge kept for completeSignIn). */
function waitsForCode(answer: SignInAnswer): answer is SecondFactorChallenge {
  if (!('twoFactorRequired' in answer)) return false
  usePendingSignIn.setState({ challenge: answer.challenge, methods: answer.methods })
  return true
}

/** Signs this browser in with the session the server answers, or keeps its challenge for a code. */
export async function login(input: LoginInput) {
  const answer = await api.post<SignInAnswer>('/auth/login', input)
  if (!waitsForCode(answer)) await signIn(answer.token)
}

/** Completes the pending sign-in with an authenticator or recovery code. */
export async function completeSignIn(code: string) {
  const { challenge } = usePendingSignIn.getState()
  if (!challenge) throw new Error('Please sign in again.')
  await clearApiCache()
  setSession(await api.post<Session>('/auth/2fa/verify', { challenge, code }))
  usePendingSignIn.setState({ challenge: null, methods: [] })
}

export const cancelSignIn = () => usePendingSignIn.setState({ challenge: null, methods: [] })

/** Creates the account and signs this browser in with its first session. */
export async function signup(input: SignupInput) {
  await signIn((await api.post<Session>('/auth/signup', input)).token)
}

/** Exchanges the one-time code of an identity-provider return for this browser's session. */
export async function exchangeSignInCode(code: string) {
  await clearApiCache()
  const answer = await api.post<SignInAnswer>('/auth/exchange', { code })
  if (!waitsForCode(answer)) setSession(answer)
}

export const confirmEmail = (token: string) => api.post<{ message: string }>('/auth/verify-email', { token })

export const requestPasswordReset = (email: string) => api.post('/auth/forgot-password', { email })

export const resetPassword = (token: string, newPassword: string) => api.post('/auth/reset-password', { token, newPassword })

/** Signs in with a passkey alone: the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const { options, ticket } = await api.post<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON']; ticket: string }>('/auth/passkeys/sign-in-options')
  const response = await startAuthentication({ optionsJSON: options })
  await clearApiCache()
  setSession(await api.post<Session>('/auth/passkeys/sign-in', { ticket, response }))
}

/** Completes the pending sign-in with one of the user's passkeys. */
export async function completeSignInWithPasskey() {
  const { challenge } = usePendingSignIn.getState()
  if (!challenge) throw new Error('Please sign in again.')
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const options = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/auth/2fa/passkey-options', { challenge })
  const passkey = await startAuthentication({ optionsJSON: options })
  await clearApiCache()
  setSession(await api.post<Session>('/auth/2fa/verify', { challenge, passkey }))
  usePendingSignIn.setState({ challenge: null, methods: [] })
}
