import { Elysia } from 'elysia'
import { clientIp, proxyCountry } from '../../platform/http'
import { notFoundPage } from '../site/routes'
import { visit } from './service'

const HTML = 'text/html; charset=utf-8'

// Answers vary by User-Agent (crawler or person) and each visit counts, so nothing is cached.
export const redirectRoutes = new Elysia({ name: 'redirect' }).get('/:path', async ({ params, request, server }) => {
  const ip = clientIp(request, server)
  const outcome = await visit({
    path: params.path,
    host: request.headers.get('host') ?? '',
    method: request.method,
    userAgent: request.headers.get('user-agent'),
    referrer: request.headers.get('referer'),
    // Only read here; classified and dropped when the event is written (never stored).
    ip: ip === 'unknown' ? null : ip,
    country: proxyCountry(request),
  })
  switch (outcome.kind) {
    case 'redirect':
      return new Response(null, { status: 302, headers: { location: outcome.location, 'cache-control': 'no-store', vary: 'user-agent' } })
    case 'preview':
      return new Response(request.method === 'HEAD' ? null : outcome.html, {
        status: 200,
        headers: { 'content-type': HTML, 'cache-control': 'no-store', vary: 'user-agent' },
      })
    case 'expired':
      return new Response(outcome.html, { status: 410, headers: { 'content-type': HTML, 'cache-control': 'no-store' } })
    case 'not_found':
      return notFoundPage(request)
  }
})
