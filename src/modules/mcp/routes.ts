import { Elysia } from 'elysia'
import { AppError } from '../../platform/errors'
import { apiKeyAuth } from '../public-api/api-key-auth'

// The protocol's SDK (and its schema libraries) is loaded on the first call: a server no assistant
// speaks to never pays for it at start.
let assistant: Promise<[typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), typeof import('./server')]> | undefined
const loadAssistant = () => (assistant ??= Promise.all([import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), import('./server')]))

// Streamable HTTP without sessions: each request is answered on its own, with JSON rather than a
// stream, so any instance answers any request. With no session, the server never speaks first:
// no stream to open (GET) and none to end (DELETE).
const noStream = () => new Response(null, { status: 405, headers: { allow: 'POST' } })

export const mcpRoutes = new Elysia()
  .use(apiKeyAuth)
  .get('/mcp', noStream, { apiKey: 'any', detail: { hide: true } })
  .delete('/mcp', noStream, { apiKey: 'any', detail: { hide: true } })
  .post(
    '/mcp',
    async ({ owner, request }) => {
      let message: unknown
      try {
        message = JSON.parse(await request.text())
      } catch {
        throw new AppError('invalid', 'The body must be one JSON-RPC message.')
      }
      // The protocol has had no batches since 2025-06-18: one message a request, so one call against the key's rate limit.
      if (Array.isArray(message)) throw new AppError('invalid', 'Send one JSON-RPC message a request; batches are not taken.')
      const [{ WebStandardStreamableHTTPServerTransport }, { assistantServer }] = await loadAssistant()
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      await assistantServer(owner).connect(transport)
      return transport.handleRequest(request, { parsedBody: message })
    },
    // Each tool checks the scope it needs.
    { apiKey: 'any', parse: 'none', detail: { summary: 'Model Context Protocol (streamable HTTP) for AI assistants', hide: true } },
  )
