// Host routing: on API_HOST the API is also served at the root, so
// POST https://api.example.com/link is POST /api/link.
import { config } from '../../platform/config'

function isApiHost(apiHost: string, hostHeader: string | null) {
  if (!hostHeader) return false
  const host = hostHeader.toLowerCase()
  return host === apiHost || (!apiHost.includes(':') && host.replace(/:\d+$/, '') === apiHost)
}

/** The /api URL a request to API_HOST without /api stands for; else undefined. */
export function apiHostUrl(request: Request): string | undefined {
  // Every request passes here, the short links included: without API_HOST, not even a header is read.
  if (!config.apiHost || !isApiHost(config.apiHost, request.headers.get('host'))) return undefined
  const url = new URL(request.url)
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return undefined
  url.pathname = `/api${url.pathname}`
  return url.href
}
