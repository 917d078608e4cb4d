// Limits per client address count an IPv6 client by its /64 (networkOf), which one subscriber holds
// whole: walking through its addresses gains nothing. (Unlocking links and preview allowances are
// tested with them: link-passwords.test.ts, redirect.test.ts; sign-ins in auth.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { INVALID_KEY_LIMIT } from '../../src/shared/rate-limits'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { clearOfWindowEdge } from '../helpers/windows'

let server: TestServer
let http: Client

beforeAll(async () => {
  // Behind a trusted proxy, so each request names its client address.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
})
afterAll(() => server.close())

/** The n-th address of an IPv6 /64, written as clients write it. */
const inNetwork = (network: string, n: number) => ({ 'x-forwarded-for': `${network}:${(n + 1).toString(16)}:0:0:${(n * 7 + 1).toString(16)}` })

describe('limits per client address', () => {
  it('count the contact messages of one IPv6 /64 together', async () => {
    await clearOfWindowEdge(60 * 60_000, 20_000)
    const send = (headers: Record<string, string>) => http.post('/api/contact', { email: 'visitor@example.com', message: 'Hello' }, { headers })
    for (let i = 0; i < 5; i++) expect((await send(inNetwork('2001:db8:c0:1', i))).status).toBeLessThan(300)
    const refused = await send(inNetwork('2001:db8:c0:1', 5))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(inNetwork('2001:db8:c0:2', 0))).status).toBeLessThan(300)
  })

  it('count the calls with an invalid API key of one IPv6 /64 together', async () => {
    await clearOfWindowEdge(INVALID_KEY_LIMIT.windowMinutes * 60_000, 20_000)
    const call = (headers: Record<string, string>) => http.get('/api/links', { token: 'lnk_not-a-key', headers })
    for (let i = 0; i < INVALID_KEY_LIMIT.attempts; i++) expect((await call(inNetwork('2001:db8:c0:3', i))).status).toBe(401)
    expect((await call(inNetwork('2001:db8:c0:3', INVALID_KEY_LIMIT.attempts))).status).toBe(429)
    expect((await call(inNetwork('2001:db8:c0:4', 0))).status).toBe(401)
  })
})
