import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { LinkHealthSchema } from '../links/schema'
import { checkLinkNow } from './service'

export const linkHealthRoutes = new Elysia({ prefix: '/shareLinks' }).use(auth).post('/:id/check', ({ user, params }) => checkLinkNow(user, params.id), {
  session: true,
  params: t.Object({ id: t.String() }),
  response: LinkHealthSchema,
  detail: { summary: "Check the link's target and card image now, and answer its health", tags: ['Share links (app)'], hide: true },
})
