// The super-admin panel: oversight of every account, user and link. It composes the owning
// modules' services; every change it makes is written to the audit log in the same transaction,
// where the account changed shows it too (its people see Linkcard staff acted, not who).
import { transaction } from '../../platform/db'
import { fieldError } from '../../platform/errors'
import type { PageQuery, SortOrder } from '../../platform/paging'
import { PLANS, type Plan } from '../../shared/domain'
import * as accounts from '../accounts/service'
import { totalClicksAll } from '../analytics/service'
import * as auth from '../auth/service'
import type { Actor } from '../auth/service'
import * as members from '../members/service'
import * as links from '../links/service'
import { usageThisMonthOf } from '../usage/service'
import { asStaff, listPanelAudit, PANEL_SORTS, recordAccountChange } from '../audit/service'
import type { AdminAccountList, AdminLinkList, AdminStats, AdminUser, AdminUserList, AuditLog, ListParams } from './schema'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 100
const SEARCH_MAX = 200

function wholeNumber(params: ListParams, field: string, fallback: number, max: number, message: string) {
  const raw = params[field]
  if (raw === undefined || raw === '') return fallback
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max) throw fieldError('invalid', field, message)
  return value
}

function paging(params: ListParams) {
  const limit = wholeNumber(params, 'limit', DEFAULT_LIMIT, MAX_LIMIT, `limit must be a whole number from 1 to ${MAX_LIMIT}.`)
  const page = wholeNumber(params, 'page', 1, Math.floor(Number.MAX_SAFE_INTEGER / MAX_LIMIT), 'page must be a whole number of 1 or more.')
  return { page, limit }
}

/**
 * Checks page, limit, search, sortBy and sortOrder with clear messages.
 * sortOrder defaults to desc for createdAt (newest first) and asc for names, e-mails and plans.
 */
function parseListQuery<S extends string>(params: ListParams, sorts: readonly S[]): PageQuery<S> {
  const { page, limit } = paging(params)
  const rawSearch = params.search
  if (rawSearch !== undefined && typeof rawSearch !== 'string') throw fieldError('invalid', 'search', 'search must be text.')
  const search = rawSearch?.trim() || undefined
  if (search && search.length > SEARCH_MAX) throw fieldError('invalid', 'search', `search must be at most ${SEARCH_MAX} characters.`)
  const sortBy = (params.sortBy || 'createdAt') as S
  if (!sorts.includes(sortBy)) throw fieldError('invalid', 'sortBy', `sortBy must be one of: ${sorts.join(', ')}.`)
  const sortOrder = (params.sortOrder || (sortBy === 'createdAt' ? 'desc' : 'asc')) as SortOrder
  if (sortOrder !== 'asc' && sortOrder !== 'desc') throw fieldError('invalid', 'sortOrder', 'sortOrder must be asc or desc.')
  return { page, limit, search, sortBy, sortOrder }
}

export async function adminStats(): Promise<AdminStats> {
  const [totalAccounts, totalUsers, totalLinks, totalClicks] = await Promise.all([
    accounts.countAccounts(),
    auth.countUsers(),
    links.countLinks(),
    totalClicksAll(),
  ])
  return { totalAccounts, totalUsers, totalLinks, totalClicks }
}

export async function listAccounts(params: ListParams): Promise<AdminAccountList> {
  const { rows, total } = await accounts.listAccounts(parseListQuery(params, accounts.ACCOUNT_SORTS), members.accountIdsWithEmailContaining)
  const [usage, userCounts] = await Promise.all([usageThisMonthOf(rows), members.userCountsOf(rows.map((row) => row.id))])
  return {
    accounts: rows.map((row) => ({
      id: row.id,
      name: row.name,
      plan: row.plan,
      usageThisMonth: usage.get(row.id) ?? 0,
      userCount: userCounts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  }
}

export async function listUsers(params: ListParams): Promise<AdminUserList> {
  const { rows, total } = await members.listUsers(parseListQuery(params, members.USER_SORTS))
  const withSecondFactor = await auth.usersWithSecondFactor(rows.map((row) => row.id))
  return { users: rows.map((row) => ({ ...row, hasSecondFactor: withSecondFactor.has(row.id) })), total }
}

export async function linksOfUser(userId: string, params: ListParams): Promise<AdminLinkList> {
  const query = parseListQuery(params, links.LINK_SORTS)
  await auth.getUser(userId)
  const { rows, total } = await links.listLinksPage({ createdBy: userId }, query)
  return { shareLinks: rows, total }
}

export async function membersOfAccount(accountId: string) {
  await accounts.getAccount(accountId)
  return (await members.membersOfAccount(accountId)).map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() }))
}

export async function linksOfAccount(accountId: string, params: ListParams): Promise<AdminLinkList> {
  const query = parseListQuery(params, links.LINK_SORTS)
  await accounts.getAccount(accountId)
  const { rows, total } = await links.listLinksPage({ accountId }, query)
  return { shareLinks: rows, total }
}

/** Moves the user's account to any plan, up or down; answers the user. */
export async function changeUserPlan(actor: Actor, userId: string, body: unknown): Promise<AdminUser> {
  const plan = (body as { plan?: unknown } | null | undefined)?.plan
  if (typeof plan !== 'string' || !PLANS.includes(plan as Plan)) throw fieldError('invalid', 'plan', `plan must be one of: ${PLANS.join(', ')}.`)
  await transaction(async (tx) => {
    const user = await auth.getUser(userId, tx)
    if (user.plan === plan) return
    await accounts.changePlan(user.accountId, plan as Plan, tx)
    await recordAccountChange(tx, asStaff(actor), {
      accountId: user.accountId,
      action: 'account.plan_changed',
      target: { type: 'account', id: user.accountId },
      changes: { plan: { from: user.plan, to: plan } },
      details: { userId, email: user.email, from: user.plan, to: plan },
    })
  })
  return auth.getUser(userId)
}

/**
 * Removes the user's authenticator, passkeys and recovery codes (a lost phone, no codes left): they
 * sign in with their password alone until they set them up again. Their sessions stay; they are told.
 */
export async function resetSecondFactors(actor: Actor, userId: string) {
  await transaction(async (tx) => {
    const user = await auth.getUser(userId, tx)
    await auth.resetSecondFactors(user, tx)
    await recordAccountChange(tx, asStaff(actor), {
      accountId: user.accountId,
      action: 'security.two_factor_reset',
      target: { type: 'user', id: userId, name: user.email },
      details: { email: user.email },
    })
  })
}

export async function deleteLink(actor: Actor, linkId: string) {
  await transaction(async (tx) => {
    const link = await links.deleteLinkById(linkId, tx)
    await recordAccountChange(tx, asStaff(actor), {
      accountId: link.accountId,
      action: 'link.deleted',
      target: { type: 'link', id: link.id },
      changes: { targetUrl: { from: link.targetUrl, to: null }, title: { from: link.title, to: null } },
      details: { accountId: link.accountId, createdBy: link.createdBy, slug: link.slug, alias: link.alias, title: link.title, targetUrl: link.targetUrl },
    })
  })
}

/** The user and every link they created; the account too when they were its last user. */
export async function deleteUser(actor: Actor, userId: string) {
  // Deleting oneself ends this session mid-panel; settings has the proper flow for it.
  if (userId === actor.id) throw fieldError('invalid', 'id', 'You cannot delete your own user here.')
  await transaction(async (tx) => {
    const deleted = await members.deleteUser(userId, tx)
    await recordAccountChange(tx, asStaff(actor), {
      // An account that went with its last user keeps no log; one that stays shows its member deleted.
      accountId: deleted.accountDeleted ? null : deleted.accountId,
      action: 'user.deleted',
      target: { type: 'user', id: userId },
      details: { email: deleted.email, accountId: deleted.accountId, accountName: deleted.accountName, accountDeleted: deleted.accountDeleted, linksDeleted: deleted.linksDeleted },
    })
  })
}

/** The account with its links, keys, events and domain, and the users who belong to no other account. */
export async function deleteAccount(actor: Actor, accountId: string) {
  if (accountId === actor.accountId) throw fieldError('invalid', 'id', 'You cannot delete your own account here.')
  await transaction(async (tx) => {
    const account = await accounts.getAccount(accountId, tx)
    const usersDeleted = await members.deleteAccount(accountId, tx)
    await recordAccountChange(tx, asStaff(actor), { accountId: null, action: 'account.deleted', target: { type: 'account', id: accountId }, details: { name: account.name, plan: account.plan, usersDeleted } })
  })
}

export async function auditLog(params: ListParams): Promise<AuditLog> {
  return listPanelAudit(parseListQuery(params, PANEL_SORTS))
}
