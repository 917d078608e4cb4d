import { Elysia, t } from 'elysia'
import { redis } from '../../platform/topology'
import { pingDb } from '../../platform/db'

// 200 while the database answers, also with Redis unreachable: every instance shares one Redis, so
// a 503 would take them all out of the load balancer while short links, sign-ins and the API still
// work without it. Monitors alert on "degraded".
const Health = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')], { description: '"degraded": serving, with a part it depends on unreachable' }),
  redis: t.Optional(t.Literal('unreachable', { description: 'Present when REDIS_URL is set and Redis does not answer' })),
})

export const healthRoutes = new Elysia().get(
  '/health',
  async () => {
    await pingDb()
    const shared = redis()
    if (shared && !(await shared.ping())) return { status: 'degraded' as const, redis: 'unreachable' as const }
    return { status: 'ok' as const }
  },
  { response: Health, detail: { summary: 'Health check', tags: ['System'] } },
)
