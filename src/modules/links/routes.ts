import { Elysia, t } from 'elysia'
import { downloadResponse } from '../../platform/downloads'
import { pageHeaders } from '../../platform/paging'
import { auth } from '../auth/plugin'
import { AliasAvailability, AliasAvailabilityQuery, Link, LinkBulkInput, LinkBulkResult, LinkChanges, LinkDetail, LinkExportQuery, LinkInput, LinkListQuery, LinkWithCounts, Tag, TagChanges, TagInput } from './schema'
import { createLink } from './create'
import { aliasAvailability, changeLinks, deleteLink, getLinkDetail, updateLink } from './service'
import { exportLinks } from './export'
import { listLinksWithCounts } from './listing'
import { createTag, deleteTag, listTags, updateTag } from './tags'

const tags = ['Share links (app)']
const IdParams = t.Object({ id: t.String() })

export const linkRoutes = new Elysia({ prefix: '/shareLinks' })
  .use(auth)
  .get(
    '/',
    async ({ user, query, path, request, set }) => {
      const listed = await listLinksWithCounts(user, query)
      Object.assign(set.headers, pageHeaders(request, path, listed))
      return listed.links
    },
    {
      session: true,
      query: LinkListQuery,
      response: t.Array(LinkWithCounts),
      detail: { summary: "A page of the account's links, newest first, with clicks and previews in the period", tags, hide: true },
    },
  )
  .post(
    '/',
    async ({ user, body, set }) => {
      set.status = 201
      return createLink({ accountId: user.accountId, userId: user.id, plan: user.plan, acting: user.acting }, body)
    },
    { session: 'links:write', body: LinkInput, response: { 201: Link }, detail: { summary: 'Create a link', tags, hide: true } },
  )
  .post('/bulk', ({ user, body }) => changeLinks(user, body.action, body.ids), {
    session: 'links:write',
    body: LinkBulkInput,
    response: LinkBulkResult,
    detail: { summary: 'Switch on, switch off or delete many links at once', tags, hide: true },
  })
  .get(
    '/export',
    ({ user, query }) => {
      const file = exportLinks(user, query.format ?? 'csv')
      return downloadResponse(file.filename, file.type, file.chunks)
    },
    { session: true, query: LinkExportQuery, detail: { summary: "Every link of the account with its clicks and previews, as CSV or JSON", tags, hide: true } },
  )
  .get('/alias-availability', ({ query }) => aliasAvailability(query.alias, query.except, query.domain), {
    session: true,
    query: AliasAvailabilityQuery,
    response: AliasAvailability,
    detail: { summary: 'Whether an alias is free, as the link form asks while it is typed', tags, hide: true },
  })
  .get('/:id', ({ user, params }) => getLinkDetail(user, params.id), {
    session: true,
    params: IdParams,
    response: LinkDetail,
    detail: { summary: 'One link', tags, hide: true },
  })
  .patch('/:id', ({ user, params, body }) => updateLink(user, params.id, body), {
    session: 'links:write',
    params: IdParams,
    body: LinkChanges,
    response: Link,
    detail: { summary: 'Change a link', tags, hide: true },
  })
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await deleteLink(user, params.id)
      set.status = 204
    },
    { session: 'links:write', params: IdParams, detail: { summary: 'Delete a link', tags, hide: true } },
  )

const tagTags = ['Tags (app)']

/** The account's tags: listed with how many links have each, added, renamed or recoloured, deleted. */
export const tagRoutes = new Elysia({ prefix: '/tags' })
  .use(auth)
  .get('/', ({ user }) => listTags(user), { session: true, response: t.Array(Tag), detail: { summary: "The account's tags, A to Z", tags: tagTags, hide: true } })
  .post(
    '/',
    async ({ user, body, set }) => {
      set.status = 201
      return createTag(user, body)
    },
    { session: 'links:write', body: TagInput, response: { 201: Tag }, detail: { summary: 'Add a tag', tags: tagTags, hide: true } },
  )
  .patch('/:id', ({ user, params, body }) => updateTag(user, params.id, body), {
    session: 'links:write',
    params: IdParams,
    body: TagChanges,
    response: Tag,
    detail: { summary: 'Rename or recolour a tag', tags: tagTags, hide: true },
  })
  .delete(
    '/:id',
    async ({ user, params, set }) => {
      await deleteTag(user, params.id)
      set.status = 204
    },
    { session: 'links:write', params: IdParams, detail: { summary: 'Delete a tag; its links lose it', tags: tagTags, hide: true } },
  )
