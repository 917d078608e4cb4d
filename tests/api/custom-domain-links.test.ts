// Short links arriving on a verified custom domain resolve only that account's links.
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { grantSuperAdmin, signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let http: Client
let owner: SignedIn
let other: SignedIn

beforeAll(async () => {
  server = await startInProcess()
  http = client(server.url)
  owner = await signUp(http, 'domain-owner')
  other = await signUp(http, 'someone-else')
  // A paid account with a verified domain (the DNS checks themselves are tested in domains.test.ts).
  await sql(server, `update accounts set plan = 'indie' where id = $1`, [owner.user.accountId])
  await sql(
    server,
    `insert into custom_domains (id, account_id, hostname, verification_token, status, ssl_status, verification_errors, created_at)
     values ($1, $2, 'go.example.test', 'token', 'active', 'active', '[]', $3)`,
    [crypto.randomUUID(), owner.user.accountId, server.databaseUrl ? new Date().toISOString() : Date.now()],
  )
})
afterAll(() => server.close())

const linkOf = async (who: SignedIn, target: string) =>
  (await http.post('/api/shareLinks', { targetUrl: target, title: 'T' }, { token: who.token })).body as { slug: string }

const onHost = (host: string, slug: string) =>
  fetch(`${server.url}/${slug}`, { headers: { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' }, redirect: 'manual' })

it("resolves the account's own links on its custom domain", async () => {
  const mine = await linkOf(owner, 'https://example.com/mine')
  const answer = await onHost('go.example.test', mine.slug)
  expect(answer.status).toBe(302)
  expect(answer.headers.get('location')).toBe('https://example.com/mine')
})

it("answers 404 on the custom domain for another account's link, which still works on the main host", async () => {
  const theirs = await linkOf(other, 'https://example.com/theirs')
  expect((await onHost('GO.example.test', theirs.slug)).status).toBe(404)
  expect((await visit(`${server.url}/${theirs.slug}`)).status).toBe(302)
})

it('resolves nothing on the domain once its account is back on the free plan', async () => {
  const mine = await linkOf(owner, 'https://example.com/mine-too')
  const theirs = await linkOf(other, 'https://example.com/theirs-too')
  expect((await onHost('go.example.test', mine.slug)).status).toBe(302)
  const admin = await signUp(http, 'admin')
  await grantSuperAdmin(server, admin.email)
  const downgrade = await http.patch(`/api/admin/users/${owner.user.id}/plan`, { plan: 'free' }, { token: admin.token })
  expect(downgrade.status).toBe(200)
  expect((await onHost('go.example.test', mine.slug)).status).toBe(404)
  expect((await onHost('go.example.test', theirs.slug)).status).toBe(404)
  expect((await visit(`${server.url}/${mine.slug}`)).status).toBe(302)
})
