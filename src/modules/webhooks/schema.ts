import { t } from 'elysia'
import { URL_MAX } from '../../shared/link-rules'
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '../../shared/webhooks'

// The service checks the address, the events and the description, so every message is the product's own.
const Events = t.Array(t.String({ maxLength: 40 }), { maxItems: WEBHOOK_EVENTS.length * 2, error: WEBHOOK_MESSAGES.events })

export const WebhookEndpointInput = t.Object({
  url: t.String({ maxLength: URL_MAX, error: WEBHOOK_MESSAGES.url }),
  events: Events,
  description: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
})
export type WebhookEndpointInput = typeof WebhookEndpointInput.static

export const WebhookEndpointChanges = t.Object({
  url: t.Optional(t.String({ maxLength: URL_MAX, error: WEBHOOK_MESSAGES.url })),
  events: t.Optional(Events),
  description: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
  isActive: t.Optional(t.Boolean({ error: 'isActive must be true or false.' })),
})
export type WebhookEndpointChanges = typeof WebhookEndpointChanges.static

export const WebhookEndpoint = t.Object({
  id: t.String(),
  url: t.String(),
  description: t.Nullable(t.String()),
  events: t.Array(t.UnionEnum(WEBHOOK_EVENTS)),
  isActive: t.Boolean(),
  createdAt: t.String({ format: 'date-time' }),
})
export type WebhookEndpoint = typeof WebhookEndpoint.static

export const CreatedWebhookEndpoint = t.Object({ ...WebhookEndpoint.properties, secret: t.String({ description: 'The signing secret (whsec_…)' }) })

export const WebhookDelivery = t.Object({
  id: t.String({ description: 'The webhook-id header: the same on every attempt' }),
  event: t.String(),
  status: t.UnionEnum(['pending', 'delivered', 'failed']),
  attempts: t.Integer(),
  body: t.String({ description: 'The JSON sent, exactly' }),
  lastStatus: t.Nullable(t.Integer({ description: "The endpoint's HTTP status at the last attempt" })),
  lastLatencyMs: t.Nullable(t.Integer()),
  lastResponse: t.Nullable(t.String({ description: "The start of the endpoint's answer" })),
  lastError: t.Nullable(t.String()),
  lastAttemptAt: t.Nullable(t.String({ format: 'date-time' })),
  nextAttemptAt: t.Nullable(t.String({ format: 'date-time' })),
  createdAt: t.String({ format: 'date-time' }),
})
export type WebhookDelivery = typeof WebhookDelivery.static

export const DeliveryPage = t.Object({ deliveries: t.Array(WebhookDelivery), total: t.Integer(), page: t.Integer(), limit: t.Integer() })
export const DeliveryQuery = t.Object({
  page: t.Optional(t.Integer({ minimum: 1, maximum: 100_000, error: 'page must be a whole number from 1.' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, error: 'limit must be a whole number from 1 to 100.' })),
})
