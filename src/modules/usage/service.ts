// Usage against the plan: counted previews (the monthly quota) and API calls per billing period.
import { tellAccountEvents } from '../../platform/events'
import { subscribe } from '../../platform/bus'
import { config } from '../../platform/config'
import { BoundedCache } from '../../platform/cache'
import { exactCounters } from '../../platform/counters'
import { isForeignKeyViolation, transaction } from '../../platform/db'
import { flushEvery } from '../../platform/lifecycle'
import { singleFlight } from '../../platform/single-flight'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import type { Plan } from '../../shared/domain'
import { PLAN_INFO } from '../../shared/plans'
import { ACCOUNT_CHANGED, billingPeriod, findAccount, type Account, type BillingPeriod } from '../accounts/service'
import { ownerEmailsOf } from '../members/service'
import * as repo from './repo'

type AccountQuota = { plan: Plan; period: BillingPeriod; billingPeriodStart: Date | null; billingPeriodEnd: Date | null }

// Plan and period per account, read once and forgotten whenever the account changes.
const accountsSeen = new BoundedCache<string, AccountQuota>(100_000)
subscribe(ACCOUNT_CHANGED, (accountId) => accountsSeen.delete(accountId))

async function accountQuota(accountId: string): Promise<AccountQuota | undefined> {
  let info = accountsSeen.get(accountId)
  if (!info) {
    const account = await findAccount(accountId)
    if (!account) return undefined
    info = { plan: account.plan, period: billingPeriod(account), billingPeriodStart: account.billingPeriodStart, billingPeriodEnd: account.billingPeriodEnd }
    accountsSeen.set(accountId, info)
  }
  // Periods roll over without any change to the account.
  if (Date.now() >= info.period.end.getTime()) info.period = billingPeriod({ billingPeriodStart: info.billingPeriodStart, billingPeriodEnd: info.billingPeriodEnd })
  return info
}

// Counts waiting to be added to the database, per account and period.
let pending = new Map<string, repo.UsageDelta>()

function addPending(accountId: string, periodStart: Date, previews: number, apiCalls: number) {
  const key = `${accountId}@${periodStart.getTime()}`
  const delta = pending.get(key) ?? { accountId, periodStart, previews: 0, apiCalls: 0 }
  delta.previews += previews
  delta.apiCalls += apiCalls
  pending.set(key, delta)
}

// The monthly preview quota lives in the exact counter store (memory, the database or Redis, by
// topology), starting from the persisted count; every counted preview is also added to the database.
const QUOTA_LIFETIME_MS = 40 * 24 * 3600 * 1000
const quotaKey = (key: repo.CounterKey) => `quota:${repo.counterKey(key)}`

/**
 * Counts one preview against the account's monthly quota. False once the quota is used up:
 * the crawler then gets the plain redirect until the period resets or the plan grows.
 */
export async function tryCountPreview(accountId: string): Promise<boolean> {
  const info = await accountQuota(accountId)
  if (!info) return false
  const key = { accountId, periodStart: info.period.start }
  const persisted = async () => (await repo.readPreviewsOf([key])).get(repo.counterKey(key))!
  const counted = await exactCounters.hitBelow(quotaKey(key), PLAN_INFO[info.plan].previewLimit, persisted, QUOTA_LIFETIME_MS)
  if (counted) addPending(accountId, info.period.start, 1, 0)
  return counted
}

/** Counts one public-API call for the dashboard. */
export async function countApiCall(accountId: string) {
  const info = await accountQuota(accountId)
  if (info) addPending(accountId, info.period.start, 0, 1)
}

export async function usageOf(accountId: string) {
  const info = await accountQuota(accountId)
  if (!info) throw new Error(`account ${accountId} not found`)
  return {
    plan: info.plan,
    usageThisMonth: (await previewsCounted([{ accountId, periodStart: info.period.start }]))[0],
    usageLimit: PLAN_INFO[info.plan].previewLimit,
    billingPeriodStart: info.period.start.toISOString(),
    billingPeriodEnd: info.period.end.toISOString(),
  }
}

/** Whether the account may still have previews served this period. */
export async function hasPreviewsLeft(accountId: string): Promise<boolean> {
  const info = await accountQuota(accountId)
  if (!info) return false
  const limit = PLAN_INFO[info.plan].previewLimit
  return limit === null || (await previewsCounted([{ accountId, periodStart: info.period.start }]))[0] < limit
}

/**
 * usageThisMonth of several accounts (a page of the admin list) in one round trip, as exact as
 * usageOf: counts this process holds in memory or Redis win over the database's.
 */
export async function usageThisMonthOf(accounts: Pick<Account, 'id' | 'billingPeriodStart' | 'billingPeriodEnd'>[]) {
  const keys = accounts.map((account) => ({ accountId: account.id, periodStart: billingPeriod(account).start }))
  const counts = await previewsCounted(keys)
  return new Map(keys.map((key, i) => [key.accountId, counts[i]]))
}

/** Previews counted in each period: the counter store's count, or the database's where it holds none. */
async function previewsCounted(keys: repo.CounterKey[]) {
  const held = await exactCounters.read(keys.map(quotaKey))
  const stored = await repo.readPreviewsOf(keys.filter((_, i) => held[i] === null))
  return keys.map((key, i) => held[i] ?? stored.get(repo.counterKey(key))!)
}

/**
 * The account's API calls, those this process has counted included: its counts are stored first,
 * since adding the waiting ones to a read that a flush may land in the middle of counts some twice.
 */
export async function totalApiCalls(accountId: string) {
  // A flush under way may have taken its batch before the latest calls came: the next run covers them.
  await flushUsage.running
  await flushUsage()
  return repo.totalApiCalls(accountId)
}

// The owners hear when 80% of the period's previews are counted, and when all are: once each per
// period, whichever instance counts the preview that crosses the line. The notice is taken as
// given together with its webhook message: should that fail, the next preview counted gives it.
const NOTICE_LEVELS = [100, 80]

async function noticeQuota(totals: Awaited<ReturnType<typeof repo.addDeltas>>) {
  for (const total of totals) {
    const info = await accountQuota(total.accountId)
    const limit = info ? PLAN_INFO[info.plan].previewLimit : null
    if (!info || !limit) continue
    const reached = NOTICE_LEVELS.find((level) => total.previews * 100 >= limit * level)
    if (!reached || total.noticeLevel >= reached) continue
    const message = {
      percent: reached,
      previews: total.previews,
      limit,
      plan: info.plan,
      periodStart: info.period.start.toISOString(),
      periodEnd: info.period.end.toISOString(),
    }
    const claimed = await transaction(async (tx) => {
      if (!(await repo.claimNotice(total, reached, tx))) return false
      await tellAccountEvents(tx, [{ accountId: total.accountId, type: 'quota.reached', data: () => message }])
      return true
    }).catch((error) => log.error('quota notice failed; the next preview counted gives it', { accountId: total.accountId, level: reached, error }))
    if (claimed) sendQuotaNotice(total.accountId, reached, limit, info)
  }
}

function sendQuotaNotice(accountId: string, level: number, limit: number, info: AccountQuota) {
  const resets = info.period.end.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
  const plan = PLAN_INFO[info.plan].name
  const mail =
    level === 100
      ? {
          subject: "You have used all of this month's previews",
          text:
            `Your Linkcard account has used all ${limit.toLocaleString('en-US')} previews of the ${plan} plan this period. Your short links keep ` +
            `working, but social platforms now get the plain redirect, and show the target page's own preview, until the period resets on ` +
            `${resets}.\n\nFor more previews now, choose a larger plan: ${config.publicUrl}/billing`,
        }
      : {
          subject: `You have used ${level}% of this month's previews`,
          text:
            `Your Linkcard account has used ${level}% of the ${limit.toLocaleString('en-US')} previews of the ${plan} plan this period; ` +
            `the count resets on ${resets}.\n\nOnce all are used, your short links keep working but platforms show the target page's own ` +
            `preview until then. For more previews, choose a larger plan: ${config.publicUrl}/billing`,
        }
  ownerEmailsOf(accountId)
    .then((emails) => Promise.all(emails.map((to) => sendMail({ to, ...mail }))))
    .catch((error) => log.error('quota notice failed', { accountId, level, error }))
}

const flushUsage = singleFlight(async () => {
  if (pending.size === 0) return
  const batch = [...pending.values()]
  pending = new Map()
  let totals: Awaited<ReturnType<typeof repo.addDeltas>>
  try {
    totals = await repo.addDeltas(batch)
  } catch (error) {
    // An account deleted meanwhile: keep the others' counts.
    if (isForeignKeyViolation(error)) {
      for (const delta of batch) await repo.addDeltas([delta]).catch(() => undefined)
      return
    }
    log.error('usage flush failed; will retry', { error })
    for (const delta of batch) addPending(delta.accountId, delta.periodStart, delta.previews, delta.apiCalls)
    return
  }
  // The counts are stored: a notice that fails is logged, never counted again.
  await noticeQuota(totals).catch((error) => log.error('quota notice check failed', { error }))
})

/** Adds counted usage to the database every 100 ms, and all that is left when stopped. */
export const startUsageFlushing = () => flushEvery(100, flushUsage)
