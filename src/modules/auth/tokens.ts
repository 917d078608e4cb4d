// Session tokens: HS256 JWTs naming the user, the user's token version and the session (`jti`,
// so one session can be ended alone; tokens made before it get one derived from the token), and
// saying the session has a row (`listed`: tokens made before sessions were listed have none). Only
// HS256 is accepted, and `exp` is required, so forged, `alg: none`, expired or never-expiring tokens
// fail verification.
import { SignJWT, jwtVerify } from 'jose'
import { config } from '../../platform/config'

let signingKey: Uint8Array | undefined
const key = () => (signingKey ??= new TextEncoder().encode(config.jwtSecret))
const ISSUER = 'linkcard'

export type SessionClaims = { userId: string; version: number }
export type VerifiedSession = SessionClaims & {
  sessionId: string
  /** Signed since sessions are listed: its row was written first, so a token without one is refused. */
  isListed: boolean
  issuedAt: Date | undefined
  expiresAt: Date
}

/** A session token and what its session row records of it. */
export async function signSession({ userId, version }: SessionClaims) {
  const sessionId = crypto.randomUUID()
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = new Date((issuedAt + config.sessionTtlDays * 24 * 60 * 60) * 1000)
  const token = await new SignJWT({ ver: version, typ: 'session', listed: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setJti(sessionId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key())
  return { token, sessionId, expiresAt }
}

/**
 * The id of a session token made before sessions had one (releases before they could be ended one
 * by one signed no `jti`, tests/fixtures/release-528eca0's among them): derived from the token
 * itself, so such a session works until it expires, and signing out ends it alone, as a newer one.
 */
const idOfUnnamedSession = (token: string) => `sha256:${new Bun.CryptoHasher('sha256').update(token).digest('base64url')}`

export async function verifySession(token: string): Promise<VerifiedSession | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp', 'sub'] })
    if (payload.typ !== 'session' || typeof payload.ver !== 'number') return undefined
    const sessionId = typeof payload.jti === 'string' ? payload.jti : idOfUnnamedSession(token)
    return {
      userId: payload.sub!,
      version: payload.ver,
      sessionId,
      isListed: payload.listed === true,
      issuedAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined,
      expiresAt: new Date(payload.exp! * 1000),
    }
  } catch {
    return undefined
  }
}

/** Short-lived signed values, e.g. the identity-provider round trip's state kept in a cookie. */
export async function signValue(value: Record<string, unknown>, purpose: string, ttlSeconds: number) {
  return new SignJWT({ ...value, typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key())
}

export async function verifyValue<T>(token: string, purpose: string): Promise<(T & { jti: string; exp: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp', 'jti'] })
    return payload.typ === purpose ? (payload as T & { jti: string; exp: number }) : undefined
  } catch {
    return undefined
  }
}
