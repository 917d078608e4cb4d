// One address draws only so many QR codes not drawn before in a minute. In-process, on the test's
// clock, the test starts at the start of a minute, so the count does not straddle a minute's edge;
// tests/api/qr-design.test.ts shows the 429 over HTTP, and another address drawing on.
import { afterEach, beforeAll, describe, expect, it } from 'bun:test'
import { QR_DRAW_LIMIT } from '../../src/shared/rate-limits'
import { signUp } from '../helpers/accounts'
import { startInProcess } from '../helpers/in-process'
import { serverAroundTests } from '../helpers/server'
import { atStartOfNextWindow, clockRunsAgain } from '../helpers/windows'

const linkcard = serverAroundTests(startInProcess)
let slug: string
beforeAll(async () => {
  const owner = await signUp(linkcard.http, 'qr-draws')
  slug = (await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/qr', title: 'QR' }, { token: owner.token })).body.slug
})
afterEach(clockRunsAgain)

/** The code of the link at `size` pixels. */
const draw = (size: number) => fetch(`${linkcard.server.url}/api/qr/${slug}?size=${size}`)

describe('drawing many codes', () => {
  it(`draws at most ${QR_DRAW_LIMIT.perMinute} new codes a minute for one address, then answers 429; codes already drawn still come`, async () => {
    atStartOfNextWindow(60_000)
    const sizes = Array.from({ length: QR_DRAW_LIMIT.perMinute }, (_, i) => 200 + i)
    const statuses = await Promise.all(sizes.map(async (size) => (await draw(size)).status))
    expect(statuses.every((status) => status === 200)).toBe(true)
    const refused = await draw(1000)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await draw(200)).status).toBe(200)
  })
})
