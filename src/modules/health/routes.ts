import { Elysia, t } from 'elysia'
import { pingDb } from '../../platform/db'

export const healthRoutes = new Elysia().get(
  '/health',
  async () => {
    await pingDb()
    return { status: 'ok' as const }
  },
  { response: t.Object({ status: t.Literal('ok') }), detail: { summary: 'Health check', tags: ['System'] } },
)
