// People and sessions: sign-up, sign-in, password changes and resets, identity-provider sign-in.
import { createHash, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'
import { consumeRate, counters } from '../../platform/counters'
import { isUniqueViolation, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { MESSAGES, normalizeEmail } from '../../shared/auth-rules'
import type { Plan, UserRole } from '../../shared/domain'
import type { PageOf, PageQuery } from '../../platform/paging'
import * as accounts from '../accounts/service'
import { deleteLinksCreatedBy } from '../links/service'
import * as repo from './repo'
import type { LoginInput, SignupInput, User } from './schema'
import { signSession, verifySession } from './tokens'

/** The signed-in person a request acts for. */
export type Actor = {
  id: string
  email: string
  role: UserRole
  isSuperAdmin: boolean
  accountId: string
  accountName: string
  plan: Plan
  createdAt: Date
  tokenVersion: number
}

const MINUTE = 60_000
const LOGIN_WINDOW = 15 * MINUTE
const LOGIN_FAILURES_PER_EMAIL = 5
const LOGIN_FAILURES_PER_CLIENT = 20
const RESET_TOKEN_TTL = 60 * MINUTE

export function toUserJson(actor: Actor): User {
  return {
    id: actor.id,
    email: actor.email,
    role: actor.role,
    isSuperAdmin: actor.isSuperAdmin,
    accountId: actor.accountId,
    accountName: actor.accountName,
    plan: actor.plan,
    createdAt: actor.createdAt.toISOString(),
  }
}

async function loadActor(userId: string, tx?: Db): Promise<Actor | undefined> {
  const row = await repo.findUserWithAccount(userId, tx)
  if (!row) return undefined
  const { user, accountName, plan } = row
  return { ...user, accountName, plan }
}

async function sessionFor(actor: Actor) {
  return { token: await signSession({ userId: actor.id, version: actor.tokenVersion }), user: toUserJson(actor) }
}

const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id' })

// Verifying against a throw-away hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined
async function verifyPassword(password: string, hash: string | null | undefined) {
  if (!hash) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
    await Bun.password.verify(password, await decoyHash)
    return false
  }
  return Bun.password.verify(password, hash)
}

/** The actor behind a session token, or undefined for a bad, expired or revoked token. */
export async function authenticateSession(token: string): Promise<Actor | undefined> {
  const claims = await verifySession(token)
  if (!claims) return undefined
  const actor = await loadActor(claims.userId)
  // A password change or reset bumps the version, ending every earlier session.
  if (!actor || actor.tokenVersion !== claims.version) return undefined
  return actor
}

async function createUserWithAccount(email: string, passwordHash: string | null) {
  try {
    const userId = await transaction(async (tx) => {
      const account = await accounts.createAccount(accounts.accountNameFor(email), tx)
      const user = await repo.insertUser({ accountId: account.id, email, passwordHash, role: 'owner' }, tx)
      return user.id
    })
    return (await loadActor(userId))!
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
}

export async function signup(input: SignupInput, clientIp: string) {
  const rate = await consumeRate(`signup:${clientIp}`, [{ limit: 100, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many sign-ups from this network. Please try again later.', undefined, rate.retryAfter)
  const email = normalizeEmail(input.email)
  if (await repo.findUserByEmail(email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  const actor = await createUserWithAccount(email, await hashPassword(input.password))
  log.info('signup', { userId: actor.id })
  return sessionFor(actor)
}

export async function login(input: LoginInput, clientIp: string) {
  const email = normalizeEmail(input.email)
  const emailKey = `login-fail:email:${email}`
  const clientKey = `login-fail:ip:${clientIp}`
  const [byEmail, byClient] = await Promise.all([counters.peek(emailKey, LOGIN_WINDOW), counters.peek(clientKey, LOGIN_WINDOW)])
  if (byEmail.count >= LOGIN_FAILURES_PER_EMAIL || byClient.count >= LOGIN_FAILURES_PER_CLIENT) {
    const resetAt = Math.max(byEmail.count >= LOGIN_FAILURES_PER_EMAIL ? byEmail.resetAt : 0, byClient.count >= LOGIN_FAILURES_PER_CLIENT ? byClient.resetAt : 0)
    throw new AppError('rate_limited', MESSAGES.tooManyAttempts, undefined, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)))
  }
  const user = await repo.findUserByEmail(email)
  const isValid = await verifyPassword(input.password, user?.passwordHash)
  if (!user || !isValid) {
    await Promise.all([counters.hit(emailKey, LOGIN_WINDOW), counters.hit(clientKey, LOGIN_WINDOW)])
    throw new AppError('unauthorized', MESSAGES.invalidCredentials)
  }
  return sessionFor((await loadActor(user.id))!)
}

export async function currentUser(actor: Actor) {
  return { user: toUserJson(actor) }
}

export async function updateEmail(actor: Actor, newEmail: string) {
  const email = normalizeEmail(newEmail)
  if (email === actor.email) throw fieldError('invalid', 'email', MESSAGES.sameEmail)
  try {
    await repo.updateUser(actor.id, { email })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
  return { user: toUserJson({ ...actor, email }) }
}

/** Changes the password, ends every other session and answers a fresh one for this device. */
export async function updatePassword(actor: Actor, currentPassword: string, newPassword: string) {
  const row = await repo.findUserWithAccount(actor.id)
  // People who only ever used an identity provider have no current password to give.
  if (row?.user.passwordHash && !(await verifyPassword(currentPassword, row.user.passwordHash)))
    throw fieldError('invalid', 'currentPassword', MESSAGES.wrongCurrentPassword)
  await repo.updatePasswordAndRevokeSessions(actor.id, await hashPassword(newPassword))
  return sessionFor((await loadActor(actor.id))!)
}

/**
 * Deletes a user and every link they created. The last user of an account takes the account with
 * them (links, keys, events and domain cascade), so no account is left without a person who can
 * sign in. Runs in the caller's transaction when given one (so an audit entry can share it).
 */
export async function deleteUser(userId: string, tx?: Db): Promise<Actor & { accountDeleted: boolean; linksDeleted: number }> {
  if (!tx) return transaction((inner) => deleteUser(userId, inner))
  const actor = await loadActor(userId, tx)
  if (!actor) throw new AppError('not_found', 'User not found.')
  const linksDeleted = await deleteLinksCreatedBy(userId, tx)
  const accountDeleted = (await repo.countUsersOfAccount(actor.accountId, tx)) <= 1
  if (accountDeleted) await accounts.deleteAccount(actor.accountId, tx)
  else await repo.deleteUserRow(userId, tx)
  return { ...actor, accountDeleted, linksDeleted }
}

export const deleteOwnAccount = (actor: Actor) => deleteUser(actor.id)

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Mails a reset link when the e-mail belongs to someone; answers the same either way. */
export async function requestPasswordReset(rawEmail: string, clientIp: string) {
  const email = normalizeEmail(rawEmail)
  const [byEmail, byClient] = await Promise.all([
    consumeRate(`reset:email:${email}`, [{ limit: 3, windowMs: 60 * MINUTE }]),
    consumeRate(`reset:ip:${clientIp}`, [{ limit: 20, windowMs: 60 * MINUTE }]),
  ])
  const user = byEmail.allowed && byClient.allowed ? await repo.findUserByEmail(email) : undefined
  if (user) {
    const token = randomBytes(32).toString('base64url')
    await repo.insertResetToken(user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL))
    const link = `${config.publicUrl}/reset-password?token=${token}`
    await sendMail({
      to: user.email,
      subject: 'Reset your Linkcard password',
      text:
        `Someone asked to reset the password of your Linkcard account.\n\n` +
        `To choose a new password, open this link within the next hour:\n${link}\n\n` +
        `If it wasn't you, ignore this e-mail: your password stays as it is.\n`,
    })
  }
  return { message: MESSAGES.forgotPasswordSent }
}

export async function resetPassword(token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword)
  const userId = await transaction(async (tx) => {
    const owner = await repo.consumeResetToken(hashToken(token), new Date(), tx)
    if (!owner) return undefined
    await repo.updatePasswordAndRevokeSessions(owner, passwordHash, tx)
    await repo.deleteResetTokensOfUser(owner, tx)
    return owner
  })
  if (!userId) throw new AppError('invalid', MESSAGES.invalidResetToken)
  return { message: 'Your password has been reset. You can now sign in.' }
}

export type VerifiedIdentity = { provider: string; subject: string; email?: string; emailVerified: boolean }

/**
 * Signs in through an identity provider: a known identity signs in its user; otherwise the verified
 * e-mail links to an existing user or creates a new account. Answers a session token.
 */
export async function signInWithIdentity(identity: VerifiedIdentity) {
  const linked = await repo.findIdentity(identity.provider, identity.subject)
  if (linked) return (await sessionFor((await loadActor(linked.userId))!)).token
  if (!identity.email) throw new AppError('invalid', 'no_email')
  // Linking by an unverified address would let anyone claim someone else's account.
  if (!identity.emailVerified) throw new AppError('forbidden', 'email_not_verified')
  const email = normalizeEmail(identity.email)
  let user = await repo.findUserByEmail(email)
  if (!user) {
    try {
      await createUserWithAccount(email, null)
    } catch (error) {
      // Two first sign-ins at once: the other one created the user; use it.
      if (!(error instanceof AppError && error.kind === 'conflict')) throw error
    }
    user = (await repo.findUserByEmail(email))!
  }
  await repo.insertIdentity(identity.provider, identity.subject, user.id)
  return (await sessionFor((await loadActor(user.id))!)).token
}

/** One user as the admin panel shows them, or 404. */
export async function getUser(userId: string, tx?: Db): Promise<User> {
  const actor = await loadActor(userId, tx)
  if (!actor) throw new AppError('not_found', 'User not found.')
  return toUserJson(actor)
}

export { USER_SORTS, type UserSort } from './repo'

/** A page of users with their account (admin panel): searched by e-mail, sorted, paged in SQL. */
export async function listUsers(query: PageQuery<repo.UserSort>): Promise<PageOf<User>> {
  const { rows, total } = await repo.listUsers(query)
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total }
}

export const countUsers = repo.countUsers

/** Users per account id, for a page of accounts (0 for an account without users). */
export async function userCountsOf(accountIds: string[], tx?: Db) {
  const counts = new Map(accountIds.map((id) => [id, 0]))
  for (const row of await repo.countUsersByAccount(accountIds, tx)) counts.set(row.accountId, Number(row.total))
  return counts
}

/** `grant-admin`: makes an existing user a super admin, or takes it back. */
export async function setSuperAdmin(rawEmail: string, isSuperAdmin: boolean) {
  const email = normalizeEmail(rawEmail)
  const user = await repo.findUserByEmail(email)
  if (!user) throw new AppError('not_found', `No user has the e-mail address ${email}.`)
  await repo.updateUser(user.id, { isSuperAdmin })
  return email
}
