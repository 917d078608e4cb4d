// An account's people: who belongs to which account in what role (the memberships), the checks
// that hold a membership still while a change is made, and invitations mailed with a one-time link,
// accepted by signing up or in; roles changed, members removed, ownership handed over. Who may do
// what is shared/members.ts. People themselves, and their sessions, are the auth module's.
import { createHash, randomBytes } from 'node:crypto'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { isUniqueViolation, transaction, type Db } from '../../platform/db'
import { AppError, fieldError } from '../../platform/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import type { PageOf, PageQuery } from '../../platform/paging'
import { MESSAGES, normalizeEmail } from '../../shared/auth-rules'
import { accountNameError, aRole, can, INVITATION_TTL_DAYS, INVITATIONS_MAX, MEMBER_MESSAGES, type InvitableRole, type MemberRole, type Permission } from '../../shared/members'
import * as accounts from '../accounts/service'
import * as auth from '../auth/service'
import type { Actor, Client } from '../auth/service'
import type { DeleteAccountInput, User } from '../auth/schema'
import { actingOf, forgetAccountAudit, recordAccountChange, type Acting } from '../audit/service'
import { networkOf } from '../../shared/network'
import * as repo from './repo'
import type { AccountInput, Invitation, InvitationInput, InvitationPreview, Member, Members } from './schema'
import { handoverOf } from '../../platform/handover'

/**
 * What goes with a member, done by the modules built on this one (links, API keys): runtime.ts
 * hands them over, so members needs none of them.
 */
type MemberCleanup = {
  /** Deletes the links the user made in these accounts, in the transaction; answers how many. */
  deleteLinksCreatedBy(userId: string, accountIds: string[], tx: Db): Promise<number>
  /** Revokes the API keys the user made (in one account, when given). */
  revokeApiKeysCreatedBy(userId: string, accountId?: string, tx?: Db): Promise<void>
}

const cleanup = handoverOf<MemberCleanup>("members' clean-up")
export const provideMemberCleanup = cleanup.provide
const memberCleanup = cleanup.get

// ---- memberships ------------------------------------------------------------------------------

/**
 * Runs `work` in a transaction that holds the account still: who belongs to it, and in what role,
 * changes only after it ends. 404 when the account is gone.
 */
const withAccountHeld = accounts.holdingAccount

/**
 * withAccountHeld for a member acting: `work` gets their role as it is now (it may have changed
 * since the request began), and runs only while that role allows `permission` (403 otherwise).
 */
export function asMemberNow<T>(accountId: string, userId: string, permission: Permission | null, work: (tx: Db, role: MemberRole) => Promise<T>) {
  return withAccountHeld(accountId, async (tx) => {
    const role = (await repo.findMembership(accountId, userId, tx))?.role
    if (!role) throw new AppError('forbidden', MEMBER_MESSAGES.notAMember)
    if (permission && !can(role, permission)) throw new AppError('forbidden', MEMBER_MESSAGES.forbidden(permission))
    return work(tx, role)
  })
}

/**
 * The user with the account they work in now and their role in it (what auth makes an Actor of);
 * undefined when there is no such user. A switch that raced the user's removal can leave them
 * working in an account they left: they move to one of theirs (as a removal would have moved them)
 * rather than being locked out.
 */
export async function findUserAtWork(userId: string, tx?: Db) {
  const row = await repo.findUserWithAccount(userId, tx)
  if (row || !(await auth.findUser(userId, tx))) return row
  await (tx ? moveToAnAccountOfTheirs(userId, tx) : transaction((inner) => moveToAnAccountOfTheirs(userId, inner)))
  return repo.findUserWithAccount(userId, tx)
}

/** Makes a new user the owner of the account made for them. */
export const addOwner = (accountId: string, userId: string, tx: Db) => repo.insertMembership({ accountId, userId, role: 'owner' }, tx)

/** The accounts the user belongs to, for switching between them. */
export async function accountsOf(actor: Actor) {
  return (await repo.membershipsOfUser(actor.id)).map((membership) => ({ ...membership, isCurrent: membership.accountId === actor.accountId }))
}

/** Makes another of the user's accounts the one they work in (on every device), or 404. */
export async function switchAccount(actor: Actor, accountId: string) {
  // Held, so a removal from it cannot pass in between.
  const switched = await withAccountHeld(accountId, (tx) => switchTo(actor.id, accountId, tx)).catch((error) => {
    if (error instanceof AppError && error.kind === 'not_found') return false
    throw error
  })
  if (!switched) throw new AppError('not_found', MEMBER_MESSAGES.notAMember)
  const moved = await auth.actorOf(actor.id)
  if (!moved) throw new AppError('unauthorized', 'Please sign in.')
  return auth.currentUser(moved)
}

/**
 * Changes the workspace the actor works in: its name (owners and admins), and whether every member
 * must have a second factor (the owner alone, who must have one to turn it on). Answers who they
 * are now, in the account as it is now.
 */
export async function changeAccount(actor: Actor, { name, requireSecondFactor }: AccountInput) {
  const problem = name === undefined ? undefined : accountNameError(name)
  if (problem) throw fieldError('invalid', 'name', problem)
  // Read before the account is held: its transaction awaits only its own statements.
  const hasOwnFactor = requireSecondFactor === true ? await auth.hasSecondFactor(actor.id) : true
  await asMemberNow(actor.accountId, actor.id, 'domains:manage', async (tx, role) => {
    if (requireSecondFactor !== undefined && role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.secondFactorOwnerOnly)
    // Else the owner would lock themselves out of the workspace with everyone else.
    if (!hasOwnFactor) throw fieldError('invalid', 'requireSecondFactor', MEMBER_MESSAGES.ownSecondFactorFirst)
    const before = await accounts.getAccount(actor.accountId, tx)
    const after = await accounts.updateAccount(actor.accountId, { name: name?.trim() ?? before.name, requireSecondFactor: requireSecondFactor ?? before.requireSecondFactor }, tx)
    if (!after) throw new AppError('not_found', 'Account not found.')
    const target = { type: 'account', id: actor.accountId, name: after.name }
    if (after.name !== before.name)
      await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'account.renamed', target, changes: { name: { from: before.name, to: after.name } } })
    if (after.requireSecondFactor !== before.requireSecondFactor)
      await recordAccountChange(tx, actingOf(actor), {
        accountId: actor.accountId,
        action: after.requireSecondFactor ? 'account.second_factor_required' : 'account.second_factor_optional',
        target,
        changes: { requireSecondFactor: { from: before.requireSecondFactor, to: after.requireSecondFactor } },
      })
  })
  const changed = await auth.actorOf(actor.id)
  if (!changed) throw new AppError('unauthorized', 'Please sign in.')
  return auth.currentUser(changed)
}

/** Makes one of the user's accounts the one they work in, holding it (withAccountHeld); false when they are not its member. */
async function switchTo(userId: string, accountId: string, tx: Db) {
  if (!(await repo.findMembership(accountId, userId, tx))) return false
  await auth.workIn(userId, accountId, tx)
  return true
}

/** Adds an existing user to an account and makes it the one they work in. */
async function addMembership(accountId: string, userId: string, role: MemberRole, tx: Db) {
  await repo.insertMembership({ accountId, userId, role }, tx)
  await switchTo(userId, accountId, tx)
}

/**
 * Takes a user out of an account (in a transaction holding it: withAccountHeld). Working in it,
 * they move to another account of theirs, or to a new one of their own when they had no other, so
 * they can still sign in.
 */
async function removeMembership(accountId: string, userId: string, tx: Db) {
  await repo.deleteMembership(accountId, userId, tx)
  // Still a member of the account they work in: nothing moves.
  if (!(await repo.findUserWithAccount(userId, tx))) await moveToAnAccountOfTheirs(userId, tx)
}

/** Makes the user work in another account of theirs, or in a new one of their own when they have none. */
async function moveToAnAccountOfTheirs(userId: string, tx: Db) {
  const [elsewhere] = await repo.membershipsOfUser(userId, tx)
  await auth.workIn(userId, elsewhere?.accountId ?? (await openAccountOfTheirOwn(userId, tx)), tx)
}

/** A new account for the user, which they own; answers its id. */
async function openAccountOfTheirOwn(userId: string, tx: Db) {
  const user = await auth.findUser(userId, tx)
  const account = await accounts.createAccount(accounts.accountNameFor(user!.email), tx)
  await addOwner(account.id, userId, tx)
  return account.id
}

/**
 * Deletes a user and every link they created in the accounts they belong to (an account they were
 * removed from keeps theirs). An account they were the last member of goes with
 * them (links, keys, events and domain cascade), so no account is left without a person who can
 * sign in; one they own with other members stays theirs until they hand it over (409). Runs in the
 * caller's transaction when given one (so an audit entry can share it). With `leaving`, who deletes
 * themselves: the accounts that stay record that they left.
 */
export async function deleteUser(userId: string, tx?: Db, leaving?: Acting): Promise<Actor & { accountDeleted: boolean; linksDeleted: number }> {
  if (!tx) return transaction((inner) => deleteUser(userId, inner, leaving))
  const actor = await auth.actorOf(userId, tx)
  if (!actor) throw new AppError('not_found', 'User not found.')
  // Held in one order, so two deletions cannot deadlock; read again once held.
  const accountIds = (await repo.membershipsOfUser(userId, tx)).map((membership) => membership.accountId).sort()
  for (const accountId of accountIds) await accounts.holdAccount(accountId, tx)
  const theirs = await repo.membershipsOfUser(userId, tx)
  const memberCounts = await userCountsOf(theirs.map((membership) => membership.accountId), tx)
  const alone = theirs.filter((membership) => memberCounts.get(membership.accountId) === 1)
  if (theirs.some((membership) => membership.role === 'owner' && memberCounts.get(membership.accountId)! > 1))
    throw new AppError('conflict', MEMBER_MESSAGES.ownsSharedAccount)
  const linksDeleted = await memberCleanup().deleteLinksCreatedBy(
    userId,
    theirs.map((membership) => membership.accountId),
    tx,
  )
  // Keys they made would outlive them in the accounts that stay.
  await memberCleanup().revokeApiKeysCreatedBy(userId, undefined, tx)
  for (const { accountId } of alone) await deleteAccount(accountId, tx)
  if (leaving)
    for (const { accountId, role } of theirs.filter((membership) => !alone.includes(membership)))
      await recordAccountChange(tx, leaving, { accountId, action: 'member.left', target: { type: 'member', id: userId, name: actor.email }, changes: { role: { from: role, to: null } }, details: { userDeleted: true } })
  await auth.deleteUserRecord(userId, tx)
  return { ...actor, accountDeleted: alone.some((membership) => membership.accountId === actor.accountId), linksDeleted }
}

/** Deletes the signed-in user, once they show it is them (auth.confirmItIsThem). */
export async function deleteOwnAccount(actor: Actor, proof: DeleteAccountInput) {
  await auth.confirmItIsThem(actor, proof)
  return deleteUser(actor.id, undefined, actingOf(actor))
}

/**
 * Deletes an account (links, keys, events and domain cascade). Its members who belong to another
 * account move there; the others go with it. Answers how many users went.
 */
export async function deleteAccount(accountId: string, tx: Db) {
  await accounts.holdAccount(accountId, tx)
  await forgetAccountAudit(accountId, tx)
  let usersDeleted = 0
  for (const { id } of await auth.usersWorkingIn(accountId, tx)) {
    const elsewhere = (await repo.membershipsOfUser(id, tx)).find((membership) => membership.accountId !== accountId)
    if (elsewhere) await auth.workIn(id, elsewhere.accountId, tx)
    else usersDeleted++
  }
  await accounts.deleteAccount(accountId, tx)
  return usersDeleted
}

export { USER_SORTS } from './repo'

/** A page of users with their account (admin panel): searched by e-mail, sorted, paged in SQL. */
export async function listUsers(query: PageQuery<repo.UserSort>): Promise<PageOf<Omit<User, 'mustSetUpSecondFactor'>>> {
  const { rows, total } = await repo.listUsers(query)
  return { rows: rows.map(({ emailVerifiedAt, ...row }) => ({ ...row, emailVerified: emailVerifiedAt !== null, createdAt: row.createdAt.toISOString() })), total }
}

/** Users per account id, for a page of accounts (0 for an account without users). */
export async function userCountsOf(accountIds: string[], tx?: Db) {
  const counts = new Map(accountIds.map((id) => [id, 0]))
  for (const row of await repo.countUsersByAccount(accountIds, tx)) counts.set(row.accountId, Number(row.total))
  return counts
}

export const membersOfAccount = repo.membersOfAccount
export const accountIdsWithEmailContaining = repo.accountIdsWithEmailContaining
/** Where notices about an account go: its owners' addresses. */
export const ownerEmailsOf = repo.findOwnerEmails

// ---- invitations ------------------------------------------------------------------------------

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
    repo.membersOfAccount(actor.accountId),
    can(actor.role, 'members:manage') ? repo.pendingInvitations(actor.accountId, new Date()) : [],
  ])
  const withSecondFactor = await auth.usersWithSecondFactor(members.map((member) => member.userId))
  return {
    members: members.map(
      (member): Member => ({ ...member, joinedAt: member.joinedAt.toISOString(), isYou: member.userId === actor.id, hasSecondFactor: withSecondFactor.has(member.userId) }),
    ),
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
  const row = await asMemberNow(actor.accountId, actor.id, 'members:manage', async (tx, role) => {
    if (input.role === 'admin' && role !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.adminsOnlyByOwner)
    const members = await repo.membersOfAccount(actor.accountId, tx)
    if (members.some((member) => member.email === email)) throw fieldError('conflict', 'email', MEMBER_MESSAGES.alreadyMember)
    await accounts.ensureRoom({ limit: INVITATIONS_MAX, count: (held) => repo.countPending(actor.accountId, now, held), refusal: () => new AppError('conflict', MEMBER_MESSAGES.tooManyInvitations) }, tx)
    const invitation = await repo.putInvitation(
      { id: Bun.randomUUIDv7(), accountId: actor.accountId, email, role: input.role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY), createdAt: now },
      tx,
    )
    await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'member.invited', target: { type: 'invitation', id: invitation.id, name: email }, changes: { role: { from: null, to: input.role } } })
    return invitation
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
  const withdrawn = await transaction(async (tx) => {
    const row = await repo.deleteInvitation(actor.accountId, id, tx)
    if (row) await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'invitation.revoked', target: { type: 'invitation', id, name: row.email }, changes: { role: { from: row.role, to: null } } })
    return row
  })
  if (!withdrawn) throw new AppError('not_found', MEMBER_MESSAGES.invitationNotFound)
}

/** A member as the audit log names them: by their e-mail address then. */
async function memberTarget(userId: string, tx: Db) {
  return { type: 'member', id: userId, name: (await auth.findUser(userId, tx))?.email ?? null }
}

/** Another member of the actor's account as they are now, or 404. */
async function memberOf(accountId: string, userId: string, tx: Db) {
  const membership = await repo.findMembership(accountId, userId, tx)
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
  if (role === null || !can(role, 'integrations:manage')) await memberCleanup().revokeApiKeysCreatedBy(userId, accountId, tx)
  if (role === null || !can(role, 'members:manage')) await repo.deleteInvitationsBy(accountId, userId, tx)
}

export async function changeRole(actor: Actor, userId: string, role: InvitableRole) {
  await asMemberNow(actor.accountId, actor.id, 'members:manage', async (tx, yourRole) => {
    const before = await memberOf(actor.accountId, userId, tx)
    mayChange(yourRole, before)
    if (role === 'admin' && yourRole !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.adminsOnlyByOwner)
    await repo.setMembershipRole(actor.accountId, userId, role, tx)
    await takeBackWhatRoleAllowed(actor.accountId, userId, role, tx)
    if (before.role !== role)
      await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'member.role_changed', target: await memberTarget(userId, tx), changes: { role: { from: before.role, to: role } } })
  })
  return listMembers(actor)
}

/**
 * Takes a member out of the account (or the actor leaves it). The keys they made for it stop
 * working and their invitations are withdrawn; the links they made stay the account's.
 */
export async function removeMember(actor: Actor, userId: string) {
  const leaving = userId === actor.id
  await asMemberNow(actor.accountId, actor.id, leaving ? null : 'members:manage', async (tx, yourRole) => {
    const target = await memberOf(actor.accountId, userId, tx)
    if (leaving && target.role === 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.ownerStays)
    if (!leaving) mayChange(yourRole, target)
    await takeBackWhatRoleAllowed(actor.accountId, userId, null, tx)
    await removeMembership(actor.accountId, userId, tx)
    await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: leaving ? 'member.left' : 'member.removed', target: await memberTarget(userId, tx), changes: { role: { from: target.role, to: null } } })
  })
  log.info('member removed', { accountId: actor.accountId, userId, by: actor.id })
}

/** Makes another member the owner; the owner becomes an admin. */
export async function transferOwnership(actor: Actor, userId: string) {
  await asMemberNow(actor.accountId, actor.id, null, async (tx, yourRole) => {
    // The missing role first: only the owner is told they own the account already.
    if (yourRole !== 'owner') throw new AppError('forbidden', MEMBER_MESSAGES.ownerOnly)
    if (userId === actor.id) throw new AppError('invalid', MEMBER_MESSAGES.transferToSelf)
    await memberOf(actor.accountId, userId, tx)
    // Stepping down first: the account never has two owners (a unique index holds to it too).
    await repo.setMembershipRole(actor.accountId, actor.id, 'admin', tx)
    await repo.setMembershipRole(actor.accountId, userId, 'owner', tx)
    const to = await memberTarget(userId, tx)
    await recordAccountChange(tx, actingOf(actor), { accountId: actor.accountId, action: 'account.ownership_transferred', target: to, changes: { owner: { from: actor.email, to: to.name } } })
  })
  log.info('ownership transferred', { accountId: actor.accountId, from: actor.id, to: userId })
}

// ---- the invited person -----------------------------------------------------------------------

/** Records, with `tx`, that the person invited joined the account (they are who acts). */
const recordJoined = (tx: Db, acting: Acting, invitation: { id: string; accountId: string; email: string; role: MemberRole }) =>
  recordAccountChange(tx, acting, {
    accountId: invitation.accountId,
    action: 'member.joined',
    target: { type: 'member', id: acting.id!, name: invitation.email },
    changes: { role: { from: null, to: invitation.role } },
    details: { invitationId: invitation.id },
  })

async function liveInvitation(token: string) {
  const row = await repo.findByToken(hashToken(token), new Date())
  if (!row) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
  return row
}

/** What the invitation link shows before it is accepted. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const row = await liveInvitation(token)
  const account = await accounts.getAccount(row.invitation.accountId)
  return { ...toInvitationJson(row), accountName: account.name, hasUser: await auth.isKnownEmail(row.invitation.email) }
}

/** A signed-in person accepts: they must be the address invited. Answers a session in the account. */
export async function acceptInvitation(actor: Actor, token: string, client: Client) {
  const { invitation } = await liveInvitation(token)
  if (invitation.email !== actor.email) throw new AppError('forbidden', MEMBER_MESSAGES.wrongInvitee(invitation.email))
  await withAccountHeld(invitation.accountId, async (tx) => {
    if (!(await repo.takeByToken(invitation.tokenHash, new Date(), tx))) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
    if (await repo.findMembership(invitation.accountId, actor.id, tx)) await switchTo(actor.id, invitation.accountId, tx)
    else {
      await addMembership(invitation.accountId, actor.id, invitation.role, tx)
      await recordJoined(tx, actingOf(actor), invitation)
    }
  })
  return auth.sessionOf(actor.id, client)
}

/** Someone new accepts by choosing a password: the mailed link proves the address theirs. */
export async function signUpByInvitation(token: string, password: string, client: Client) {
  const { invitation } = await liveInvitation(token)
  if (await auth.isKnownEmail(invitation.email)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
  const passwordHash = await auth.hashAccountPassword(password)
  try {
    const userId = await withAccountHeld(invitation.accountId, async (tx) => {
      if (!(await repo.takeByToken(invitation.tokenHash, new Date(), tx))) throw new AppError('not_found', MEMBER_MESSAGES.invalidInvitation)
      const userId = await auth.createInvitedUser(invitation.email, passwordHash, invitation.accountId, tx)
      await repo.insertMembership({ accountId: invitation.accountId, userId, role: invitation.role }, tx)
      await recordJoined(tx, { type: 'user', id: userId, name: invitation.email, address: networkOf(client.ip) }, invitation)
      return userId
    })
    log.info('signup by invitation', { userId, accountId: invitation.accountId })
    return auth.sessionOf(userId, client)
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('conflict', 'email', MESSAGES.emailTaken)
    throw error
  }
}
