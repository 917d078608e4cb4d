// Session tokens: HS256 JWTs naming the user and the user's token version. Only HS256 is
// accepted, so forged, `alg: none` or expired tokens fail verification.
import { SignJWT, jwtVerify } from 'jose'
import { config } from '../../platform/config'

const key = new TextEncoder().encode(config.jwtSecret)
const ISSUER = 'linkcard'

export type SessionClaims = { userId: string; version: number }

export async function signSession({ userId, version }: SessionClaims) {
  return new SignJWT({ ver: version, typ: 'session' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${config.sessionTtlDays}d`)
    .sign(key)
}

export async function verifySession(token: string): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER })
    if (payload.typ !== 'session' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined
    return { userId: payload.sub, version: payload.ver }
  } catch {
    return undefined
  }
}

/** Short-lived signed values, e.g. the identity-provider round trip's state kept in a cookie. */
export async function signValue(value: Record<string, unknown>, purpose: string, ttlSeconds: number) {
  return new SignJWT({ ...value, typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key)
}

export async function verifyValue<T>(token: string, purpose: string): Promise<T | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER })
    return payload.typ === purpose ? (payload as T) : undefined
  } catch {
    return undefined
  }
}
