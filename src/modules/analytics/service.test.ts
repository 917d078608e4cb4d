import { describe, expect, it } from 'bun:test'
import { eq } from 'drizzle-orm'
import { db, isPostgres, kit, postgresClient } from '../../platform/db'
import { analyticsTables } from './tables'
import { AppError } from '../../platform/errors'
import { BROWSER_UA, CRAWLER_UA } from '../../../tests/helpers/user-agents'
import { createAccount } from '../accounts/service'
import { createLink } from '../links/create'
import { deleteLink } from '../links/service'
import { flushEvents, recordEvent, type RecordedEvent } from './recorder'
import { chunkEvents, journalText, toChunks, type StoredEvent } from './event-chunks'
import { keepEventPartitions } from './event-partitions'
import * as repo from './repo'
import { rollupsOf } from './rollups'
import { dashboardStats, linkAnalytics, linkEventsCsv, linkStats, parsePeriod, pruneEvents } from './service'
import { enqueueEvents, moveJournal, flushEvents as writeWaitingEvents } from './writer'
import { runtimeAroundTests } from '../../../tests/helpers/runtime'

runtimeAroundTests()

const { linkEventChunks, linkDailyVisitors, linkDailyBreakdowns, eventJournal } = analyticsTables(kit)

let counter = 0

async function newLink() {
  const account = await createAccount(`analytics-unit-${++counter}`)
  const owner = { accountId: account.id, plan: 'free' as const }
  const link = await createLink(owner, { targetUrl: 'https://example.com/', title: `Unit ${counter}` })
  return { owner, link }
}

type Visit = Partial<RecordedEvent> & { at: number }

async function record(linkId: string, accountId: string, visits: Visit[]) {
  for (const visit of visits)
    recordEvent({ linkId, accountId, type: 'click', isScan: false, referrer: null, userAgent: BROWSER_UA.chromeWindows, platform: null, ip: '203.0.113.1', country: null, ...visit })
  await flushEvents()
}

const at = (iso: string) => new Date(iso).getTime()

/** A link's stored entries of alike events, oldest first. */
async function rawEvents(linkId: string) {
  const chunks = await db.select().from(linkEventChunks).where(eq(linkEventChunks.linkId, linkId))
  return chunks.flatMap(chunkEvents).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
}

/** How many events a link's stored entries stand for. */
const storedEvents = async (linkId: string) => (await rawEvents(linkId)).reduce((sum, row) => sum + row.count, 0)

describe('alike events', () => {
  it('are stored as one row with their number whoever the visitors were, and every count, list and export counts each', async () => {
    const { owner, link } = await newLink()
    const t = at('2026-07-01T09:00:00.123Z')
    const visit = { at: t, referrer: 'https://t.co/x' }
    await record(link.id, owner.accountId, [
      visit,
      visit,
      visit,
      // Another visitor, alike in everything stored.
      { ...visit, ip: '203.0.113.2' },
      // Each of these differs in something stored: the millisecond, referrer, agent, country.
      { ...visit, at: t + 1 },
      { ...visit, referrer: 'https://www.linkedin.com/feed/' },
      { ...visit, userAgent: BROWSER_UA.safariIphone },
      { ...visit, country: 'DE' },
    ])
    const rows = await rawEvents(link.id)
    expect(rows.map((row) => row.count).sort()).toEqual([1, 1, 1, 1, 4])
    expect(await storedEvents(link.id)).toBe(8)
    const answer = await linkAnalytics(owner, link.id, { from: '2026-07-01', to: '2026-07-01' })
    // The visitors are told apart all the same: two addresses with Chrome, one with Safari.
    expect(answer.totals).toMatchObject({ clicks: 8, uniqueVisitors: 3, socialShares: 8 })
    expect(answer.top10.referrers).toEqual([
      { name: 't.co', count: 7 },
      { name: 'linkedin.com', count: 1 },
    ])
    const stats = await linkStats(owner.accountId, link.id, '2026-07-01', '2026-07-01')
    expect(stats.recentEvents.map((event) => event.occurredAt)).toEqual([
      '2026-07-01T09:00:00.124Z',
      ...Array(7).fill('2026-07-01T09:00:00.123Z'),
    ])
    const { lines } = await linkEventsCsv(owner, link.id, { from: '2026-07-01', to: '2026-07-01' })
    const csv: string[] = []
    for await (const line of lines) csv.push(line)
    expect(csv.slice(1).filter((line) => line.startsWith('2026-07-01T09:00:00.123Z,click'))).toHaveLength(7)
    expect(csv).toHaveLength(9)
  })

  it('lists no more than 50 recent events however many one row stands for', async () => {
    const { owner, link } = await newLink()
    const visit = { at: at('2026-07-02T09:00:00Z') }
    await record(link.id, owner.accountId, Array(80).fill(visit))
    expect(await rawEvents(link.id)).toHaveLength(1)
    const stats = await linkStats(owner.accountId, link.id, '2026-07-02', '2026-07-02')
    expect(stats.totalClicks).toBe(80)
    expect(stats.recentEvents).toHaveLength(50)
  })
})

describe('the event writer', () => {
  it('classifies one client again for each day, source and kind of visit it comes with', async () => {
    const { owner, link } = await newLink()
    const first = at('2026-07-04T23:59:59.000Z')
    const next = at('2026-07-05T00:00:01.000Z')
    await record(link.id, owner.accountId, [
      { at: first, referrer: 'https://t.co/x' },
      { at: first + 1, referrer: 'https://www.linkedin.com/feed/' },
      { at: first + 2, type: 'preview', platform: 'slack', userAgent: CRAWLER_UA.slack },
      { at: next, referrer: 'https://t.co/x' },
      { at: next + 1, referrer: 'https://t.co/x', country: 'DE' },
    ])
    const day = (d: string) => linkAnalytics(owner, link.id, { from: d, to: d })
    const [fourth, fifth] = [await day('2026-07-04'), await day('2026-07-05')]
    // The same person is a visitor on each day; the crawler is none.
    expect(fourth.totals).toMatchObject({ clicks: 2, previews: 1, uniqueVisitors: 1, socialShares: 2 })
    expect(fifth.totals).toMatchObject({ clicks: 2, previews: 0, uniqueVisitors: 1, socialShares: 2 })
    // A new day, a new hash: visits cannot be linked across days.
    const visitors = await db.select().from(linkDailyVisitors).where(eq(linkDailyVisitors.linkId, link.id))
    expect(new Set(visitors.map((visitor) => visitor.visitorHash)).size).toBe(2)
    expect(fourth.top10.referrers).toEqual([
      { name: 'linkedin.com', count: 1 },
      { name: 't.co', count: 1 },
    ])
    expect(fifth.top10.referrers).toEqual([{ name: 't.co', count: 2 }])
    expect((await rawEvents(link.id)).map((event) => [event.type, event.referrerHost, event.platform, event.device])).toEqual([
      ['click', 't.co', null, 'desktop'],
      ['click', 'linkedin.com', null, 'desktop'],
      ['preview', null, 'slack', 'bot'],
      ['click', 't.co', null, 'desktop'],
      ['click', 't.co', null, 'desktop'],
    ])
  })

  it('covers, in a flush asked for while another is under way, the events that arrived in between', async () => {
    const { link, owner } = await newLink()
    const t = at('2026-07-02T09:00:00.000Z')
    const event = (at: number) =>
      ({ linkId: link.id, accountId: owner.accountId, type: 'click', isScan: false, at, referrer: null, userAgent: BROWSER_UA.chromeWindows, platform: null, ip: '203.0.113.1', country: null, count: 1 }) as const
    // The writer's own functions, in this thread: the first flush is under way when the others arrive.
    enqueueEvents([event(t)])
    const first = writeWaitingEvents()
    enqueueEvents([event(t + 1), event(t + 2)])
    await writeWaitingEvents()
    expect(await storedEvents(link.id)).toBe(3)
    await first
  })
})

describe('the event journal', () => {
  const entry = (linkId: string, accountId: string, at: number): StoredEvent => ({
    linkId,
    accountId,
    type: 'click',
    at,
    referrerHost: null,
    platform: null,
    country: null,
    device: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    count: 1,
  })
  const journalRow = async (writtenAt: Date, events: StoredEvent[]) => {
    const [row] = await db.insert(eventJournal).values({ writtenAt, events: journalText(events) }).returning({ id: eventJournal.id })
    return Number(row.id)
  }

  it('moves rows a stopped writer left once they are a minute old, and leaves a running writer\'s younger rows to it', async () => {
    const { owner, link } = await newLink()
    const t = at('2026-07-03T09:00:00Z')
    const orphan = await journalRow(new Date(Date.now() - 120_000), [entry(link.id, owner.accountId, t), entry(link.id, owner.accountId, t + 1)])
    const young = await journalRow(new Date(), [entry(link.id, owner.accountId, t + 2)])
    await moveJournal()
    expect(await storedEvents(link.id)).toBe(2)
    // The writer that stored it, coming back to it, finds it gone: nothing is stored twice.
    expect(await repo.moveJournalToChunks([orphan])).toBe(0)
    expect(await storedEvents(link.id)).toBe(2)
    expect(await db.select().from(eventJournal).where(eq(eventJournal.id, young))).toHaveLength(1)
    expect(await repo.moveJournalToChunks([young])).toBe(1)
    expect(await storedEvents(link.id)).toBe(3)
  })

  it('adds what a row left behind adds up to (totals, breakdowns, its visitors) as it moves it, and only once', async () => {
    const { owner, link } = await newLink()
    const t = at('2026-07-05T09:00:00Z')
    const events = [
      { ...entry(link.id, owner.accountId, t), referrerHost: 't.co', count: 3, visitors: ['visitor-a', 'visitor-b'] },
      { ...entry(link.id, owner.accountId, t + 1), referrerHost: 't.co', visitors: ['visitor-c'] },
      { ...entry(link.id, owner.accountId, t + 2), type: 'preview' as const, platform: 'slack', device: 'bot', browser: null, os: null },
    ]
    const id = await journalRow(new Date(Date.now() - 120_000), events)
    const period = { from: '2026-07-05', to: '2026-07-05' }
    expect((await linkAnalytics(owner, link.id, period)).totals).toMatchObject({ clicks: 4, previews: 1, uniqueVisitors: 3, socialShares: 4 })
    expect(await repo.moveJournalToChunks([id])).toBe(0)
    const answer = await linkAnalytics(owner, link.id, period)
    expect(answer.totals).toMatchObject({ clicks: 4, previews: 1, uniqueVisitors: 3, socialShares: 4 })
    expect(answer.top10.referrers).toEqual([{ name: 't.co', count: 4 }])
    expect(answer.top10.browsers).toEqual([{ name: 'Chrome', count: 4 }])
  })

  it('stores a row once when two writers move it at the same time', async () => {
    const { owner, link } = await newLink()
    const id = await repo.writeJournal([entry(link.id, owner.accountId, at('2026-07-03T10:00:00Z'))])
    const moved = await Promise.all([repo.moveJournalToChunks([id]), repo.moveJournalToChunks([id])])
    expect(moved.sort()).toEqual([0, 1])
    expect(await storedEvents(link.id)).toBe(1)
  })

  it('replaces rows whose events the writer still holds with their chunks, unless another writer moved one first', async () => {
    const { owner, link } = await newLink()
    const t = at('2026-07-03T11:00:00Z')
    const batches = [[entry(link.id, owner.accountId, t)], [entry(link.id, owner.accountId, t + 1), entry(link.id, owner.accountId, t + 2)]]
    const ids = [await repo.writeJournal(batches[0]), await repo.writeJournal(batches[1])]
    expect(await repo.moveJournalToChunks([ids[0]])).toBe(1)
    // Both rows' events held: one row is gone, so nothing is replaced and nothing stored twice.
    expect(await repo.replaceJournalRows(ids, toChunks(batches.flat()), rollupsOf(batches.flat()))).toBe(false)
    expect(await storedEvents(link.id)).toBe(1)
    expect(await db.select().from(eventJournal).where(eq(eventJournal.id, ids[1]))).toHaveLength(1)
    expect(await repo.replaceJournalRows([ids[1]], toChunks(batches[1]), rollupsOf(batches[1]))).toBe(true)
    expect(await storedEvents(link.id)).toBe(3)
    expect(await db.select().from(eventJournal).where(eq(eventJournal.id, ids[1]))).toHaveLength(0)
  })

  it('drops held events of a link deleted before they are moved', async () => {
    const { owner, link } = await newLink()
    const kept = await newLink()
    const events = [entry(link.id, owner.accountId, at('2026-07-03T12:00:00Z')), entry(kept.link.id, kept.owner.accountId, at('2026-07-03T12:00:01Z'))]
    const id = await repo.writeJournal(events)
    await deleteLink(owner, link.id)
    expect(await repo.replaceJournalRows([id], toChunks(events), rollupsOf(events))).toBe(true)
    expect(await storedEvents(kept.link.id)).toBe(1)
    expect(await db.select().from(linkEventChunks).where(eq(linkEventChunks.linkId, link.id))).toHaveLength(0)
  })

  it('lists newest first and exports oldest first across chunks that overlap in time', async () => {
    const { owner, link } = await newLink()
    const base = at('2026-07-04T09:00:00Z')
    // 60 writers' rows, each with two events an hour apart, interleaved with every other's: more
    // chunks than one read takes, each overlapping all the others.
    const times = Array.from({ length: 120 }, (_, i) => base + i * 60_000)
    for (let writer = 0; writer < 60; writer++)
      await repo.moveJournalToChunks([await repo.writeJournal([entry(link.id, owner.accountId, times[writer]), entry(link.id, owner.accountId, times[writer + 60])])])
    const stats = await linkStats(owner.accountId, link.id, '2026-07-04', '2026-07-04')
    expect(stats.recentEvents.map((event) => event.occurredAt)).toEqual(times.slice(70).reverse().map((t) => new Date(t).toISOString()))
    const csv = await linkEventsCsv(owner, link.id, { from: '2026-07-04', to: '2026-07-04' })
    const lines = await Array.fromAsync(csv.lines)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(times.map((t) => new Date(t).toISOString()))
  })
})

describe('periods', () => {
  const now = new Date('2026-03-10T15:00:00Z')

  it('defaults to the 30 UTC days ending today', () => {
    expect(parsePeriod({}, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' })
    expect(parsePeriod({ to: '2026-01-31' }, now)).toEqual({ from: '2026-01-02', to: '2026-01-31' })
    expect(parsePeriod({ from: '2026-03-01' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-10' })
  })

  it('takes one day and periods of up to 400 days', () => {
    expect(parsePeriod({ from: '2026-03-10', to: '2026-03-10' }, now)).toEqual({ from: '2026-03-10', to: '2026-03-10' })
    expect(parsePeriod({ from: '2025-02-04', to: '2026-03-10' }, now).from).toBe('2025-02-04')
    expect(parsePeriod({ from: '2028-02-29', to: '2028-03-01' }, now).from).toBe('2028-02-29')
  })

  const rejects = (query: { from?: string; to?: string }, message: string) => {
    try {
      parsePeriod(query, now)
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).kind).toBe('invalid')
      expect((error as AppError).message).toBe(message)
      return
    }
    throw new Error(`accepted ${JSON.stringify(query)}`)
  }

  it('rejects days that do not exist or are not written YYYY-MM-DD', () => {
    rejects({ from: '2026-02-29' }, 'from must be a real date written YYYY-MM-DD.')
    rejects({ to: '2026-13-01' }, 'to must be a real date written YYYY-MM-DD.')
    rejects({ from: '1/3/2026' }, 'from must be a real date written YYYY-MM-DD.')
    rejects({ from: '2026-3-1' }, 'from must be a real date written YYYY-MM-DD.')
  })

  it('rejects a start after the end and periods longer than 400 days', () => {
    rejects({ from: '2026-03-02', to: '2026-03-01' }, 'from must not be after to.')
    rejects({ from: '2025-02-03', to: '2026-03-10' }, 'The period can be at most 400 days.')
  })
})

describe('daily rollups', () => {
  it('puts an event at 23:59:59.999Z and one at 00:00:00Z on different UTC days', async () => {
    const { owner, link } = await newLink()
    await record(link.id, owner.accountId, [{ at: at('2026-03-01T23:59:59.999Z'), isScan: true }, { at: at('2026-03-02T00:00:00.000Z'), type: 'preview', platform: 'slack', userAgent: CRAWLER_UA.slack }])
    const answer = await linkAnalytics(owner, link.id, { from: '2026-02-28', to: '2026-03-03' })
    expect(answer.series).toEqual([
      { day: '2026-02-28', clicks: 0, scans: 0, previews: 0, uniqueVisitors: 0 },
      { day: '2026-03-01', clicks: 1, scans: 1, previews: 0, uniqueVisitors: 1 },
      { day: '2026-03-02', clicks: 0, scans: 0, previews: 1, uniqueVisitors: 0 },
      { day: '2026-03-03', clicks: 0, scans: 0, previews: 0, uniqueVisitors: 0 },
    ])
    expect((await linkAnalytics(owner, link.id, { from: '2026-03-02', to: '2026-03-02' })).totals).toMatchObject({ clicks: 0, previews: 1 })
    // The CSV of one day holds only that day's events.
    const csv = await linkEventsCsv(owner, link.id, { from: '2026-03-01', to: '2026-03-01' })
    const lines: string[] = []
    for await (const line of csv.lines) lines.push(line)
    expect(lines).toEqual(['time,type,platform,referrer,country,device,browser,os,scan,variant,card,unverified\r\n', '2026-03-01T23:59:59.999Z,click,,,,desktop,Chrome,Windows,true,,,false\r\n'])
  })

  it('counts a visitor once a day however many flushes see them, and again the next day', async () => {
    const { owner, link } = await newLink()
    const day = '2026-04-01'
    await record(link.id, owner.accountId, [{ at: at(`${day}T08:00:00Z`) }, { at: at(`${day}T09:00:00Z`) }])
    await record(link.id, owner.accountId, [{ at: at(`${day}T10:00:00Z`) }, { at: at(`${day}T11:00:00Z`), ip: '203.0.113.2' }])
    await record(link.id, owner.accountId, [{ at: at(`${day}T12:00:00Z`), userAgent: BROWSER_UA.safariIphone }, { at: at('2026-04-02T08:00:00Z') }])
    const answer = await linkAnalytics(owner, link.id, { from: day, to: '2026-04-02' })
    expect(answer.series.map((d) => [d.day, d.clicks, d.uniqueVisitors])).toEqual([
      [day, 5, 3],
      ['2026-04-02', 1, 1],
    ])
    expect(answer.totals.uniqueVisitors).toBe(4)
    // Exactly the day's stored visitors, none of them an address.
    const visitors = await db.select().from(linkDailyVisitors).where(eq(linkDailyVisitors.linkId, link.id))
    expect(visitors.filter((v) => v.day === day)).toHaveLength(3)
    expect(visitors.every((v) => !v.visitorHash.includes('203.0.113'))).toBe(true)
  })

  it('adds up social shares, engagement and the breakdowns, clicks by people and previews by platform', async () => {
    const { owner, link } = await newLink()
    const t = at('2026-05-05T12:00:00Z')
    await record(link.id, owner.accountId, [
      { at: t, referrer: 'https://t.co/x', ip: '8.8.8.8' },
      { at: t, referrer: 'https://www.linkedin.com/feed/', ip: '81.2.69.142', userAgent: BROWSER_UA.safariIphone },
      { at: t, referrer: 'https://www.google.com/', ip: '10.0.0.1', country: 'de' },
      { at: t, referrer: null, ip: null },
      { at: t, type: 'preview', platform: 'facebook', userAgent: CRAWLER_UA.facebook, ip: '8.8.8.8' },
      { at: t, type: 'preview', platform: 'facebook', userAgent: CRAWLER_UA.facebook, ip: '8.8.8.8' },
      { at: t, type: 'preview', platform: 'x', userAgent: CRAWLER_UA.x, ip: '8.8.8.8' },
    ])
    const answer = await linkAnalytics(owner, link.id, { from: '2026-05-01', to: '2026-05-31' })
    expect(answer.totals).toEqual({ clicks: 4, scans: 0, previews: 3, uniqueVisitors: 3, socialShares: 2, engagement: 1.33 })
    expect(answer.top10.platforms).toEqual([
      { name: 'facebook', count: 2 },
      { name: 'x', count: 1 },
    ])
    expect(answer.top10.referrers).toEqual([
      { name: null, count: 1 },
      { name: 'google.com', count: 1 },
      { name: 'linkedin.com', count: 1 },
      { name: 't.co', count: 1 },
    ])
    expect(answer.top10.countries).toEqual([
      { name: null, count: 1 },
      { name: 'DE', count: 1 },
      { name: 'GB', count: 1 },
      { name: 'US', count: 1 },
    ])
    expect(answer.top10.devices).toEqual([
      { name: 'desktop', count: 3 },
      { name: 'mobile', count: 1 },
    ])
    expect(answer.top10.browsers).toEqual([
      { name: 'Chrome', count: 3 },
      { name: 'Safari', count: 1 },
    ])
    expect(answer.top10.oses).toEqual([
      { name: 'Windows', count: 3 },
      { name: 'iOS', count: 1 },
    ])
  })

  it('has no engagement for a link never previewed', async () => {
    const { owner, link } = await newLink()
    await record(link.id, owner.accountId, [{ at: at('2026-05-05T12:00:00Z') }])
    expect((await linkAnalytics(owner, link.id, { from: '2026-05-05', to: '2026-05-05' })).totals.engagement).toBeNull()
  })

  it("does not answer for another account's link", async () => {
    const { link } = await newLink()
    const other = await newLink()
    await expect(linkAnalytics(other.owner, link.id, {})).rejects.toMatchObject({ kind: 'not_found' })
    await expect(linkEventsCsv(other.owner, link.id, {})).rejects.toMatchObject({ kind: 'not_found' })
  })

  it("gives the dashboard the account's clicks and previews on each of the last 30 days", async () => {
    const { owner, link } = await newLink()
    const second = await createLink(owner, { targetUrl: 'https://example.com/2', title: 'Second' })
    const now = new Date()
    const today = now.toISOString().slice(0, 10)
    await record(link.id, owner.accountId, [{ at: now.getTime() }, { at: now.getTime(), type: 'preview', platform: 'x', userAgent: CRAWLER_UA.x }])
    await record(second.id, owner.accountId, [{ at: now.getTime() }, { at: now.getTime() - 40 * 86_400_000 }])
    const stats = await dashboardStats(owner.accountId, now)
    expect(stats.series).toHaveLength(30)
    expect(stats.series.at(-1)).toEqual({ day: today, clicks: 2, scans: 0, previews: 1 })
    expect(stats.series.slice(0, -1).every((d) => d.clicks === 0 && d.previews === 0)).toBe(true)
    expect(stats.totalClicks).toBe(3)
  })
})

describe('links deleted while their events wait', () => {
  it('drops their events and rollups and writes the other links\' in full', async () => {
    const { owner, link } = await newLink()
    const doomed = await createLink(owner, { targetUrl: 'https://example.com/doomed', title: 'Doomed' })
    const t = at('2026-06-01T10:00:00Z')
    for (const linkId of [link.id, doomed.id, link.id])
      recordEvent({ linkId, accountId: owner.accountId, type: 'click', isScan: false, at: t, referrer: 'https://t.co/x', userAgent: BROWSER_UA.chromeWindows, platform: null, ip: '198.51.100.7', country: null })
    await deleteLink(owner, doomed.id)
    await flushEvents()
    expect(await storedEvents(link.id)).toBe(2)
    expect(await rawEvents(doomed.id)).toHaveLength(0)
    const answer = await linkAnalytics(owner, link.id, { from: '2026-06-01', to: '2026-06-01' })
    expect(answer.totals).toMatchObject({ clicks: 2, uniqueVisitors: 1, socialShares: 2 })
    expect(answer.top10.referrers).toEqual([{ name: 't.co', count: 2 }])
  })

  it('drops the waiting rollups of a link deleted after its events were written', async () => {
    const { owner, link } = await newLink()
    const doomed = await createLink(owner, { targetUrl: 'https://example.com/doomed', title: 'Doomed later' })
    const t = at('2026-06-02T10:00:00Z')
    for (const linkId of [link.id, doomed.id])
      recordEvent({ linkId, accountId: owner.accountId, type: 'click', isScan: false, at: t, referrer: null, userAgent: BROWSER_UA.firefoxLinux, platform: null, ip: '198.51.100.8', country: null })
    await flushEvents()
    await deleteLink(owner, doomed.id)
    await flushEvents()
    const answer = await linkAnalytics(owner, link.id, { from: '2026-06-02', to: '2026-06-02' })
    expect(answer.totals).toMatchObject({ clicks: 1, uniqueVisitors: 1 })
    expect(answer.top10.browsers).toEqual([{ name: 'Firefox', count: 1 }])
    const left = await db.select().from(linkDailyBreakdowns).where(eq(linkDailyBreakdowns.linkId, doomed.id))
    expect(left).toEqual([])
  })
})

describe('pruning', () => {
  it('deletes raw events past the retention and old visitor hashes in batches, and keeps every rollup', async () => {
    const { owner, link } = await newLink()
    const now = Date.now()
    const old = now - 120 * 86_400_000
    const oldDay = new Date(old).toISOString().slice(0, 10)
    await record(
      link.id,
      owner.accountId,
      Array.from({ length: 12 }, (_, i) => ({ at: old + i, ip: `198.51.100.${i}`, referrer: 'https://t.co/x' })),
    )
    await record(link.id, owner.accountId, [{ at: now }])
    expect(await rawEvents(link.id)).toHaveLength(13)

    // Batches of 5 chunks, as many rounds as other tests' old events need too.
    const pruned = await pruneEvents({ now: new Date(now), batch: 5 })
    expect(pruned).toBeGreaterThanOrEqual(12)
    const left = await rawEvents(link.id)
    expect(left.map((e) => e.occurredAt.getTime())).toEqual([now])
    const visitors = await db.select().from(linkDailyVisitors).where(eq(linkDailyVisitors.linkId, link.id))
    expect(visitors.map((v) => v.day)).toEqual([new Date(now).toISOString().slice(0, 10)])

    const answer = await linkAnalytics(owner, link.id, { from: oldDay, to: oldDay })
    expect(answer.totals).toMatchObject({ clicks: 12, uniqueVisitors: 12, socialShares: 12 })
    expect(answer.top10.referrers).toEqual([{ name: 't.co', count: 12 }])
  })

  it.skipIf(!isPostgres)('drops a month whole on PostgreSQL once all of it is past retention, after its rows moved out of the default partition', async () => {
    const { owner, link } = await newLink()
    const now = Date.now()
    const old = now - 200 * 86_400_000
    await record(link.id, owner.accountId, [{ at: old }, { at: old + 1, ip: '198.51.100.9' }])
    await record(link.id, owner.accountId, [{ at: now }])
    const partitionOf = async () =>
      (await postgresClient()!<{ partition: string }[]>`select tableoid::regclass::text as partition from link_event_chunks where link_id = ${link.id} order by first_at`).map((row) => row.partition)
    // The old month had no table: its events waited in the default partition until it was made.
    expect((await partitionOf())[0]).toBe('link_event_chunks_default')
    const oldMonth = new Date(old).toISOString().slice(0, 7).replace('-', '_')
    expect(await keepEventPartitions(new Date(old))).toContain(`link_event_chunks_${oldMonth}`)
    const thisMonth = new Date(now).toISOString().slice(0, 7).replace('-', '_')
    expect(await partitionOf()).toEqual([`link_event_chunks_${oldMonth}`, `link_event_chunks_${thisMonth}`])

    expect(await pruneEvents({ now: new Date(now) })).toBeGreaterThanOrEqual(2)
    const tables = await postgresClient()!<{ name: string }[]>`select relname as name from pg_class where relname = ${`link_event_chunks_${oldMonth}`}`
    expect(tables.length).toBe(0)
    expect((await rawEvents(link.id)).map((event) => event.occurredAt.getTime())).toEqual([now])
    // The daily totals stay.
    expect((await linkAnalytics(owner, link.id, { from: new Date(old).toISOString().slice(0, 10), to: new Date(old).toISOString().slice(0, 10) })).totals.clicks).toBe(2)
  })
})
