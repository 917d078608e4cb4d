// QR codes of short links, as PNG or SVG, in the colours, margin, error correction and size asked
// for, with an optional logo. The code encodes the short URL with the scan marker. A code depends only on the short URL and those options, so it is
// cached here (keyed by all of them) and by browsers.
import { BoundedCache } from '../../platform/cache'
import { consumeRate } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { LINK_MESSAGES } from '../../shared/link-rules'
import { QR_DRAW_LIMIT, RATE_LIMIT_MESSAGES } from '../../shared/rate-limits'
import { contrastRatio, normalizedColor, QR_DEFAULTS, QR_MESSAGES, QR_MIN_CONTRAST, scanUrlOf } from '../../shared/qr-design'
import { lookUp } from '../links/resolve'
import { shortUrlOf } from '../links/service'
import { networkOf } from '../../shared/network'
import { logoAt } from './logo'
import { drawnOnThread } from './drawer'
import type { QrDesign } from './render'
import type { QrQuery } from './schema'

type QrImage = { body: Uint8Array<ArrayBuffer> | string; type: string; etag: string }

// Plain codes are small (a few kilobytes); a large one with a logo is not kept, so the cache stays
// within about CACHE_SIZE × CACHED_BYTES_MAX.
const CACHE_SIZE = 1000
const CACHED_BYTES_MAX = 64 * 1024
// The logo's image may change at its address: a code with one is drawn again after a while.
const WITH_LOGO_KEPT_MS = 10 * 60_000
const images = new BoundedCache<string, QrImage>(CACHE_SIZE)

/** The design the query asks for, with defaults filled in; colours that do not contrast are refused. */
function designOf(query: QrQuery): QrDesign {
  const foreground = normalizedColor(query.foreground ?? QR_DEFAULTS.foreground)
  const background = query.background === 'transparent' ? null : normalizedColor(query.background ?? QR_DEFAULTS.background)
  const ratio = contrastRatio(foreground, background ?? 'transparent')
  if (ratio < QR_MIN_CONTRAST) {
    const message = QR_MESSAGES.lowContrast(ratio)
    throw new AppError('invalid', message, [
      { field: 'foreground', message },
      { field: 'background', message },
    ])
  }
  return {
    foreground,
    background,
    margin: query.margin ?? QR_DEFAULTS.margin,
    // A logo hides modules: only the highest level restores them.
    errorCorrection: query.logo ? 'H' : (query.errorCorrection ?? QR_DEFAULTS.errorCorrection),
    size: query.size ?? QR_DEFAULTS.size,
  }
}

const DRAW_RULES = [{ limit: QR_DRAW_LIMIT.perMinute, windowMs: 60_000 }]

/** The QR code of the short link at `path` in the design asked for; `client` (an address) may draw only so many a minute. */
export async function qrCodeOf(path: string, query: QrQuery, client: string): Promise<QrImage> {
  const design = designOf(query)
  // An inactive link is not found, as its short link is.
  const link = await lookUp(null, path)
  if (!link) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  // Marked, so the redirect counts a visit from the code as a scan.
  const url = scanUrlOf(shortUrlOf(link))
  const format = query.format ?? QR_DEFAULTS.format
  const key = JSON.stringify([url, format, design, query.logo ?? null])
  const cached = images.get(key)
  if (cached) return cached
  const rate = await consumeRate(`qr-draw:${networkOf(client)}`, DRAW_RULES)
  if (!rate.allowed) throw new AppError('rate_limited', RATE_LIMIT_MESSAGES.qrCodesDrawn(rate.retryAfter), undefined, rate.retryAfter)
  const logo = query.logo ? await logoAt(query.logo, link.accountId) : null
  const etag = `"${Bun.hash(`${key}:${logo?.hash ?? ''}`).toString(36)}"`
  // Drawn on the QR code thread: a large code takes up to a few hundred milliseconds.
  const drawn = await drawnOnThread({ kind: 'code', format, url, design, logo: logo && { pixels: logo.pixels, png: logo.png } }, link.accountId)
  if (!('code' in drawn)) throw new Error('The QR code thread drew no code.')
  const image: QrImage = { body: drawn.code, type: format === 'svg' ? 'image/svg+xml' : 'image/png', etag }
  const bytes = typeof image.body === 'string' ? image.body.length : image.body.byteLength
  if (bytes <= CACHED_BYTES_MAX) images.set(key, image, logo ? WITH_LOGO_KEPT_MS : Infinity)
  return image
}
