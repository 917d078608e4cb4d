// The public API: bearer API keys, rate limits per key, and schemas that
// both validate each call and document it in /api/openapi.json.
import { withHeaders } from '@elysiajs/openapi'
import { Elysia, t } from 'elysia'
import { downloadResponse } from '../../platform/downloads'
import { pageHeaders } from '../../platform/paging'
import type { ApiKeyScope } from '../../shared/api-keys'
import { LINK_BULK_CREATE_MAX, LINK_PAGE_DEFAULT, LINK_PAGE_MAX } from '../../shared/link-list'
import { CustomDomainStatus } from '../domains/schema'
import { getCustomDomainStatus } from '../domains/service'
import { UploadedImage, uploadBody, UploadQuery } from '../images/schema'
import { uploadImage } from '../images/service'
import { idempotently } from '../idempotency/service'
import { apiKeyAuth } from './api-key-auth'
import { exportLinks } from '../links/export'
import { deleteLink, getLink, linksJson, listLinkRows, updateLink } from '../links/service'
import { answers, BulkCreated, Caller, IdempotencyHeaders, CreatedLink, LinkBulkCreateInput, ExportedLink, LinkExportQuery, LinkListQuery, PAGE_HEADERS, IdParams, LinkByTarget, LinkCreateInput, LinkStats, LinkUpdateInput, PublicLink, StatsQuery, TargetParams } from './schema'
import { callerOf, createLinksInBulk, createOrReuseLink, findLinkByTarget, statsOfLink } from './service'

const links = ['Links']
/** An operation's security in the document: an API key with this scope. */
const needs = (scope: ApiKeyScope) => [{ apiKey: [scope] }]

export const publicApiRoutes = new Elysia({ name: 'public-api' })
  .use(apiKeyAuth)
  .post(
    '/link',
    async ({ owner, body, headers, set }) => {
      const result = await idempotently(owner.accountId, 'createLink', headers['idempotency-key'], body, () => createOrReuseLink(owner, body))
      set.status = result.status
      if (result.replayed) set.headers['idempotent-replayed'] = 'true'
      return result.body
    },
    {
      apiKey: 'links:write',
      headers: IdempotencyHeaders,
      body: LinkCreateInput,
      response: answers({ 200: CreatedLink, 201: CreatedLink }, [409, 413, 422]),
      detail: {
        summary: 'Create a link',
        operationId: 'createLink',
        description:
          'Answers 201 with the new short link. When the account already has an identical link (see `existing`), answers 200 with that link ' +
          'instead. An alias that another link has answers 409. With an `Idempotency-Key`, a retry answers what the first call answered (with ' +
          '`Idempotent-Replayed: true`) for 24 hours: the same key with another body answers 422, and while the first call is still running, 409.',
        tags: links,
        security: needs('links:write'),
      },
    },
  )
  .get(
    '/links',
    async ({ owner, query, path, request, set }) => {
      const listed = await listLinkRows(owner, query)
      Object.assign(set.headers, pageHeaders(request, path, listed))
      return linksJson(listed.rows)
    },
    {
      apiKey: 'links:read',
      query: LinkListQuery,
      response: answers({ 200: withHeaders(t.Array(PublicLink), PAGE_HEADERS) }, []),
      detail: {
        summary: "List the account's links",
        operationId: 'listLinks',
        description:
          `Newest first (links made in the same instant by id), one page at a time: \`limit\` links (${LINK_PAGE_DEFAULT} unless given, at most ${LINK_PAGE_MAX}) ` +
          'of page `page` (from 1). The body stays a plain array; `X-Total-Count` says how many links match and `Link` (RFC 8288) names the ' +
          '`first`, `prev`, `next` and `last` pages. The last page has no `next`.',
        tags: links,
        security: needs('links:read'),
      },
    },
  )
  .get('/link/byTarget/:targetUrl', ({ owner, params }) => findLinkByTarget(owner, params.targetUrl), {
    apiKey: 'links:read',
    params: TargetParams,
    response: answers({ 200: LinkByTarget }, [404]),
    detail: {
      summary: 'Find the link for a page',
      operationId: 'getLinkByTarget',
      description:
        'The newest of your links whose target is this page. Letter case of the host, a trailing slash, the default port, the fragment and the order of query parameters do not matter; a page asked for with tracking parameters (utm_*, fbclid, gclid, …) is also found by its address without them. Used by the edge worker to give single-page apps their previews.',
      tags: links,
      security: needs('links:read'),
    },
  })
  .post(
    '/links/bulk',
    async ({ owner, body, headers, set }) => {
      const result = await idempotently(owner.accountId, 'createLinks', headers['idempotency-key'], body, async () => ({ status: 200, body: await createLinksInBulk(owner, body) }))
      if (result.replayed) set.headers['idempotent-replayed'] = 'true'
      return result.body
    },
    {
      apiKey: 'links:write',
      headers: IdempotencyHeaders,
      body: LinkBulkCreateInput,
      response: answers({ 200: BulkCreated }, [409, 413, 422]),
      detail: {
        summary: 'Create many links at once',
        operationId: 'createLinks',
        description:
          `Up to ${LINK_BULK_CREATE_MAX} links in one call, each checked and created on its own, in order, as \`POST /api/link\` would (an identical link ` +
          'the account has, or one earlier in the list, is answered as `existing`): the answer has a result for each, and one that fails does not ' +
          'stop the others. With `allOrNothing`, the first that fails undoes the links this call made and the answer is its error (400, 409 or 429), ' +
          "its fields named `links.<index>.<field>`. Each link made counts against the account's link limits; the call counts once against the key's. " +
          'An `Idempotency-Key` makes a retry safe, as for `POST /api/link`.',
        tags: links,
        security: needs('links:write'),
      },
    },
  )
  .get(
    '/links/export',
    ({ owner, query }) => {
      const file = exportLinks(owner, query.format ?? 'csv')
      return downloadResponse(file.filename, file.type, file.chunks)
    },
    {
      apiKey: 'links:read',
      query: LinkExportQuery,
      response: answers({ 200: t.Array(ExportedLink, { description: 'The links, oldest first' }) }, []),
      detail: {
        summary: "Export all the account's links",
        operationId: 'exportLinks',
        description:
          'Every link of the account, oldest first, with its clicks and previews of all time, as a file to save (`Content-Disposition: attachment`): ' +
          'CSV with a header row (lists such as `tags` joined by commas, the player and app as JSON; cells a spreadsheet would run as formulas ' +
          "start with an apostrophe), or a JSON array of links as the other calls show them. One call, however many links: it counts once against the key's limits.",
        tags: links,
        security: needs('links:read'),
      },
    },
  )
  .get('/link/:id', ({ owner, params }) => getLink(owner, params.id), {
    apiKey: 'links:read',
    params: IdParams,
    response: answers({ 200: PublicLink }, [404]),
    detail: { summary: 'Read a link', operationId: 'getLink', description: 'One of your links, by its id.', tags: links, security: needs('links:read') },
  })
  .patch('/link/:id', ({ owner, params, body }) => updateLink(owner, params.id, body), {
    apiKey: 'links:write',
    params: IdParams,
    body: LinkUpdateInput,
    response: answers({ 200: PublicLink }, [404, 409, 413]),
    detail: { summary: 'Change a link', operationId: 'updateLink', description: 'Send only the fields to change; `isActive: false` pauses the link (it then answers 404).', tags: links, security: needs('links:write') },
  })
  .delete(
    '/link/:id',
    async ({ owner, params, set }) => {
      await deleteLink(owner, params.id)
      set.status = 204
    },
    {
      apiKey: 'links:write',
      params: IdParams,
      response: answers({ 204: t.Void({ description: 'Deleted' }) }, [404]),
      detail: {
        summary: 'Delete a link',
        operationId: 'deleteLink',
        description: 'The link, its QR code and its analytics go; its short link answers 404 from then on.',
        tags: links,
        security: needs('links:write'),
      },
    },
  )
  .get('/stats/:id', ({ owner, params, query }) => statsOfLink(owner, params.id, query), {
    apiKey: 'analytics:read',
    params: IdParams,
    query: StatsQuery,
    response: answers({ 200: LinkStats }, [403, 404]),
    detail: {
      summary: "A link's clicks, scans and previews",
      operationId: 'getLinkStats',
      description: 'Paid plans only (403 on Free). The period defaults to the last 30 days.',
      tags: ['Stats'],
      security: needs('analytics:read'),
    },
  })
  .post(
    '/image',
    async ({ owner, request, query, set }) => {
      set.status = 201
      return uploadImage(owner.accountId, new Uint8Array(await request.arrayBuffer()), query.purpose ?? 'card')
    },
    {
      apiKey: 'links:write',
      parse: 'none',
      query: UploadQuery,
      response: answers({ 201: UploadedImage }, [413, 415]),
      detail: {
        summary: 'Upload an image',
        operationId: 'uploadImage',
        description:
          "Send the image's bytes as the body, with its type as Content-Type. Answers 201 with its address on Linkcard, to give as a link's `ogImage`, " +
          "a platform card's `ogImage` or a QR code's `logo`. The address names the image's content, so platforms that keep images by address see a changed image as new.",
        tags: ['Images'],
        security: needs('links:write'),
        requestBody: uploadBody,
      },
    },
  )
  .get('/me', ({ owner }) => callerOf(owner), {
    apiKey: 'any',
    response: answers({ 200: Caller }, []),
    detail: {
      summary: 'Who is calling',
      operationId: 'getCaller',
      description: "The account the API key belongs to, with its plan, and the key's own name and scopes. Any key may call it.",
      tags: ['Account'],
      security: [{ apiKey: [] }],
    },
  })
  .get('/domain', ({ owner }) => getCustomDomainStatus(owner), {
    apiKey: 'domains:read',
    response: answers({ 200: CustomDomainStatus }, []),
    detail: {
      summary: "The account's custom domain",
      operationId: 'getCustomDomain',
      description: 'Its hostname and how its DNS and certificate checks stand; `hasCustomDomain: false` when it has none.',
      tags: ['Domains'],
      security: needs('domains:read'),
    },
  })
