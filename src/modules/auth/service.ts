// People and sessions: sign-up, sign-in, password changes and resets, identity-provider sign-in.
// Who belongs to which account, in what role, is the members module's, built on this one.
import { createHash, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'
import { consumeRate, countGuess } from '../../platform/counters'
import { afterCommit, isUniqueViolation, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { MESSAGES, normalizeEmail } from '../../shared/auth-rules'
import { networkOf } from '../../shared/network'
import type { Plan } from '../../shared/domain'
import type { SecurityAction } from '../../shared/audit'
import { accountNameError, type MemberRole } from '../../shared/members'
import * as accounts from '../accounts/service'
import * as repo from './repo'
import { sessionDevice, type AgentReading, type SessionDevice } from './devices'
import { noteSessionUsed, SESSION_SEEN_EVERY_MS } from './session-use'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import * as passkeys from './passkeys'
import * as factors from './second-factors'
import type { DeleteAccountInput, LoginInput, SecondFactorInput, SessionList, SignupInput, User } from './schema'
import { signSession, signValue, verifySession, verifyValue, type VerifiedSession } from './tokens'
import { handoverOf } from '../../platform/handover'
import type { Acting } from '../../shared/audit'
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
  /** Whether the account they work in requires a second factor of every member. */
  secondFactorRequired: boolean
  /** It does, and they have none: the auth plugin lets them only set one up, or leave. */
  mustSetUpSecondFactor: boolean
  /** The session this request came with (its `jti` and expiry), when it came with one. */
  session?: { id: string; expiresAt: Date }
  /** Who acts, as the audit log records them, and from which network: set by the request's credentials check. */
  acting?: Acting
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
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
    secondFactorRequired: actor.secondFactorRequired,
    mustSetUpSecondFactor: actor.mustSetUpSecondFactor,
    createdAt: actor.createdAt.toISOString(),
  }
}

/**
 * What auth asks of the modules built on it: the members module keeps who belongs to which account,
 * the API keys module the keys. runtime.ts hands it over, so auth needs none of them.
 */
type AuthHandover = {
  /** The user with the account they work in now and their role in it; undefined when there is no such user. */
  findUserAtWork(userId: string, tx?: Db): Promise<{ user: repo.UserRow; role: MemberRole; accountName: string; plan: Plan; secondFactorRequired: boolean } | undefined>
  /** Makes a new user the owner of the account made for them. */
  addOwner(accountId: string, userId: string, tx: Db): Promise<void>
  /** Revokes the API keys the user made (in one account, when given). */
  revokeApiKeysCreatedBy(userId: string, accountId?: string, tx?: Db): Promise<void>
  /** The browser, OS and device class a User-Agent names, as analytics reads them. */
  describeAgent(userAgent: string | null, crawler: null): AgentReading
  /** A client's country: a trusted proxy's header, else its address; null when unknown. */
  countryOf(ip: string | null, header: string | null): string | null
  /** Records, with `tx`, a change the user made to their own sign-in in the audit log of the account they work in. */
  recordSecurityChange(tx: Db, actor: Actor, action: SecurityAction, target: { type: string; id: string; name?: string }): Promise<void>
}

/** Where a request comes from, as rate limits and session rows see it (plugin.ts clientOf reads it). */
export type Client = {
  ip: string
  userAgent: string | null
  /** The country header of a trusted proxy (COUNTRY_HEADER), unchecked. */
  countryHeader: string | null
}

const handover = handoverOf<AuthHandover>('auth')
export const provideToAuth = handover.provide
const needs = handover.get

/** The person acting, in the account they work in now; undefined when there is no such user. */
export async function actorOf(userId: string, tx?: Db): Promise<Actor | undefined> {
  const row = await needs().findUserAtWork(userId, tx)
  if (!row) return undefined
  const { user, role, accountName, plan, secondFactorRequired } = row
  // Every signed-in call comes this way: the user's factors are looked up only where the account asks.
  const mustSetUpSecondFactor = secondFactorRequired && !(await factors.hasSecondFactor(user.id, tx))
  return { ...user, role, accountName, plan, secondFactorRequired, mustSetUpSecondFactor }
}

/** What a session row records of where it was signed in from. */
function describeClient(client: Client) {
  const { describeAgent, countryOf } = needs()
  return { ...sessionDevice(describeAgent(client.userAgent, null)), country: countryOf(client.ip, client.countryHeader) }
}

/**
 * A new session: its token, and its row (the token is refused without it). The user is told of a
 * sign-in from a browser and device they have not signed in from before.
 */
async function sessionFor(actor: Actor, client: Client) {
  const { token, sessionId, expiresAt } = await signSession({ userId: actor.id, version: actor.tokenVersion })
  const seen = describeClient(client)
  const now = new Date()
  const isNew = await isNewDevice(actor, seen, now)
  await repo.insertSession({ id: sessionId, userId: actor.id, ...seen, createdAt: now, lastSeenAt: now, expiresAt })
  if (isNew) inBackground(mailNewSignIn(actor.email, seen, now), 'telling of a sign-in from a new browser')
  repo.deleteExpiredSessions(now).catch((error) => log.warn('clearing expired sessions failed', { error }))
  return { token, user: toUserJson(actor) }
}

/** Whether the user has not signed in from this browser and device before (as far as the rows remember). */
async function isNewDevice(actor: Actor, seen: SessionDevice, now: Date) {
  const known = await repo.sessionDevicesOfUser(actor.id)
  // Rows stay until they expire: a user younger than a session's lifetime without one never had a
  // session, so this is a new account's first; an older one's have expired, and this is as new as any.
  if (known.length === 0) return now.getTime() - actor.createdAt.getTime() > config.sessionTtlDays * DAY
  return !known.some((device) => device.browser === seen.browser && device.device === seen.device)
}

async function mailNewSignIn(email: string, seen: SessionDevice & { country: string | null }, at: Date) {
  const place = seen.country ? ` in ${new Intl.DisplayNames(['en'], { type: 'region' }).of(seen.country) ?? seen.country}` : ''
  await sendMail({
    to: email,
    subject: 'New sign-in to your Linkcard account',
    text:
      `Someone signed in to your Linkcard account from ${seen.browser} on ${seen.device}${place} on ${at.toUTCString()}: a browser and device it was not signed in from before.\n\n` +
      `If it was you, there is nothing to do. If it wasn't, change your password and end the sessions you do not know under Sessions in Settings.\n`,
  })
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
export async function authenticateSession(token: string, client: Client): Promise<Actor | undefined> {
  const claims = await verifySession(token)
  if (!claims) return undefined
  const [actor, row] = await Promise.all([actorOf(claims.userId), repo.findSession(claims.sessionId)])
  // A password change or reset bumps the version, ending every earlier session; ending one marks its row.
  if (!actor || actor.tokenVersion !== claims.version) return undefined
  if (row) {
    if (row.endedAt || row.userId !== actor.id) return undefined
    if (Date.now() - row.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_MS) noteSessionUsed(claims.sessionId)
  } else if (claims.isListed || !(await listEarlierSession(actor.id, claims, client))) return undefined
  return { ...actor, session: { id: claims.sessionId, expiresAt: claims.expiresAt } }
}

/**
 * Writes the row of a session signed before sessions had rows, on its first use since (upgrades
 * keep people signed in), so it is listed and can be ended; false when that release signed it out.
 */
async function listEarlierSession(userId: string, claims: VerifiedSession, client: Client) {
  if (await repo.isTokenSpent(claims.sessionId)) return false
  const now = new Date()
  const seen = describeClient(client)
  await repo.insertSession({ id: claims.sessionId, userId, ...seen, createdAt: claims.issuedAt ?? now, lastSeenAt: now, expiresAt: claims.expiresAt })
  return true
}

/** Records a token id as spent (false when it already was), clearing out expired ones as it goes. */
async function spendToken(jti: string, expiresAt: Date) {
  const isFirst = await repo.spendToken(jti, expiresAt)
  repo.deleteExpiredSpentTokens(new Date()).catch((error) => log.warn('clearing spent tokens failed', { error }))
  return isFirst
}

/** Sign out: this session's token is refused from now on. */
export async function endSession(actor: Actor) {
  if (actor.session) await repo.endSessionOfUser(actor.id, actor.session.id, new Date())
}

/** Ends one of the user's sessions by its id in their list (another device's, or this one): its token is refused from now on. */
export async function endSessionById(actor: Actor, sessionId: string) {
  await transaction(async (tx) => {
    if (!(await repo.endSessionOfUser(actor.id, sessionId, new Date(), tx))) throw new AppError('not_found', 'Session not found.')
    await needs().recordSecurityChange(tx, actor, 'security.session_ended', { type: 'session', id: sessionId })
  })
}

/** The user's sessions that still work, this one first, then the most recently used. */
export async function listSessions(actor: Actor): Promise<SessionList> {
  const now = new Date()
  const rows = await repo.listLiveSessions(actor.id, now)
  const sessions = rows.map((row) => {
    const isCurrent = row.id === actor.session?.id
    return {
      id: row.id,
      current: isCurrent,
      browser: row.browser,
      device: row.device,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      // This request is a use of it; its row catches up within a minute.
      lastSeenAt: (isCurrent ? now : row.lastSeenAt).toISOString(),
    }
  })
  return { sessions: sessions.sort((a, b) => Number(b.current) - Number(a.current)) }
}

/** Sign out everywhere: every session of this user ends, this one included. */
export async function endEverySession(actor: Actor) {
  await transaction((tx) => repo.revokeSessionsOfUser(actor.id, tx))
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

export async function signup(input: SignupInput, client: Client) {
  const rate = await consumeRate(`signup:${networkOf(client.ip)}`, [{ limit: 100, windowMs: 60 * MINUTE }])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many sign-ups from this network. Please try again later.', undefined, rate.retryAfter)
  const email = normalizeEmail(input.email)
  const named = input.accountName?.trim()
  if (named && accountNameError(named)) throw fieldError('invalid', 'accountName', accountNameError(named)!)
  if (await repo.findUserByEmail(email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  const actor = await createUserWithAccount(email, await hashAccountPassword(input.password), named || undefined)
  log.info('signup', { userId: actor.id })
  inBackground(mailConfirmLink(actor.id, email), 'mailing a confirmation link')
  return sessionFor(actor, client)
}

export async function login(input: LoginInput, client: Client) {
  const email = normalizeEmail(input.email)
  const network = networkOf(client.ip)
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
  return signInOrChallenge(actor, client)
}

const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60
// Wrong codes allowed per window: for one user (a code has a million values), from one network.
const SECOND_FACTOR_FAILURES_PER_USER = 5
const SECOND_FACTOR_FAILURES_PER_CLIENT = 20
type SecondFactorClaims = { sub: string; ver: number }

/**
 * A session, or for a user with a second factor a short-lived challenge: the first factor alone
 * opens nothing, the session comes with the code (completeSecondFactor).
 */
async function signInOrChallenge(actor: Actor, client: Client) {
  const methods = await factors.secondFactorMethods(actor.id)
  if (methods.length === 0) return sessionFor(actor, client)
  const challenge = await signValue({ sub: actor.id, ver: actor.tokenVersion }, 'second-factor', SECOND_FACTOR_CHALLENGE_TTL_SECONDS)
  return { twoFactorRequired: true as const, challenge, methods }
}

/** What a browser's passkey needs for the step after the password: the user's own passkeys, bound to this sign-in. */
export async function secondFactorPasskeyOptions(challenge: string) {
  const claims = await verifyValue<SecondFactorClaims>(challenge, 'second-factor')
  if (!claims || typeof claims.sub !== 'string') throw new AppError('unauthorized', MESSAGES.invalidChallenge)
  return (await passkeys.authenticationOptions({ id: claims.sub, boundTo: challenge })).options
}

/** A sign-in with a passkey alone: the authenticator verified the person, so it stands for both factors. */
export async function signInWithPasskey(ticket: string, response: AuthenticationResponseJSON, client: Client) {
  const settle = await countAttempt([{ key: `passkey-fail:net:${networkOf(client.ip)}`, limit: LOGIN_FAILURES_PER_CLIENT }], LOGIN_WINDOW, MESSAGES.tooManyAttempts)
  const proven = await passkeys.verifyPasskey(response, { ticket })
  await settle(!proven)
  if (!proven) throw new AppError('unauthorized', passkeys.PASSKEY_MESSAGES.unknown)
  if (!(await spendToken(proven.spent!.jti, proven.spent!.expiresAt))) throw new AppError('unauthorized', passkeys.PASSKEY_MESSAGES.expired)
  const actor = await actorOf(proven.userId)
  if (!actor) throw new AppError('unauthorized', passkeys.PASSKEY_MESSAGES.unknown)
  return sessionFor(actor, client)
}

export async function removePasskey(actor: Actor, id: string) {
  await transaction(async (tx) => {
    const removed = await passkeys.removePasskey(actor.id, id, tx)
    await needs().recordSecurityChange(tx, actor, 'security.passkey_removed', { type: 'passkey', id, name: removed.name })
  })
  await factors.dropRecoveryCodesWithoutFactor(actor.id)
}

/** Registers a passkey; the first second factor of a user also brings their recovery codes, shown once. */
export async function addPasskey(actor: Actor, input: { ticket: string; name: string; response: RegistrationResponseJSON }) {
  const passkey = await passkeys.registerPasskey(actor.id, input, spendToken, (tx, added) =>
    needs().recordSecurityChange(tx, actor, 'security.passkey_added', { type: 'passkey', id: added.id, name: added.name }),
  )
  return { passkey, recoveryCodes: await factors.issueRecoveryCodesIfNone(actor.id) }
}

/** Turns a sign-in's challenge and an authenticator or recovery code into a session, each once. */
export async function completeSecondFactor({ challenge, code, passkey }: SecondFactorInput, client: Client) {
  const claims = await verifyValue<SecondFactorClaims>(challenge, 'second-factor')
  if (!claims || typeof claims.sub !== 'string') throw new AppError('unauthorized', MESSAGES.invalidChallenge)
  const settle = await countAttempt(
    [
      { key: `second-factor-fail:user:${claims.sub}`, limit: SECOND_FACTOR_FAILURES_PER_USER },
      { key: `second-factor-fail:net:${networkOf(client.ip)}`, limit: SECOND_FACTOR_FAILURES_PER_CLIENT },
    ],
    LOGIN_WINDOW,
    MESSAGES.tooManyAttempts,
  )
  const isRight = passkey
    ? (await passkeys.verifyPasskey(passkey as unknown as AuthenticationResponseJSON, { boundTo: challenge, userId: claims.sub })) !== undefined
    : await factors.spendSecondFactorCode(claims.sub, code ?? '')
  await settle(!isRight)
  if (!isRight) throw passkey ? new AppError('unauthorized', passkeys.PASSKEY_MESSAGES.notVerified) : fieldError('unauthorized', 'code', factors.SECOND_FACTOR_MESSAGES.wrongCode)
  // A typo keeps the challenge; a code that worked spends it.
  if (!(await spendToken(claims.jti, new Date(claims.exp * 1000)))) throw new AppError('unauthorized', MESSAGES.invalidChallenge)
  const actor = await actorOf(claims.sub)
  // A password changed meanwhile ends what the old one started.
  if (!actor || actor.tokenVersion !== claims.ver) throw new AppError('unauthorized', MESSAGES.invalidChallenge)
  return sessionFor(actor, client)
}

const asTarget = (actor: Actor) => ({ type: 'user', id: actor.id, name: actor.email })

/** Turns the authenticator on with a first code from it, recorded; answers the recovery codes, shown once. */
export async function enableTotp(actor: Actor, code: string) {
  return factors.confirmTotp(actor.id, code, (tx) => needs().recordSecurityChange(tx, actor, 'security.two_factor_enabled', asTarget(actor)))
}

/** Turns the user's authenticator off, once they show it is them; their address is told. */
export async function turnOffSecondFactor(actor: Actor, proof: DeleteAccountInput) {
  await confirmItIsThem(actor, proof)
  await factors.removeTotp(actor.id, (tx) => needs().recordSecurityChange(tx, actor, 'security.two_factor_disabled', asTarget(actor)))
  log.info('second factor turned off', { userId: actor.id })
  inBackground(
    sendMail({
      to: actor.email,
      subject: 'The authenticator app is off for your Linkcard account',
      text:
        `The authenticator app was just turned off for your Linkcard account: signing in no longer asks for its codes.\n\n` +
        `If it wasn't you, sign in, change your password, turn it on again and sign out everywhere in Settings.\n`,
    }),
    'telling the user their second factor is off',
  )
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
export async function updatePassword(actor: Actor, currentPassword: string, newPassword: string, client: Client) {
  const row = await repo.findUserById(actor.id)
  // People who only ever used an identity provider have no current password to give.
  if (row?.passwordHash && !(await verifyPassword(currentPassword, row.passwordHash)))
    throw fieldError('invalid', 'currentPassword', MESSAGES.wrongCurrentPassword)
  const passwordHash = await hashAccountPassword(newPassword)
  await transaction(async (tx) => {
    await repo.updatePasswordAndRevokeSessions(actor.id, passwordHash, tx)
    await repo.deleteResetTokensOfUser(actor.id, tx)
  })
  return sessionFor((await actorOf(actor.id))!, client)
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
export async function sessionOf(userId: string, client: Client) {
  const actor = await actorOf(userId)
  if (!actor) throw new AppError('unauthorized', 'Please sign in.')
  return sessionFor(actor, client)
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

export async function exchangeSignInCode(code: string, binding: string | undefined, client: Client) {
  const claims = await verifyValue<SignInCode>(code, 'sign-in-code')
  if (!claims || !binding || typeof claims.sub !== 'string' || claims.bind !== hashBinding(binding))
    throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  if (!(await spendToken(claims.jti, new Date(claims.exp * 1000)))) throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  const actor = await actorOf(claims.sub)
  if (!actor) throw new AppError('unauthorized', MESSAGES.invalidSignInCode)
  return config.trustProviderSecondFactor ? sessionFor(actor, client) : signInOrChallenge(actor, client)
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

/** Of these users, the ones with a second factor: one query for a page of them. */
export const usersWithSecondFactor = factors.usersWithSecondFactor
export const hasSecondFactor = factors.hasSecondFactor

/**
 * The service's staff remove the user's authenticator, passkeys and recovery codes, with `tx` (a
 * lost phone, no recovery codes left): they sign in with their password alone until they set them
 * up again. Nothing else ends; they are told once it commits.
 */
export async function resetSecondFactors(user: { id: string; email: string }, tx: Db) {
  await factors.resetSecondFactors(user.id, tx)
  afterCommit(tx, () => {
    log.info('second factors reset by staff', { userId: user.id })
    inBackground(
      sendMail({
        to: user.email,
        subject: 'Your Linkcard two-factor sign-in was reset',
        text:
          `Linkcard's staff reset the two-factor sign-in of your Linkcard account: its authenticator app, passkeys and recovery codes no longer work, and signing in takes your password alone.\n\n` +
          `Set up two-factor authentication again under Settings. If you did not ask for this, change your password, set it up again and sign out everywhere in Settings.\n`,
      }),
      'telling the user their second factors were reset',
    )
  })
}
