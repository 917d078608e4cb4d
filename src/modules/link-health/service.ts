// Card and link health: every live link's target and card image checked on a schedule (and on
// demand), the verdict kept per link, webhooks told when a link breaks or recovers, and the
// account's owners mailed once a week what broke.
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { transaction } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { tellAccountEvents, type AccountEvent } from '../../platform/events'
import { every, type Running } from '../../platform/lifecycle'
import { log } from '../../platform/log'
import { traced } from '../../platform/tracing'
import { sendMail } from '../../platform/mailer'
import { singleFlight } from '../../platform/single-flight'
import { yieldToLoop } from '../../platform/slices'
import { LINK_HEALTH_MESSAGES, type LinkHealth, type LinkHealthFilter, type LinkHealthStatus } from '../../shared/link-health'
import { healthOf, type CheckedHealth } from '../links/health'
import { getLinkRow, shortUrlOf, type Owner } from '../links/service'
import { ownerEmailsOf } from '../members/service'
import { inspectImage, inspectTarget, type Finding } from './inspect'
import * as repo from './repo'

const MINUTE = 60_000
const WEEK = 7 * 24 * 60 * MINUTE
// How long a check may hold a link: its two requests, each within the time limit, and the queue at their hosts.
const LEASE_MS = 10 * MINUTE
// Links checked side by side; one host still gets one request at a time.
const CHECKERS = 16
// Links enrolled, and claimed, per statement.
const ENROL_CHUNK = 1000
const CLAIM_CHUNK = 500

type LinkToCheck = Awaited<ReturnType<typeof repo.linksToCheck>>[number]

/** The verdicts of these links' last checks, for the link JSON (handed to links by runtime.ts). */
export async function checksOf(linkIds: string[]): Promise<Map<string, CheckedHealth>> {
  const rows = await repo.healthRowsOf(linkIds)
  return new Map(rows.map((row) => [row.linkId, row]))
}

export const linkIdsIn = (accountId: string, status: LinkHealthFilter) => repo.linkIdsInSql(accountId, status)

/** When a link checked now is due again: the interval, give or take a tenth, so a day's checks spread out. */
const nextCheckAfter = (now: Date) => new Date(now.getTime() + config.linkHealth.intervalMs * (0.9 + Math.random() * 0.2))

const healthJson = (row: repo.HealthRow): LinkHealth => ({ status: row.status, reason: row.reason, checkedAt: row.checkedAt?.toISOString() ?? null, finalUrl: row.finalUrl })

/** Looks at the link's target and card image; undefined when either gave no verdict (the last one then stands). */
async function inspectLink(link: LinkToCheck) {
  const [target, image] = await Promise.all([inspectTarget(link.targetUrl), link.ogImage ? inspectImage(link.ogImage, link.twitterCard) : undefined])
  if ('noVerdict' in target || (image && 'noVerdict' in image)) return undefined
  return { target, image: image as Exclude<Finding, { noVerdict: true }> | undefined }
}

/**
 * Checks one link whose lease this instance holds and stores what it found, telling the webhooks
 * of a change of state (not of every check) in the same transaction.
 */
async function checkLeased(link: LinkToCheck) {
  const found = await traced('link health check', { 'linkcard.link.id': link.id }, () => inspectLink(link)).catch((error) => {
    log.warn('link check failed', { linkId: link.id, error })
    return undefined
  })
  const now = new Date()
  if (!found) {
    await repo.releaseLease(link.id, nextCheckAfter(now))
    return undefined
  }
  const { target, image } = found
  const targetBroken = target.broken
  const imageBroken = image?.broken ?? false
  const reason = target.broken ? target.reason : image?.broken ? image.reason : null
  const status: LinkHealthStatus = targetBroken || imageBroken ? 'broken' : 'ok'
  return transaction(async (tx) => {
    const before = await repo.lockedHealthRow(tx, link.id)
    if (!before) return undefined // the link was deleted meanwhile
    // A change of state, even across a change of target or image: a link fixed by a new target has recovered.
    const wasBroken = before.status === 'broken'
    const row = await repo.storeVerdict(tx, link.id, {
      status,
      reason,
      targetBroken,
      imageBroken,
      checkedTarget: link.targetUrl,
      checkedImage: link.ogImage,
      finalUrl: target.finalUrl,
      checkedAt: now,
      brokenSince: status === 'broken' ? (wasBroken ? before.brokenSince : now) : null,
      nextCheckAt: nextCheckAfter(now),
    })
    const data = () => ({ link: { id: link.id, url: shortUrlOf(link), targetUrl: link.targetUrl, ogImage: link.ogImage, title: link.title }, health: healthJson(row) })
    const events: AccountEvent[] = []
    if (targetBroken && !before.targetBroken) events.push({ accountId: link.accountId, type: 'link.broken', data })
    if (imageBroken && !before.imageBroken) events.push({ accountId: link.accountId, type: 'card.image_broken', data })
    if (wasBroken && status === 'ok') events.push({ accountId: link.accountId, type: 'link.recovered', data })
    await tellAccountEvents(tx, events)
    return row
  })
}

/** Checks the leased links, `CHECKERS` at a time; links switched off or expired meanwhile are only put off. */
async function checkClaimed(linkIds: string[], now: Date) {
  const links = await repo.linksToCheck(linkIds)
  const live = links.filter((link) => link.isActive && (!link.expiresAt || link.expiresAt > now))
  const liveIds = new Set(live.map((link) => link.id))
  await repo.putOff(
    linkIds.filter((id) => !liveIds.has(id)),
    nextCheckAfter(now),
  )
  let next = 0
  const checker = async () => {
    while (next < live.length) {
      const link = live[next++]!
      // One link's failure to store leaves its lease to lapse; the others go on.
      await checkLeased(link).catch((error) => log.error('storing a link check failed', { linkId: link.id, error }))
    }
  }
  await Promise.all(Array.from({ length: Math.min(CHECKERS, live.length) }, checker))
  return live.length
}

/**
 * Gives new live links their rows (due now), and makes links whose target or image changed due now.
 * Both walk their table by key a part at a time, yielding between parts: on SQLite each part is a
 * query on the request thread.
 */
async function enrolLinks(now: Date) {
  for (let after = ''; ; ) {
    const part = await repo.unenrolledLinksAfter(after, now, ENROL_CHUNK)
    await repo.enrol(part.links, now)
    if (part.isLast || part.last === undefined) break
    after = part.last
    await yieldToLoop()
  }
  for (let after = ''; ; ) {
    const part = await repo.dueChangedLinksAfter(after, now, ENROL_CHUNK)
    if (part.isLast || part.last === undefined) break
    after = part.last
    await yieldToLoop()
  }
}

/** Mails each account with a link that broke since its last such mail, at most once a week, what is broken. */
async function sendDigests(now: Date) {
  const weekAgo = new Date(now.getTime() - WEEK)
  for (const { accountId } of await repo.accountsDueDigest(weekAgo, now, 20)) {
    if (!(await repo.claimDigest(accountId, weekAgo, now))) continue
    const broken = await repo.brokenLinksOf(accountId, now, 51)
    if (broken.length === 0) continue
    const shown = broken.slice(0, 50)
    const lines = shown.map((link) => `- ${link.title} (${shortUrlOf(link)})\n  ${link.reason ?? 'Broken.'}\n  Target: ${link.targetUrl}`)
    const more = broken.length > shown.length ? '\n\nAnd more: see them all in Linkcard.' : ''
    const mail = {
      subject: broken.length === 1 ? 'A link of yours needs attention' : `${shown.length}${more ? '+' : ''} links of yours need attention`,
      text:
        `Linkcard checks where your links lead and their card images. This week it found these broken:\n\n${lines.join('\n\n')}${more}\n\n` +
        `See the links that need attention and check them again once fixed: ${config.publicUrl}/share-links?health=broken`,
    }
    await ownerEmailsOf(accountId)
      .then((emails) => Promise.all(emails.map((to) => sendMail({ to, ...mail }))))
      .catch((error) => log.error('link health mail failed', { accountId, error }))
  }
}

// Enrolling reads every link: not more often than this, or the check interval when that is shorter.
const ENROL_EVERY_MS = 10 * MINUTE
let enrolledAt = 0

/** One turn of the schedule: enrol new links now and then, check what is due within this turn's share of the minute's budget, mail what broke. */
const sweep = singleFlight(async (tickMs: number, stopping: AbortSignal) => {
  const now = new Date()
  if (now.getTime() - enrolledAt >= Math.min(ENROL_EVERY_MS, config.linkHealth.intervalMs)) {
    enrolledAt = now.getTime()
    await enrolLinks(now)
  }
  // Claimed a part at a time: each lease starts when its part does.
  for (let left = Math.max(1, Math.floor((config.linkHealth.perMinute * tickMs) / MINUTE)); left > 0 && !stopping.aborted; ) {
    const at = new Date()
    const claimed = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS), Math.min(left, CLAIM_CHUNK))
    if (claimed.length === 0) break
    left -= claimed.length
    await checkClaimed(claimed, at)
  }
  await sendDigests(new Date())
})

/** The scheduled checks (LINK_HEALTH_CHECKS), started by runtime.ts. */
export function startLinkHealthChecks(): Running | undefined {
  if (!config.linkHealth.isOn) return undefined
  // A turn every few seconds (sooner when the interval is short), each with its share of the minute's checks.
  const tickMs = Math.max(200, Math.min(5000, Math.floor(config.linkHealth.intervalMs / 4)))
  const stopping = new AbortController()
  const run = () =>
    void sweep(tickMs, stopping.signal).catch((error) => {
      log.error('link health sweep failed', { error })
    })
  const stop = every(tickMs, run)
  return {
    // The part under way finishes (its leases given back); no other starts.
    async stop() {
      stop()
      stopping.abort()
      await sweep.running
    },
  }
}

/**
 * "Check now": checks the account's link at once and answers its health. While another check
 * holds the link (the schedule, another instance), answers what that check finds.
 */
export async function checkLinkNow(owner: Owner, linkId: string): Promise<LinkHealth> {
  const link = await getLinkRow(owner, linkId)
  const rate = await consumeRate(`link-check:${owner.accountId}`, [
    { limit: 20, windowMs: MINUTE },
    { limit: 200, windowMs: 60 * MINUTE },
  ])
  if (!rate.allowed) throw new AppError('rate_limited', LINK_HEALTH_MESSAGES.tooManyChecks, undefined, rate.retryAfter)
  const now = new Date()
  if (await repo.claimOne({ linkId: link.id, accountId: link.accountId }, now, new Date(now.getTime() + LEASE_MS))) {
    const [toCheck] = await repo.linksToCheck([link.id])
    if (toCheck) await checkLeased(toCheck)
  } else {
    // Bounded by the other check's two requests and their hosts' queues.
    const giveUpAt = Date.now() + 3 * config.linkHealth.timeoutMs
    while ((await repo.isLeased(link.id, new Date())) && Date.now() < giveUpAt) await Bun.sleep(100)
  }
  const [row] = await repo.healthRowsOf([link.id])
  return healthOf(link, row)
}
