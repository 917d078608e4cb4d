// A page's own preview data (title, description, image), read to fill a link's preview fields.
// Pages are fetched only through safeFetch: the URL comes from a user.
import ogs from 'open-graph-scraper'
import { consumeRate } from '../../platform/counters'
import { AppError, fieldError } from '../../platform/errors'
import { safeFetch } from '../../platform/safe-fetch'
import { DESCRIPTION_MAX, IMAGE_ALT_MAX, LINK_MESSAGES, TITLE_MAX, isHttpUrl } from '../../shared/link-rules'
import type { Actor } from '../auth/service'
import type { ImageFacts } from '../../shared/image-rules'
import { imageFactsOf } from './image-facts'
import type { PageMetadata } from './schema'

const HTML_TYPES = ['text/html', 'application/xhtml+xml']
const NOTHING: PageMetadata = { title: null, description: null, ogImage: null, ogImageAlt: null }
const CRAWL_RATE = { limit: 30, windowMs: 60_000 }

/** The page's text in its charset: from the header, else from a <meta> near the top, else UTF-8. */
function decodeHtml(body: Uint8Array, contentType: string): string {
  const head = new TextDecoder('windows-1252').decode(body.subarray(0, 1024))
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8'
  try {
    return new TextDecoder(label).decode(body)
  } catch {
    return new TextDecoder().decode(body)
  }
}

/** One line of text cut to the link form's limit, so every value can be saved as it is. */
function clean(value: string | string[] | undefined, max: number): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.replace(/\s+/g, ' ').trim()
  if (!text) return null
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

function absoluteHttpUrl(value: string | undefined, base: string): string | null {
  try {
    const url = value?.trim() && new URL(value.trim(), base).href
    return url && isHttpUrl(url) ? url : null
  } catch {
    return null
  }
}

async function extractMetadata(html: string, pageUrl: string): Promise<PageMetadata> {
  if (!html.trim()) return NOTHING
  const { result } = await ogs({
    html,
    // Only the title may fall back (to <title>); the rest come from their own tags.
    onlyGetOpenGraphInfo: ['image', 'description', 'locale', 'logo', 'url', 'favicon', 'audioUrl', 'date'],
    customMetaTags: [
      // ogTitle above holds <title> when og:title is missing; this tells the two apart.
      { property: 'og:title', fieldName: 'ogTitle', multiple: false },
      { property: 'description', fieldName: 'description', multiple: false },
    ],
  })
  const tags = result.customMetaTags ?? {}
  const images = [...(result.ogImage ?? []), ...(result.twitterImage ?? [])]
  const ogImage = images.map((image) => absoluteHttpUrl(image.url, pageUrl)).find(Boolean) ?? null
  return {
    title: clean(tags.ogTitle, TITLE_MAX) ?? clean(result.twitterTitle, TITLE_MAX) ?? clean(result.ogTitle, TITLE_MAX),
    description:
      clean(result.ogDescription, DESCRIPTION_MAX) ?? clean(result.twitterDescription, DESCRIPTION_MAX) ?? clean(tags.description, DESCRIPTION_MAX),
    ogImage,
    ogImageAlt: ogImage ? clean(images.find((image) => image.alt?.trim())?.alt, IMAGE_ALT_MAX) : null,
  }
}

/**
 * The title, description, preview image and its alt text a public page gives itself; each is null
 * when the page has none (or is not HTML). Throws AppError('invalid') when the page cannot be read.
 */
export async function fetchPageMetadata(url: string): Promise<PageMetadata> {
  const page = await safeFetch(fetchableUrl(url), { accept: HTML_TYPES })
  return page.body ? extractMetadata(decodeHtml(page.body, page.contentType), page.url) : NOTHING
}

/** The address a person asked the server to read, trimmed; a field error unless it is http(s). */
function fetchableUrl(url: string) {
  const target = url.trim()
  if (!target) throw fieldError('invalid', 'url', LINK_MESSAGES.metadataUrlMissing)
  if (!/^https?:\/\//i.test(target) || !isHttpUrl(target)) throw fieldError('invalid', 'url', LINK_MESSAGES.metadataUrlInvalid)
  return target
}

/** Every call that makes the server fetch for a person counts against one limit per user. */
async function limitFetches(user: Actor) {
  const rate = await consumeRate(`crawl-url:${user.id}`, [CRAWL_RATE])
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many pages fetched. Please wait a minute and try again.', undefined, rate.retryAfter)
}

/** `POST /api/crawl-url`: fetchPageMetadata, limited per user. */
export async function crawlUrl(user: Actor, url: string): Promise<PageMetadata> {
  await limitFetches(user)
  return fetchPageMetadata(url)
}

/** `POST /api/check-image`: what the image at `url` is (null: not an image the server could read), limited per user. */
export async function checkImage(user: Actor, url: string): Promise<ImageFacts | null> {
  const target = fetchableUrl(url)
  await limitFetches(user)
  return imageFactsOf(target)
}
