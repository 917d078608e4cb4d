// Each user reads at most 30 pages a minute through /api/crawl-url. In-process, on the test's clock,
// the test starts at the start of a minute, so the count does not straddle a minute's edge;
// tests/api/crawl-url.test.ts shows the 429 over HTTP, and another user reading on.
import { afterEach, describe, expect, it } from 'bun:test'
import { signUp } from '../helpers/accounts'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { atStartOfNextWindow, clockRunsAgain } from '../helpers/windows'

const linkcard = serverAroundTests(startInProcess)
afterEach(clockRunsAgain)

// An empty address is refused before any page is read, and still counts.
const crawl = (token: string) => linkcard.http.post('/api/crawl-url', { url: '' }, { token })

describe('reading pages', () => {
  it('limits each user to 30 calls a minute', async () => {
    const [busy, other] = await Promise.all([signUp(linkcard.http, 'busy'), signUp(linkcard.http, 'other')])
    atStartOfNextWindow(60_000)
    for (let i = 0; i < 30; i++) expect((await crawl(busy.token)).status).toBe(400)
    const limited = await crawl(busy.token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await crawl(other.token)).status).toBe(400)
  })
})
