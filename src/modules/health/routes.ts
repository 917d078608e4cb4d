import { Elysia, t } from 'elysia'
import { redis } from '../../platform/topology'
import { pingDb } from '../../platform/db'
import { VERSION } from '../../platform/version'

// 200 while the database answers, also with Redis unreachable: every instance shares one Redis, so
// a 503 would take them all out of the load balancer while short links, sign-ins and the API still
// work without it. Monitors alert on "degraded".
const Health = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')], { description: '"degraded": serving, with a part it depends on unreachable' }),
  redis: t.Optional(t.Literal('unreachable', { description: 'Present when REDIS_URL is set and Redis does not answer' })),
  version: t.String({ description: "The release this instance runs (package.json's version), as the changelog names it" }),
})
const Problem = (description: string) => t.Object({ message: t.String() }, { description })

export const healthRoutes = new Elysia().get(
  '/health',
  async () => {
    await pingDb()
    const shared = redis()
    if (shared && !(await shared.ping())) return { status: 'degraded' as const, redis: 'unreachable' as const, version: VERSION }
    return { status: 'ok' as const, version: VERSION }
  },
  {
    response: {
      200: Health,
      400: Problem('A request no server could read (a Host header that names no host)'),
      500: Problem('The database does not answer'),
    },
    detail: {
      summary: 'Health check',
      operationId: 'getHealth',
      description: 'Whether this instance serves: 200 while its database answers, "degraded" when Redis is configured and does not; and which release it runs. Needs no API key.',
      tags: ['System'],
      security: [],
    },
  },
)
