import useSWR, { mutate } from 'swr'
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '../../../src/modules/api-keys/schema'
import { api } from '../../lib/api'

export type { ApiKey, CreatedApiKey }

const KEYS = '/apiKeys'

export const useApiKeys = () => useSWR<ApiKey[]>(KEYS, api.get)

/** The answer holds the whole key, the only time it is ever shown. */
export async function createApiKey(input: ApiKeyInput) {
  const created = await api.post<CreatedApiKey>(KEYS, input)
  const { key: _, ...listed } = created
  await mutate<ApiKey[]>(KEYS, (keys) => [listed, ...(keys ?? [])], { revalidate: false })
  return created
}

export async function revokeApiKey(id: string) {
  await api.delete(`${KEYS}/${encodeURIComponent(id)}`)
  await mutate(KEYS)
}
