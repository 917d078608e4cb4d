// People and sessions: sign-up, sign-in, password changes and resets, identity-provider sign-in.
// Who belongs to which account, in what role, is the members module's, built on this one.
import { createHash, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'
import { consumeRate, countGuess } from '../../platform/counters'
import { isUniqueViolation, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { MESSAGES, normalizeEmail } from '../../shared/auth-rules'
import { networkOf } from '../../shared/network'
import type { Plan } from '../../shared/domain'
import { accountNameError, type MemberRole } from '../../shared/members'
import * as accounts from '../accounts/service'
import * as repo from './repo'
import type { DeleteAccountInput, LoginInput, SignupInput, User } from './schema'
import { signSession, signValue, verifySession, verifyValue } from './tokens'
import { handoverOf } from '../../platform/handover'
import { ACCOUNT_PASSWORD_COST, hashPassword } from '../../platform/passwords'

/** The signed-in person a request acts for. */
export type Actor = {
  id: string
  email: string
  /** Their role in the account they act for. */
  role: MemberRole
  isSuperAdmin: boolean
  accountId: string
  accountName: string
  plan: Plan
  createdAt: Date
  tokenVersion: number
  emailVerifiedAt?: Date | null
  /** The session this request came with (its `jti` and expiry), when it came with one. */
  session?: { id: string; expiresAt: Date }
}

const MINUTE = 60_000
const LOGIN_WINDOW = 15 * MINUTE
// Failed sign-ins allowed per window: for one address from one network, from one network in
// all, and for one address from everywhere (higher, so guesses from one network cannot lock the
// owner out elsewhere, while a spread-out attack still meets a ceiling).
const LOGIN_FAILURES_PER_EMAIL = 5
const LOGIN_FAILURES_PER_CLIENT = 20
const LOGIN_FAILURES_PER_ACCOUNT = 50
const RESET_ATTEMPTS_PER_CLIENT = 10
const RESET_TOKEN_TTL = 60 * MINUTE
const CONFIRM_LINK_TTL_SECONDS = 48 * 60 * 60
const MAILS_PER_USER_HOUR = 5

function toUserJson(actor: Actor): User {
  return {
    id: actor.id,
    email: actor.email,
    role: actor.role,
    isSuperAdmin: actor.isSuperAdmin,
    accountId: actor.accountId,
    accountName: actor.accountName,
    plan: actor.plan,
    emailVerified: Boolean(actor.emailVerifiedAt),
    createdAt: actor.createdAt.toISOString(),
  }
}

/**
 * What auth asks of the modules built on it: the members module keeps who belongs to which account,
 * the API keys module the keys. runtime.ts hands it over, so auth needs none of them.
 */
type AuthHandover = {
  /** The user with the account they work in now and their role in it; undefined when there is no such user. */
  findUserAtWork(userId: string, tx?: Db): Promise<{ user: repo.UserRow; role: MemberRole; accountName: string; plan: Plan } | undefined>
  /** Makes a new user the owner of the account made for them. */
  addOwner(accountId: string, userId: string, tx: Db): Promise<void>
  /** Revokes the API keys the user made (in one account, when given). */
  revokeApiKeysCreatedBy(userId: string, accountId?: string, tx?: Db): Promise<void>
}

const handover = handoverOf<AuthHandover>('auth')
export const provideToAuth = handover.provide
const needs = handover.get

/** The person acting, in the account they work in now; undefined when there is no such user. */
export async function actorOf(userId: string, tx?: Db): Promise<Actor | undefined> {
  const row = await needs().findUserAtWork(userId, tx)
  if (!row) return undefined
  const { user, role, accountName, plan } = row
  return { ...user, role, accountName, plan }
}

async function sessionFor(actor: Actor) {
  return { token: await signSession({ userId: actor.id, version: actor.tokenVersion }), user: toUserJson(actor) }
}

export const hashAccountPassword = (password: string) => hashPassword(password, ACCOUNT_PASSWORD_COST)

// Verifying against a throw-away hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined
async function verifyPassword(password: string, hash: string | null | undefined) {
  if (!hash) {
    decoyHash ??= hashAccountPassword(randomBytes(16).toString('hex'))
    await Bun.password.verify(password, await decoyHash)
    return false
  }
  return Bun.password.verify(password, hash)
}

/** The actor behind a session token, or undefined for a bad, expired or revoked token. */
export async function authenticateSession(token: string): Promise<Actor | undefined> {
  const claims = await verifySession(token)
  if (!claims) return undefined
  const [actor, isSignedOut] = await Promise.all([actorOf(claims.userId), repo.isTokenSpent(claims.sessionId)])
  // A password change or reset bumps the version, ending every earlier session; sign-out ends one.
  if (!actor || isSignedOut || actor.tokenVersion !== claims.version) return undefined
  return { ...actor, session: { id: claims.sessionId, expiresAt: claims.expiresAt } }
}

/** Records a token id as spent (false when it already was), clearing out expired ones as it goes. */
async function spendToken(jti: string, expiresAt: Date) {
  const isFirst = await repo.spendToken(jti, expiresAt)
  repo.deleteExpiredSpentTokens(new Date()).catch((error) => log.warn('clearing spent tokens failed', { error }))
  return isFirst
}

/** Sign out: this session's token is refused from now on. */
export async function endSession(actor: Actor) {
  if (actor.session) await spendToken(actor.session.id, actor.session.expiresAt)
}

/** Sign out everywhere: every session of this user ends, this one included. */
export async function endEverySession(actor: Actor) {
  await repo.revokeSessionsOfUser(actor.id)
}

/** An attempt counted before it is checked (countGuess), refused with `message` past a limit. Answers its settle(failed). */
async function countAttempt(limits: { key: string; limit: number }[], windowMs: number, message: string) {
  const guess = await countGuess(limits.map((limit) => ({ ...limit, windowMs })))
  if (!guess.allowed) throw new AppError('rate_limited', message, undefined, guess.retryAfter)
  return guess.settle
}

async function createUserWithAccount(email: string, passwordHash: string | null, accountName = accounts.accountNameFor(email)) {
  try {
    const userId = await transaction(async (tx) => {
      const account = await accounts.createAccount(accountName, tx)
      const user = await repo.insertUser({ accountId: account.id, email, passwordHash }, tx)
      await needs().addOwner(account.id, user.id, tx)
      return user.id
    })
    return (await actorOf(userId))!
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
}

export async function signup(input: SignupInput, clientIp: string) {
  const rate = await consumeRate(`signup:${networkOf(clientIp)}`, [{ limit: 100, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many sign-ups from this network. Please try again later.', undefined, rate.retryAfter)
  const email = normalizeEmail(input.email)
  const named = input.accountName?.trim()
  if (named && accountNameError(named)) throw fieldError('invalid', 'accountName', accountNameError(named)!)
  if (await repo.findUserByEmail(email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  const actor = await createUserWithAccount(email, await hashAccountPassword(input.password), named || undefined)
  log.info('signup', { userId: actor.id })
  inBackground(mailConfirmLink(actor.id, email), 'mailing a confirmation link')
  return sessionFor(actor)
}

export async function login(input: LoginInput, clientIp: string) {
  const email = normalizeEmail(input.email)
  const network = networkOf(clientIp)
  const settle = await countAttempt(
    [
      { key: `login-fail:email-net:${email}:${network}`, limit: LOGIN_FAILURES_PER_EMAIL },
      { key: `login-fail:net:${network}`, limit: LOGIN_FAILURES_PER_CLIENT },
      { key: `login-fail:email:${email}`, limit: LOGIN_FAILURES_PER_ACCOUNT },
    ],
    LOGIN_WINDOW,
    MESSAGES.tooManyAttempts,
  )
  const user = await repo.findUserByEmail(email)
  const isValid = await verifyPassword(input.password, user?.passwordHash)
  await settle(!user || !isValid)
  // Gone between the two reads (deleted meanwhile): as if it never was.
  const actor = user && isValid ? await actorOf(user.id) : undefined
  if (!actor) throw new AppError('unauthorized', MESSAGES.invalidCredentials)
  return sessionFor(actor)
}

function inBackground(work: Promise<unknown>, what: string) {
  work.catch((error) => log.error(`${what} failed`, { error }))
}

async function limitMails(userId: string) {
  const rate = await consumeRate(`mail:user:${userId}`, [{ limit: MAILS_PER_USER_HOUR, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', MESSAGES.tooManyMails, undefined, rate.retryAfter)
}

type ConfirmClaims = { sub: string; email: string; from?: string }

/** Mails the link that confirms `email` is the user's (or, with `from`, moves them to it). */
async function mailConfirmLink(userId: string, email: string, from?: string) {
  const token = await signValue({ sub: userId, email, ...(from ? { from } : {}) }, 'confirm-email', CONFIRM_LINK_TTL_SECONDS)
  const link = `${config.publicUrl}/verify-email?token=${token}`
  await sendMail(
    from
      ? {
          to: email,
          subject: 'Confirm your new Linkcard email address',
          text:
            `Someone asked to move the Linkcard account of ${from} to this address.\n\n` +
            `To confirm, open this link within the next 48 hours:\n${link}\n\n` +
            `If it wasn't you, ignore this e-mail: nothing changes.\n`,
        }
      : {
          to: email,
          subject: 'Confirm your Linkcard email address',
          text:
            `Welcome to Linkcard. To confirm that this address is yours, open this link within the next 48 hours:\n${link}\n\n` +
            `If you did not sign up, ignore this e-mail.\n`,
        },
  )
}

export async function emailStatus(actor: Actor) {
  return { email: actor.email, emailVerified: Boolean(actor.emailVerifiedAt) }
}

/** Mails a fresh confirmation link to the signed-in user's address. */
export async function resendConfirmation(actor: Actor) {
  if (actor.emailVerifiedAt) return { message: MESSAGES.emailConfirmed }
  await limitMails(actor.id)
  await mailConfirmLink(actor.id, actor.email)
  return { message: MESSAGES.verificationSent }
}

/**
 * Opens a mailed link: confirms the address, or moves the user to the new one. A link is good only
 * while the address it was sent for (or moved from) is still the user's.
 */
export async function confirmEmail(token: string) {
  const claims = await verifyValue<ConfirmClaims>(token, 'confirm-email')
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') throw new AppError('invalid', MESSAGES.invalidConfirmLink)
  const now = new Date()
  if (!claims.from) {
    if (!(await repo.markEmailVerified(claims.sub, claims.email, now))) throw new AppError('invalid', MESSAGES.invalidConfirmLink)
    return { message: MESSAGES.emailConfirmed }
  }
  try {
    const changed = await transaction(async (tx) => {
      if (!(await repo.changeEmail(claims.sub, claims.from!, claims.email, now, tx))) return false
      // A reset link mailed to the old address must not outlive it.
      await repo.deleteResetTokensOfUser(claims.sub, tx)
      return true
    })
    if (!changed) throw new AppError('invalid', MESSAGES.invalidConfirmLink)
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
  log.info('email changed', { userId: claims.sub })
  return { message: MESSAGES.emailChanged }
}

export async function currentUser(actor: Actor) {
  const row = await repo.findUserById(actor.id)
  return { user: toUserJson(actor), hasPassword: Boolean(row?.passwordHash) }
}

/**
 * Starts an e-mail change: with the current password, mails a link to the new address (the change
 * applies when it is opened) and tells the old one. Answers the user as they still are.
 */
export async function updateEmail(actor: Actor, newEmail: string, currentPassword: string) {
  const email = normalizeEmail(newEmail)
  const row = await repo.findUserById(actor.id)
  // People who only ever used an identity provider have no current password to give.
  if (row?.passwordHash && !(await verifyPassword(currentPassword, row.passwordHash)))
    throw fieldError('invalid', 'currentPassword', MESSAGES.wrongCurrentPassword)
  if (email === actor.email) throw fieldError('invalid', 'email', MESSAGES.sameEmail)
  if (await repo.findUserByEmail(email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  await limitMails(actor.id)
  await mailConfirmLink(actor.id, email, actor.email)
  inBackground(
    sendMail({
      to: actor.email,
      subject: 'Your Linkcard email address is about to change',
      text:
        `Someone signed in to your Linkcard account asked to change its address to ${email}.\n\n` +
        `It changes only when that address confirms. If it wasn't you, sign in, change your password and sign out everywhere in Settings.\n`,
    }),
    'telling the old address',
  )
  return { user: toUserJson(actor), message: `We sent a confirmation link to ${email}. Your address changes when you open it.` }
}

/** Changes the password, ends every other session and answers a fresh one for this device. */
export async function updatePassword(actor: Actor, currentPassword: string, newPassword: string) {
  const row = await repo.findUserById(actor.id)
  // People who only ever used an identity provider have no current password to give.
  if (row?.passwordHash && !(await verifyPassword(currentPassword, row.passwordHash)))
    throw fieldError('invalid', 'currentPassword', MESSAGES.wrongCurrentPassword)
  const passwordHash = await hashAccountPassword(newPassword)
  await transaction(async (tx) => {
    await repo.updatePasswordAndRevokeSessions(actor.id, passwordHash, tx)
    await repo.deleteResetTokensOfUser(actor.id, tx)
  })
  return sessionFor((await actorOf(actor.id))!)
}

export const isKnownEmail = async (email: string) => (await repo.findUserByEmail(normalizeEmail(email))) !== undefined

/** A new user who joins an account by invitation: their address is proven by the mailed link. */
export async function createInvitedUser(email: string, passwordHash: string, accountId: string, tx: Db) {
  return (await repo.insertUser({ accountId, email, passwordHash, emailVerifiedAt: new Date() }, tx)).id
}

/** Makes this the account the user works in (the members module keeps it one of theirs). */
export const workIn = async (userId: string, accountId: string, tx: Db) => {
  await repo.updateUser(userId, { accountId }, tx)
}

/** The users whose current account this is (they move to another of theirs when it goes). */
export const usersWorkingIn = repo.usersWorkingIn
export const findUser = repo.findUserById
/** Deletes the user; what goes with them (memberships, accounts left empty, links) is for the members module. */
export const deleteUserRecord = repo.deleteUserRow

/** A fresh session for a user, e.g. one who just joined an account. */
export async function sessionOf(userId: string) {
  const actor = await actorOf(userId)
  if (!actor) throw new AppError('unauthorized', 'Please sign in.')
  return sessionFor(actor)
}

/**
 * Throws unless the signed-in user shows it is them and not someone at an unlocked screen: with
 * their password, or, when they only ever used an identity provider, their e-mail address typed out.
 */
export async function confirmItIsThem(actor: Actor, proof: DeleteAccountInput) {
  const row = await repo.findUserById(actor.id)
  if (row?.passwordHash) {
    if (!(await verifyPassword(proof.currentPassword ?? '', row.passwordHash)))
      throw fieldError('invalid', 'currentPassword', MESSAGES.wrongCurrentPassword)
  } else if (normalizeEmail(proof.email ?? '') !== actor.email) {
    throw fieldError('invalid', 'email', MESSAGES.wrongEmailToDelete)
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Mails a reset link when the e-mail belongs to someone; answers the same either way. */
export async function requestPasswordReset(rawEmail: string, clientIp: string) {
  const email = normalizeEmail(rawEmail)
  const [byEmail, byClient] = await Promise.all([
    consumeRate(`reset:email:${email}`, [{ limit: 3, windowMs: 60 * MINUTE }]),
    consumeRate(`reset:ip:${networkOf(clientIp)}`, [{ limit: 20, windowMs: 60 * MINUTE }]),
  ])
  const user = byEmail.allowed && byClient.allowed ? await repo.findUserByEmail(email) : undefined
  // Not awaited: a known address must answer as fast as an unknown one.
  if (user) inBackground(mailResetLink(user.id, user.email), 'mailing a reset link')
  return { message: MESSAGES.forgotPasswordSent }
}

async function mailResetLink(userId: string, email: string) {
  const token = randomBytes(32).toString('base64url')
  await repo.insertResetToken(userId, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL))
  const link = `${config.publicUrl}/reset-password?token=${token}`
  await sendMail({
    to: email,
    subject: 'Reset your Linkcard password',
    text:
      `Someone asked to reset the password of your Linkcard account.\n\n` +
      `To choose a new password, open this link within the next hour:\n${link}\n\n` +
      `If it wasn't you, ignore this e-mail: your password stays as it is.\n`,
  })
}

export async function resetPassword(token: string, newPassword: string, clientIp: string) {
  // Counted before the token is looked at, so guessing tokens is slow, and checked before the
  // (deliberately costly) hashing, so bogus tokens cost little.
  const settle = await countAttempt(
    [{ key: `reset-fail:net:${networkOf(clientIp)}`, limit: RESET_ATTEMPTS_PER_CLIENT }],
    LOGIN_WINDOW,
    MESSAGES.tooManyResetAttempts,
  )
  const tokenHash = hashToken(token)
  const isKnown = (await repo.findResetTokenOwner(tokenHash, new Date())) !== undefined
  await settle(!isKnown)
  if (!isKnown) throw new AppError('invalid', MESSAGES.invalidResetToken)
  const passwordHash = await hashAccountPassword(newPassword)
  const userId = await transaction(async (tx) => {
    const owner = await repo.consumeResetToken(tokenHash, new Date(), tx)
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
 * e-mail links to an existing user or creates a new account. Answers the user, and whether an
 * unconfirmed account was taken back from whoever had set its password.
 */
export async function signInWithIdentity(identity: VerifiedIdentity): Promise<{ userId: string; isReclaimed: boolean }> {
  const linked = await repo.findIdentity(identity.provider, identity.subject)
  if (linked) return { userId: linked.userId, isReclaimed: false }
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
  const now = new Date()
  // Whoever signed up with this address never proved it theirs; the provider just did. So the
  // password they set stops working and their sessions end before the two are joined.
  const isReclaimed = !user.emailVerifiedAt && user.passwordHash !== null
  await transaction(async (tx) => {
    if (isReclaimed) {
      await repo.reclaimUser(user.id, now, tx)
      await repo.deleteResetTokensOfUser(user.id, tx)
    } else if (!user.emailVerifiedAt) await repo.markEmailVerified(user.id, email, now, tx)
    await repo.insertIdentity(identity.provider, identity.subject, user.id, tx)
  })
  if (isReclaimed) {
    // Keys they made would still open the account's links through the public API.
    await needs().revokeApiKeysCreatedBy(user.id)
    log.warn('unconfirmed account taken back by a provider sign-in', { userId: user.id, provider: identity.provider })
  }
  return { userId: user.id, isReclaimed }
}

const SIGN_IN_CODE_TTL_SECONDS = 60
type SignInCode = { sub: string; bind: string }

const hashBinding = (binding: string) => createHash('sha256').update(binding).digest('base64url')

/** A short-lived one-time code for the browser holding `binding`, exchanged once for a session. */
export async function issueSignInCode(userId: string, binding: string) {
  return signValue({ sub: userId, bind: hashBinding(binding) }, 'sign-in-code', SIGN_IN_CODE_TTL_SECONDS)
}

export async function exchangeSignInCode(code: string, binding: string | undefined) {
  const claims = await verifyValue<SignInCode>(code, 'sign-in-code')
  if (!claims || !binding || typeof claims.sub !== 'string' || claims.bind !== hashBinding(binding))
    throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  if (!(await spendToken(claims.jti, new Date(claims.exp * 1000)))) throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  const actor = await actorOf(claims.sub)
  if (!actor) throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  return sessionFor(actor)
}

/** One user as the admin panel shows them, or 404. */
export async function getUser(userId: string, tx?: Db): Promise<User> {
  const actor = await actorOf(userId, tx)
  if (!actor) throw new AppError('not_found', 'User not found.')
  return toUserJson(actor)
}

export const countUsers = repo.countUsers

/** `grant-admin`: makes an existing user a super admin, or takes it back. */
export async function setSuperAdmin(rawEmail: string, isSuperAdmin: boolean) {
  const email = normalizeEmail(rawEmail)
  const user = await repo.findUserByEmail(email)
  if (!user) throw new AppError('not_found', `No user has the e-mail address ${email}.`)
  await repo.updateUser(user.id, { isSuperAdmin })
  return email
}

/**
 * `confirm-email`: marks a user's address confirmed, as its mailed link would: for an install
 * without a mail server, whose operator vouches for the address. Answers whether it was not yet.
 */
export async function confirmEmailByOperator(rawEmail: string) {
  const email = normalizeEmail(rawEmail)
  const user = await repo.findUserByEmail(email)
  if (!user) throw new AppError('not_found', `No user has the e-mail address ${email}.`)
  if (user.emailVerifiedAt) return { email, wasConfirmed: true }
  await repo.markEmailVerified(user.id, email, new Date())
  return { email, wasConfirmed: false }
}
