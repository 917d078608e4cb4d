// The assistant endpoint, driven by the Model Context Protocol SDK's own client over streamable
// HTTP: an API key's tools create, find, inspect and change links of its account only, within its scopes.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { API_KEY_MESSAGES } from '../../src/shared/api-keys'
import { signUp, type SignedIn } from '../helpers/accounts'
import { keywordsClientsIgnore } from '../helpers/ignored-keywords'
import { client as httpClient, type Client as Http } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let http: Http
let owner: SignedIn

beforeAll(async () => {
  server = await startServer()
  http = httpClient(server.url)
  owner = await signUp(http, 'mcp')
})
afterAll(() => server?.close())

const keyOf = async (who: SignedIn, scopes?: string[]) => (await http.post<{ key: string }>('/api/apiKeys', { name: 'Assistant', ...(scopes && { scopes }) }, { token: who.token })).body.key

async function connect(key: string) {
  const assistant = new Client({ name: 'linkcard-test-assistant', version: '1.0.0' })
  await assistant.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }))
  return assistant
}
const call = async (assistant: Client, name: string, args: Record<string, unknown>) => (await assistant.callTool({ name, arguments: args })) as CallToolResult
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
const jsonOf = (result: CallToolResult) => JSON.parse(textOf(result))

describe('/api/mcp', () => {
  it('lists the four tools, and creates, finds, changes and inspects a link with them', async () => {
    const assistant = await connect(await keyOf(owner))
    expect((await assistant.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['create_link', 'get_link_stats', 'list_links', 'update_link'])

    const created = await call(assistant, 'create_link', { targetUrl: 'https://example.com/assistant', title: 'Made by an assistant', alias: `assistant-${Date.now()}` })
    expect(created.isError).toBeFalsy()
    const link = jsonOf(created)
    expect(link.url).toStartWith(`${server.url}/assistant-`)
    expect((await fetch(link.url, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/assistant')

    const found = jsonOf(await call(assistant, 'list_links', { search: 'assistant' }))
    expect(found.links.map((each: { id: string }) => each.id)).toEqual([link.id])
    expect(found.total).toBe(1)

    const changed = jsonOf(await call(assistant, 'update_link', { id: link.id, title: 'Renamed by an assistant' }))
    expect(changed.title).toBe('Renamed by an assistant')
    expect((await http.get(`/api/shareLinks/${link.id}`, { token: owner.token })).body.title).toBe('Renamed by an assistant')

    // Stats are for paid plans: the refusal is the API's own words.
    const stats = await call(assistant, 'get_link_stats', { id: link.id })
    expect(stats.isError).toBe(true)
    expect(textOf(stats)).toContain('paid plan')
    await assistant.close()
  })

  it("states each tool's input in shapes clients honour: the title create_link needs is required, and no rule uses a keyword they ignore", async () => {
    const assistant = await connect(await keyOf(owner))
    const { tools } = await assistant.listTools()
    expect(tools.flatMap((tool) => keywordsClientsIgnore(tool.inputSchema, `${tool.name}#`))).toEqual([])
    expect(tools.find((tool) => tool.name === 'create_link')?.inputSchema.required?.sort()).toEqual(['targetUrl', 'title'])
    await assistant.close()
  })

  it("answers the product's refusals as tool errors, and sees no other account's links", async () => {
    const assistant = await connect(await keyOf(owner))
    const bad = await call(assistant, 'create_link', { targetUrl: 'not a url', title: 'Bad' })
    expect(bad.isError).toBe(true)
    expect(textOf(bad)).toStartWith('targetUrl: ')

    const long = await call(assistant, 'list_links', { search: 's'.repeat(201) })
    expect(long.isError).toBe(true)
    expect(textOf(long)).toContain('search')

    const stranger = await signUp(http, 'mcp-stranger')
    const theirs = (await http.post('/api/shareLinks', { targetUrl: 'https://example.com/theirs', title: 'Theirs' }, { token: stranger.token })).body
    const changed = await call(assistant, 'update_link', { id: theirs.id, title: 'Taken over' })
    expect(changed.isError).toBe(true)
    expect((await http.get(`/api/shareLinks/${theirs.id}`, { token: stranger.token })).body.title).toBe('Theirs')
    expect(jsonOf(await call(assistant, 'list_links', { search: 'Theirs' })).total).toBe(0)
    await assistant.close()
  })

  it("holds a key to its scopes, naming the one a tool needs", async () => {
    const assistant = await connect(await keyOf(owner, ['links:read']))
    expect(jsonOf(await call(assistant, 'list_links', {})).links.length).toBeGreaterThan(0)
    const refused = await call(assistant, 'create_link', { targetUrl: 'https://example.com/scoped', title: 'Not allowed' })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe(API_KEY_MESSAGES.missingScope('links:write'))
    expect(textOf(await call(assistant, 'get_link_stats', { id: 'any' }))).toBe(API_KEY_MESSAGES.missingScope('analytics:read'))
    await assistant.close()
  })

  it('refuses a call without a valid key with 401, before any tool runs', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }
    for (const authorization of [undefined, 'Bearer lnk_wrong']) {
      const answer = await fetch(`${server.url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization && { authorization }) },
        body: JSON.stringify(initialize),
      })
      expect(answer.status).toBe(401)
    }
    await expect(connect('lnk_wrong')).rejects.toThrow()
    // One message a request: a batch is refused, so each call counts against the key's rate limit.
    const batch = await fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${await keyOf(owner)}` },
      body: JSON.stringify([initialize, { ...initialize, id: 2 }]),
    })
    expect(batch.status).toBe(400)
    // No session, so no stream to open or end.
    const key = await keyOf(owner)
    for (const method of ['GET', 'DELETE']) expect((await fetch(`${server.url}/api/mcp`, { method, headers: { authorization: `Bearer ${key}` } })).status).toBe(405)
  })
})

describe('/api/mcp from a web page', () => {
  it('answers the preflight of an MCP client on another origin', async () => {
    const preflight = await fetch(`${server.url}/api/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://assistant.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-protocol-version' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/)
    for (const header of ['authorization', 'content-type', 'mcp-protocol-version']) expect(allowed).toContain(header)
  })

  it("lets the page read a real call's answer and its rate-limit headers", async () => {
    const answer = await fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: {
        origin: 'https://assistant.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${await keyOf(owner)}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } } }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining')
    expect(answer.headers.has('x-ratelimit-remaining')).toBe(true)
    expect((await answer.json()).result.serverInfo).toBeDefined()
    // Refused without a key, the page still reads why.
    const refused = await fetch(`${server.url}/api/mcp`, { method: 'POST', headers: { origin: 'https://assistant.example', 'content-type': 'application/json' }, body: '{}' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
  })
})
