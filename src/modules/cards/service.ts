// What the platforms hold of a link's card: when each one's crawler last fetched it and which card
// version it got, and how to have each show a changed card (Facebook's re-scrape through its Graph
// API when an app token is configured, else the platform's own tool or the wait).
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { log } from '../../platform/log'
import { refreshWayOf } from '../../shared/card-refresh'
import { CARD_PLATFORM_NAMES, CARD_PLATFORMS, type CardPlatform } from '../../shared/platform-cards'
import { lastPreviewsOf } from '../analytics/service'
import { cardHistoryOf, getLinkRow, shortUrlOf, type Owner } from '../links/service'
import type { CardStatus } from './schema'

const canAskFacebook = () => Boolean(config.facebook.appToken)
const GRAPH_TIMEOUT_MS = 10_000
// Each refresh is a call to Facebook on the account's behalf: a few a minute is plenty.
const REFRESH_RULES = [{ limit: 10, windowMs: 10 * 60_000 }]

export async function cardStatus(owner: Owner, linkId: string): Promise<CardStatus> {
  const link = await getLinkRow(owner, linkId)
  const [history, lastFetches] = await Promise.all([cardHistoryOf(link), lastPreviewsOf(link.id)])
  // The version a fetch got: the last one begun by then.
  const versionAt = (at: Date) => history.findLast((entry) => entry.since.getTime() <= at.getTime())?.version ?? 1
  const url = shortUrlOf(link)
  return {
    cardVersion: link.cardVersion,
    platforms: CARD_PLATFORMS.map((platform) => {
      const fetchedAt = lastFetches.get(platform)
      return {
        platform,
        fetchedAt: fetchedAt?.toISOString() ?? null,
        version: fetchedAt ? versionAt(fetchedAt) : null,
        refresh: refreshWayOf(platform, url, canAskFacebook()),
      }
    }),
  }
}

/** Asks the platform to read the link's card again, where Linkcard can (Facebook, with an app token). */
export async function refreshCard(owner: Owner, linkId: string, platform: CardPlatform) {
  const link = await getLinkRow(owner, linkId)
  const url = shortUrlOf(link)
  const way = refreshWayOf(platform, url, canAskFacebook())
  if (way.kind !== 'api') throw new AppError('conflict', `Linkcard cannot ask ${CARD_PLATFORM_NAMES[platform]} to read the card again. ${way.step}`)
  const rate = await consumeRate(`card-refresh:${owner.accountId}`, REFRESH_RULES)
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many refreshes; try again in a few minutes.', undefined, rate.retryAfter)
  // Graph API: POST /?id=URL&scrape=true reads the page again and answers what it found.
  let answer: Response
  try {
    answer = await fetch(`${config.facebook.graphUrl}/`, {
      method: 'POST',
      body: new URLSearchParams({ id: url, scrape: 'true', access_token: config.facebook.appToken! }),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    })
  } catch (error) {
    log.warn('facebook refresh failed', { linkId: link.id, error })
    throw new AppError('unavailable', 'Facebook could not be reached; try again in a moment.')
  }
  if (!answer.ok) {
    const reason = ((await answer.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message
    log.warn('facebook refresh refused', { linkId: link.id, status: answer.status, reason })
    throw new AppError('unavailable', `Facebook did not read the card again${reason ? `: ${reason}` : '.'}`)
  }
  return { platform, refreshedAt: new Date().toISOString() }
}
