import useSWR, { mutate } from 'swr'
import type { DeleteAccountInput } from '../../../src/modules/auth/schema'
import { api } from '../../lib/api'

const STATUS = '/auth/2fa'

type SecondFactorStatus = { totp: boolean; passkeys: boolean; recoveryCodesLeft: number }

/** Whether the signed-in user has an authenticator on, and how many recovery codes are left. */
export const useSecondFactorStatus = () => useSWR<SecondFactorStatus>(STATUS, api.get)

/** A new secret to put into an authenticator app, and the otpauth:// address its QR code carries. */
export const startTotpSetup = () => api.post<{ secret: string; otpauthUrl: string }>('/auth/2fa/totp/setup')

/** Turns the authenticator on with a first code; answers the recovery codes, shown this once. */
export async function enableTotp(code: string) {
  const answer = await api.post<{ recoveryCodes: string[] }>('/auth/2fa/totp/enable', { code })
  await mutate(STATUS)
  return answer.recoveryCodes
}

export async function disableTotp(proof: DeleteAccountInput) {
  await api.delete('/auth/2fa/totp', proof)
  await mutate(STATUS)
}

const PASSKEYS = '/auth/passkeys'

export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null }

/** The signed-in user's passkeys, oldest first. */
export const usePasskeys = () => useSWR<{ passkeys: Passkey[] }>(PASSKEYS, api.get)

/**
 * Registers a passkey of this device under `name`: the browser asks the person (fingerprint, PIN…)
 * and the server checks its answer. Answers the recovery codes when it was the user's first second factor.
 */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser')
  const { options, ticket } = await api.post<{ options: Parameters<typeof startRegistration>[0]['optionsJSON']; ticket: string }>(`${PASSKEYS}/options`)
  const response = await startRegistration({ optionsJSON: options })
  const added = await api.post<{ passkey: Passkey; recoveryCodes?: string[] }>(PASSKEYS, { ticket, name, response })
  await Promise.all([mutate(PASSKEYS), mutate(STATUS)])
  return added
}

export async function removePasskey(id: string) {
  await api.delete(`${PASSKEYS}/${encodeURIComponent(id)}`)
  await Promise.all([mutate(PASSKEYS), mutate(STATUS)])
}
