import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { CustomDomainInput, CustomDomainStatus, TlsAskQuery } from './schema'
import * as service from './service'

const tags = ['Custom domain']

export const domainRoutes = new Elysia({ prefix: '/custom-domain' })
  .use(auth)
  .get('/status', ({ user }) => service.getCustomDomainStatus(user), {
    session: true,
    response: CustomDomainStatus,
    detail: { summary: "The account's custom domain and its verification", tags, hide: true },
  })
  .post(
    '/',
    async ({ user, body, set }) => {
      const status = await service.addCustomDomain(user, body.hostname)
      set.status = 201
      return status
    },
    { session: 'domains:manage', body: CustomDomainInput, response: { 201: CustomDomainStatus }, detail: { summary: 'Connect a custom domain', tags, hide: true } },
  )
  .post('/verify', ({ user }) => service.verifyCustomDomain(user), {
    session: 'domains:manage',
    response: CustomDomainStatus,
    detail: { summary: 'Check the DNS records and certificate now', tags, hide: true },
  })
  .delete(
    '/',
    async ({ user, set }) => {
      await service.removeCustomDomain(user)
      set.status = 204
    },
    { session: 'domains:manage', detail: { summary: 'Remove the custom domain', tags, hide: true } },
  )
  // Caddy's on_demand_tls "ask": 200 lets it obtain a certificate for the name, anything else refuses.
  .get(
    '/tls-ask',
    async ({ query, set }) => {
      if (await service.mayIssueCertificate(query.domain)) return { ok: true as const }
      set.status = 404
      return { message: 'Not found.' }
    },
    { query: TlsAskQuery, response: { 200: t.Object({ ok: t.Literal(true) }), 404: t.Object({ message: t.String() }) }, detail: { hide: true } },
  )
