// A change and its webhook message are stored together (an outbox): when the message cannot be
// stored, the change is not made either, and a message stored with its change is delivered even
// when the process is killed right after answering.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { confirmAddress, invitedMember, PASSWORD, signUp, type SignedIn } from '../helpers/accounts'
import { client, visit, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { CRAWLER_UA } from '../helpers/user-agents'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

const receiver = startWebhookReceiver()
let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: receiver.host, TRUST_PROXY: '127.0.0.1' } })
  http = client(server.url)
})
afterAll(async () => {
  await server?.close()
  receiver.stop()
})

const as = (who: SignedIn) => ({ token: who.token })
async function addEndpoint(to: Client, who: SignedIn, events: string[]) {
  const made = await to.post('/api/webhooks', { url: receiver.url, events }, as(who))
  expect(made.status).toBe(201)
  receiver.trust(made.body.secret)
  return made.body as { id: string }
}

/** Makes storing any webhook message of the account fail, as a full disk or a lost connection would, until undone. */
async function failMessagesOf(on: TestServer, accountId: string) {
  if (on.databaseUrl) {
    await sql(on, `create or replace function fail_messages() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`)
    await sql(on, `create trigger fail_messages before insert on webhook_deliveries for each row when (new.account_id = '${accountId}') execute function fail_messages()`)
  } else await sql(on, `create trigger fail_messages before insert on webhook_deliveries when new.account_id = '${accountId}' begin select raise(abort, 'injected failure'); end`)
  return () => sql(on, on.databaseUrl ? 'drop trigger fail_messages on webhook_deliveries' : 'drop trigger fail_messages')
}

describe('a change and its webhook message', () => {
  it('are stored together: a link whose message cannot be stored is not created, changed or deleted', async () => {
    const who = await signUp(http, 'outbox')
    await addEndpoint(http, who, ['link.created', 'link.updated', 'link.deleted'])
    const kept = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/kept', title: 'Kept', tags: ['before'] }, as(who))).body
    await until(() => receiver.of('link.created').filter((message) => message.data.id === kept.id), { what: 'the first message', done: (list) => list.length === 1 })
    const linksOf = async () => (await sql<{ title: string; is_active: unknown }>(server, 'select title, is_active from share_links where account_id = $1 order by title', [who.user.accountId])).map((row) => `${row.title}:${Boolean(row.is_active)}`)
    const before = await linksOf()
    const messagesBefore = receiver.received.length

    const key = (await http.post('/api/apiKeys', { name: 'outbox' }, as(who))).body.key as string
    const undo = await failMessagesOf(server, who.user.accountId)
    try {
      const refused = [
        await http.post('/api/shareLinks', { targetUrl: 'https://example.com/never', title: 'Never' }, as(who)),
        await http.post('/api/links/bulk', { links: [1, 2, 3].map((i) => ({ targetUrl: `https://example.com/never-${i}`, title: `Never ${i}` })) }, { token: key }),
        await http.patch(`/api/shareLinks/${kept.id}`, { title: 'Changed', tags: ['after'] }, as(who)),
        await http.post('/api/shareLinks/bulk', { action: 'deactivate', ids: [kept.id] }, as(who)),
        await http.post('/api/shareLinks/bulk', { action: 'delete', ids: [kept.id] }, as(who)),
        await http.delete(`/api/shareLinks/${kept.id}`, as(who)),
      ]
      expect(refused.map((answer) => answer.status)).toEqual([500, 500, 500, 500, 500, 500])
      expect(refused.every((answer) => answer.body.message === 'Something went wrong.')).toBe(true)
    } finally {
      await undo()
    }
    expect(await linksOf()).toEqual(before)
    expect((await http.get(`/api/shareLinks/${kept.id}`, as(who))).body.tags).toEqual(['before'])

    // Once messages can be stored again, each change is made and told.
    expect((await http.patch(`/api/shareLinks/${kept.id}`, { title: 'Changed', tags: ['after'] }, as(who))).status).toBe(200)
    const [updated] = await until(() => receiver.of('link.updated').filter((message) => message.data.id === kept.id), { what: 'the link.updated message', done: (list) => list.length === 1 })
    expect(updated).toMatchObject({ verified: true, data: { title: 'Changed', tags: ['after'] } })
    expect((await http.delete(`/api/shareLinks/${kept.id}`, as(who))).status).toBe(204)
    await until(() => receiver.of('link.deleted').filter((message) => message.data.id === kept.id), { what: 'the link.deleted message', done: (list) => list.length === 1 })
    expect(receiver.received.length).toBe(messagesBefore + 2)

    // A batch's messages are stored with it too, each link's once.
    const made = await http.post('/api/links/bulk', { links: [1, 2, 3].map((i) => ({ targetUrl: `https://example.com/made-${i}`, title: `Made ${i}` })) }, { token: key })
    const ids = made.body.results.map((result: { link: { id: string } }) => result.link.id)
    const told = await until(() => receiver.of('link.created').filter((message) => ids.includes(message.data.id)), { what: "the batch's messages", done: (list) => list.length === 3 })
    expect(told.every((message) => message.verified)).toBe(true)
  })

  it("are stored together when a person is deleted: each link they made in another's account is told of as deleted", async () => {
    const owner = await signUp(http, 'outbox-owner')
    await confirmAddress(http, server.dataDir, owner.email)
    await addEndpoint(http, owner, ['link.deleted'])
    const member = await invitedMember(http, server, owner, 'member')
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/members', title: "A member's" }, as(member))).body
    expect((await http.call('DELETE', '/api/auth/delete-account', { currentPassword: PASSWORD }, as(member))).status).toBe(204)
    expect((await http.get(`/api/shareLinks/${link.id}`, as(owner))).status).toBe(404)
    const [told] = await until(() => receiver.of('link.deleted').filter((message) => message.data.id === link.id), { what: 'the link.deleted message', done: (list) => list.length === 1 })
    expect(told).toMatchObject({ verified: true, data: { id: link.id, slug: link.slug, title: "A member's" } })
  })

  it('are stored together for the quota reached: a notice whose message cannot be stored is given again with the next preview', async () => {
    const who = await signUp(http, 'outbox-quota')
    await addEndpoint(http, who, ['quota.reached'])
    const link = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/quota', title: 'Counted' }, as(who))).body
    const stored = async () => (await sql<{ previews: number; notice_level: number }>(server, 'select previews, notice_level from usage_counters where account_id = $1', [who.user.accountId]))[0]
    const preview = async (platform: string, from: string) => {
      const before = Number((await stored())?.previews ?? 0)
      expect((await visit(link.url, { userAgent: CRAWLER_UA[platform], from })).status).toBe(200)
      await until(stored, { what: 'the preview to be stored', done: (row) => Number(row?.previews ?? 0) > before })
    }
    await preview('facebook', '198.51.100.31')
    await sql(server, 'update usage_counters set previews = 399 where account_id = $1', [who.user.accountId])
    const undo = await failMessagesOf(server, who.user.accountId)
    try {
      await preview('slack', '198.51.100.32')
      // The notice is tried after the count is stored: wait for its failure before the trigger goes.
      const failed = (line: string) => line.includes('quota notice failed') && line.includes(who.user.accountId)
      await until(() => server.logs().filter(failed), { what: 'the notice to fail', done: (lines) => lines.length === 1 })
      // The count is kept; the notice is not taken as given.
      expect(Number((await stored())!.notice_level)).toBe(0)
    } finally {
      await undo()
    }
    await preview('linkedin', '198.51.100.33')
    const mine = () => receiver.of('quota.reached').filter((message) => message.verified && JSON.parse(message.body).data.previews >= 400 && message.data.limit === 500)
    const [eighty] = await until(mine, { what: 'the quota.reached message', done: (list) => list.length === 1 })
    expect(eighty!.data).toMatchObject({ percent: 80, previews: 401 })
    expect(Number((await stored())!.notice_level)).toBe(80)
  })

  it('are stored together: a link created just before the process is killed is told after the restart', async () => {
    const killed = await startServer({ env: { FETCH_ALLOWED_HOSTS: receiver.host } })
    try {
      const http2 = client(killed.url)
      const who = await signUp(http2, 'outbox-killed')
      const endpoint = await addEndpoint(http2, who, ['link.created'])
      // Not delivered before the kill, whether or not it is tried.
      receiver.answer(503)
      const link = (await http2.post('/api/shareLinks', { targetUrl: 'https://example.com/killed', title: 'Killed' }, as(who))).body
      await killed.kill()
      receiver.answer(200)
      await killed.restart()
      const [delivery] = await until(async () => (await http2.get(`/api/webhooks/${endpoint.id}/deliveries`, as(who))).body.deliveries as any[], {
        what: 'the link.created message delivered after the restart',
        done: (list) => list[0]?.status === 'delivered',
        // A delivery cut off by the kill waits for its claim to lapse (15 s).
        timeoutMs: 30_000,
      })
      expect(JSON.parse(delivery.body).data.id).toBe(link.id)
      const told = receiver.of('link.created').filter((message) => message.data.id === link.id)
      expect(told.every((message) => message.verified && message.id === delivery.id)).toBe(true)
    } finally {
      receiver.answer(200)
      await killed.close()
    }
  }, 60_000)
})
