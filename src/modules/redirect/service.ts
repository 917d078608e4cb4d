// The short-link path: people are sent on with a 302 and a click is recorded; link-preview
// crawlers get the link's own preview page and a preview is counted against the monthly quota.
import { counters } from '../../platform/counters'
import { recordEvent } from '../analytics/recorder'
import { linkScopeForHost } from '../domains/service'
import { resolveLink, toLinkJson, type LinkRow } from '../links/service'
import { tryCountPreview } from '../usage/service'
import { crawlerPlatform } from './crawlers'
import { expiredPage, previewPage } from './preview-page'

// Platforms re-fetch and scanners repeat: one preview per link, platform and window.
const PREVIEW_WINDOW_MS = 10 * 60 * 1000

export type Visit = {
  path: string
  /** The Host the request arrived on: a custom domain resolves only its account's links. */
  host: string
  method: string
  userAgent: string | null
  referrer: string | null
  /** The client's address and a trusted proxy's country header: only held until events are written. */
  ip: string | null
  country: string | null
}

export type VisitOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'preview'; html: string }
  | { kind: 'expired'; html: string }
  | { kind: 'not_found' }

/** May this crawler see the custom preview? Counts it the first time in the window. */
async function previewAllowed(link: LinkRow, platform: string) {
  const key = `preview:${link.id}:${platform}`
  const { count } = await counters.hit(key, PREVIEW_WINDOW_MS)
  if (count > 1) return true
  if (await tryCountPreview(link.accountId)) return true
  // Over the quota: forget this window so a later request (after an upgrade) is counted afresh.
  await counters.clear(key, PREVIEW_WINDOW_MS)
  return false
}

export async function visit({ path, host, method, userAgent, referrer, ip, country }: Visit): Promise<VisitOutcome> {
  const [link, scope] = await Promise.all([resolveLink(path), linkScopeForHost(host)])
  if (!link || !link.isActive) return { kind: 'not_found' }
  if (scope.kind === 'none' || (scope.kind === 'account' && link.accountId !== scope.accountId)) return { kind: 'not_found' }
  const now = Date.now()
  if (link.expiresAt && link.expiresAt.getTime() <= now) return { kind: 'expired', html: expiredPage }
  const isHead = method === 'HEAD'
  const platform = crawlerPlatform(userAgent)
  if (platform) {
    const shortUrl = toLinkJson(link).url
    if (isHead) return { kind: 'preview', html: previewPage(link, shortUrl) }
    if (await previewAllowed(link, platform)) {
      recordEvent({ linkId: link.id, accountId: link.accountId, type: 'preview', at: now, referrer, userAgent, platform, ip, country })
      return { kind: 'preview', html: previewPage(link, shortUrl) }
    }
    return { kind: 'redirect', location: link.targetUrl }
  }
  if (!isHead) recordEvent({ linkId: link.id, accountId: link.accountId, type: 'click', at: now, referrer, userAgent, platform: null, ip, country })
  return { kind: 'redirect', location: link.targetUrl }
}
