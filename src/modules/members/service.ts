// An account's people: invitations mailed with a one-time link, accepted by signing up or in;
// roles changed, members removed, ownership handed over. Who may do what is shared/members.ts;
// the memberships themselves are the auth module's, which answers who acts for which account.
import { createHash, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { isUniqueViolation, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { MESSAGES, normalizeEmail } from '../../shared/auth-rules'
import { aRole, can, INVITATION_TTL_DAYS, INVITATIONS_MAX, MEMBER_MESSAGES, type InvitableRole, type MemberRole } from '../../shared/members'
import { ensureRoom, getAccount } from '../accounts/service'
import { revokeApiKeysCreatedBy } from '../api-keys/service'
import * as auth from '../auth/service'
import type { Actor } from '../auth/service'
import * as repo from './repo'
import type { Invitation, InvitationInput, InvitationPreview, Member, Members } from './schema'

const DAY = 24 * 60 * 60 * 1000
const INVITATIONS_PER_ACCOUNT_HOUR = 30
// Mails from one account to one address a day (replacements too), so no account floods an address.
// Counted per account: a stranger's invitations can never use up another team's.
const INVITATIONS_PER_ADDRESS_DAY = 5

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function toInvitationJson({ invitation, invitedByEmail }: { invitation: repo.InvitationRow; invitedByEmail: string }): Invitation {
  return { id: invitation.id, email: invitation.email, role: invitation.role, invitedBy: invitedByEmail, expiresAt: invitation.expiresAt.toISOString(), createdAt: invitation.createdAt.toISOString() }
}

/** The account's members, and its pending invitations for those who may manage them. */
export async function listMembers(actor: Actor): Promise<Members> {
  const [members, invitations] = await Promise.all([
    auth.membersOfAccount(actor.accountId),
    can(actor.role, 'members:manage') ? repo.pendingInvitations(actor.accountId, new Date()) : [],
  ])
  return {
    members: members.map((member): Member => ({ ...member, joinedAt: member.joinedAt.toISOString(), isYou: member.userId === actor.id })),
    invitations: invitations.map(toInvitationJson),
  }
}

/** Mails an invitation (a new link replaces an earlier one to the same address). */
export async function invite(actor: Actor, input: InvitationInput): Promise<Invitation> {
  // The mail names its sender: only an address shown to be theirs may send it.
  if (!actor.emailVerifiedAt) throw new AppError('forbidden', MEMBER_MESSAGES.confirmFirst)
  const email = normalizeEmail(input.email)
  const now = new Date()
  const token = randomBytes(32).toString('base64url')
  // Counted before the account is held: a transaction awaits only its own statements.
  const [byAccount, toAddress] = await Promise.all([
    consumeRate(`invitations:${actor.accountId}`, [{ limit: INVITATIONS_PER_ACCOUNT_HOUR, windowMs: 60 * 60 * 1000 }]),
    consumeRate(`invitations-to:${actor.accountId}:${email}`, [{ limit: INVITATIONS_PER_ADDRESS_DAY, windowMs: DAY }]),
  ])
  if (!byAccount.allowed) throw new AppError('rate_limited', 'Too many invitations this hour. Please try again later.', undefined, byAccount.retryAfter)
  if (!toAddress.allowed) throw new AppError('rate_limited', MEMBER_MESSAGES.tooManyToAddress, undefined, toAddress.retryAfter)
  // Stored while the sender's role still allows it: a demotion racing it withdraws it, or refuses it.
  const row = await auth.asMemberNow(actor.accountId, actor.id, 'members:manage', async (tx, role) => {
    if (input.role === 'admin' && role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.adminsOnlyByOwner)
    const members = await auth.membersOfAccount(actor.accountId, tx)
    if (members.some((member) => member.email === email)) throw fieldError('conflict', 'email', MEMBER_MESSAGES.alreadyMember)
    await ensureRoom({ limit: INVITATIONS_MAX, count: (held) => repo.countPending(actor.accountId, now, held), refusal: () => new AppError('conflict', MEMBER_MESSAGES.tooManyInvitations) }, tx)
    return repo.putInvitation(
      { id: Bun.randomUUIDv7(), accountId: actor.accountId, email, role: input.role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY), createdAt: now },
      tx,
    )
  })
  const link = `${config.publicUrl}/invite?token=${token}`
  await sendMail({
    to: email,
    subject: `Join ${actor.accountName} on Linkcard`,
    text:
      `${actor.email} invited you to join the Linkcard account ${actor.accountName} as ${aRole(input.role)}.\n\n` +
      `To accept, open this link within the next ${INVITATION_TTL_DAYS} days:\n${link}\n\n` +
      `If you don't know them, ignore this e-mail: nothing happens.\n`,
  })
  return toInvitationJson({ invitation: row, invitedByEmail: actor.email })
}

export async function withdrawInvitation(actor: Actor, id: string) {
  if (!(await repo.deleteInvitation(actor.accountId, id))) throw new AppError('not_found', MEMBER_MESSAGES.invitationNotFound)
}

/** Another member of the actor's account as they are now, or 404. */
async function memberOf(accountId: string, userId: string, tx: Db) {
  const membership = await auth.findMembership(accountId, userId, tx)
  if (!membership) throw new AppError('not_found', MEMBER_MESSAGES.memberNotFound)
  return membership
}

/** The owner is changed only by a transfer; an admin is made or changed only by the owner. */
function mayChange(yourRole: MemberRole, target: { role: string }) {
  if (target.role === 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.ownerStays)
  if (target.role === 'admin' && yourRole !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.adminsOnlyByOwner)
}

/**
 * What someone loses with a role in an account: the API keys they made for it once they may not
 * manage keys, the invitations they sent once they may not invite. Nothing they hold outlives it.
 */
async function takeBackWhatRoleAllowed(accountId: string, userId: string, role: MemberRole | null, tx: Db) {
  if (role === null || !can(role, 'integrations:manage')) await revokeApiKeysCreatedBy(userId, accountId, tx)
  if (role === null || !can(role, 'members:manage')) await repo.deleteInvitationsBy(accountId, userId, tx)
}

export async function changeRole(actor: Actor, userId: string, role: InvitableRole) {
  await auth.asMemberNow(actor.accountId, actor.id, 'members:manage', async (tx, yourRole) => {
    mayChange(yourRole, await memberOf(actor.accountId, userId, tx))
    if (role === 'admin' && yourRole !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.adminsOnlyByOwner)
    await auth.setMembershipRole(actor.accountId, userId, role, tx)
    await takeBackWhatRoleAllowed(actor.accountId, userId, role, tx)
  })
  return listMembers(actor)
}

/**
 * Takes a member out of the account (or the actor leaves it). The keys they made for it stop
 * working and their invitations are withdrawn; the links they made stay the account's.
 */
export async function removeMember(actor: Actor, userId: string) {
  const leaving = userId === actor.id
  await auth.asMemberNow(actor.accountId, actor.id, leaving ? null : 'members:manage', async (tx, yourRole) => {
    const target = await memberOf(actor.accountId, userId, tx)
    if (leaving && target.role === 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.ownerStays)
    if (!leaving) mayChange(yourRole, target)
    await takeBackWhatRoleAllowed(actor.accountId, userId, null, tx)
    await auth.removeMembership(actor.accountId, userId, tx)
  })
  log.info('member removed', { accountId: actor.accountId, userId, by: actor.id })
}

/** Makes another member the owner; the owner becomes an admin. */
export async function transferOwnership(actor: Actor, userId: string) {
  await auth.asMemberNow(actor.accountId, actor.id, null, async (tx, yourRole) => {
    // The missing role first: only the owner is told they own the account already.
    if (yourRole !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.ownerOnly)
    if (userId === actor.id) throw new AppError('invalid', MEMBER_MESSAGES.transferToSelf)
    await memberOf(actor.accountId, userId, tx)
    // Stepping down first: the account never has two owners (a unique index holds to it too).
    await auth.setMembershipRole(actor.accountId, actor.id, 'admin', tx)
    await auth.setMembershipRole(actor.accountId, userId, 'owner', tx)
  })
  log.info('ownership transferred', { accountId: actor.accountId, from: actor.id, to: userId })
}

// ---- the invited person -----------------------------------------------------------------------

async function liveInvitation(token: string) {
  const row = await repo.findByToken(hashToken(token), new Date())
  if (!row) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
  return row
}

/** What the invitation link shows before it is accepted. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const row = await liveInvitation(token)
  const account = await getAccount(row.invitation.accountId)
  return { ...toInvitationJson(row), accountName: account.name, hasUser: await auth.isKnownEmail(row.invitation.email) }
}

/** A signed-in person accepts: they must be the address invited. Answers a session in the account. */
export async function acceptInvitation(actor: Actor, token: string) {
  const { invitation } = await liveInvitation(token)
  if (invitation.email !== actor.email) throw new AppError('forbidden', MEMBER_MESSAGES.wrongInvitee(invitation.email))
  await auth.withAccountHeld(invitation.accountId, async (tx) => {
    if (!(await repo.takeByToken(invitation.tokenHash, new Date(), tx))) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
    if (await auth.findMembership(invitation.accountId, actor.id, tx)) await auth.switchTo(actor.id, invitation.accountId, tx)
    else await auth.addMembership(invitation.accountId, actor.id, invitation.role, tx)
  })
  return auth.sessionOf(actor.id)
}

/** Someone new accepts by choosing a password: the mailed link proves the address theirs. */
export async function signUpByInvitation(token: string, password: string) {
  const { invitation } = await liveInvitation(token)
  if (await auth.isKnownEmail(invitation.email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  const passwordHash = await auth.hashPassword(password)
  try {
    const userId = await auth.withAccountHeld(invitation.accountId, async (tx) => {
      if (!(await repo.takeByToken(invitation.tokenHash, new Date(), tx))) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
      return auth.signUpInvited(invitation.email, passwordHash, invitation.accountId, invitation.role, tx)
    })
    log.info('signup by invitation', { userId, accountId: invitation.accountId })
    return auth.sessionOf(userId)
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
}
