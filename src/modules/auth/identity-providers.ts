// Sign-in through identity providers with openid-client: OpenID Connect ones (Google, or any
// issuer: Keycloak, Authentik, ...) with discovery, PKCE, state, nonce and ID-token validation;
// and GitHub, plain OAuth 2.0 with PKCE and state, where who signed in comes from its REST API.
import * as oidc from 'openid-client'
import { config } from '../../platform/config'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import { issueSignInCode, signInWithIdentity } from './service'
import { signValue, verifyValue } from './tokens'

type ProviderSettings = { id: string; name: string; clientId: string; clientSecret?: string } & (
  | { kind: 'oidc'; issuer: string }
  | { kind: 'github'; url: string; apiUrl: string }
)

const providers: ProviderSettings[] = []
if (config.google.clientId && config.google.clientSecret)
  providers.push({ kind: 'oidc', id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: config.google.clientId, clientSecret: config.google.clientSecret })
if (config.github.clientId && config.github.clientSecret)
  providers.push({ kind: 'github', id: 'github', name: 'GitHub', url: config.github.url, apiUrl: config.github.apiUrl, clientId: config.github.clientId, clientSecret: config.github.clientSecret })
if (config.oidc.issuer && config.oidc.clientId)
  providers.push({ kind: 'oidc', id: 'oidc', name: config.oidc.name, issuer: config.oidc.issuer, clientId: config.oidc.clientId, clientSecret: config.oidc.clientSecret })

export const listProviders = () => providers.map(({ id, name }) => ({ id, name }))

const discovered = new Map<string, Promise<oidc.Configuration>>()

// Plain http is allowed only for a provider on this machine (development and tests).
const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname)

function configurationOf(provider: ProviderSettings) {
  let found = discovered.get(provider.id)
  if (!found) {
    found = provider.kind === 'oidc' ? discover(provider) : Promise.resolve(githubConfiguration(provider))
    found.catch(() => discovered.delete(provider.id))
    discovered.set(provider.id, found)
  }
  return found
}

function discover({ issuer, clientId, clientSecret }: ProviderSettings & { kind: 'oidc' }) {
  return oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined)
}

// GitHub publishes no discovery document; its two OAuth endpoints are fixed paths.
function githubConfiguration({ url, clientId, clientSecret }: ProviderSettings & { kind: 'github' }) {
  const server = { issuer: url, authorization_endpoint: `${url}/login/oauth/authorize`, token_endpoint: `${url}/login/oauth/access_token` }
  const configuration = new oidc.Configuration(server, clientId, clientSecret)
  if (isLoopback(url)) oidc.allowInsecureRequests(configuration)
  return configuration
}

export const FLOW_COOKIE = 'lc_oidc'
const FLOW_TTL_SECONDS = 600
export type Flow = { provider: string; from: 'login' | 'signup'; state: string; verifier: string; nonce: string }

const callbackUrl = (providerId: string) => `${config.publicUrl}/api/auth/${providerId}/callback`

function findProvider(id: string) {
  const provider = providers.find((p) => p.id === id)
  if (!provider) throw new AppError('not_found', 'This sign-in provider is not configured.')
  return provider
}

/** Answers where to send the browser, and the signed round-trip state to keep in a cookie. */
export async function startSignIn(providerId: string, from: Flow['from']) {
  const provider = findProvider(providerId)
  const configuration = await configurationOf(provider)
  const verifier = oidc.randomPKCECodeVerifier()
  const flow: Flow = { provider: provider.id, from, state: oidc.randomState(), verifier, nonce: oidc.randomNonce() }
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(provider.id),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    ...(provider.kind === 'oidc' ? { scope: 'openid email profile', nonce: flow.nonce } : { scope: 'read:user user:email' }),
  })
  return { url: url.href, cookie: await signValue(flow, 'oidc-flow', FLOW_TTL_SECONDS), maxAge: FLOW_TTL_SECONDS }
}

/**
 * Finishes the round trip and answers where the browser goes next: /login (or /signup) with a
 * one-time `code` on success (and `notice=account_reclaimed` when an unconfirmed account was taken
 * back), or `error` (no_email, email_not_verified, access_denied, sign_in_failed). The code works
 * only with `binding`, which the caller keeps in this browser's cookie: a session token never
 * travels in a URL, where histories, logs and Referer headers would keep it.
 */
export async function finishSignIn(providerId: string, search: string, flowCookie: string | undefined, binding: string) {
  const flow = flowCookie ? await verifyValue<Flow>(flowCookie, 'oidc-flow') : undefined
  const provider = providers.find((p) => p.id === providerId)
  const from = flow?.from === 'signup' ? 'signup' : 'login'
  const back = (params: Record<string, string>) =>
    `/${from}?${new URLSearchParams({ ...params, ...(provider ? { provider: provider.name } : {}) }).toString()}`
  if (!provider || !flow || flow.provider !== provider.id) return back({ error: 'sign_in_failed' })
  const query = new URLSearchParams(search)
  if (query.get('error')) return back({ error: query.get('error') === 'access_denied' ? 'access_denied' : 'sign_in_failed' })
  try {
    const configuration = await configurationOf(provider)
    const callback = new URL(callbackUrl(provider.id) + search)
    const identity = provider.kind === 'oidc' ? await oidcIdentity(configuration, callback, flow) : await githubIdentity(configuration, callback, flow, provider.apiUrl)
    const { userId, isReclaimed } = await signInWithIdentity({ provider: provider.id, ...identity })
    return back({ code: await issueSignInCode(userId, binding), ...(isReclaimed ? { notice: 'account_reclaimed' } : {}) })
  } catch (error) {
    if (error instanceof AppError && (error.message === 'no_email' || error.message === 'email_not_verified')) return back({ error: error.message })
    log.warn('identity-provider sign-in failed', { provider: provider.id, error })
    return back({ error: 'sign_in_failed' })
  }
}

type Identity = { subject: string; email: string | undefined; emailVerified: boolean }

async function oidcIdentity(configuration: oidc.Configuration, callback: URL, flow: Flow): Promise<Identity> {
  const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  })
  let claims: { sub: string; email?: unknown; email_verified?: unknown } = tokens.claims()!
  if (typeof claims.email !== 'string') claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) }
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' && claims.email ? claims.email : undefined,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
  }
}

const GITHUB_TIMEOUT_MS = 10_000

/** Who signed in on GitHub: the account's id (logins can be renamed) and its best e-mail. */
async function githubIdentity(configuration: oidc.Configuration, callback: URL, flow: Flow, apiUrl: string): Promise<Identity> {
  const { access_token: accessToken } = await oidc.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state })
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'Linkcard' },
      signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`)
    return (await response.json()) as T
  }
  type Email = { email: string; primary: boolean; verified: boolean }
  const [user, emails] = await Promise.all([get<{ id: number }>('/user'), get<Email[]>('/user/emails')])
  const email = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified) ?? emails.find((e) => e.primary)
  return { subject: String(user.id), email: email?.email || undefined, emailVerified: email?.verified === true }
}
