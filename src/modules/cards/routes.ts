import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { CardStatus, Refreshed, RefreshInput } from './schema'
import { cardStatus, refreshCard } from './service'

const tags = ['Links']
const params = t.Object({ id: t.String() })

export const cardRoutes = new Elysia({ prefix: '/shareLinks' })
  .use(auth)
  .get('/:id/card', ({ user, params }) => cardStatus(user, params.id), {
    session: true,
    params,
    response: CardStatus,
    detail: { summary: "The link's card version, when each platform last fetched it, and how to refresh it there", tags, hide: true },
  })
  .post('/:id/card/refresh', ({ user, params, body }) => refreshCard(user, params.id, body.platform), {
    session: 'links:write',
    params,
    body: RefreshInput,
    response: Refreshed,
    detail: { summary: 'Ask a platform to read the card again (Facebook, with an app token)', tags, hide: true },
  })
