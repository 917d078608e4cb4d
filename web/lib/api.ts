// The one fetch wrapper. It only throws; each screen chooses its own toast.
import { mutate } from 'swr'
import { SECOND_FACTOR_REQUIRED } from '../../src/shared/members'

export type HostConfig = { marketingHost: string | null; appHost: string | null; apiHost: string | null }

const NO_HOSTS: HostConfig = { marketingHost: null, appHost: null, apiHost: null }

// Calls that belong to the signed-in app: from the marketing host they go to the app host.
const APP_HOST_PREFIXES = [
  '/api/auth/',
  '/api/shareLinks',
  '/api/apiKeys',
  '/api/analytics',
  '/api/usage',
  '/api/billing',
  '/api/contact',
  '/api/domains',
  '/api/admin/',
  '/api/images',
  '/api/brand',
  '/api/webhooks',
]

/**
 * Where a call goes. `path` is written as the calls are named ('/auth/login' or '/api/auth/login').
 * On the marketing host, app calls go to https://appHost (keeping /api) and every other call to
 * https://apiHost without /api; on any other host the call stays same-origin under /api.
 */
export function resolveApiUrl(path: string, pageHost: string, hosts: HostConfig = NO_HOSTS): string {
  const withApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') ? path : `/api${path}`
  const { marketingHost, appHost, apiHost } = hosts
  if (!marketingHost || pageHost.toLowerCase() !== marketingHost.toLowerCase()) return withApi
  if (APP_HOST_PREFIXES.some((prefix) => withApi.startsWith(prefix))) return appHost ? `https://${appHost}${withApi}` : withApi
  return apiHost ? `https://${apiHost}${withApi.slice('/api'.length) || '/'}` : withApi
}

/** The deployment's hosts, which the server writes into index.html's linkcard-config meta tag. */
export function readHostConfig(doc: Pick<Document, 'querySelector'> = document): HostConfig {
  const content = doc.querySelector('meta[name="linkcard-config"]')?.getAttribute('content')
  try {
    const parsed = content ? JSON.parse(content) : {}
    const host = (value: unknown) => (typeof value === 'string' && value ? value : null)
    return { marketingHost: host(parsed.marketingHost), appHost: host(parsed.appHost), apiHost: host(parsed.apiHost) }
  } catch {
    return NO_HOSTS
  }
}

let hostConfig: HostConfig | undefined

/** The full URL for a call from this page; also for full-page navigations such as provider sign-in. */
export function apiUrl(path: string): string {
  if (typeof document === 'undefined') return resolveApiUrl(path, '')
  hostConfig ??= readHostConfig()
  return resolveApiUrl(path, window.location.host, hostConfig)
}

/** An absolute URL of the public API for code samples: the API host's, or this site's /api. */
export function publicApiUrl(path: string) {
  const url = apiUrl(path)
  return url.startsWith('http') ? url : `${window.location.origin}${url}`
}

/** A non-ok answer. The message is `${status}: ${body text || statusText}`. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
    statusText: string,
  ) {
    super(`${status}: ${text || statusText}`)
  }
}

/** The server's `{message}` when it sent one, otherwise `fallback`: for "the server message or …". */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null
    if (body && typeof body.message === 'string' && body.message) return body.message
  }
  return fallback
}

/** Whether the server refused the call until the user sets up the second factor their workspace requires. */
export const isSecondFactorRequired = (error: unknown) => error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === SECOND_FACTOR_REQUIRED

/** The fields a refusal names (`{errors: [{field, message}]}`), for the form to show each under its field. */
export function fieldErrorsOf(error: unknown): { field?: string; message?: string }[] {
  const errors = error instanceof ApiError ? (error.body as { errors?: unknown } | null)?.errors : undefined
  return Array.isArray(errors) ? errors.filter((item) => typeof item === 'object' && item !== null) : []
}

type TokenSource = () => string | null
let readToken: TokenSource = () => null

/** The session store registers where the bearer token comes from (avoids an import cycle). */
export function setTokenSource(source: TokenSource) {
  readToken = source
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await send<T>(method, path, body)).body
}

/** One page of a list answered as an array, with the X-Total-Count the server sent beside it. */
export type PageOf<T> = { items: T[]; total: number }

/** Headers that carry the session, if any. */
function withSession(headers: Record<string, string>) {
  const token = readToken()
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}

/** The answer's text, as JSON when it says it is JSON. */
function bodyOf(response: Response, text: string): unknown {
  if (!text || !response.headers.get('content-type')?.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function send<T>(method: string, path: string, body?: unknown): Promise<{ body: T; headers: Headers }> {
  const headers = withSession({ accept: 'application/json' })
  const init: RequestInit = { method, headers, credentials: 'include' }
  if (body instanceof Blob) {
    // A file goes as it is, with its own type.
    headers['content-type'] = body.type || 'application/octet-stream'
    init.body = body
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  const response = await fetch(apiUrl(path), init)
  const text = await response.text()
  const parsed = bodyOf(response, text)
  if (!response.ok) throw new ApiError(response.status, parsed, text, response.statusText)
  return { body: (text ? parsed : undefined) as T, headers: response.headers }
}

/** A file the server answers, byte for byte as sent. */
async function download(path: string): Promise<Blob> {
  const response = await fetch(apiUrl(path), { headers: withSession({}), credentials: 'include' })
  if (response.ok) return response.blob()
  const text = await response.text()
  throw new ApiError(response.status, bodyOf(response, text), text, response.statusText)
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  getPage: async <T>(path: string): Promise<PageOf<T>> => {
    const { body, headers } = await send<T[]>('GET', path)
    const total = Number(headers.get('x-total-count'))
    return { items: body, total: Number.isInteger(total) && total >= 0 ? total : body.length }
  },
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  download,
}

/** SWR's fetcher: the key is the path. */
export const fetcher = <T>(path: string) => api.get<T>(path)

/** Drops every cached read, so one user's data never shows for the next. */
export const clearApiCache = () => mutate(() => true, undefined, { revalidate: false })
