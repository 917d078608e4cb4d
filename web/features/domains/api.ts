import useSWR, { mutate } from 'swr'
import type { Domain, DomainChanges, DomainList, UnknownPaths } from '../../../src/modules/domains/schema'
import { api } from '../../lib/api'

export type { Domain, UnknownPaths }

const LIST = '/domains'
// The link list shows the default domain's address beside links of the service's own host.
const DEFAULT_STATUS = '/custom-domain/status'

/** The account's custom domains, the default first. */
export const useDomains = (enabled = true) => useSWR<DomainList>(enabled ? LIST : null, api.get)

/** The account's domains changed: the list, and the default's status the link list reads. */
async function changed(list?: DomainList) {
  await Promise.all([list ? mutate(LIST, list, { revalidate: false }) : mutate(LIST), mutate(DEFAULT_STATUS)])
}

/** `domain` in the list in place of the one with its id. */
const withDomain = (list: DomainList | undefined, domain: Domain): DomainList | undefined =>
  list && { domains: list.domains.map((each) => (each.id === domain.id ? domain : domain.isDefault ? { ...each, isDefault: false } : each)) }

export async function addDomain(hostname: string) {
  const domain = await api.post<Domain>(LIST, { hostname })
  await changed()
  return domain
}

/** Runs a domain's DNS and certificate checks now instead of waiting for the next automatic one. */
export async function checkDomain(id: string, list: DomainList | undefined) {
  const domain = await api.post<Domain>(`${LIST}/${id}/verify`)
  await changed(withDomain(list, domain))
  return domain
}

export async function changeDomain(id: string, changes: DomainChanges) {
  const domain = await api.patch<Domain>(`${LIST}/${id}`, changes)
  await changed()
  return domain
}

export async function removeDomain(id: string) {
  await api.delete(`${LIST}/${id}`)
  await changed()
}

/** The domain's most-hit paths that named no link; asked for when shown. */
export const useUnknownPaths = (id: string | null) => useSWR<UnknownPaths>(id ? `${LIST}/${id}/unknown-paths` : null, api.get)
