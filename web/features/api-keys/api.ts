import useSWR, { mutate } from 'swr'
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '../../../src/modules/api-keys/schema'
import type { ApiKeyGraceHours } from '../../../src/shared/api-keys'
import { api } from '../../lib/api'
import { forgetKeySecret, rememberKeySecret } from './remembered-keys'

export type { ApiKey, CreatedApiKey }

const KEYS = '/apiKeys'

/** The account's keys; `enabled: false` asks nothing (someone who may not manage them). */
export const useApiKeys = (enabled = true) => useSWR<ApiKey[]>(enabled ? KEYS : null, api.get)

/** The answer holds the whole key, the only time it is ever shown; this tab remembers it for the docs' tester. */
export async function createApiKey(input: ApiKeyInput) {
  const created = await api.post<CreatedApiKey>(KEYS, input)
  rememberKeySecret(created.id, created.key)
  const { key: _, ...listed } = created
  await mutate<ApiKey[]>(KEYS, (keys) => [listed, ...(keys ?? [])], { revalidate: false })
  return created
}

/** A new key in place of `id`, shown once like a created one; the old key ends after `graceHours`. */
export async function rollApiKey(id: string, graceHours: ApiKeyGraceHours) {
  const rolled = await api.post<CreatedApiKey>(`${KEYS}/${encodeURIComponent(id)}/roll`, { graceHours })
  forgetKeySecret(id)
  rememberKeySecret(rolled.id, rolled.key)
  await mutate(KEYS)
  return rolled
}

export async function revokeApiKey(id: string) {
  await api.delete(`${KEYS}/${encodeURIComponent(id)}`)
  forgetKeySecret(id)
  await mutate(KEYS)
}
