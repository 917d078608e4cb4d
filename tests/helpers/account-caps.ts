// Per-account caps under concurrency: each scenario fills an account to just under a cap, fires many
// creates at once (spread over the instances given, round robin) and counts what is stored. Used by
// the single-server test (tests/api/account-caps.test.ts) and the two-instance one.
import { MAX_ACTIVE_API_KEYS } from '../../src/shared/api-keys'
import { TAGS_PER_ACCOUNT_MAX, TAGS_PER_LINK_MAX } from '../../src/shared/tags'
import { UTM_PRESETS_PER_ACCOUNT_MAX } from '../../src/shared/utm-presets'
import { WEBHOOK_ENDPOINTS_MAX } from '../../src/shared/webhooks'
import type { SignedIn } from './accounts'
import type { Client } from './http'
import type { TestServer } from './server'
import { sql } from './sql'

type Fired = { statuses: number[]; stored: number; cap: number }

/** `count` calls at once, the i-th on clients[i % clients.length]; answers their statuses. */
async function atOnce(clients: Client[], count: number, call: (http: Client, i: number) => Promise<{ status: number }>) {
  return (await Promise.all(Array.from({ length: count }, (_, i) => call(clients[i % clients.length]!, i)))).map((answer) => answer.status)
}

const countOf = async (server: TestServer, table: string, who: SignedIn, where = '') =>
  Number((await sql<{ n: number | string }>(server, `select count(*) as n from ${table} where account_id = $1 ${where}`, [who.user.accountId]))[0]!.n)

const distinctTags = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`)

/** Gives the account `count` tags (a multiple of a link's most), through links that name them. */
async function fillTags(http: Client, who: SignedIn, count: number) {
  for (let i = 0; i < count / TAGS_PER_LINK_MAX; i++) {
    const made = await http.post('/api/shareLinks', { targetUrl: `https://example.com/fill/${i}`, title: 'Fill', tags: distinctTags(`fill${i}`, TAGS_PER_LINK_MAX) }, { token: who.token })
    if (made.status !== 201) throw new Error(`filling tags answered ${made.status}: ${made.text}`)
  }
}

export const capScenarios = {
  /** Six link creates at once, each naming 50 tags the account lacks, 50 short of the cap. */
  async tagsThroughLinks(clients: Client[], server: TestServer, who: SignedIn): Promise<Fired> {
    await fillTags(clients[0]!, who, TAGS_PER_ACCOUNT_MAX - TAGS_PER_LINK_MAX)
    const statuses = await atOnce(clients, 6, (http, i) =>
      http.post('/api/shareLinks', { targetUrl: `https://example.com/race/${i}`, title: 'Race', tags: distinctTags(`race${i}`, TAGS_PER_LINK_MAX) }, { token: who.token }),
    )
    return { statuses, stored: await countOf(server, 'tags', who), cap: TAGS_PER_ACCOUNT_MAX }
  },

  /** Eighty tags made at once, fifty short of the cap. */
  async tags(clients: Client[], server: TestServer, who: SignedIn): Promise<Fired> {
    await fillTags(clients[0]!, who, TAGS_PER_ACCOUNT_MAX - TAGS_PER_LINK_MAX)
    const statuses = await atOnce(clients, 80, (http, i) => http.post('/api/tags', { name: `race-${i}` }, { token: who.token }))
    return { statuses, stored: await countOf(server, 'tags', who), cap: TAGS_PER_ACCOUNT_MAX }
  },

  /** Thirty webhook endpoints added at once to an account without any. */
  async webhookEndpoints(clients: Client[], server: TestServer, who: SignedIn, url: string): Promise<Fired> {
    const statuses = await atOnce(clients, 30, (http, i) => http.post('/api/webhooks', { url: `${url}/hook-${i}`, events: ['link.created'] }, { token: who.token }))
    return { statuses, stored: await countOf(server, 'webhook_endpoints', who), cap: WEBHOOK_ENDPOINTS_MAX }
  },

  /** Thirty UTM presets made at once, five short of the cap. */
  async utmPresets(clients: Client[], server: TestServer, who: SignedIn): Promise<Fired> {
    const [first] = clients as [Client]
    for (let i = 0; i < UTM_PRESETS_PER_ACCOUNT_MAX - 5; i++) {
      const made = await first.post('/api/utmPresets', { name: `Fill ${i}`, source: 'fill' }, { token: who.token })
      if (made.status !== 201) throw new Error(`filling presets answered ${made.status}: ${made.text}`)
    }
    const statuses = await atOnce(clients, 30, (http, i) => http.post('/api/utmPresets', { name: `Race ${i}`, source: 'race' }, { token: who.token }))
    return { statuses, stored: await countOf(server, 'utm_presets', who), cap: UTM_PRESETS_PER_ACCOUNT_MAX }
  },

  /** Twenty API keys made at once, ten short of the cap on active keys (within the hourly 60 new keys). */
  async apiKeys(clients: Client[], server: TestServer, who: SignedIn): Promise<Fired> {
    const [first] = clients as [Client]
    for (let i = 0; i < MAX_ACTIVE_API_KEYS - 10; i++) {
      const made = await first.post('/api/apiKeys', { name: `Fill ${i}` }, { token: who.token })
      if (made.status !== 201) throw new Error(`filling keys answered ${made.status}: ${made.text}`)
    }
    const statuses = await atOnce(clients, 20, (http, i) => http.post('/api/apiKeys', { name: `Race ${i}` }, { token: who.token }))
    return { statuses, stored: await countOf(server, 'api_keys', who, 'and revoked_at is null'), cap: MAX_ACTIVE_API_KEYS }
  },

  /**
   * Ten imports started at once. Each has more rows than the free plan's links an hour, so the one
   * that runs pauses unfinished instead of ending before the others are refused.
   */
  async imports(clients: Client[], server: TestServer, who: SignedIn): Promise<Fired> {
    const file = `url,title\n${Array.from({ length: 1200 }, (_, i) => `https://example.com/imported/${i},Imported ${i}`).join('\n')}\n`
    const statuses = await atOnce(clients, 10, (http) =>
      http.post('/api/imports', { file, source: 'csv', fileName: 'links.csv', mapping: { targetUrl: 'url', title: 'title' } }, { token: who.token }),
    )
    return { statuses, stored: await countOf(server, 'link_imports', who), cap: 1 }
  },
}
