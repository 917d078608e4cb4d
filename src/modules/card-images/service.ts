// The card images Linkcard makes for links without an image of their own. An image depends only on
// the link's card, whose version its address names, so any instance draws the same bytes, each
// keeps what it drew, and browsers and platforms may keep it for good. An address of an older
// version is sent on to the current one.
import { BoundedCache } from '../../platform/cache'
import { consumeRate } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { singleFlightBy } from '../../platform/single-flight'
import { CARD_IMAGE_DEFAULT_COLOR, cardImagePath, cardImageSite } from '../../shared/card-images'
import { LINK_MESSAGES } from '../../shared/link-rules'
import { threadCalls } from '../../platform/thread-calls'
import { CARD_IMAGE_RENDER_ENTRY } from '../../threads'
import { lookUp } from '../links/resolve'
import { cardImageUrlOf, type LinkRow } from '../links/service'
import type { CardImageContent } from '../../shared/card-images'
import { networkOf } from '../../shared/network'
import { drawnBrandOf } from './brand'

export type CardImage = { kind: 'image'; png: Uint8Array<ArrayBuffer>; etag: string } | { kind: 'moved'; location: string }

// About 40 KB an image: a few thousand stay within a couple of hundred megabytes at most.
const images = new BoundedCache<string, { png: Uint8Array<ArrayBuffer>; etag: string }>(2000)
// Drawing one takes a few hundred milliseconds of CPU: an address may have so many drawn a minute.
const DRAW_RULES = [{ limit: 30, windowMs: 60_000 }]

// Drawn on a thread of its own, one at a time. Accounts take turns: crawlers fetching many of one
// account's images, or a crowd fetching many accounts', keep no other account's waiting behind them all.
const renderer = threadCalls<CardImageContent, Uint8Array<ArrayBuffer>>(CARD_IMAGE_RENDER_ENTRY, 'card image renderer', {
  concurrency: 1,
  perKey: 64,
  maxWaitMs: 15_000,
  refusals: {
    busy: () => new AppError('rate_limited', "Too many of this account's card images are being drawn; try again in a moment.", undefined, 1),
    late: (retryAfter) => new AppError('unavailable', 'Too many card images are being drawn; try again in a moment.', undefined, retryAfter),
  },
})

// Requests for one image while it is drawn wait for that drawing.
const draw = singleFlightBy(
  async (key: string, link: LinkRow) => {
    const brand = await drawnBrandOf(link.accountId)
    const content: CardImageContent = {
      layout: link.cardImage!,
      title: link.title,
      description: link.description,
      site: cardImageSite(link.targetUrl),
      color: link.themeColor ?? brand.color ?? CARD_IMAGE_DEFAULT_COLOR,
      logo: brand.logo,
    }
    const png = await renderer.call(content, { key: link.accountId })
    const image = { png, etag: `"${Bun.hash(png).toString(36)}"` }
    images.set(key, image)
    return image
  },
  (key: string) => key,
)

/** The image of the link with this slug at this card version; `client` (an address) may have only so many drawn a minute. */
export async function cardImageOf(slug: string, version: number, client: string): Promise<CardImage> {
  const link = await lookUp(null, slug)
  if (!link || link.slug !== slug || !cardImageUrlOf(link)) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  if (version !== link.cardVersion) return { kind: 'moved', location: cardImagePath(link.slug, link.cardVersion) }
  const key = `${link.id}:${link.cardVersion}`
  const kept = images.get(key)
  if (kept) return { kind: 'image', ...kept }
  const rate = await consumeRate(`card-image-draw:${networkOf(client)}`, DRAW_RULES)
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many card images drawn; try again in a minute.', undefined, rate.retryAfter)
  return { kind: 'image', ...(await draw(key, link)) }
}
