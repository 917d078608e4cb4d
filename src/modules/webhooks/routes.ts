import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { CreatedWebhookEndpoint, DeliveryPage, DeliveryQuery, WebhookDelivery, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointInput } from './schema'
import * as service from './service'

const tags = ['Webhooks (app)']
const IdParams = t.Object({ id: t.String({ maxLength: 100 }) })

export const webhookRoutes = new Elysia({ prefix: '/webhooks' })
  .use(auth)
  .get('/', ({ user }) => service.listEndpoints(user.accountId), { session: 'integrations:manage', response: t.Array(WebhookEndpoint), detail: { summary: "The account's webhook endpoints", tags, hide: true } })
  .post(
    '/',
    async ({ user, body, set }) => {
      set.status = 201
      return service.createEndpoint(user, body)
    },
    { session: 'integrations:manage', body: WebhookEndpointInput, response: { 201: CreatedWebhookEndpoint }, detail: { summary: 'Add a webhook endpoint', tags, hide: true } },
  )
  .patch('/:id', ({ user, params, body }) => service.updateEndpoint(user, params.id, body), {
    session: 'integrations:manage',
    params: IdParams,
    body: WebhookEndpointChanges,
    response: WebhookEndpoint,
    detail: { summary: 'Change a webhook endpoint', tags, hide: true },
  })
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await service.deleteEndpoint(user, params.id)
      set.status = 204
    },
    { session: 'integrations:manage', params: IdParams, detail: { summary: 'Remove a webhook endpoint and its deliveries', tags, hide: true } },
  )
  .get('/:id/secret', ({ user, params }) => service.endpointSecret(user.accountId, params.id), {
    session: 'integrations:manage',
    params: IdParams,
    response: t.Object({ secret: t.String() }),
    detail: { summary: "An endpoint's signing secret", tags, hide: true },
  })
  .post(
    '/:id/test',
    async ({ user, params, set }) => {
      await service.sendTestEvent(user.accountId, params.id)
      set.status = 202
    },
    { session: 'integrations:manage', params: IdParams, detail: { summary: 'Send the endpoint a test message', tags, hide: true } },
  )
  .get('/:id/deliveries', ({ user, params, query }) => service.listDeliveries(user.accountId, params.id, query), {
    session: 'integrations:manage',
    params: IdParams,
    query: DeliveryQuery,
    response: DeliveryPage,
    detail: { summary: "An endpoint's deliveries, newest first", tags, hide: true },
  })
  .post('/deliveries/:id/redeliver', ({ user, params }) => service.redeliver(user.accountId, params.id), {
    session: 'integrations:manage',
    params: IdParams,
    response: WebhookDelivery,
    detail: { summary: 'Send a delivery again', tags, hide: true },
  })
