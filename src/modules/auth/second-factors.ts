// Second factors: an authenticator app (RFC 6238 TOTP, through `otpauth`) and the single-use
// recovery codes that stand in for it when it is lost. The secret is sealed at rest; a code counts
// once, on whichever instance it reaches first (its time step is stored as used).
import { createHash, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { sealerFor } from '../../platform/sealing'
import { hasPasskey } from './passkeys'
import * as repo from './second-factors-repo'

const ISSUER = 'Linkcard'
const PERIOD_SECONDS = 30
// A code of the step before or after is taken too: phones' clocks drift, and typing takes time.
const DRIFT_STEPS = 1
const RECOVERY_CODES = 10
const sealer = sealerFor('authenticator secrets')

export const SECOND_FACTOR_MESSAGES = {
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to set up another authenticator.',
  notStarted: 'Set up the authenticator first.',
  wrongCode: 'That code is not right, or it was already used. Enter the current code from your authenticator app.',
} as const

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** What a person types, without the spaces and dashes apps and printed codes show. */
const normalized = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()
const isTotpCode = (code: string) => /^\d{6}$/.test(code)
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalized(code)).digest('base64url')

/** The time step a code of this secret belongs to now, or undefined when it is no current code. */
function stepOf(secret: string, code: string, now = Date.now()) {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS })
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta
}

/** Ten codes of ten letters and digits (50 bits each), shown as two groups of five. */
function newRecoveryCodes() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('')
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })
}

/** Starts setting up an authenticator: a new secret, and the otpauth:// address its QR code holds. */
export async function startTotp(user: { id: string; email: string }) {
  const secret = new Secret({ size: 20 }).base32
  if (!(await repo.startTotpFactor(user.id, sealer.seal(secret)))) throw new AppError('conflict', SECOND_FACTOR_MESSAGES.alreadyOn)
  return { secret, otpauthUrl: totpOf(secret, user.email).toString() }
}

/** Turns the authenticator on with a first code from it; answers the recovery codes, shown this once. */
export async function confirmTotp(userId: string, code: string, alsoInTransaction: (tx: Db) => Promise<void>) {
  const factor = await repo.findTotpFactor(userId)
  if (!factor) throw new AppError('invalid', SECOND_FACTOR_MESSAGES.notStarted)
  if (factor.confirmedAt) throw new AppError('conflict', SECOND_FACTOR_MESSAGES.alreadyOn)
  const step = isTotpCode(normalized(code)) ? stepOf(sealer.unseal(factor.secret), normalized(code)) : undefined
  if (step === undefined) throw fieldError('invalid', 'code', SECOND_FACTOR_MESSAGES.wrongCode)
  const recoveryCodes = newRecoveryCodes()
  const isConfirmed = await transaction(async (tx) => {
    if (!(await repo.takeTotpStep(userId, step, { confirm: true }, tx))) return false
    await repo.replaceRecoveryCodes(userId, recoveryCodes.map(hashRecoveryCode), tx)
    await alsoInTransaction(tx)
    return true
  })
  if (!isConfirmed) throw fieldError('invalid', 'code', SECOND_FACTOR_MESSAGES.wrongCode)
  return { recoveryCodes }
}

/** The second factors a sign-in of this user takes, one of them; none when it takes the first alone. */
export async function secondFactorMethods(userId: string) {
  const [factor, withPasskey, codesLeft] = await Promise.all([repo.findTotpFactor(userId), hasPasskey(userId), repo.countUnusedRecoveryCodes(userId)])
  const methods: ('totp' | 'passkey' | 'recovery')[] = []
  if (factor?.confirmedAt) methods.push('totp')
  if (withPasskey) methods.push('passkey')
  if (methods.length > 0 && codesLeft > 0) methods.push('recovery')
  return methods
}

/**
 * Of these users, the ones a sign-in asks a second factor of (secondFactorMethods is not empty):
 * one query for a page of them.
 */
export async function usersWithSecondFactor(userIds: string[], tx?: Db) {
  return new Set(await repo.usersWithSecondFactor(userIds, tx))
}

export const hasSecondFactor = async (userId: string, tx?: Db) => (await usersWithSecondFactor([userId], tx)).has(userId)

/** Removes every second factor of the user with `tx`: a super admin's reset, for a lost phone without recovery codes. */
export const resetSecondFactors = (userId: string, tx: Db) => repo.removeSecondFactors(userId, tx)

/** Recovery codes for a user's first second factor (a passkey), answered once; none when they have codes. */
export async function issueRecoveryCodesIfNone(userId: string) {
  if ((await repo.countUnusedRecoveryCodes(userId)) > 0) return undefined
  const recoveryCodes = newRecoveryCodes()
  await transaction((tx) => repo.replaceRecoveryCodes(userId, recoveryCodes.map(hashRecoveryCode), tx))
  return recoveryCodes
}

/** Spends a current authenticator code or an unused recovery code of the user: true when it was one. */
export async function spendSecondFactorCode(userId: string, code: string) {
  const typed = normalized(code)
  if (isTotpCode(typed)) {
    const factor = await repo.findTotpFactor(userId)
    if (!factor?.confirmedAt) return false
    const step = stepOf(sealer.unseal(factor.secret), typed)
    return step !== undefined && (await repo.takeTotpStep(userId, step))
  }
  return typed.length > 0 && typed.length <= 64 && (await repo.spendRecoveryCode(userId, hashRecoveryCode(typed)))
}

/** What Settings shows of the user's second factors. */
export async function secondFactorStatus(userId: string) {
  const [factor, withPasskey, codesLeft] = await Promise.all([repo.findTotpFactor(userId), hasPasskey(userId), repo.countUnusedRecoveryCodes(userId)])
  const isOn = Boolean(factor?.confirmedAt)
  return { totp: isOn, passkeys: withPasskey, recoveryCodesLeft: isOn || withPasskey ? codesLeft : 0 }
}

/** After a passkey goes: recovery codes stand in for second factors, so with none left they go too. */
export async function dropRecoveryCodesWithoutFactor(userId: string) {
  if (!(await hasSecondFactor(userId))) await repo.removeRecoveryCodes(userId)
}

/** Turns the authenticator off; the recovery codes go with it unless passkeys still need them. */
export async function removeTotp(userId: string, alsoInTransaction: (tx: Db) => Promise<void>) {
  await repo.removeTotpFactor(userId, { keepRecoveryCodes: await hasPasskey(userId) }, alsoInTransaction)
}
