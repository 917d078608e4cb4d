import useSWR, { mutate } from 'swr'
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointInput } from '../../../src/modules/webhooks/schema'
import { api } from '../../lib/api'

export type { WebhookDelivery, WebhookEndpoint }

const ENDPOINTS = '/webhooks'
const deliveriesPath = (id: string, page: number) => `${ENDPOINTS}/${encodeURIComponent(id)}/deliveries?page=${page}`

export const useWebhookEndpoints = () => useSWR<WebhookEndpoint[]>(ENDPOINTS, api.get)

/** An endpoint's deliveries, read again every few seconds while one is still to be sent. */
export const useDeliveries = (id: string, page: number) =>
  useSWR<{ deliveries: WebhookDelivery[]; total: number; page: number; limit: number }>(deliveriesPath(id, page), api.get, {
    refreshInterval: (data) => (data?.deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : 0),
  })

const refreshDeliveries = (id: string) => mutate((key) => typeof key === 'string' && key.startsWith(`${ENDPOINTS}/${encodeURIComponent(id)}/deliveries`))

export async function createEndpoint(input: WebhookEndpointInput) {
  const created = await api.post<WebhookEndpoint & { secret: string }>(ENDPOINTS, input)
  await mutate(ENDPOINTS)
  return created
}

export async function updateEndpoint(id: string, changes: WebhookEndpointChanges) {
  const changed = await api.patch<WebhookEndpoint>(`${ENDPOINTS}/${encodeURIComponent(id)}`, changes)
  await mutate(ENDPOINTS)
  return changed
}

export async function deleteEndpoint(id: string) {
  await api.delete(`${ENDPOINTS}/${encodeURIComponent(id)}`)
  await mutate(ENDPOINTS)
}

export const readSecret = async (id: string) => (await api.get<{ secret: string }>(`${ENDPOINTS}/${encodeURIComponent(id)}/secret`)).secret

export async function sendTestEvent(id: string) {
  await api.post(`${ENDPOINTS}/${encodeURIComponent(id)}/test`)
  await refreshDeliveries(id)
}

export async function redeliver(endpointId: string, deliveryId: string) {
  await api.post(`${ENDPOINTS}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`)
  await refreshDeliveries(endpointId)
}
