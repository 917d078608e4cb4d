import useSWR, { mutate } from 'swr'
import type { CustomDomainStatus } from '../../../src/modules/domains/schema'
import { api } from '../../lib/api'

export type { CustomDomainStatus }

const STATUS = '/custom-domain/status'

export const useCustomDomain = (enabled = true) => useSWR<CustomDomainStatus>(enabled ? STATUS : null, api.get)

export async function addCustomDomain(hostname: string) {
  const status = await api.post<CustomDomainStatus>('/custom-domain', { hostname })
  await mutate(STATUS, status, { revalidate: false })
  return status
}

/** Runs the DNS and certificate checks now instead of waiting for the next automatic one. */
export async function checkCustomDomain() {
  const status = await api.post<CustomDomainStatus>('/custom-domain/verify')
  await mutate(STATUS, status, { revalidate: false })
  return status
}

export async function removeCustomDomain() {
  await api.delete('/custom-domain')
  await mutate(STATUS)
}
