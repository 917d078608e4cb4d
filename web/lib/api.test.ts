import { afterEach, describe, expect, it, mock } from 'bun:test'
import { ApiError, api, errorMessage, fieldErrorsOf, readHostConfig, resolveApiUrl, setTokenSource, type HostConfig } from './api'

const hosts: HostConfig = { marketingHost: 'linkcard.dev', appHost: 'app.linkcard.dev', apiHost: 'api.linkcard.dev' }

describe('resolveApiUrl', () => {
  it('keeps calls same-origin under /api when no hosts are set', () => {
    expect(resolveApiUrl('/auth/login', 'localhost:3000')).toBe('/api/auth/login')
    expect(resolveApiUrl('/api/auth/login', 'localhost:3000')).toBe('/api/auth/login')
    expect(resolveApiUrl('/shareLinks', 'example.com', { marketingHost: null, appHost: null, apiHost: null })).toBe('/api/shareLinks')
    // '/apiKeys' starts with '/api' but is not under it.
    expect(resolveApiUrl('/apiKeys', 'localhost:3000')).toBe('/api/apiKeys')
  })

  it('keeps calls same-origin on any host other than the marketing host', () => {
    expect(resolveApiUrl('/auth/me', 'app.linkcard.dev', hosts)).toBe('/api/auth/me')
    expect(resolveApiUrl('/link', 'api.linkcard.dev', hosts)).toBe('/api/link')
    expect(resolveApiUrl('/apiKeys', 'staging.linkcard.dev', hosts)).toBe('/api/apiKeys')
  })

  it('sends app calls from the marketing host to the app host, keeping /api', () => {
    for (const path of [
      '/auth/login',
      '/shareLinks',
      '/shareLinks/42',
      '/apiKeys',
      '/analytics/x',
      '/usage',
      '/billing/checkout',
      '/contact',
      '/domains',
      '/admin/stats',
      '/api/admin/users?page=1&limit=20',
    ])
      expect(resolveApiUrl(path, 'linkcard.dev', hosts)).toBe(`https://app.linkcard.dev${path.startsWith('/api/') ? path : `/api${path}`}`)
  })

  it('sends every other call from the marketing host to the api host without /api', () => {
    expect(resolveApiUrl('/link', 'linkcard.dev', hosts)).toBe('https://api.linkcard.dev/link')
    expect(resolveApiUrl('/api/crawl-url', 'linkcard.dev', hosts)).toBe('https://api.linkcard.dev/crawl-url')
    expect(resolveApiUrl('/dashboard-stats', 'linkcard.dev', hosts)).toBe('https://api.linkcard.dev/dashboard-stats')
    expect(resolveApiUrl('/custom-domain/status', 'linkcard.dev', hosts)).toBe('https://api.linkcard.dev/custom-domain/status')
    // '/api/admin' without the slash is not under '/api/admin/'.
    expect(resolveApiUrl('/admin', 'linkcard.dev', hosts)).toBe('https://api.linkcard.dev/admin')
  })

  it('compares the page host case-insensitively and with its port', () => {
    expect(resolveApiUrl('/usage', 'LinkCard.dev', hosts)).toBe('https://app.linkcard.dev/api/usage')
    expect(resolveApiUrl('/usage', 'linkcard.dev:8443', hosts)).toBe('/api/usage')
    expect(resolveApiUrl('/usage', 'localhost:8443', { ...hosts, marketingHost: 'localhost:8443' })).toBe('https://app.linkcard.dev/api/usage')
  })

  it('stays same-origin for a host that is not configured', () => {
    expect(resolveApiUrl('/usage', 'linkcard.dev', { ...hosts, appHost: null })).toBe('/api/usage')
    expect(resolveApiUrl('/link', 'linkcard.dev', { ...hosts, apiHost: null })).toBe('/api/link')
  })
})

describe('readHostConfig', () => {
  const doc = (content: string | null) => ({
    querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)),
  })

  it('reads the hosts the server wrote into the meta tag', () => {
    expect(readHostConfig(doc(JSON.stringify(hosts)))).toEqual(hosts)
  })

  it('treats nulls, blanks, a missing tag and bad JSON as unset', () => {
    const none = { marketingHost: null, appHost: null, apiHost: null }
    expect(readHostConfig(doc('{}'))).toEqual(none)
    expect(readHostConfig(doc('{"marketingHost":null,"appHost":"","apiHost":3}'))).toEqual(none)
    expect(readHostConfig(doc(null))).toEqual(none)
    expect(readHostConfig(doc('{nope'))).toEqual(none)
  })
})

/** The error a call is expected to throw. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: ApiError) => error,
  )

describe('api requests', () => {
  const realFetch = globalThis.fetch
  afterEach(() => {
    globalThis.fetch = realFetch
    setTokenSource(() => null)
  })

  function answer(body: string, init: ResponseInit & { json?: boolean } = {}) {
    const calls: { url: string; init: RequestInit }[] = []
    globalThis.fetch = mock(async (url: string | URL | Request, requestInit?: RequestInit) => {
      calls.push({ url: String(url), init: requestInit ?? {} })
      const headers: Record<string, string> = init.json === false ? {} : { 'content-type': 'application/json' }
      return new Response(body || null, { status: init.status ?? 200, statusText: init.statusText, headers })
    }) as unknown as typeof fetch
    return calls
  }

  it('sends credentials, and JSON with its content type only when there is a body', async () => {
    const calls = answer('{"ok":true}')
    expect(await api.get('/usage')).toEqual({ ok: true })
    await api.post('/contact', { email: 'a@b.co', message: 'hi' })
    expect(calls[0].url).toBe('/api/usage')
    expect(calls[0].init.credentials).toBe('include')
    expect(calls[0].init.method).toBe('GET')
    expect(calls[0].init.body).toBeUndefined()
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toBeUndefined()
    expect(calls[1].init.method).toBe('POST')
    expect(calls[1].init.body).toBe('{"email":"a@b.co","message":"hi"}')
    expect((calls[1].init.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  it('sends the session token as a bearer Authorization header when there is one', async () => {
    const calls = answer('{}')
    await api.get('/auth/me')
    expect((calls[0].init.headers as Record<string, string>).authorization).toBeUndefined()
    setTokenSource(() => 'tok123')
    await api.delete('/shareLinks/1')
    expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer tok123')
  })

  it('answers undefined for an empty body (204)', async () => {
    answer('', { status: 204 })
    expect(await api.delete('/apiKeys/1')).toBeUndefined()
  })

  it('throws "status: body text" with the parsed body on a non-ok answer', async () => {
    answer('{"message":"Invalid email or password."}', { status: 401, statusText: 'Unauthorized' })
    const error = await failure(api.post('/auth/login', { email: 'a@b.co', password: 'x' }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('401: {"message":"Invalid email or password."}')
    expect(error.status).toBe(401)
    expect(error.body).toEqual({ message: 'Invalid email or password.' })
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password.')
  })

  it('uses the status text when the error body is empty, and a read answered 401 throws too', async () => {
    answer('', { status: 401, statusText: 'Unauthorized', json: false })
    const error = await failure(api.get('/auth/me'))
    expect(error.message).toBe('401: Unauthorized')
    expect(errorMessage(error, 'Failed to fetch user')).toBe('Failed to fetch user')
  })

  it('keeps a non-JSON error body as text', async () => {
    answer('Bad gateway', { status: 502, statusText: 'Bad Gateway', json: false })
    const error = await failure(api.get('/usage'))
    expect(error.message).toBe('502: Bad gateway')
    expect(error.body).toBe('Bad gateway')
  })
})

describe('errorMessage', () => {
  it('falls back for network failures and bodies without a message', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to send message')).toBe('Failed to send message')
    expect(errorMessage(new ApiError(500, { oops: 1 }, '{"oops":1}', 'Server Error'), 'x')).toBe('x')
    expect(errorMessage(new ApiError(400, { message: '' }, '', ''), 'x')).toBe('x')
  })
})

describe('fieldErrorsOf', () => {
  it("answers the fields a refusal names, and nothing for any other failure", () => {
    const refusal = new ApiError(400, { message: 'Invalid', errors: [{ field: 'url', message: 'Bad URL' }, null] }, '', '')
    expect(fieldErrorsOf(refusal)).toEqual([{ field: 'url', message: 'Bad URL' }])
    expect(fieldErrorsOf(new ApiError(409, { message: 'Taken' }, '', ''))).toEqual([])
    expect(fieldErrorsOf(new ApiError(502, null, '', 'Bad Gateway'))).toEqual([])
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toEqual([])
  })
})
