// Guesses at a link's password. Each try is counted before the password is checked, from the
// client's network and for the link from every address together, in the shared counters (memory,
// the database or Redis, as the topology says), so neither concurrency, another instance nor a crowd
// of addresses walks past the limits. Past the link's own limit its form refuses everyone until the
// window ends: its owner still sees the target in the app and may change the password there, and is
// mailed once a day a link while it lasts.
import { config } from '../../platform/config'
import { BoundedCache } from '../../platform/cache'
import { countGuess, counters } from '../../platform/counters'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mailer'
import { linkPath } from '../../shared/link-rules'
import { networkOf } from '../../shared/network'
import { LINK_PASSWORD_TRIES } from '../../shared/rate-limits'
import { ownerEmailsOf } from '../members/service'
import type { LinkRow } from './repo'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const NETWORK_WINDOW_MS = LINK_PASSWORD_TRIES.networkWindowMinutes * MINUTE
const LINK_WINDOW_MS = LINK_PASSWORD_TRIES.linkWindowMinutes * MINUTE
const linkKey = (linkId: string) => `unlock-link:${linkId}`

export type PasswordTry = { kind: 'right' } | { kind: 'wrong' } | { kind: 'refused'; retryAfter: number; isLinkLocked: boolean }

/** Checks a password given for a link (whose password's hash is `hash`) from `ip` (null when unknown). */
export async function tryLinkPassword(link: LinkRow, hash: string, password: string, ip: string | null): Promise<PasswordTry> {
  const guess = await countGuess([
    { key: `unlock:${link.id}:${networkOf(ip ?? 'unknown')}`, limit: LINK_PASSWORD_TRIES.perNetwork, windowMs: NETWORK_WINDOW_MS },
    { key: linkKey(link.id), limit: LINK_PASSWORD_TRIES.perLink, windowMs: LINK_WINDOW_MS },
  ])
  if (!guess.allowed) {
    const isLinkLocked = guess.over.some((limit) => limit.key === linkKey(link.id))
    if (isLinkLocked) warnOwner(link, new Date(Date.now() + guess.retryAfter * 1000))
    return { kind: 'refused', retryAfter: guess.retryAfter, isLinkLocked }
  }
  const isRight = await Bun.password.verify(password, hash)
  await guess.settle(!isRight)
  return { kind: isRight ? 'right' : 'wrong' }
}

/** Until when the link's form refuses every password (too many wrong ones from everyone), or null. */
export async function passwordLockOf(link: Pick<LinkRow, 'id' | 'passwordHash'>): Promise<Date | null> {
  if (!link.passwordHash) return null
  const { count, resetAt } = await counters.peek(linkKey(link.id), LINK_WINDOW_MS)
  return count >= LINK_PASSWORD_TRIES.perLink ? new Date(resetAt) : null
}

// Links whose owner this process knows to be warned today (link id → day): the guesses that follow
// ask the shared counter no more.
const warnedToday = new BoundedCache<string, number>(10_000)

/** Mails the account's owner that the link's password is being guessed: the first time a day, on whichever instance. */
function warnOwner(link: LinkRow, until: Date) {
  const day = Math.floor(Date.now() / DAY)
  if (warnedToday.get(link.id) === day) return
  warnedToday.set(link.id, day)
  counters
    .hit(`unlock-warned:${link.id}`, DAY)
    .then(async ({ count }) => {
      if (count !== 1) return
      const shortUrl = `${config.publicUrl}/${encodeURIComponent(linkPath(link))}`
      const mail = {
        subject: "Someone is guessing your link's password",
        text:
          `More than ${LINK_PASSWORD_TRIES.perLink} wrong passwords were given for your link ${shortUrl} ("${link.title}") within ` +
          `${LINK_PASSWORD_TRIES.linkWindowMinutes} minutes, from many addresses together. To keep it from being guessed, the link's password ` +
          `form refuses every password, the right one too, until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n` +
          `Its page in Linkcard shows where it leads, and there you can change the password, should it be known or short: ` +
          `${config.publicUrl}/share-links/${link.id}/analytics\n\nWe tell you once a day while it goes on.\n`,
      }
      await Promise.all((await ownerEmailsOf(link.accountId)).map((to) => sendMail({ to, ...mail })))
      log.warn('link password under attack', { linkId: link.id, accountId: link.accountId })
    })
    .catch((error) => log.error('warning of password guessing failed', { linkId: link.id, error }))
}
