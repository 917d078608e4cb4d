// Passkeys (WebAuthn, through @simplewebauthn/server): registered by a signed-in user, then a sign-in
// of their own (the authenticator verified the person: both factors at once) or the second step
// after a password. The relying party is PUBLIC_URL: its host name is the passkeys' RP ID, its
// origin the only one accepted. Ceremonies keep no state here: each challenge travels in a signed
// ticket, spent once.
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server'
import { createHash } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { config } from '../../platform/config'
import { db, isUniqueViolation, kit, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { PASSKEY_NAME_MAX } from '../../shared/auth-rules'
import { authTables } from './tables'
import { signValue, verifyValue } from './tokens'

const { passkeys } = authTables(kit)

// Loaded at first use, after the polyfill the certificate code under it needs: a static import's
// order is not one the compiled executable's bundle keeps.
let library: Promise<typeof import('@simplewebauthn/server')> | undefined
const webauthn = () => (library ??= import('reflect-metadata').then(() => import('@simplewebauthn/server')))

const CEREMONY_SECONDS = 5 * 60
const PASSKEYS_PER_USER = 20

export const PASSKEY_MESSAGES = {
  notVerified: 'This passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered here. Sign in with your password, or use another passkey.',
  expired: 'This passkey request has expired. Please try again.',
  tooMany: `You can register up to ${PASSKEYS_PER_USER} passkeys. Remove one first.`,
  notFound: 'Passkey not found.',
} as const

/** Options the browser takes as they are: to the API's schema, an object of any fields. */
const asSent = (options: object) => options as Record<string, unknown>

const relyingParty = () => ({ id: new URL(config.publicUrl).hostname, origin: new URL(config.publicUrl).origin })

type PasskeyRow = typeof passkeys.$inferSelect
const toJson = (row: PasskeyRow) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null })
export type Passkey = ReturnType<typeof toJson>

const passkeysOf = (userId: string) => db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))
const credentialOf = (row: PasskeyRow) => ({ id: row.id, transports: (row.transports ?? undefined) as AuthenticatorTransport[] | undefined })

export async function listPasskeys(userId: string) {
  return { passkeys: (await passkeysOf(userId)).map(toJson) }
}

export async function hasPasskey(userId: string) {
  return (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)).length > 0
}

/** The options a browser's navigator.credentials.create() takes, and the ticket that brings its challenge back. */
export async function registrationOptions(user: { id: string; email: string }) {
  const own = await passkeysOf(user.id)
  if (own.length >= PASSKEYS_PER_USER) throw new AppError('conflict', PASSKEY_MESSAGES.tooMany)
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: 'Linkcard',
    rpID: relyingParty().id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // The same authenticator twice would be one passkey under two names.
    excludeCredentials: own.map(credentialOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CEREMONY_SECONDS * 1000,
  })
  const ticket = await signValue({ sub: user.id, challenge: options.challenge }, 'passkey-registration', CEREMONY_SECONDS)
  return { options: asSent(options), ticket }
}

/** Checks the browser's answer to the registration options and keeps the passkey under its name. */
export async function registerPasskey(
  userId: string,
  input: { ticket: string; name: string; response: RegistrationResponseJSON },
  spend: (jti: string, expiresAt: Date) => Promise<boolean>,
  alsoInTransaction: (tx: Db, added: Passkey) => Promise<void>,
) {
  const claims = await verifyValue<{ sub: string; challenge: string }>(input.ticket, 'passkey-registration')
  if (!claims || claims.sub !== userId) throw new AppError('invalid', PASSKEY_MESSAGES.expired)
  const name = input.name.trim()
  if (!name || name.length > PASSKEY_NAME_MAX) throw fieldError('invalid', 'name', `Name your passkey in 1 to ${PASSKEY_NAME_MAX} characters.`)
  const rp = relyingParty()
  const verified = await (await webauthn()).verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: claims.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error) => {
    log.info('passkey registration refused', { error: String(error) })
    return undefined
  })
  if (!verified?.verified) throw new AppError('invalid', PASSKEY_MESSAGES.notVerified)
  if (!(await spend(claims.jti, new Date(claims.exp * 1000)))) throw new AppError('invalid', PASSKEY_MESSAGES.expired)
  const { credential } = verified.registrationInfo
  try {
    return await transaction(async (tx) => {
      const [row] = await tx
        .insert(passkeys)
        .values({ id: credential.id, userId, name, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? null })
        .returning()
      const added = toJson(row!)
      await alsoInTransaction(tx, added)
      return added
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'This passkey is already registered.')
    throw error
  }
}

export async function renamePasskey(userId: string, id: string, name: string) {
  const trimmed = name.trim()
  if (!trimmed || trimmed.length > PASSKEY_NAME_MAX) throw fieldError('invalid', 'name', `Name your passkey in 1 to ${PASSKEY_NAME_MAX} characters.`)
  const [row] = await db.update(passkeys).set({ name: trimmed }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning()
  if (!row) throw new AppError('not_found', PASSKEY_MESSAGES.notFound)
  return toJson(row)
}

export async function removePasskey(userId: string, id: string, tx: Db) {
  const [removed] = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning()
  if (!removed) throw new AppError('not_found', PASSKEY_MESSAGES.notFound)
  return toJson(removed)
}

/**
 * Options for navigator.credentials.get(): for a sign-in of its own, any passkey of this site the
 * browser holds (the user is found from it); for the step after a password, the user's own, with
 * a challenge bound to that sign-in's (`boundTo`), so the one spent once spends both.
 */
export async function authenticationOptions(forUser?: { id: string; boundTo: string }) {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: 'required',
    allowCredentials: forUser ? (await passkeysOf(forUser.id)).map(credentialOf) : [],
    timeout: CEREMONY_SECONDS * 1000,
    ...(forUser && { challenge: new Uint8Array(challengeBoundTo(forUser.boundTo)) }),
  })
  return { options: asSent(options), ticket: forUser ? undefined : await signValue({ challenge: options.challenge }, 'passkey-sign-in', CEREMONY_SECONDS) }
}

// The library sends the bytes base64url-encoded as the options' challenge, and compares that text.
const challengeBoundTo = (signInChallenge: string) => createHash('sha256').update(signInChallenge).digest()

/**
 * The user a passkey's answer proves, its counter moved on; undefined when it proves nothing.
 * `expected`: a passwordless sign-in's ticket, or the password sign-in's challenge and its user.
 */
export async function verifyPasskey(response: AuthenticationResponseJSON, expected: { ticket: string } | { boundTo: string; userId: string }) {
  let challenge: string
  let spent: { jti: string; expiresAt: Date } | undefined
  if ('ticket' in expected) {
    const claims = await verifyValue<{ challenge: string }>(expected.ticket, 'passkey-sign-in')
    if (!claims || typeof claims.challenge !== 'string') throw new AppError('unauthorized', PASSKEY_MESSAGES.expired)
    challenge = claims.challenge
    spent = { jti: claims.jti, expiresAt: new Date(claims.exp * 1000) }
  } else challenge = challengeBoundTo(expected.boundTo).toString('base64url')
  if (typeof response?.id !== 'string') return undefined
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, response.id)).limit(1)
  if (!row || ('userId' in expected && row.userId !== expected.userId)) return undefined
  const rp = relyingParty()
  const verified = await (await webauthn()).verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: row.id, publicKey: Buffer.from(row.publicKey, 'base64url'), counter: row.counter, transports: row.transports ?? undefined },
    requireUserVerification: true,
  }).catch((error) => {
    log.info('passkey sign-in refused', { error: String(error) })
    return undefined
  })
  if (!verified?.verified) return undefined
  await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, row.id))
  return { userId: row.userId, spent }
}
