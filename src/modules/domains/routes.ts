import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { CustomDomainInput, CustomDomainStatus, Domain, DomainChanges, DomainIdParams, DomainList, TlsAskQuery, UnknownPaths } from './schema'
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

const listTags = ['Custom domains']

// Several domains an account (by plan); /custom-domain above speaks of the default one.
export const domainListRoutes = new Elysia({ prefix: '/domains' })
  .use(auth)
  .get('/', ({ user }) => service.listDomains(user), { session: true, response: DomainList, detail: { summary: "The account's custom domains", tags: listTags, hide: true } })
  .post(
    '/',
    async ({ user, body, set }) => {
      const domain = await service.addDomainJson(user, body.hostname)
      set.status = 201
      return domain
    },
    { session: 'domains:manage', body: CustomDomainInput, response: { 201: Domain }, detail: { summary: 'Add a custom domain', tags: listTags, hide: true } },
  )
  .patch('/:id', ({ user, params, body }) => service.updateDomain(user, params.id, body), {
    session: 'domains:manage',
    params: DomainIdParams,
    body: DomainChanges,
    response: Domain,
    detail: { summary: "Change a domain's settings", tags: listTags, hide: true },
  })
  .post('/:id/verify', ({ user, params }) => service.verifyDomain(user, params.id), {
    session: 'domains:manage',
    params: DomainIdParams,
    response: Domain,
    detail: { summary: "Check a domain's DNS records and certificate now", tags: listTags, hide: true },
  })
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await service.deleteDomain(user, params.id)
      set.status = 204
    },
    { session: 'domains:manage', params: DomainIdParams, detail: { summary: 'Remove a custom domain no link lives on', tags: listTags, hide: true } },
  )
  .get('/:id/unknown-paths', ({ user, params }) => service.unknownPathsOf(user, params.id), {
    session: true,
    params: DomainIdParams,
    response: UnknownPaths,
    detail: { summary: "The domain's most-hit paths that named no link", tags: listTags, hide: true },
  })
