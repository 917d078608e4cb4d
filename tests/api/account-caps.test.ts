// Every per-account cap holds however many creates arrive at once: each is counted and written
// holding the account (one transaction at a time on SQLite, a lock on the account's row on
// PostgreSQL). The same scenarios run against two instances in multi-instance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { signUp } from '../helpers/accounts'
import { capScenarios } from '../helpers/account-caps'
import { client, type Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { startWebhookReceiver } from '../helpers/webhook-receiver'

const receiver = startWebhookReceiver()
let server: TestServer
let http: Client

beforeAll(async () => {
  server = await startServer({ env: { FETCH_ALLOWED_HOSTS: receiver.host } })
  http = client(server.url)
})
afterAll(async () => {
  await server?.close()
  receiver.stop()
})

/** `made` calls were answered 2xx, and the others all with the cap's refusal. */
const refusedOrMade = (statuses: number[], made: number, refusal: number) => {
  expect(statuses.filter((status) => status < 300)).toHaveLength(made)
  expect(statuses.filter((status) => status >= 300)).toEqual(Array(statuses.length - made).fill(refusal))
}

describe('per-account caps under concurrency', () => {
  it('hold the tags of an account to 1,000 when links naming new tags are made at once', async () => {
    const { statuses, stored, cap } = await capScenarios.tagsThroughLinks([http], server, await signUp(http, 'tags-links'))
    expect(stored).toBe(cap)
    refusedOrMade(statuses, 1, 400)
  }, 30_000)

  it('hold the tags of an account to 1,000 when tags are made at once', async () => {
    const { statuses, stored, cap } = await capScenarios.tags([http], server, await signUp(http, 'tags'))
    expect(stored).toBe(cap)
    refusedOrMade(statuses, 50, 400)
  }, 30_000)

  it('hold webhook endpoints to 10 when 30 are added at once', async () => {
    const { statuses, stored, cap } = await capScenarios.webhookEndpoints([http], server, await signUp(http, 'webhooks'), receiver.url)
    expect(stored).toBe(cap)
    refusedOrMade(statuses, cap, 409)
  })

  it('hold UTM presets to 100 when 30 are made at once', async () => {
    const { statuses, stored, cap } = await capScenarios.utmPresets([http], server, await signUp(http, 'presets'))
    expect(stored).toBe(cap)
    refusedOrMade(statuses, 5, 400)
  }, 20_000)

  it('hold active API keys to 50 when 20 are made at once', async () => {
    const { statuses, stored, cap } = await capScenarios.apiKeys([http], server, await signUp(http, 'keys'))
    expect(stored).toBe(cap)
    refusedOrMade(statuses, 10, 409)
  }, 20_000)

  it('run one import an account at a time when ten start at once', async () => {
    const { statuses, stored, cap } = await capScenarios.imports([http], server, await signUp(http, 'imports'))
    expect(stored).toBe(cap)
    refusedOrMade(statuses, 1, 409)
  }, 20_000)
})
