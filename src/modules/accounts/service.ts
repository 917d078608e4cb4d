// Accounts: the unit that owns links, keys, a plan and a billing period.
import { publish } from '../../platform/bus'
import { afterCommit, type Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import type { Plan } from '../../shared/domain'
import * as repo from './repo'

export type Account = repo.AccountRow

/** An account is named after the local part of its first user's e-mail. */
export function accountNameFor(email: string) {
  return email.split('@')[0] || email
}

export const createAccount = (name: string, tx?: Db) => repo.insertAccount(name, tx)

export async function getAccount(id: string, tx?: Db) {
  const account = await repo.findAccount(id, tx)
  if (!account) throw new AppError('not_found', 'Account not found.')
  return account
}

export const findAccount = (id: string) => repo.findAccount(id)

export { ACCOUNT_SORTS } from './repo'
/** A page of accounts for the admin panel: searched by name or a member's e-mail, sorted, paged in SQL. */
export const listAccounts = repo.listAccounts
export const countAccounts = repo.countAccounts
export const findAccountByStripeCustomer = repo.findAccountByStripeCustomer

/** Topic published whenever an account's plan, period or existence changes (payload: its id). */
export const ACCOUNT_CHANGED = 'account-changed'

export async function updateAccount(id: string, changes: Parameters<typeof repo.updateAccount>[1], tx?: Db) {
  const account = await repo.updateAccount(id, changes, tx)
  if (account) afterCommit(tx, () => publish(ACCOUNT_CHANGED, id))
  return account
}

export async function changePlan(accountId: string, plan: Plan, tx?: Db) {
  const account = await repo.updatePlan(accountId, plan, tx)
  if (!account) throw new AppError('not_found', 'Account not found.')
  afterCommit(tx, () => publish(ACCOUNT_CHANGED, accountId))
  return account
}

export async function deleteAccount(id: string, tx?: Db) {
  const deleted = await repo.deleteAccountRow(id, tx)
  if (deleted) afterCommit(tx, () => publish(ACCOUNT_CHANGED, id))
  return deleted
}

export type BillingPeriod = { start: Date; end: Date }

/** The calendar month in UTC that holds `now`. */
function calendarMonth(now = new Date()): BillingPeriod {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  }
}

/** Stripe's period while it is current; otherwise calendar months in UTC. */
export function billingPeriod(account: Pick<Account, 'billingPeriodStart' | 'billingPeriodEnd'>, now = new Date()): BillingPeriod {
  const { billingPeriodStart: start, billingPeriodEnd: end } = account
  if (start && end && start <= now && now < end) return { start, end }
  return calendarMonth(now)
}

