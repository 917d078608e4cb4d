// GET /api/analytics: all of an account's links together, or those with one tag, over any period,
// beside the period of as many days just before. Today's events come from real visits; earlier days'
// totals are written into the daily rollups, as the server keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { seedLinks } from '../helpers/bulk-data'
import { client, type Client } from '../helpers/http'
import { maxStallDuring } from '../helpers/loop-stalls'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA, DEVICE_UA } from '../helpers/user-agents'

const DAY = 86_400_000

let server: TestServer
let http: Client
let owner: SignedIn
let stranger: SignedIn

beforeAll(async () => {
  // The test plays the proxy: loopback is trusted, and it sends the country header.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' } })
  http = client(server.url)
  ;[owner, stranger] = await Promise.all([signUp(http, 'account-analyst'), signUp(http, 'account-stranger')])
})
afterAll(() => server.close())

type Link = { id: string; url: string; title: string }
type Top = { name: string | null; count: number }[]
type Day = { day: string; clicks: number; scans: number; previews: number; uniqueVisitors: number }
type Totals = { clicks: number; scans: number; previews: number; uniqueVisitors: number; socialShares: number; engagement: number | null }

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10)

async function createLink(who: SignedIn, title: string, tags: string[] = []): Promise<Link> {
  const answer = await http.post('/api/shareLinks', { targetUrl: `https://example.com/${encodeURIComponent(title)}`, title, tags }, { token: who.token })
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`)
  return answer.body
}

const tagId = async (who: SignedIn, name: string): Promise<string> =>
  (await http.get('/api/tags', { token: who.token })).body.find((tag: { name: string }) => tag.name === name).id

const accountAnalytics = (query = '', who: SignedIn = owner) => http.get(`/api/analytics${query}`, { token: who.token })
const linkAnalytics = (link: Link, query = '', who: SignedIn = owner) => http.get(`/api/shareLinks/${link.id}/analytics${query}`, { token: who.token })

/** Visits as browsers or crawlers behind the trusted proxy make them, then waits until the link's analytics count them all. */
async function visit(who: SignedIn, link: Link, visits: [string, Record<string, string>][]) {
  for (const [userAgent, headers] of visits) {
    const answer = await fetch(link.url, { headers: { 'user-agent': userAgent, ...headers }, redirect: 'manual' })
    expect([200, 302]).toContain(answer.status)
  }
  const people = visits.filter(([userAgent]) => !Object.values(CRAWLER_UA).includes(userAgent)).length
  await until(() => linkAnalytics(link, '', who), {
    what: `${people} clicks and ${visits.length - people} previews of ${link.title} to be counted`,
    done: (answer) => answer.body.totals?.clicks === people && answer.body.totals?.previews === visits.length - people,
  })
}

/** A day of a link's totals (and one referrer's clicks) written into the rollups, as the event writer leaves them. */
async function pastDay(who: SignedIn, link: Link, day: string, { clicks, previews = 0, referrer = 'news.example' }: { clicks: number; previews?: number; referrer?: string }) {
  await sql(server, 'insert into link_daily_stats (link_id, account_id, day, clicks, scans, previews, social_clicks, unique_visitors) values ($1, $2, $3, $4, 0, $5, 0, $4)', [
    link.id,
    who.user.accountId,
    day,
    clicks,
    previews,
  ])
  await sql(server, "insert into link_daily_breakdowns (link_id, dimension, day, value, count) values ($1, 'referrer', $2, $3, $4)", [link.id, day, referrer, clicks])
}

/** Breakdown lists added together, ordered as the API orders them (most first, ties by name, unknown first). */
function merged(lists: Top[]): Top {
  const counts = new Map<string | null, number>()
  for (const list of lists) for (const { name, count } of list) counts.set(name, (counts.get(name) ?? 0) + count)
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : 0))
    .slice(0, 10)
}

const COUNTED = ['clicks', 'scans', 'previews', 'uniqueVisitors', 'socialShares'] as const

/** What the links' own analytics add up to over the same days. */
async function sumOfLinks(links: Link[], query = '') {
  const answers = await Promise.all(links.map(async (link) => (await linkAnalytics(link, query)).body))
  const totals = Object.fromEntries(COUNTED.map((key) => [key, answers.reduce((sum, answer) => sum + answer.totals[key], 0)]))
  const series = answers[0].series.map((day: Day, i: number) => ({
    day: day.day,
    clicks: answers.reduce((sum, answer) => sum + answer.series[i].clicks, 0),
    scans: answers.reduce((sum, answer) => sum + answer.series[i].scans, 0),
    previews: answers.reduce((sum, answer) => sum + answer.series[i].previews, 0),
    uniqueVisitors: answers.reduce((sum, answer) => sum + answer.series[i].uniqueVisitors, 0),
  }))
  const kinds = ['referrers', 'platforms', 'countries', 'devices', 'browsers', 'oses'] as const
  const top10 = Object.fromEntries(kinds.map((kind) => [kind, merged(answers.map((answer) => answer.top10[kind]))]))
  return { totals, series, top10, byLink: new Map(links.map((link, i) => [link.id, answers[i].totals as Totals])) }
}

let launch: Link
let follow: Link
let plain: Link
let foreign: Link

beforeAll(async () => {
  ;[launch, follow, plain] = await Promise.all([
    createLink(owner, 'Launch post', ['launch']),
    createLink(owner, 'Follow-up', ['launch', 'newsletter']),
    createLink(owner, 'About us'),
  ])
  foreign = await createLink(stranger, 'Stranger post', ['launch'])
  await createLink(owner, 'Never shared', ['quiet'])
  await Promise.all([
    visit(owner, launch, [
      [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/AbCd' }],
      [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/AbCd' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '81.2.69.142', referer: 'https://www.linkedin.com/feed/' }],
      [DEVICE_UA.ipad, { 'x-forwarded-for': '203.0.113.5', 'cf-ipcountry': 'DE' }],
      [CRAWLER_UA.facebook, {}],
    ]),
    visit(owner, follow, [
      [BROWSER_UA.firefoxLinux, { 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'FR', referer: 'https://t.co/Xyz' }],
      [CRAWLER_UA.slack, {}],
      [CRAWLER_UA.x, {}],
    ]),
    visit(owner, plain, [
      [BROWSER_UA.chromeAndroid, { 'x-forwarded-for': '203.0.113.20', 'cf-ipcountry': 'DE' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.21', 'cf-ipcountry': 'US' }],
    ]),
    // Another account's busier link: never counted, never named.
    visit(stranger, foreign, [
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.30', referer: 'https://stranger.example/' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.31', referer: 'https://stranger.example/' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.32', referer: 'https://stranger.example/' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.33', referer: 'https://stranger.example/' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.34', referer: 'https://stranger.example/' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '203.0.113.35', referer: 'https://stranger.example/' }],
    ]),
  ])
  // Earlier days: one inside the last 30 days, and the 30 before them (the previous period).
  await pastDay(owner, launch, daysAgo(10), { clicks: 4, previews: 2 })
  await pastDay(owner, plain, daysAgo(40), { clicks: 6, previews: 1, referrer: 'old.example' })
  await pastDay(owner, follow, daysAgo(45), { clicks: 2 })
  await pastDay(stranger, foreign, daysAgo(40), { clicks: 50, referrer: 'stranger.example' })
})

describe('all links together', () => {
  it("answers totals, every day and breakdowns equal to the sum of the links' own analytics", async () => {
    const answer = await accountAnalytics()
    expect(answer.status).toBe(200)
    expect(answer.body.from).toBe(daysAgo(29))
    expect(answer.body.to).toBe(today())
    expect(answer.body.tagId).toBeNull()
    const links = await sumOfLinks([launch, follow, plain])
    expect(answer.body.totals).toMatchObject(links.totals)
    expect(answer.body.totals).toMatchObject({ clicks: 4 + 4 + 1 + 2, previews: 2 + 1 + 2 })
    // Clicks per preview, as a link's.
    expect(answer.body.totals.engagement).toBe(Math.round((11 / 5) * 100) / 100)
    expect(answer.body.series).toHaveLength(30)
    expect(answer.body.series).toEqual(links.series)
    expect(answer.body.top10).toEqual(links.top10)
    expect(answer.body.top10.countries).toEqual([
      { name: 'US', count: 3 },
      { name: 'DE', count: 2 },
      { name: 'FR', count: 1 },
      { name: 'GB', count: 1 },
    ])
    // Ties go by name, direct visits first.
    expect(answer.body.top10.referrers.slice(0, 3)).toEqual([
      { name: 'news.example', count: 4 },
      { name: null, count: 3 },
      { name: 't.co', count: 3 },
    ])
  })

  it('lists the busiest links of the period, most clicks first, with their counts and short URLs', async () => {
    const { body } = await accountAnalytics()
    const links = await sumOfLinks([launch, follow, plain])
    expect(body.topLinks).toEqual(
      [launch, plain, follow].map((link) => ({
        id: link.id,
        title: link.title,
        url: link.url,
        clicks: links.byLink.get(link.id)!.clicks,
        scans: 0,
        previews: links.byLink.get(link.id)!.previews,
      })),
    )
    // A link nobody visited is not among them.
    expect(body.topLinks.map((link: Link) => link.title)).not.toContain('Never shared')
  })

  it('answers the period of as many days just before, and the change in percent', async () => {
    const { body } = await accountAnalytics()
    expect(body.previous.from).toBe(daysAgo(59))
    expect(body.previous.to).toBe(daysAgo(30))
    expect(body.previous.totals).toEqual({ clicks: 8, scans: 0, previews: 1, uniqueVisitors: 8, socialShares: 0, engagement: 8 })
    const links = await sumOfLinks([launch, follow, plain], `?from=${daysAgo(59)}&to=${daysAgo(30)}`)
    expect(body.previous.totals).toMatchObject(links.totals)
    // 11 clicks against 8: up 37.5%; previews 5 against 1: up 400%; no scans before, so no percentage.
    expect(body.change).toEqual({ clicks: 37.5, scans: null, previews: 400, uniqueVisitors: Math.round(((body.totals.uniqueVisitors - 8) / 8) * 1000) / 10, socialShares: null })
  })

  it('answers any range, with the previous period of the same length, and falls when the earlier was busier', async () => {
    const { body } = await accountAnalytics(`?from=${daysAgo(40)}&to=${daysAgo(40)}`)
    expect(body.series).toEqual([{ day: daysAgo(40), clicks: 6, scans: 0, previews: 1, uniqueVisitors: 6 }])
    expect(body.totals).toMatchObject({ clicks: 6, previews: 1 })
    expect(body.previous).toMatchObject({ from: daysAgo(41), to: daysAgo(41), totals: { clicks: 0 } })
    expect(body.change.clicks).toBeNull()
    expect(body.top10.referrers).toEqual([{ name: 'old.example', count: 6 }])
    expect(body.topLinks.map((link: Link) => link.id)).toEqual([plain.id])

    const week = (await accountAnalytics(`?from=${daysAgo(44)}&to=${daysAgo(38)}`)).body
    expect(week.previous).toMatchObject({ from: daysAgo(51), to: daysAgo(45), totals: { clicks: 2 } })
    expect(week.totals.clicks).toBe(6)
    expect(week.change.clicks).toBe(200)
    const later = (await accountAnalytics(`?from=${daysAgo(37)}&to=${daysAgo(31)}`)).body
    expect(later.totals.clicks).toBe(0)
    expect(later.change.clicks).toBe(-100)
    expect(later.topLinks).toEqual([])
  })

  it('answers zeros, empty lists and no percentages for a period with nothing in it', async () => {
    const { body } = await accountAnalytics('?from=2020-01-01&to=2020-01-03')
    expect(body.totals).toEqual({ clicks: 0, scans: 0, previews: 0, uniqueVisitors: 0, socialShares: 0, engagement: null })
    expect(body.series.map((day: Day) => day.day)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03'])
    expect(body.change).toEqual({ clicks: null, scans: null, previews: null, uniqueVisitors: null, socialShares: null })
    for (const list of Object.values(body.top10)) expect(list).toEqual([])
    expect(body.topLinks).toEqual([])
  })
})

describe('one tag', () => {
  it("counts only the tag's links", async () => {
    const launchTag = await tagId(owner, 'launch')
    const { body } = await accountAnalytics(`?tag=${launchTag}`)
    expect(body.tagId).toBe(launchTag)
    const links = await sumOfLinks([launch, follow])
    expect(body.totals).toMatchObject(links.totals)
    expect(body.series).toEqual(links.series)
    expect(body.top10).toEqual(links.top10)
    expect(body.topLinks.map((link: Link) => link.id)).toEqual([launch.id, follow.id])
    // The previous period: the follow-up's day, not the untagged link's.
    expect(body.previous.totals.clicks).toBe(2)

    const newsletter = (await accountAnalytics(`?tag=${await tagId(owner, 'newsletter')}`)).body
    expect(newsletter.totals).toMatchObject((await sumOfLinks([follow])).totals)
    expect(newsletter.topLinks.map((link: Link) => link.id)).toEqual([follow.id])
  })

  it('answers zeros for a tag whose links nobody visited', async () => {
    const { body } = await accountAnalytics(`?tag=${await tagId(owner, 'quiet')}`)
    expect(body.totals.clicks + body.totals.previews).toBe(0)
    expect(body.topLinks).toEqual([])
  })

  it('treats an empty tag as every link', async () => {
    const all = (await accountAnalytics()).body
    const empty = await accountAnalytics('?tag=')
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual(all)
  })
})

describe('accounts apart', () => {
  it("never counts or names another account's links", async () => {
    const { body } = await accountAnalytics(`?from=${daysAgo(59)}`)
    const own = await sumOfLinks([launch, follow, plain], `?from=${daysAgo(59)}`)
    expect(body.totals).toMatchObject(own.totals)
    expect(body.topLinks.map((link: Link) => link.id)).not.toContain(foreign.id)
    expect(JSON.stringify(body)).not.toContain('stranger.example')

    const theirs = (await accountAnalytics(`?from=${daysAgo(59)}`, stranger)).body
    expect(theirs.totals.clicks).toBe(56)
    expect(theirs.topLinks.map((link: Link) => link.id)).toEqual([foreign.id])
  })

  it("answers another account's tag exactly as a tag that does not exist", async () => {
    const theirs = await accountAnalytics(`?tag=${await tagId(stranger, 'launch')}`)
    const unknown = await accountAnalytics('?tag=01900000-0000-7000-8000-000000000000')
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual({ message: 'Tag not found.' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(theirs.body)
  })

  it('answers 401 without a session, and to an API key', async () => {
    expect((await http.get('/api/analytics')).status).toBe(401)
    const key = (await http.post('/api/apiKeys', { name: 'Reader' }, { token: owner.token })).body.key
    expect((await http.get('/api/analytics', { token: key })).status).toBe(401)
  })
})

describe('bad input', () => {
  const tooLong = `?from=${daysAgo(400)}&to=${today()}`
  it.each([
    ['?from=2026-02-30', 'from must be a real date written YYYY-MM-DD.'],
    ['?to=yesterday', 'to must be a real date written YYYY-MM-DD.'],
    ['?from=2026-1-5', 'from must be a real date written YYYY-MM-DD.'],
    ['?from=2026-03-10&to=2026-03-01', 'from must not be after to.'],
    [tooLong, 'The period can be at most 400 days.'],
  ])('answers 400 for %s, and changes nothing', async (query, message) => {
    const before = await sql(server, 'select * from link_daily_stats where account_id = $1 order by link_id, day', [owner.user.accountId])
    const answer = await accountAnalytics(query)
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.body.message).toBe(message)
    expect(await sql(server, 'select * from link_daily_stats where account_id = $1 order by link_id, day', [owner.user.accountId])).toEqual(before)
  })

  it('answers the longest period it takes', async () => {
    const answer = await accountAnalytics(`?from=${daysAgo(399)}`)
    expect(answer.status).toBe(200)
    expect(answer.body.series).toHaveLength(400)
    expect(answer.body.previous.from).toBe(daysAgo(799))
  })
})

describe('the dashboard', () => {
  it('names the busiest links of its 30 days, most clicks first, with their counts', async () => {
    const { body } = await http.get('/api/dashboard-stats', { token: owner.token })
    const analytics = (await accountAnalytics()).body
    expect(body.topLinks).toEqual(analytics.topLinks.slice(0, 5))
    expect(body.topLinks.map((link: Link) => link.title)).toEqual(['Launch post', 'About us', 'Follow-up'])
  })
})

describe('an account with 10,000 links', () => {
  const LINKS = 10_000
  let big: SignedIn
  let probe: string

  beforeAll(async () => {
    big = await signUp(http, 'account-big')
    probe = (await createLink(stranger, 'Probe')).url
    await seedLinks(server, big.user.accountId, LINKS, { prefix: 'big' })
    // Each link's day (seedLinks wrote today's totals) gets breakdowns: a referrer, country and agent of its own kind.
    const isPg = Boolean(server.databaseUrl)
    const numbers = isPg ? 'generate_series(0, $2 - 1) as n(i)' : 'n'
    const withNumbers = isPg ? '' : 'with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < $2) '
    for (const [dimension, value] of [
      ['referrer', `'site' || (i % 300) || '.example'`],
      ['country', `'C' || (i % 40)`],
      ['agent', `'mobile|Browser' || (i % 12) || '|OS' || (i % 5)`],
    ])
      await sql(
        server,
        `${withNumbers}insert into link_daily_breakdowns (link_id, dimension, day, value, count) select $1 || '-' || i, '${dimension}', $3, ${value}, 1 + (i % 96) from ${numbers} where i % 97 > 0`,
        ['big', LINKS, today()],
      )
  }, 120_000)

  it("answers from the rollups in a few queries, with the account's sums", async () => {
    const [expected] = await sql<{ clicks: number | string; previews: number | string }>(
      server,
      'select sum(clicks) as clicks, sum(previews) as previews from link_daily_stats where account_id = $1',
      [big.user.accountId],
    )
    const timings: number[] = []
    let answer: Awaited<ReturnType<typeof accountAnalytics>> | undefined
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      answer = await accountAnalytics('', big)
      timings.push(performance.now() - started)
    }
    expect(answer!.status).toBe(200)
    expect(answer!.body.totals.clicks).toBe(Number(expected.clicks))
    expect(answer!.body.totals.previews).toBe(Number(expected.previews))
    expect(answer!.body.topLinks).toHaveLength(10)
    expect(answer!.body.topLinks[0].clicks).toBe(96)
    expect(answer!.body.top10.referrers).toHaveLength(10)
    // A figure to read, not a check: machines differ.
    const stall = await maxStallDuring(server, probe, () => accountAnalytics('', big))
    const year = await maxStallDuring(server, probe, () => accountAnalytics(`?from=${daysAgo(365)}`, big))
    console.log(
      `GET /api/analytics, ${LINKS.toLocaleString('en')} links (${server.databaseUrl ? 'PostgreSQL' : 'SQLite'}): ` +
        `${timings.map((ms) => ms.toFixed(0)).join(', ')} ms a call; event loop held ${stall.heldMs.toFixed(1)} ms (30 days), ${year.heldMs.toFixed(1)} ms (366 days)`,
    )
  }, 60_000)
})
