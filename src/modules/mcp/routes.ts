import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Elysia } from 'elysia'
import { apiKeyAuth } from '../public-api/api-key-auth'
import { assistantServer } from './server'

// Streamable HTTP without sessions: each request is answered on its own, with JSON rather than a
// stream, so any instance answers any request. With no session, the server never speaks first:
// no stream to open (GET) and none to end (DELETE).
const noStream = () => new Response(null, { status: 405, headers: { allow: 'POST' } })

export const mcpRoutes = new Elysia()
  .use(apiKeyAuth)
  .get('/mcp', noStream, { detail: { hide: true } })
  .delete('/mcp', noStream, { detail: { hide: true } })
  .post(
    '/mcp',
    async ({ owner, request }) => {
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      await assistantServer(owner).connect(transport)
      return transport.handleRequest(request)
    },
    // Each tool checks the scope it needs.
    { apiKey: 'any', parse: 'none', detail: { summary: 'Model Context Protocol (streamable HTTP) for AI assistants', hide: true } },
  )
