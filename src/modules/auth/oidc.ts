// Sign-in through OpenID Connect providers (Google, or any issuer: Keycloak, Authentik, ...) with
// openid-client: discovery, PKCE, state and nonce, and ID-token validation.
import * as oidc from 'openid-client'
import { config } from '../../platform/config'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import { signInWithIdentity } from './service'
import { signValue, verifyValue } from './tokens'

type ProviderSettings = { id: string; name: string; issuer: string; clientId: string; clientSecret?: string }

const providers: ProviderSettings[] = []
if (config.google.clientId && config.google.clientSecret)
  providers.push({ id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: config.google.clientId, clientSecret: config.google.clientSecret })
if (config.oidc.issuer && config.oidc.clientId)
  providers.push({ id: 'oidc', name: config.oidc.name, issuer: config.oidc.issuer, clientId: config.oidc.clientId, clientSecret: config.oidc.clientSecret })

export const listProviders = () => providers.map(({ id, name }) => ({ id, name }))

const discovered = new Map<string, Promise<oidc.Configuration>>()

function configurationOf(provider: ProviderSettings) {
  let found = discovered.get(provider.id)
  if (!found) {
    const issuer = new URL(provider.issuer)
    // Plain http is allowed only for an issuer on this machine (development and tests).
    const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)
    found = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, isLoopback ? { execute: [oidc.allowInsecureRequests] } : undefined)
    found.catch(() => discovered.delete(provider.id))
    discovered.set(provider.id, found)
  }
  return found
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
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  })
  return { url: url.href, cookie: await signValue(flow, 'oidc-flow', FLOW_TTL_SECONDS), maxAge: FLOW_TTL_SECONDS }
}

/**
 * Finishes the round trip and answers where the browser goes next: /login (or /signup) with
 * `token` on success or `error` (no_email, email_not_verified, access_denied, sign_in_failed).
 */
export async function finishSignIn(providerId: string, search: string, flowCookie: string | undefined) {
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
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(callbackUrl(provider.id) + search), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    let claims: { sub: string; email?: unknown; email_verified?: unknown } = tokens.claims()!
    if (typeof claims.email !== 'string') claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) }
    const token = await signInWithIdentity({
      provider: provider.id,
      subject: claims.sub,
      email: typeof claims.email === 'string' && claims.email ? claims.email : undefined,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    })
    return back({ token })
  } catch (error) {
    if (error instanceof AppError && (error.message === 'no_email' || error.message === 'email_not_verified')) return back({ error: error.message })
    log.warn('identity-provider sign-in failed', { provider: provider.id, error })
    return back({ error: 'sign_in_failed' })
  }
}
