// GET /metrics (CONTRACT.md, "Metrics"): the Prometheus text exposition for a scraper holding
// METRICS_TOKEN, nothing without the setting. Counters move by exactly what was asked of the
// server, no label names a link, an account or an address, `promtool check metrics` accepts the
// exposition, and a real Prometheus server (Debian's package) scrapes it with the token.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signUp, type SignedIn } from '../helpers/accounts'
import { testDatabaseUrl } from '../helpers/database'
import { client, visit, type Client } from '../helpers/http'
import { freePort, startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'

const TOKEN = 'metrics-token-for-tests-0123456789'
const redisUrl = testDatabaseUrl ? process.env.TEST_REDIS_URL?.trim() : undefined

type Samples = Map<string, number>

/** The exposition's samples, by name and labels as written (`name{a="b"}`). */
function samplesOf(text: string): Samples {
  const samples: Samples = new Map()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

const labelValuesOf = (samples: Samples) => [...samples.keys()].flatMap((key) => [...key.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!))

const onPath = (command: string) => Bun.which(command) !== null

describe('without METRICS_TOKEN', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.close())

  it('answers 404, with or without a token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })
})

describe('with METRICS_TOKEN', () => {
  let server: TestServer
  let http: Client
  let owner: SignedIn
  beforeAll(async () => {
    server = await startServer({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) } })
    http = client(server.url)
    owner = await signUp(http, 'metrics')
  })
  afterAll(() => server.close())

  const scrape = async () => {
    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toStartWith('text/plain; version=0.0.4')
    return answer.text()
  }

  it('answers 401 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token-at-all', `Basic ${btoa(`x:${TOKEN}`)}`, `Bearer ${TOKEN}x`]) {
      const answer = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} })
      expect(answer.status).toBe(401)
      expect(await answer.text()).not.toContain('linkcard_')
    }
  })

  it('counts redirects, previews, refusals past the quota and calls by exactly what was asked', async () => {
    const newLink = async (who: SignedIn) => (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/measured', title: 'Measured' }, { token: who.token })).body as { id: string; url: string; slug: string }
    const link = await newLink(owner)
    // An account past its monthly quota before its first preview (the count is read once, then kept).
    const spender = await signUp(http, 'metrics-spent')
    const spent = await newLink(spender)
    const now = new Date()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    await sql(server, 'insert into usage_counters (account_id, period_start, previews, api_calls, notice_level) values ($1, $2, 500, 0, 100)', [spender.user.accountId, dbTime(server, monthStart)])
    const key = (await http.post('/api/apiKeys', { name: 'Metrics' }, { token: owner.token })).body.key as string
    const before = samplesOf(await scrape())

    for (const n of [1, 2, 3]) expect((await visit(link.url, { from: `198.51.100.${n}` })).status).toBe(302)
    expect((await visit(link.url, { userAgent: CRAWLER_UA.whatsapp, from: '198.51.100.10' })).status).toBe(200)
    expect((await visit(link.url, { userAgent: CRAWLER_UA.mastodon, from: '198.51.100.11' })).status).toBe(200)
    // Past the monthly quota a crawler gets the person's redirect, counted as refused.
    expect((await visit(spent.url, { userAgent: CRAWLER_UA.whatsapp, from: '198.51.100.12' })).status).toBe(302)
    for (let n = 0; n < 2; n++) expect((await http.get('/api/shareLinks', { token: owner.token })).status).toBe(200)
    expect((await http.get('/api/links', { token: key })).status).toBe(200)
    expect((await http.get('/api/links', { token: `lnk_${'a'.repeat(40)}` })).status).toBe(401)

    const text = await scrape()
    const after = samplesOf(text)
    const moved = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0)
    expect({
      redirects: moved('linkcard_short_link_answers_total{answer="redirect"}'),
      previews: moved('linkcard_short_link_answers_total{answer="preview"}'),
      counted: moved('linkcard_previews_total{decision="counted"}'),
      refused: moved('linkcard_previews_total{decision="refused"}'),
      shortLinks: moved('linkcard_http_request_duration_seconds_count{kind="short_link",status="3xx"}'),
      cards: moved('linkcard_http_request_duration_seconds_count{kind="card",status="2xx"}'),
      appCalls: moved('linkcard_http_request_duration_seconds_count{kind="app_api",status="2xx"}'),
      publicCalls: moved('linkcard_http_request_duration_seconds_count{kind="public_api",status="2xx"}'),
      refusedCalls: moved('linkcard_http_request_duration_seconds_count{kind="public_api",status="4xx"}'),
      cacheLookups: moved('linkcard_link_cache_lookups_total{result="hit"}') + moved('linkcard_link_cache_lookups_total{result="miss"}'),
    }).toEqual({ redirects: 4, previews: 2, counted: 2, refused: 1, shortLinks: 4, cards: 2, appCalls: 2, publicCalls: 1, refusedCalls: 1, cacheLookups: 6 })
    // Short links take well under a second: each lands in a bucket below the last.
    expect(moved('linkcard_http_request_duration_seconds_bucket{kind="short_link",status="3xx",le="1"}')).toBe(4)

    expect(after.get('linkcard_database_up')).toBe(1)
    if (redisUrl) expect(after.get('linkcard_redis_up')).toBe(1)
    else expect(after.has('linkcard_redis_up')).toBe(false)
    expect(after.get('linkcard_link_cache_entries')).toBeGreaterThan(0)
    for (const name of ['linkcard_events_waiting{stage="request_thread"}', 'linkcard_events_waiting{stage="writer"}', 'linkcard_event_journal_rows', 'linkcard_event_writer_lag_seconds', 'linkcard_webhook_queue_messages', 'linkcard_import_queue_imports'])
      expect(after.get(name)).toBeGreaterThanOrEqual(0)
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(after.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)

    // No label names a link, an account, a person or an address: every value is one of a few words.
    const named = [link.id, link.slug, spent.slug, owner.user.accountId, owner.user.id, owner.user.email, spender.user.accountId, key, '198.51.100', '127.0.0.1']
    const values = labelValuesOf(after)
    expect(values.filter((value) => named.some((name) => value.includes(name)))).toEqual([])
    expect(new Set(values).size).toBeLessThan(100)
  })

  it('passes promtool check metrics', async () => {
    if (!onPath('promtool')) {
      console.warn('promtool is not installed (Debian: apt-get install prometheus): the exposition was not checked by it')
      return
    }
    const checked = Bun.spawn(['promtool', 'check', 'metrics'], { stdin: new TextEncoder().encode(await scrape()), stdout: 'pipe', stderr: 'pipe' })
    const [code, out, err] = await Promise.all([checked.exited, new Response(checked.stdout).text(), new Response(checked.stderr).text()])
    expect({ code, problems: `${out}${err}`.trim() }).toEqual({ code: 0, problems: '' })
  })

  it('exports every metric the Grafana dashboard in deploy/ asks for', async () => {
    const dashboard = readFileSync(join(import.meta.dir, '../../deploy/grafana/linkcard.json'), 'utf8')
    const asked = new Set([...dashboard.matchAll(/\b((?:linkcard|process|nodejs)_[a-z0-9_]+)/g)].map((match) => match[1]!))
    const exported = new Set([...samplesOf(await scrape()).keys()].map((key) => key.split('{')[0]!))
    // linkcard_redis_up is there only with REDIS_URL.
    expect([...asked].filter((name) => !exported.has(name) && !(name === 'linkcard_redis_up' && !redisUrl))).toEqual([])
    expect(asked.size).toBeGreaterThan(10)
  })

  it('is scraped by a Prometheus server with the token', async () => {
    if (!onPath('prometheus')) {
      console.warn('prometheus is not installed (Debian: apt-get install prometheus): no real scrape was tried')
      return
    }
    const dir = mkdtempSync(join(tmpdir(), 'linkcard-prometheus-'))
    const port = freePort()
    // The example in deploy/, pointed at this server, its token file and a short interval.
    writeFileSync(join(dir, 'token'), TOKEN)
    const example = readFileSync(join(import.meta.dir, '../../deploy/prometheus.yml'), 'utf8')
    const config = example
      .replace('/etc/prometheus/linkcard-metrics-token', join(dir, 'token'))
      .replace("['linkcard-1:3000', 'linkcard-2:3000']", `['127.0.0.1:${server.port}']`)
      .replace('scrape_interval: 15s', 'scrape_interval: 1s')
      .replace('scrape_timeout: 5s', 'scrape_timeout: 1s')
    expect(config).not.toContain('linkcard-1')
    writeFileSync(join(dir, 'prometheus.yml'), config)
    const prometheus = Bun.spawn(['prometheus', `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
      stdout: 'ignore',
      stderr: 'ignore',
    })
    try {
      const query = async (expression: string) => {
        try {
          const answer = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`)
          return answer.ok ? ((await answer.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result : []
        } catch {
          return []
        }
      }
      const scraped = await until(() => query('linkcard_http_request_duration_seconds_count{kind="short_link"}'), { what: "Prometheus to store Linkcard's request counts", done: (result) => result.length > 0, timeoutMs: 30_000, everyMs: 250 })
      expect(scraped.every((series) => series.metric.job === 'linkcard')).toBe(true)
      const up = await query('up{job="linkcard"}')
      expect(up.map((series) => series.value[1])).toEqual(['1'])
      expect((await query('linkcard_database_up'))[0]?.value[1]).toBe('1')
    } finally {
      prometheus.kill()
      await prometheus.exited
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
