// The one CORS rule of the public API, the assistant endpoint (/api/mcp) among it: keys travel in a
// header, never in a cookie, so any web page may call it, and browsers are answered when they ask
// first (preflight) and let read what a call's answer says in its headers.
import { Elysia } from 'elysia'

/** Headers every public API answer carries (set as the call's key is checked, api-key-auth.ts). */
export const API_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Total-Count, Link, Mcp-Session-Id, Idempotent-Replayed',
}

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...API_CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  // MCP clients send the protocol's version (and a session, were there one) on every request.
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, Idempotency-Key, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'access-control-max-age': '86400',
}

/** Answers browsers' preflights for these paths: every path of the public API (publicApiPaths). */
export function apiPreflights(paths: readonly string[]) {
  const preflights = new Elysia({ name: 'api-preflights' })
  for (const path of paths)
    preflights.options(
      path,
      ({ set }) => {
        set.status = 204
        Object.assign(set.headers, PREFLIGHT_HEADERS)
      },
      { detail: { hide: true } },
    )
  return preflights
}
