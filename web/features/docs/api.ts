import useSWR from 'swr'
import { api, apiUrl } from '../../lib/api'

/** The subset of an OpenAPI 3.1 document the reference reads. */
export type JsonSchema = {
  type?: string | string[]
  $ref?: string
  description?: string
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  default?: unknown
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
}
export type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }
type Response = { description?: string; content?: Record<string, { schema?: JsonSchema }>; headers?: Record<string, { schema?: JsonSchema }> }
export type Operation = {
  summary?: string
  description?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, Response>
  operationId?: string
}
export type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string; description?: string }
  servers?: { url: string; description?: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

/** The server's OpenAPI document, read at run time so the reference always matches the API. */
export const useOpenApiDocument = () => useSWR<OpenApiDocument>('/openapi.json', api.get)

export type TestAnswer = { status: number; statusText: string; ms: number; body: string }

/**
 * The tester's call. Unlike lib/api.ts it sends the API key instead of the session and shows every
 * answer as it came, errors included, so it uses fetch itself.
 */
export async function sendTestRequest(method: string, path: string, key: string, body?: unknown): Promise<TestAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const started = performance.now()
  const response = await fetch(apiUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' })
  const text = await response.text()
  const ms = Math.round(performance.now() - started)
  let pretty = text
  try {
    pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : ''
  } catch {}
  return { status: response.status, statusText: response.statusText, ms, body: pretty }
}
