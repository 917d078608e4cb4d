// GET /metrics: the Prometheus text exposition, for a scraper that sends METRICS_TOKEN as a bearer
// token. Without the setting the endpoint does not exist (404), so an install that does not
// monitor shows nothing.
import { createHash, timingSafeEqual } from 'node:crypto'
import { Elysia } from 'elysia'
import { config } from '../../platform/config'
import { AppError } from '../../platform/errors'
import { currentExposition } from './service'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Compared as digests, in constant time: neither the token's letters nor its length show in the timing. */
function isMetricsToken(authorization: string | null, token: string) {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined
}

export const metricsRoutes = new Elysia().get(
  '/metrics',
  async ({ request, set }) => {
    const token = config.metricsToken
    if (token === undefined) throw new AppError('not_found', 'Not found.')
    if (!isMetricsToken(request.headers.get('authorization'), token)) {
      set.headers['www-authenticate'] = 'Bearer realm="Linkcard metrics"'
      throw new AppError('unauthorized', 'Send METRICS_TOKEN as a bearer token.')
    }
    const exposition = currentExposition()
    if (!exposition) throw new AppError('unavailable', 'Metrics are not collected in this process.')
    return new Response(await exposition.text(), { headers: { 'content-type': exposition.contentType, 'cache-control': 'no-store' } })
  },
  { detail: { hide: true } },
)
