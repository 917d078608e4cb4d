// What a link's image is (width, height, type, bytes), read once after the link is saved, for the
// card's og:image:width, og:image:height and og:image:type: Facebook shows no image on a link's
// first share without the size. Read in the background, so saving never waits on the image's host.
import { imageSize } from 'image-size'
import { BoundedCache } from '../../platform/cache'
import { log } from '../../platform/log'
import { safeFetch } from '../../platform/safe-fetch'
import { singleFlightBy } from '../../platform/single-flight'
import type { ImageFacts } from '../../shared/image-rules'
import { uploadedImageAt } from '../images/service'

// image-size's names for the formats platforms show, as media types.
const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', bmp: 'image/bmp' }
/** The media types of images a card may carry, as servers name them. */
export const IMAGE_MEDIA_TYPES = [...Object.values(MEDIA_TYPES), 'image/jpg', 'image/pjpeg']
// Larger than any platform takes (Facebook: 8 MB, X: 5 MB).
const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** What an image uploaded to Linkcard is, known without fetching it (from an address that may be private); undefined for another address. */
export async function uploadedImageFacts(url: string): Promise<ImageFacts | undefined> {
  const uploaded = await uploadedImageAt(url)
  return uploaded && { width: uploaded.width, height: uploaded.height, type: uploaded.contentType, bytes: uploaded.size }
}

/** What an image's bytes are, or null when they are no image a platform shows. */
export function factsOfImage(body: Uint8Array): ImageFacts | null {
  try {
    const { width, height, type } = imageSize(body)
    const mediaType = type ? MEDIA_TYPES[type] : undefined
    return width && height && mediaType ? { width, height, type: mediaType, bytes: body.byteLength } : null
  } catch {
    return null
  }
}

async function readImageFacts(url: string): Promise<ImageFacts | null> {
  const uploaded = await uploadedImageFacts(url)
  if (uploaded) return uploaded
  try {
    const { body } = await safeFetch(url, { accept: IMAGE_MEDIA_TYPES, maxBytes: MAX_IMAGE_BYTES, timeoutMs: 10_000 })
    return body && factsOfImage(body)
  } catch {
    // Unreachable, refused, too large or not an image: the card goes without the size.
    return null
  }
}

// Many links share one image: it is read once at a time, and what was found is kept a while.
const recent = new BoundedCache<string, ImageFacts | null>(1000, 10 * 60 * 1000)
const reading = singleFlightBy(readImageFacts, (url) => url)

/** The image's facts, read at most once at a time and once in ten minutes per address. */
export async function imageFactsOf(url: string): Promise<ImageFacts | null> {
  const known = recent.get(url)
  if (known !== undefined) return known
  const facts = await reading(url)
  recent.set(url, facts)
  return facts
}

// At most this many images are read at once; past a backlog, later ones go unread.
const READERS = 4
const BACKLOG = 200
const waiting: (() => Promise<void>)[] = []
let busy = 0

/** Runs `work` (reading an image and storing what was found) when a reader is free. */
export function inBackground(work: () => Promise<void>) {
  if (busy >= READERS) {
    if (waiting.length < BACKLOG) waiting.push(work)
    return
  }
  busy += 1
  work()
    .catch((error) => log.warn('reading a link image failed', { error }))
    .finally(() => {
      busy -= 1
      const next = waiting.shift()
      if (next) inBackground(next)
    })
}
