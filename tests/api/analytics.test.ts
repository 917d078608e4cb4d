import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql, storedEvents } from '../helpers/sql'
import { until } from '../helpers/until'
import { BROWSER_UA, CRAWLER_UA, DEVICE_UA } from '../helpers/user-agents'

const RETENTION_DAYS = 30
const DAY = 86_400_000

let server: TestServer
let http: Client
let owner: SignedIn
let stranger: SignedIn

beforeAll(async () => {
  // The test itself plays the proxies: loopback and 10/8 are trusted, and it sends the country header.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', COUNTRY_HEADER: 'cf-ipcountry', EVENT_RETENTION_DAYS: String(RETENTION_DAYS) } })
  http = client(server.url)
  ;[owner, stranger] = await Promise.all([signUp(http, 'analyst'), signUp(http, 'stranger')])
})
afterAll(() => server.close())

type Link = { id: string; url: string; slug: string }
type Top = { name: string | null; count: number }[]

async function createLink(who: SignedIn, title = 'Measured'): Promise<Link> {
  const answer = await http.post('/api/shareLinks', { targetUrl: 'https://example.com/landing', title }, { token: who.token })
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`)
  return answer.body
}

/** A visit as a browser or crawler behind the trusted proxy would make it. */
function hit(link: Link, userAgent: string, headers: Record<string, string> = {}) {
  return fetch(link.url, { headers: { 'user-agent': userAgent, ...headers }, redirect: 'manual' })
}

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10)
const analytics = (link: Link, query = '', who: SignedIn = owner) => http.get(`/api/shareLinks/${link.id}/analytics${query}`, { token: who.token })

/** Events are written in batches: waits until the analytics count them all. */
function settled(link: Link, clicks: number, previews: number) {
  return until(() => analytics(link), {
    what: `${clicks} clicks and ${previews} previews to be counted`,
    done: (answer) => answer.body.totals?.clicks === clicks && answer.body.totals?.previews === previews,
  })
}

/** A breakdown counted straight from the raw events, ordered as the API orders it. */
async function rawTop(link: Link, column: 'referrerHost' | 'platform' | 'country' | 'device' | 'browser' | 'os', type: 'click' | 'preview'): Promise<Top> {
  const counts = new Map<string | null, number>()
  for (const event of await storedEvents(server, link.id)) if (event.type === type) counts.set(event[column], (counts.get(event[column]) ?? 0) + event.count)
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name ?? '').localeCompare(b.name ?? ''))
}

describe('a link with a mix of visits', () => {
  let link: Link
  let answer: { body: any }

  beforeAll(async () => {
    link = await createLink(owner)
    const visits: [string, Record<string, string>][] = [
      [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/AbCd' }],
      // The same person again: one more click, no new visitor.
      [BROWSER_UA.safariIphone, { 'x-forwarded-for': '8.8.8.8, 10.0.0.1', referer: 'https://t.co/AbCd' }],
      [BROWSER_UA.chromeWindows, { 'x-forwarded-for': '81.2.69.142', referer: 'https://www.linkedin.com/feed/' }],
      [DEVICE_UA.ipad, { 'x-forwarded-for': '10.0.0.5', 'cf-ipcountry': 'de' }],
      [DEVICE_UA.edgeWindows, { 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'FR', referer: 'https://www.google.com/search?q=x' }],
      [DEVICE_UA.samsungInternet, { 'x-forwarded-for': '81.2.69.142', referer: 'http://=sum(1,2).example/' }],
      [DEVICE_UA.galaxyTab, {}],
      // From a private address, which says nothing of the crawler: counted as before verification.
      [CRAWLER_UA.facebook, { 'x-forwarded-for': '10.0.0.7' }],
      [CRAWLER_UA.slack, {}],
      [CRAWLER_UA.x, {}],
      // A repeat within the preview window is still recorded, though counted against the quota once.
      [CRAWLER_UA.facebook, {}],
    ]
    for (const [userAgent, headers] of visits) {
      const visit = await hit(link, userAgent, headers)
      expect([200, 302]).toContain(visit.status)
    }
    answer = await settled(link, 7, 4)
  })

  it('answers the period with totals equal to the raw events', async () => {
    const raw = await storedEvents(server, link.id)
    const [stored] = await sql<{ visitors: number | string }>(server, 'select count(*) as visitors from link_daily_visitors where link_id = $1', [link.id])
    const count = (type: string) => raw.filter((event) => event.type === type).reduce((sum, event) => sum + event.count, 0)
    const visitors = Number(stored.visitors)
    expect(answer.body.linkId).toBe(link.id)
    expect(answer.body.from).toBe(daysAgo(29))
    expect(answer.body.to).toBe(today())
    expect(answer.body.totals).toEqual({ clicks: count('click'), scans: 0, previews: count('preview'), uniqueVisitors: visitors, socialShares: 3, engagement: 1.75 })
    expect(answer.body.totals).toMatchObject({ clicks: 7, previews: 4, uniqueVisitors: 6 })
  })

  it('lists every day of the period, zeros included, with today holding the visits', () => {
    const series = answer.body.series as { day: string; clicks: number; scans: number; previews: number; uniqueVisitors: number }[]
    expect(series).toHaveLength(30)
    expect(series[0].day).toBe(daysAgo(29))
    expect(series.at(-1)).toEqual({ day: today(), clicks: 7, scans: 0, previews: 4, uniqueVisitors: 6 })
    expect(series.slice(0, -1).every((day) => day.clicks === 0 && day.previews === 0 && day.uniqueVisitors === 0)).toBe(true)
  })

  it('breaks clicks down by referrer, country, device, browser and OS, and previews by platform, as the raw events do', async () => {
    const top = answer.body.top10
    expect(top.referrers).toEqual(await rawTop(link, 'referrerHost', 'click'))
    expect(top.countries).toEqual(await rawTop(link, 'country', 'click'))
    expect(top.devices).toEqual(await rawTop(link, 'device', 'click'))
    expect(top.browsers).toEqual(await rawTop(link, 'browser', 'click'))
    expect(top.oses).toEqual(await rawTop(link, 'os', 'click'))
    expect(top.platforms).toEqual(await rawTop(link, 'platform', 'preview'))
    // And they say what happened: the proxy's country header first, else the address.
    expect(top.countries).toEqual([
      { name: 'GB', count: 2 },
      { name: 'US', count: 2 },
      { name: null, count: 1 },
      { name: 'DE', count: 1 },
      { name: 'FR', count: 1 },
    ])
    expect(top.devices).toEqual([
      { name: 'mobile', count: 3 },
      { name: 'desktop', count: 2 },
      { name: 'tablet', count: 2 },
    ])
    expect(top.platforms).toEqual([
      { name: 'facebook', count: 2 },
      { name: 'slack', count: 1 },
      { name: 'x', count: 1 },
    ])
    // Ties go alphabetically, direct visits (no referrer) first.
    expect(top.referrers.slice(0, 2)).toEqual([
      { name: null, count: 2 },
      { name: 't.co', count: 2 },
    ])
  })

  it('never stores the IP address', async () => {
    const events = await sql(server, 'select * from link_event_chunks where link_id = $1', [link.id])
    const visitors = await sql<{ visitor_hash: string }>(server, 'select * from link_daily_visitors where link_id = $1', [link.id])
    const stored = JSON.stringify([events, visitors])
    for (const ip of ['8.8.8.8', '81.2.69.142', '10.0.0.5', '203.0.113.9', '127.0.0.1']) expect(stored).not.toContain(ip)
    // Visitors are kept as their keyed hash alone.
    expect(visitors.length).toBeGreaterThan(0)
    expect(visitors.every((row) => /^[\w-]{22}$/.test(row.visitor_hash))).toBe(true)
  })

  it('counts only the days asked for', async () => {
    const past = await analytics(link, `?from=${daysAgo(10)}&to=${daysAgo(1)}`)
    expect(past.status).toBe(200)
    expect(past.body.series).toHaveLength(10)
    expect(past.body.totals).toEqual({ clicks: 0, scans: 0, previews: 0, uniqueVisitors: 0, socialShares: 0, engagement: null })
    expect(past.body.top10.referrers).toEqual([])
  })

  it('exports the raw events of the period as a CSV file with formula-safe cells', async () => {
    const response = await fetch(`${server.url}/api/shareLinks/${link.id}/analytics?format=csv&from=${daysAgo(6)}&to=${today()}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="linkcard-${link.slug}-${daysAgo(6)}-to-${today()}.csv"`)
    const lines = (await response.text()).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines[0]).toBe('time,type,platform,referrer,country,device,browser,os,scan,variant,card,unverified')
    const rows = lines.slice(1, -1)
    expect(rows).toHaveLength(11)
    expect(rows).toContain(`${rows.find((row) => row.includes('sum'))!.split(',')[0]},click,,"'=sum(1,2).example",GB,mobile,Samsung Internet,Android,false,,,false`)
    expect(rows.filter((row) => row.includes(',preview,facebook,'))).toHaveLength(2)
    expect(rows.some((row) => /,click,,t\.co,US,mobile,Safari,iOS,false,,,false$/.test(row))).toBe(true)
    const times = rows.map((row) => Date.parse(row.split(',')[0]))
    expect(times.every((time) => !Number.isNaN(time))).toBe(true)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('gives the public stats API the country and device of recent events', async () => {
    await sql(server, "update accounts set plan = 'pro' where id = $1", [owner.user.accountId])
    const { key } = (await http.post('/api/apiKeys', { name: 'Stats' }, { token: owner.token })).body
    const stats = await http.get(`/api/stats/${link.id}?from=${today()}&to=${today()}`, { token: key })
    expect(stats.status).toBe(200)
    expect(stats.body).toMatchObject({ clicksInPeriod: 7, previewsInPeriod: 4 })
    const events = stats.body.recentEvents as { type: string; country: string | null; device: string | null; referrerHost: string | null }[]
    expect(events).toHaveLength(11)
    expect(events.filter((event) => event.type === 'preview').every((event) => event.device === 'bot')).toBe(true)
    expect(events.find((event) => event.referrerHost === 'linkedin.com')).toMatchObject({ country: 'GB', device: 'desktop' })
    const yesterday = await http.get(`/api/stats/${link.id}?from=${daysAgo(1)}&to=${daysAgo(1)}`, { token: key })
    expect(yesterday.body).toMatchObject({ clicksInPeriod: 0, previewsInPeriod: 0, totalClicks: 7, recentEvents: [] })
  })

  it("adds the account's last 30 days to the dashboard stats", async () => {
    const stats = await http.get('/api/dashboard-stats', { token: owner.token })
    expect(stats.status).toBe(200)
    expect(stats.body.series).toHaveLength(30)
    expect(stats.body.series[0]).toEqual({ day: daysAgo(29), clicks: 0, scans: 0, previews: 0 })
    expect(stats.body.series.at(-1)).toEqual({ day: today(), clicks: 7, scans: 0, previews: 4 })
    expect(stats.body.totalClicks).toBe(7)
  })
})

describe('who may read analytics', () => {
  it("answers 404 for another account's link, as JSON and as CSV, and 401 without a session", async () => {
    const link = await createLink(owner, 'Private')
    for (const query of ['', '?format=csv']) {
      const answer = await analytics(link, query, stranger)
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('Link not found.')
      expect(answer.text).not.toContain(link.slug)
    }
    expect((await http.get(`/api/shareLinks/${link.id}/analytics`)).status).toBe(401)
    expect((await http.get('/api/shareLinks/no-such-link/analytics', { token: owner.token })).status).toBe(404)
  })
})

describe('bad periods', () => {
  let link: Link
  beforeAll(async () => {
    link = await createLink(owner, 'Periods')
  })

  it.each([
    ['?from=2026-02-30', 'from must be a real date written YYYY-MM-DD.'],
    ['?to=yesterday', 'to must be a real date written YYYY-MM-DD.'],
    ['?from=2026-03-02&to=2026-03-01', 'from must not be after to.'],
    ['?from=2025-01-01&to=2026-03-01', 'The period can be at most 400 days.'],
    ['?format=xml', 'format must be json or csv.'],
    ['?format=csv&from=2026-13-01', 'from must be a real date written YYYY-MM-DD.'],
  ])('answers 400 for %s', async (query, message) => {
    const answer = await analytics(link, query)
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.body.message).toBe(message)
  })

  it('answers an empty link with zeros for every day and empty breakdowns', async () => {
    const answer = await analytics(link, '?from=2026-01-01&to=2026-01-07')
    expect(answer.status).toBe(200)
    expect(answer.body.series.map((day: { day: string }) => day.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07'])
    expect(answer.body.totals).toEqual({ clicks: 0, scans: 0, previews: 0, uniqueVisitors: 0, socialShares: 0, engagement: null })
    for (const list of Object.values(answer.body.top10)) expect(list).toEqual([])
  })
})

describe('retention', () => {
  it('prunes raw events older than EVENT_RETENTION_DAYS in the background and keeps the daily rollups', async () => {
    const link = await createLink(owner, 'Old')
    const oldDay = daysAgo(RETENTION_DAYS + 10)
    const old = new Date(`${oldDay}T12:00:00.000Z`)
    for (let i = 0; i < 5; i++)
      await sql(
        server,
        `insert into link_event_chunks (link_id, account_id, first_at, last_at, count, events) values ($1, $2, $3, $3, 1, '[[0,"click","t.co",null,"US","mobile",null,null,1]]')`,
        [link.id, owner.user.accountId, dbTime(server, new Date(old.getTime() + i))],
      )
    await sql(server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, 5, 0, 5, 4)', [
      link.id,
      owner.user.accountId,
      oldDay,
    ])
    await hit(link, BROWSER_UA.firefoxLinux)
    await settled(link, 1, 0)

    // Pruning runs at start and then hourly.
    await server.restart()
    await until(() => sql(server, 'select first_at from link_event_chunks where link_id = $1', [link.id]), {
      what: 'the old events to be pruned',
      done: (left) => left.length === 1,
      timeoutMs: 30_000,
    })
    const kept = await analytics(link, `?from=${oldDay}&to=${oldDay}`)
    expect(kept.body.totals).toMatchObject({ clicks: 5, socialShares: 5, uniqueVisitors: 4 })
    expect((await analytics(link)).body.totals.clicks).toBe(1)
  }, 60_000)
})

describe('without a trusted proxy', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startServer()
  })
  afterAll(() => plain.close())

  it("ignores the client's X-Forwarded-For and country headers, which anyone can send", async () => {
    const api = client(plain.url)
    const who = await signUp(api, 'direct')
    const link = (await api.post('/api/shareLinks', { targetUrl: 'https://example.com/', title: 'Direct' }, { token: who.token })).body as Link
    await hit(link, BROWSER_UA.chromeWindows, { 'x-forwarded-for': '8.8.8.8', 'x-country': 'DE', 'cf-ipcountry': 'FR' })
    const answer = await until(() => api.get(`/api/shareLinks/${link.id}/analytics`, { token: who.token }), {
      what: 'the click to be counted',
      done: (stats) => stats.body.totals.clicks >= 1,
    })
    expect(answer.body.top10.countries).toEqual([{ name: null, count: 1 }])
  })
})
