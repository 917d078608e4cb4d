// A small JSON client for black-box tests: answers status, headers and the parsed body.
export type Answer<T = any> = { status: number; headers: Headers; body: T; text: string }

export type RequestOptions = { token?: string; headers?: Record<string, string>; raw?: string }

export function client(baseUrl: string) {
  async function call<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let payload: string | undefined = options.raw
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    const response = await fetch(baseUrl + path, { method, headers, body: payload, redirect: 'manual' })
    const text = await response.text()
    let parsed: unknown = text
    if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: parsed as T, text }
  }
  return {
    call,
    get: <T = any>(path: string, options?: RequestOptions) => call<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>('POST', path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>('PATCH', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) => call<T>('PUT', path, body, options),
    delete: <T = any>(path: string, options?: RequestOptions) => call<T>('DELETE', path, undefined, options),
  }
}

export type Client = ReturnType<typeof client>

/** An address unique to this run, for accounts that must not collide. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** Opens a short link as a person would (a browser's User-Agent), without following the redirect. */
export function visit(url: string, options: { userAgent?: string; method?: string; referrer?: string; from?: string } = {}) {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? BROWSER }
  if (options.referrer) headers.referer = options.referrer
  // The client's address as a trusted proxy in front of the server reports it (TRUST_PROXY).
  if (options.from) headers['x-forwarded-for'] = options.from
  return fetch(url, { method: options.method ?? 'GET', headers, redirect: 'manual' })
}
