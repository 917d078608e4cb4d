// The scripted session every client of the public API runs against a live server (the TypeScript,
// Python and Go clients, the command line): who am I, create, bulk create, page through 120 links,
// change, stats, delete, and a 429 honoured. The server sits behind a loopback stand-in that
// refuses the first stats call with 429 and `Retry-After: 1`, as the server itself does once a
// key's minute is spent (its windows are a minute long: too long to wait out in every client's test).
import { expect } from 'bun:test'
import { signUp, type SignedIn } from './accounts'
import { client } from './http'
import { startServer, type TestServer } from './server'

/** What the session makes: one link by itself, then BULK_COUNT in one bulk call, read back PAGE_SIZE at a time. */
export const SESSION = {
  target: 'https://example.com/session',
  title: 'Session link',
  renamed: 'Session link, renamed',
  bulkCount: 120,
  bulkTarget: (i: number) => `https://example.com/session/page-${i}`,
  bulkTitle: (i: number) => `Page ${i}`,
  pageSize: 25,
} as const

/**
 * What a client's session prints (one JSON object on stdout) once it is done:
 *   accountId   the account `whoami` names
 *   createdId   the id of the link made alone, with `alias`
 *   createdUrl  its short URL, as the create answered it
 *   bulkIds     the ids the bulk call answered, in order
 *   pagedIds    every id seen paging through the links PAGE_SIZE at a time, in the order seen
 *   pages       how many pages that took
 *   renamedTitle the title the change answered
 *   statsClicks the stats call's `totalClicks` for the link (the call the stand-in refused first)
 *   deleted     true once the delete answered
 *   notFound    {status, message} of reading the deleted link: the client's typed error
 */
export type SessionSummary = {
  accountId: string
  createdId: string
  createdUrl: string
  bulkIds: string[]
  pagedIds: string[]
  pages: number
  renamedTitle: string
  statsClicks: number
  deleted: boolean
  notFound: { status: number; message: string }
}

export type SeenRequest = { method: string; path: string; at: number; status: number; idempotencyKey: string | null; userAgent: string | null }

export type ClientSession = {
  server: TestServer
  owner: SignedIn
  apiKey: string
  /** The stand-in's address: what a client is given as LINKCARD_URL. */
  url: string
  /** The alias the session gives its first link. */
  alias: string
  /** Every request the stand-in passed on or refused, in order. */
  seen: SeenRequest[]
  close(): Promise<void>
}

/** A live server on a paid plan (stats are paid), an account with a key of every scope, and the stand-in before it. */
export async function startClientSession(): Promise<ClientSession> {
  const server = await startServer({ env: { DEFAULT_PLAN: 'pro' } })
  const http = client(server.url)
  const owner = await signUp(http, 'client-session')
  const apiKey = (await http.post<{ key: string }>('/api/apiKeys', { name: 'Client session' }, { token: owner.token })).body.key
  const seen: SeenRequest[] = []
  let refusedStats = false
  const standIn = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const entry: SeenRequest = { method: request.method, path: url.pathname + url.search, at: Date.now(), status: 0, idempotencyKey: request.headers.get('idempotency-key'), userAgent: request.headers.get('user-agent') }
      seen.push(entry)
      if (!refusedStats && request.method === 'GET' && url.pathname.startsWith('/api/stats/')) {
        refusedStats = true
        entry.status = 429
        return Response.json(
          { message: 'Rate limit of 100 requests per minute reached. Try again in 1 seconds.' },
          { status: 429, headers: { 'retry-after': '1', 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1) } },
        )
      }
      const headers = new Headers(request.headers)
      headers.delete('host')
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      const answer = await fetch(`${server.url}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual' })
      entry.status = answer.status
      // fetch has already decoded the body: the headers that spoke of its encoding no longer hold.
      const out = new Headers(answer.headers)
      out.delete('content-encoding')
      out.delete('content-length')
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers: out })
    },
  })
  return {
    server,
    owner,
    apiKey,
    url: `http://127.0.0.1:${standIn.port}`,
    alias: `session-${Math.random().toString(36).slice(2, 8)}`,
    seen,
    async close() {
      standIn.stop(true)
      await server.close()
    },
  }
}

/** Parses the last line of a client's output that is a JSON object: its summary. */
export function summaryOf(stdout: string): SessionSummary {
  const line = stdout.trim().split('\n').reverse().find((text) => text.trim().startsWith('{'))
  if (!line) throw new Error(`the client printed no summary:\n${stdout}`)
  return JSON.parse(line) as SessionSummary
}

/** Checks what a client's session did, from its summary, the stand-in's log and the server itself. */
export async function expectSessionHeld(session: ClientSession, summary: SessionSummary) {
  const http = client(session.server.url)
  expect(summary.accountId).toBe(session.owner.user.accountId)
  expect(summary.createdUrl).toBe(`${session.server.url}/${session.alias}`)

  // Every link of the account seen once paging through, the bulk call's among them.
  expect(summary.bulkIds).toHaveLength(SESSION.bulkCount)
  expect(new Set(summary.pagedIds).size).toBe(summary.pagedIds.length)
  expect(summary.pagedIds).toHaveLength(SESSION.bulkCount + 1)
  expect(new Set(summary.pagedIds)).toEqual(new Set([summary.createdId, ...summary.bulkIds]))
  expect(summary.pages).toBe(Math.ceil((SESSION.bulkCount + 1) / SESSION.pageSize))
  const bulkLink = (await http.get(`/api/shareLinks/${summary.bulkIds[7]}`, { token: session.owner.token })).body
  expect({ targetUrl: bulkLink.targetUrl, title: bulkLink.title }).toEqual({ targetUrl: SESSION.bulkTarget(7), title: SESSION.bulkTitle(7) })

  expect(summary.renamedTitle).toBe(SESSION.renamed)
  expect(summary.statsClicks).toBe(0)
  // The refused stats call was made again once its Retry-After had passed, and then answered.
  const statsCalls = session.seen.filter((request) => request.path.startsWith(`/api/stats/${summary.createdId}`))
  expect(statsCalls.map((request) => request.status)).toEqual([429, 200])
  // A timer may fire a millisecond before its time, and the two readings of the clock round apart.
  expect(statsCalls[1]!.at - statsCalls[0]!.at).toBeGreaterThanOrEqual(990)

  // The link is gone, and the client said so with the API's own message.
  expect(summary.deleted).toBe(true)
  expect(summary.notFound.status).toBe(404)
  const gone = await http.get(`/api/link/${summary.createdId}`, { headers: { authorization: `Bearer ${session.apiKey}` } })
  expect(gone.status).toBe(404)
  expect(summary.notFound.message).toBe(gone.body.message)

  // Creates carry an Idempotency-Key, so a retried create cannot make a second link.
  const creates = session.seen.filter((request) => request.method === 'POST' && (request.path === '/api/link' || request.path === '/api/links/bulk'))
  expect(creates.length).toBeGreaterThanOrEqual(2)
  for (const create of creates) expect(create.idempotencyKey).toMatch(/^.{16,255}$/)
}
