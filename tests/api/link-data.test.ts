// Data that goes in comes out right: stored URLs in their normalised form, no loops through the
// product's own short links, control characters refused, partial updates that change only what
// they name, and strict expiry instants; on the app API and the public API alike.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'

let server: TestServer
let http: Client
let ann: SignedIn
let annKey: string
const CUSTOM_DOMAIN = 'go.verified-owner.example'

beforeAll(async () => {
  server = await startServer({ env: { API_HOST: 'api.linkcard.example', APP_HOST: 'app.linkcard.example' } })
  http = client(server.url)
  ann = await signUp(http, 'ann')
  const key = await http.post('/api/apiKeys', { name: 'Tests' }, { token: ann.token })
  annKey = key.body.key
  // Another account's verified custom domain: its paths are short links of this server too.
  const other = await signUp(http, 'owner')
  await sql(server, "insert into custom_domains (id, account_id, hostname, verification_token, status, ssl_status, verification_errors, verified_at, created_at) values ($1, $2, $3, 't', 'active', 'active', '[]', $4, $4)", [
    crypto.randomUUID(),
    other.user.accountId,
    CUSTOM_DOMAIN,
    dbTime(server, new Date()),
  ])
})
afterAll(() => server.close())

type Api = { name: string; create(body: Record<string, unknown>): Promise<{ status: number; body: any }>; patch(id: string, body: Record<string, unknown>): Promise<{ status: number; body: any }> }

const apis: Api[] = [
  {
    name: 'app API',
    create: (body) => http.post('/api/shareLinks', body, { token: ann.token }),
    patch: (id, body) => http.patch(`/api/shareLinks/${id}`, body, { token: ann.token }),
  },
  {
    name: 'public API',
    create: async (body) => {
      const answer = await http.post('/api/link', body, { token: annKey })
      if (answer.status >= 300) return answer
      return { status: answer.status, body: (await http.get(`/api/link/${answer.body.id}`, { token: annKey })).body }
    },
    patch: (id, body) => http.patch(`/api/link/${id}`, body, { token: annKey }),
  },
]

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`
const basic = (extra: Record<string, unknown> = {}) => ({ targetUrl: `https://example.com/${unique('p')}`, title: 'A page', ...extra })
const countLinks = async () => Number((await sql<{ n: number }>(server, 'select count(*) as n from share_links where account_id = $1', [ann.user.accountId]))[0].n)
const storedRow = async (id: string) => (await sql(server, 'select * from share_links where id = $1', [id]))[0]

describe.each(apis)('$name', (api) => {
  it('stores an international address in its normalised form and redirects to a valid Location', async () => {
    const answer = await api.create({
      targetUrl: 'https://例え.jp/パス?q=値',
      title: `International (${api.name})`,
      ogImage: 'https://例え.jp/画像.png',
      canonicalUrl: 'https://EXAMPLE.com/a b',
    })
    expect(answer.status).toBe(201)
    expect(answer.body.targetUrl).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
    expect(answer.body.ogImage).toBe('https://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png')
    expect(answer.body.canonicalUrl).toBe('https://example.com/a%20b')
    const row = await storedRow(answer.body.id)
    expect(row.target_url).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
    const redirect = await visit(answer.body.url)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
  })

  it.each([
    ['a NUL byte', { title: 'Bad\u0000title' }, 'title'],
    ['a line break in the title', { title: 'Two\nlines' }, 'title'],
    ['a tab in the target', { targetUrl: 'https://exa\tmple.com/' }, 'targetUrl'],
    ['a line break in the target', { targetUrl: 'https://example.com/a\nb' }, 'targetUrl'],
    ['a control character in the alias', { alias: 'abc\u0007' }, 'alias'],
    ['a control character in the image description', { ogImageAlt: 'alt\u001b[31m' }, 'ogImageAlt'],
    ['a NUL in the description', { description: 'a\u0000b' }, 'description'],
    ['a control character in the image URL', { ogImage: 'https://example.com/\u0000.png' }, 'ogImage'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, fields, field) => {
    const before = await countLinks()
    const answer = await api.create(basic(fields))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('Control characters')
    expect(answer.body.errors[0].field).toBe(field)
    expect(await countLinks()).toBe(before)
  })

  it('keeps tabs and line breaks in the description, which may span lines', async () => {
    const answer = await api.create(basic({ description: 'First line\n\tSecond line' }))
    expect(answer.status).toBe(201)
    expect(answer.body.description).toBe('First line\n\tSecond line')
  })

  it.each([
    ['its own short URL host', (port: number) => `http://127.0.0.1:${port}/${unique('x')}`],
    ['the API host', () => 'https://api.linkcard.example/abcdefg'],
    ['the app host', () => 'https://APP.linkcard.example./some-alias'],
    ["another account's verified custom domain", () => `https://${CUSTOM_DOMAIN}/abc1234`],
  ])('refuses a target that is a short link on %s', async (_, target) => {
    const before = await countLinks()
    const answer = await api.create(basic({ targetUrl: target(server.port) }))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The target URL cannot be a short link of this service: a link pointing at a short link would send visitors in a loop.')
    expect(answer.body.errors[0].field).toBe('targetUrl')
    expect(await countLinks()).toBe(before)
  })

  it("allows the product's own pages and other sites' short paths", async () => {
    for (const targetUrl of [`http://127.0.0.1:${server.port}/pricing`, `http://127.0.0.1:${server.port}/api/qr/abc`, 'https://other-shortener.example/abc1234'])
      expect((await api.create(basic({ targetUrl, title: unique('allowed') }))).status).toBe(201)
  })

  it('refuses to repoint a link at itself, and leaves it as it was', async () => {
    const link = (await api.create(basic())).body
    const answer = await api.patch(link.id, { targetUrl: link.url })
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].field).toBe('targetUrl')
    expect((await storedRow(link.id)).target_url).toBe(link.targetUrl)
  })

  it.each([
    ['1'],
    ['99999'],
    ['2026-02-30T10:00:00Z'],
    ['2099-01-01'],
    ['2099-01-01T10:00:00'],
    ['2099-01-01T25:00:00Z'],
    ['+099999-01-01T00:00:00.000Z'],
    ['next tuesday'],
  ])('refuses the expiry %p with 400 naming expiresAt, on create and update', async (expiresAt) => {
    const before = await countLinks()
    const created = await api.create(basic({ expiresAt }))
    expect(created.status).toBe(400)
    expect(created.body.message).toBe('The expiry date must be a date and time with a time zone, such as 2030-01-31T18:00:00Z.')
    expect(created.body.errors).toEqual([{ field: 'expiresAt', message: created.body.message }])
    expect(await countLinks()).toBe(before)
    const link = (await api.create(basic({ expiresAt: '2099-06-01T00:00:00Z' }))).body
    const changed = await api.patch(link.id, { expiresAt })
    expect(changed.status).toBe(400)
    expect(changed.body.errors[0].field).toBe('expiresAt')
    expect((await api.patch(link.id, {})).body.expiresAt).toBe('2099-06-01T00:00:00.000Z')
  })

  it('refuses an expiry in the past, and takes any time zone', async () => {
    const past = await api.create(basic({ expiresAt: '2020-01-01T00:00:00Z' }))
    expect(past.status).toBe(400)
    expect(past.body.message).toBe('The expiry date must be in the future.')
    const zoned = await api.create(basic({ expiresAt: '2099-01-01T10:00:00.5+02:00' }))
    expect(zoned.status).toBe(201)
    expect(zoned.body.expiresAt).toBe('2099-01-01T08:00:00.500Z')
  })

  it('changes only the field a PATCH names, for every optional field', async () => {
    const link = (
      await api.create({
        targetUrl: `https://example.com/${unique('all')}`,
        title: 'All fields',
        description: 'Described',
        alias: unique('every'),
        ogImage: 'https://example.com/card.png',
        ogImageAlt: 'A card',
        twitterCard: 'summary',
        canonicalUrl: 'https://example.com/canonical',
        expiresAt: '2099-01-01T00:00:00.000Z',
      })
    ).body
    const changes: Record<string, unknown>[] = [
      { targetUrl: `https://example.org/${unique('moved')}` },
      { title: 'Retitled' },
      { description: 'Described again' },
      { alias: unique('renamed') },
      { ogImage: 'https://example.com/other.png' },
      { ogImageAlt: 'Another card' },
      { twitterCard: 'summary_large_image' },
      { canonicalUrl: 'https://example.com/other-canonical' },
      { expiresAt: '2098-01-01T00:00:00.000Z' },
      { isActive: false },
      {},
    ]
    let expected = { ...link }
    for (const change of changes) {
      const answer = await api.patch(link.id, change)
      expect(answer.status).toBe(200)
      expected = { ...expected, ...change }
      // The card version follows the card's fields (tests/api/card-refresh.test.ts); the rest stay as they were.
      const { updatedAt: _a, url: _b, qrCodeUrl: _c, cardVersion: _g, ...got } = answer.body
      const { updatedAt: _d, url: _e, qrCodeUrl: _f, cardVersion: _h, ...want } = expected
      expect(got).toEqual(want)
    }
    // The card type survives a PATCH that does not name it.
    const kept = await api.patch(link.id, { twitterCard: 'summary' })
    expect((await api.patch(link.id, { title: 'Once more' })).body.twitterCard).toBe('summary')
    expect(kept.status).toBe(200)
    expect((await storedRow(link.id)).twitter_card).toBe('summary')
  })
})

describe('links stored before URLs were normalised', () => {
  it('still redirect with a valid Location and are answered normalised', async () => {
    const link = (await http.post('/api/shareLinks', basic(), { token: ann.token })).body
    await sql(server, 'update share_links set target_url = $1, og_image = $2 where id = $3', ['https://例え.jp/パス?q=値', 'https://例え.jp/画像.png', link.id])
    const redirect = await visit(link.url)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
    const read = await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })
    expect(read.body.targetUrl).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
    expect(read.body.ogImage).toBe('https://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png')
    const byTarget = await http.get(`/api/link/byTarget/${encodeURIComponent(link.targetUrl)}`, { token: annKey })
    expect(byTarget.body.targetUrl).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4')
  })
})

describe('the public API reuses an identical link', () => {
  it('however the address and image were spelled', async () => {
    const path = unique('same')
    const first = await http.post('/api/link', { targetUrl: `https://例え.jp/${path}`, title: 'Same', ogImage: 'https://例え.jp/画像.png' }, { token: annKey })
    expect(first.status).toBe(201)
    const again = await http.post('/api/link', { targetUrl: `https://xn--r8jz45g.jp/${path}`, title: 'Same', ogImage: 'https://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png' }, { token: annKey })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id: first.body.id, existing: true })
  })
})

describe('QR codes', () => {
  it('answer 404 for an inactive link, and come back when it is active again', async () => {
    const link = (await http.post('/api/shareLinks', basic(), { token: ann.token })).body
    const qr = () => fetch(link.qrCodeUrl)
    const live = await qr()
    expect(live.status).toBe(200)
    expect(live.headers.get('cache-control')).toBe('public, max-age=300')
    await http.patch(`/api/shareLinks/${link.id}`, { isActive: false }, { token: ann.token })
    const paused = await qr()
    expect(paused.status).toBe(404)
    expect((await fetch(`${link.qrCodeUrl}?format=svg`)).status).toBe(404)
    await http.patch(`/api/shareLinks/${link.id}`, { isActive: true }, { token: ann.token })
    expect((await qr()).status).toBe(200)
  })
})

describe('optional choices a request leaves out', () => {
  it('are not filled in by the schema: a list without a period counts all time', async () => {
    const person = await signUp(http, 'period')
    const link = (await http.post('/api/shareLinks', basic(), { token: person.token })).body
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10)
    await sql(server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, 5, 0, 0, 0)', [
      link.id,
      person.user.accountId,
      old,
    ])
    const list = await http.get('/api/shareLinks', { token: person.token })
    expect(list.body[0].clicks).toBe(5)
    expect((await http.get('/api/shareLinks?period=7days', { token: person.token })).body[0].clicks).toBe(0)
  })
})

describe('links saved with an expiry past year 9999', () => {
  it('become permanent when the database is migrated, so every answer keeps the documented format', async () => {
    const link = (await http.post('/api/shareLinks', basic(), { token: ann.token })).body
    // Written as SQL: no JavaScript date serialiser writes years past 9999 in a form PostgreSQL reads.
    const farFuture = server.databaseUrl ? "'99999-01-01 00:00:00+00'" : String(Date.parse('+099999-01-01T00:00:00.000Z'))
    await sql(server, `update share_links set expires_at = ${farFuture} where id = $1`, [link.id])
    if (!server.databaseUrl) expect((await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })).body.expiresAt).toBe('+099999-01-01T00:00:00.000Z')
    // The migration runs again on the saved data (later migrations, which only add, stay as they are);
    // a restart forgets what the server had cached.
    const migration = readFileSync(join(import.meta.dir, `../../drizzle/${server.databaseUrl ? 'pg' : 'sqlite'}/0010_far_future_expiry.sql`), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await sql(server, statement)
    await server.restart()
    const read = await http.get(`/api/shareLinks/${link.id}`, { token: ann.token })
    expect(read.body.expiresAt).toBeNull()
  })
})
