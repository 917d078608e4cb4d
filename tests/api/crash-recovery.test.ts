// A server killed outright (SIGKILL, a crash, the OOM killer) loses no visit it answered once the
// visit reached the event journal: what the visits add up to is rebuilt when it starts again.
import { beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { serverAroundTests, } from '../helpers/server'
import { durableEventCount } from '../helpers/sql'
import { BROWSER_UA } from '../helpers/user-agents'

const linkcard = serverAroundTests()
let owner: SignedIn
beforeAll(async () => {
  owner = await signUp(linkcard.http, 'survivor')
})

type Link = { id: string; url: string }

async function createLink(title: string): Promise<Link> {
  const answer = await linkcard.http.post('/api/shareLinks', { targetUrl: 'https://example.com/kept', title }, { token: owner.token })
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`)
  return answer.body
}

const agents = Object.values(BROWSER_UA)

/** `count` clicks, ten at a time, each answered before this resolves; visitors differ by browser. */
async function click(link: Link, count: number) {
  for (let sent = 0; sent < count; sent += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, count - sent) }, (_, i) =>
        fetch(link.url, { headers: { 'user-agent': agents[(sent + i) % agents.length], referer: 'https://t.co/x' }, redirect: 'manual' }),
      ),
    )
    for (const answer of answers) expect(answer.status).toBe(302)
  }
}

/** Waits until `events` answered visits are in the database for good: the loss window has passed. */
async function durable(events: number) {
  const deadline = Date.now() + 5000
  while ((await durableEventCount(linkcard.server)) < events) {
    if (Date.now() > deadline) throw new Error(`only ${await durableEventCount(linkcard.server)} of ${events} events stored`)
    await Bun.sleep(20)
  }
}

const dashboard = async () => (await linkcard.http.get('/api/dashboard-stats', { token: owner.token })).body
const linkTotals = async (link: Link) => (await linkcard.http.get(`/api/shareLinks/${link.id}/analytics`, { token: owner.token })).body

/** Polls the dashboard until it shows `clicks` (the rebuild runs as the server starts), then a little longer to see it stays. */
async function dashboardShows(clicks: number) {
  const deadline = Date.now() + 10_000
  let seen = await dashboard()
  while (seen.totalClicks !== clicks && Date.now() < deadline) {
    await Bun.sleep(50)
    seen = await dashboard()
  }
  return seen
}

describe('a server killed after a burst of clicks', () => {
  it('shows every answered click on the dashboard and in the analytics once started again', async () => {
    const link = await createLink('Killed')
    await click(link, 120)
    await durable(120)
    await linkcard.server.kill()
    await linkcard.server.restart()
    const stats = await dashboardShows(120)
    expect(stats.totalClicks).toBe(120)
    expect(stats.series.at(-1).clicks).toBe(120)
    const analytics = await linkTotals(link)
    expect(analytics.totals).toMatchObject({ clicks: 120, socialShares: 120, uniqueVisitors: agents.length })
    expect(analytics.top10.referrers).toEqual([{ name: 't.co', count: 120 }])
  }, 60_000)

  it('counts nothing twice: totals already read before the kill stay as they were, and later clicks are added once', async () => {
    const link = await createLink('Read, then killed')
    const before = (await dashboard()).totalClicks
    await click(link, 30)
    expect((await dashboardShows(before + 30)).totalClicks).toBe(before + 30)
    await click(link, 40)
    await durable(before + 70)
    await linkcard.server.kill()
    await linkcard.server.restart()
    expect((await dashboardShows(before + 70)).totalClicks).toBe(before + 70)
    expect((await linkTotals(link)).totals).toMatchObject({ clicks: 70, uniqueVisitors: agents.length })
    // A graceful restart afterwards changes nothing.
    await linkcard.server.restart()
    expect((await dashboard()).totalClicks).toBe(before + 70)
    expect((await linkTotals(link)).totals.clicks).toBe(70)
  }, 60_000)
})
