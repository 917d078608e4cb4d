// A local stand-in for GitHub, as its documentation describes the parts sign-in uses: an OAuth
// app's authorize redirect (code and state), the code exchange with PKCE (answered as JSON when
// asked for it, and with an `error` body, status 200, for a bad code, as GitHub does), and the
// REST calls /user and /user/emails under /api/v3, as on GitHub Enterprise Server.

export type GitHubEmail = { email: string; primary: boolean; verified: boolean }
export type GitHubUser = { id: number; login: string; emails: GitHubEmail[] }

type Grant = { user: GitHubUser; redirectUri: string; challenge: string; scope: string }

const sha256Base64Url = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64url')

export function startGitHub(client: { id: string; secret: string }) {
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, GitHubUser>()
  const state = {
    /** Who approves the next authorization. */
    nextUser: { id: 1, login: 'octocat', emails: [] } as GitHubUser,
    /** The scopes the last authorization asked for. */
    lastScope: '',
    /** Answer the REST calls with this status instead (a GitHub outage). */
    apiFailure: undefined as number | undefined,
  }

  function clientAuthenticated(request: Request, form: URLSearchParams) {
    const basic = request.headers.get('authorization')?.match(/^Basic (.+)$/)?.[1]
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      return id === client.id && secret === client.secret
    }
    return form.get('client_id') === client.id && form.get('client_secret') === client.secret
  }

  async function exchange(request: Request) {
    const form = new URLSearchParams(await request.text())
    const code = form.get('code') ?? ''
    const grant = grants.get(code)
    grants.delete(code)
    const fail = (error: string) => Response.json({ error, error_description: `The request failed: ${error}.` })
    if (!clientAuthenticated(request, form)) return fail('incorrect_client_credentials')
    if (!grant || form.get('redirect_uri') !== grant.redirectUri) return fail('bad_verification_code')
    if ((await sha256Base64Url(form.get('code_verifier') ?? '')) !== grant.challenge) return fail('bad_verification_code')
    const token = `gho_${crypto.randomUUID().replaceAll('-', '')}`
    tokens.set(token, grant.user)
    const body = { access_token: token, token_type: 'bearer', scope: grant.scope.replaceAll(' ', ',') }
    return request.headers.get('accept')?.includes('application/json')
      ? Response.json(body)
      : new Response(new URLSearchParams(body).toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  }

  function api(request: Request, path: string) {
    if (state.apiFailure) return Response.json({ message: 'Server Error' }, { status: state.apiFailure })
    const user = tokens.get(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '')
    if (!user) return Response.json({ message: 'Bad credentials' }, { status: 401 })
    if (path === '/user') return Response.json({ id: user.id, login: user.login, email: null })
    if (path === '/user/emails') return Response.json(user.emails.map((e) => ({ ...e, visibility: null })))
    return Response.json({ message: 'Not Found' }, { status: 404 })
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const query = url.searchParams
        const redirectUri = query.get('redirect_uri')
        const challenge = query.get('code_challenge')
        if (query.get('client_id') !== client.id || !redirectUri || !challenge || query.get('code_challenge_method') !== 'S256')
          return new Response('Bad authorization request', { status: 400 })
        state.lastScope = query.get('scope') ?? ''
        const code = crypto.randomUUID()
        grants.set(code, { user: state.nextUser, redirectUri, challenge, scope: state.lastScope })
        const back = new URL(redirectUri)
        back.searchParams.set('code', code)
        if (query.get('state')) back.searchParams.set('state', query.get('state')!)
        return Response.redirect(back.href, 302)
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') return exchange(request)
      if (request.method === 'GET' && url.pathname.startsWith('/api/v3/')) return api(request, url.pathname.slice('/api/v3'.length))
      return new Response('Not Found', { status: 404 })
    },
  })

  return { url: `http://127.0.0.1:${server.port}`, state, stop: () => server.stop(true) }
}
