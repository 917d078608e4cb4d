import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { ApiKey, ApiKeyInput, CreatedApiKey, RollApiKeyInput } from './schema'
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey } from './service'

const tags = ['API keys (app)']

export const apiKeyRoutes = new Elysia({ prefix: '/apiKeys' })
  .use(auth)
  .get('/', ({ user }) => listApiKeys(user.accountId), {
    session: 'integrations:manage',
    response: t.Array(ApiKey),
    detail: { summary: "The account's API keys, newest first, masked", tags, hide: true },
  })
  .post(
    '/',
    async ({ user, body, set }) => {
      set.status = 201
      return createApiKey({ accountId: user.accountId, userId: user.id, acting: user.acting }, body)
    },
    { session: 'integrations:manage', body: ApiKeyInput, response: { 201: CreatedApiKey }, detail: { summary: 'Create an API key (shown in full once)', tags, hide: true } },
  )
  .post(
    '/:id/roll',
    async ({ user, params, body, set }) => {
      set.status = 201
      return rollApiKey({ accountId: user.accountId, userId: user.id, acting: user.acting }, params.id, body?.graceHours)
    },
    {
      session: 'integrations:manage',
      params: t.Object({ id: t.String() }),
      body: t.Optional(RollApiKeyInput),
      response: { 201: CreatedApiKey },
      detail: { summary: 'Roll an API key: a new key (shown in full once) with the same settings; the old one stops at once or after a grace period', tags, hide: true },
    },
  )
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await revokeApiKey(user, params.id)
      set.status = 204
    },
    { session: 'integrations:manage', params: t.Object({ id: t.String() }), detail: { summary: 'Revoke an API key', tags, hide: true } },
  )
