// Many links in one public API call: each checked and created on its own with a result in order,
// or, when the caller asks, all or none.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { LINK_BULK_CREATE_MAX } from '../../src/shared/link-list'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { signUp } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let http: Client
let key: string

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  const owner = await signUp(http, 'bulk-creator')
  key = (await http.post('/api/apiKeys', { name: 'Bulk' }, { token: owner.token })).body.key
})
afterAll(() => server.close())

const bulk = (body: Record<string, unknown>) => http.post('/api/links/bulk', body, { token: key })
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`
const linkCount = async () => Number((await http.get('/api/links?limit=1', { token: key })).headers.get('x-total-count'))

describe('bulk create', () => {
  it('creates each link on its own, in order: made, identical to one made, or refused with its fields', async () => {
    const alias = unique('bulk')
    const answer = await bulk({
      links: [
        { targetUrl: 'https://example.com/one', title: 'One', alias, tags: ['Bulk'] },
        { targetUrl: 'https://example.com/two', title: 'Two' },
        { targetUrl: 'mailto:someone@example.com', title: 'Not http' },
        { targetUrl: 'https://example.com/one', title: 'One', alias, tags: ['bulk'] },
        { targetUrl: 'https://example.com/three', title: 'Three', alias },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ created: 2, existing: 1, failed: 2 })
    expect(answer.body.results.map((result: { status: string }) => result.status)).toEqual(['created', 'created', 'failed', 'existing', 'failed'])
    const [one, two, notHttp, again, taken] = answer.body.results
    expect(again.link).toEqual(one.link)
    expect(one.link.url).toBe(`${server.url}/${alias}`)
    expect(notHttp.errors).toEqual([{ field: 'targetUrl', message: LINK_MESSAGES.invalidTargetUrl }])
    expect(taken.errors).toEqual([{ field: 'alias', message: LINK_MESSAGES.aliasTaken }])
    expect((await visit(two.link.url)).headers.get('location')).toBe('https://example.com/two')
    expect((await http.get(`/api/link/${one.link.id}`, { token: key })).body.tags).toEqual(['Bulk'])
  })

  it('with allOrNothing, makes none when one fails, and names its fields by place', async () => {
    const before = await linkCount()
    const answer = await bulk({
      allOrNothing: true,
      links: [
        { targetUrl: 'https://example.com/a', title: 'A' },
        { targetUrl: 'https://example.com/b', title: 'B' },
        { targetUrl: 'https://example.com/c', title: 'C', clickLimit: 0 },
      ],
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([{ field: 'links.2.clickLimit', message: LINK_MESSAGES.clickLimit }])
    expect(answer.body.message).toBe(`Link 3: ${LINK_MESSAGES.clickLimit}`)
    expect(await linkCount()).toBe(before)
    const whole = await bulk({ allOrNothing: true, links: [{ targetUrl: 'https://example.com/a', title: 'A' }, { targetUrl: 'https://example.com/b', title: 'B' }] })
    expect(whole.body).toMatchObject({ created: 2, existing: 0, failed: 0 })
    expect(await linkCount()).toBe(before + 2)
  })

  it('stores every kind of field a batch carries as a single create would: text, numbers, dates, JSON', async () => {
    const link = {
      targetUrl: `https://example.com/${unique('kinds')}`,
      title: 'Every kind',
      description: 'Quotes " and \\ and ünïcode',
      ogImage: 'https://example.com/poster.png',
      twitterCard: 'player',
      twitterPlayer: { url: 'https://player.example/embed/42', width: 1280, height: 720 },
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      fallbackUrl: 'https://example.com/later',
      clickLimit: 7,
      iosUrl: 'https://apps.apple.com/app/id1',
      geoTargets: { JP: 'https://example.jp/', FR: 'https://example.fr/' },
    }
    const answer = await bulk({ links: [link, { ...link, targetUrl: `${link.targetUrl}/second` }] })
    expect(answer.body).toMatchObject({ created: 2, failed: 0 })
    for (const [i, result] of answer.body.results.entries()) {
      const read = (await http.get(`/api/link/${result.link.id}`, { token: key })).body
      expect(read).toMatchObject({ ...link, targetUrl: i === 0 ? link.targetUrl : `${link.targetUrl}/second`, isActive: true })
      expect(new Date(read.expiresAt).getTime()).toBe(new Date(link.expiresAt).getTime())
      // Stored as JSON objects, not as JSON text inside JSON (SQLite keeps JSON as text).
      const [stored] = await sql<{ geo: unknown }>(server, 'select geo_targets as geo from share_links where id = $1', [result.link.id])
      expect(server.databaseUrl ? stored!.geo : JSON.parse(stored!.geo as string)).toEqual(link.geoTargets)
    }
  })

  it(`refuses an empty list, more than ${LINK_BULK_CREATE_MAX} links, useOriginalMeta, and calls without a key`, async () => {
    expect((await bulk({ links: [] })).status).toBe(400)
    const many = Array.from({ length: LINK_BULK_CREATE_MAX + 1 }, (_, i) => ({ targetUrl: `https://example.com/${i}`, title: `${i}` }))
    const tooMany = await bulk({ links: many })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toContain(`links must list 1 to ${LINK_BULK_CREATE_MAX} links.`)
    expect((await bulk({ links: [{ targetUrl: 'https://example.com/x', useOriginalMeta: true }] })).status).toBe(400)
    expect((await http.post('/api/links/bulk', { links: [{ targetUrl: 'https://example.com/x', title: 'X' }] })).status).toBe(401)
  })
})
