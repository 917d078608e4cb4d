import { Elysia, t } from 'elysia'
import { clientIp } from '../../platform/http'
import { ContactInput } from './schema'
import { sendContactMessage } from './service'

export const contactRoutes = new Elysia().post(
  '/contact',
  async ({ body, request, server, set }) => {
    await sendContactMessage(body, clientIp(request, server))
    set.status = 201
    return { ok: true as const }
  },
  { body: ContactInput, response: { 201: t.Object({ ok: t.Literal(true) }) }, detail: { summary: 'Send a message to the team', tags: ['Contact'], hide: true } },
)
