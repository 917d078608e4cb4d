// Accounts: the unit that owns links, keys, a plan and a billing period.
import { publish } from '../../platform/bus'
import { config } from '../../platform/config'
import { afterCommit, transaction, type Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import type { Plan } from '../../shared/domain'
import * as repo from './repo'

export type Account = repo.AccountRow

/** An account is named after the local part of its first user's e-mail. */
export function accountNameFor(email: string) {
  return email.split('@')[0] || email
}

/** A new account, on the install's plan for new accounts (DEFAULT_PLAN). */
export const createAccount = (name: string, tx?: Db) => repo.insertAccount(name, config.defaultPlan, tx)

export async function getAccount(id: string, tx?: Db) {
  const account = await repo.findAccount(id, tx)
  if (!account) throw new AppError('not_found', 'Account not found.')
  return account
}

export const findAccount = (id: string, tx?: Db) => repo.findAccount(id, tx)

/** Holds the account's row until `tx` ends (false when it is gone): see holdingAccount. */
export const holdAccount = repo.holdAccount

/**
 * Runs `work` in a transaction that holds the account's row: work of one account that must see it
 * as it is (who belongs to it, how many of a thing it has) takes turns, on every instance. 404 when
 * the account is gone. `work` awaits only its statements (SQLite: see transaction()).
 */
export function holdingAccount<T>(accountId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(async (tx) => {
    if (!(await repo.holdAccount(accountId, tx))) throw new AppError('not_found', 'Account not found.')
    return work(tx)
  })
}

/**
 * A per-account cap: how many of a thing the account has now (read in the holding transaction),
 * at most how many it may have, and the refusal past that. `adding` is how many the write adds
 * (one unless said; it may be read in the transaction too, as new tags among names are).
 */
export type AccountCap = {
  limit: number
  count: (tx: Db) => Promise<number>
  refusal: () => AppError
  adding?: number | ((tx: Db) => Promise<number>)
}

/**
 * Refuses with the cap's refusal when the account has no room for what is added. Only inside a
 * transaction that holds the account (holdingAccount, or another that holds it), or concurrent
 * writes could each see room for themselves.
 */
export async function ensureRoom(cap: AccountCap, tx: Db) {
  const adding = typeof cap.adding === 'function' ? await cap.adding(tx) : (cap.adding ?? 1)
  if (adding > 0 && (await cap.count(tx)) + adding > cap.limit) throw cap.refusal()
}

/**
 * Every per-account cap goes this way: counted and written in one transaction that holds the
 * account, so however many requests (on however many instances) add at once, the cap holds.
 */
export function withinAccountCap<T>(accountId: string, cap: AccountCap, write: (tx: Db) => Promise<T>): Promise<T> {
  return holdingAccount(accountId, async (tx) => {
    await ensureRoom(cap, tx)
    return write(tx)
  })
}

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

