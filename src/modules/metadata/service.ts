// A page's own preview data (title, description, image), read to fill a link's preview fields.
// Pages are fetched only through safeFetch: the URL comes from a user.
import { consumeRate } from '../../platform/counters'
import { AppError, fieldError } from '../../platform/errors'
import { safeFetch } from '../../platform/safe-fetch'
import { threadCalls } from '../../platform/thread-calls'
import { LINK_MESSAGES, isHttpUrl } from '../../shared/link-rules'
import { METADATA_PARSE_ENTRY } from '../../threads'
import type { Actor } from '../auth/service'
import type { ImageFacts } from '../../shared/image-rules'
import { imageFactsOf } from './image-facts'
import { NOTHING, type PageToParse } from './page'
import type { PageMetadata } from './schema'

const HTML_TYPES = ['text/html', 'application/xhtml+xml']

// Pages are parsed on a thread of their own, one at a time, accounts taking turns.
const parser = threadCalls<PageToParse, PageMetadata>(METADATA_PARSE_ENTRY, 'page parser', {
  concurrency: 1,
  perKey: 4,
  maxWaitMs: 15_000,
  refusals: {
    busy: () => new AppError('rate_limited', 'Too many of your pages are being read; try again in a moment.', undefined, 1),
    late: (retryAfter) => new AppError('unavailable', 'Too many pages are being read; try again in a moment.', undefined, retryAfter),
  },
})
const CRAWL_RATE = { limit: 30, windowMs: 60_000 }

/**
 * The title, description, preview image and its alt text a public page gives itself; each is null
 * when the page has none (or is not HTML). Throws AppError('invalid') when the page cannot be read.
 * Parsed in `accountId`'s turn on the metadata thread.
 */
export async function fetchPageMetadata(url: string, accountId: string): Promise<PageMetadata> {
  const page = await safeFetch(fetchableUrl(url), { accept: HTML_TYPES })
  if (!page.body) return NOTHING
  return parser.call({ body: page.body, contentType: page.contentType, url: page.url }, { key: accountId })
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
  return fetchPageMetadata(url, user.accountId)
}

/** `POST /api/check-image`: what the image at `url` is (null: not an image the server could read), limited per user. */
export async function checkImage(user: Actor, url: string): Promise<ImageFacts | null> {
  const target = fetchableUrl(url)
  await limitFetches(user)
  return imageFactsOf(target)
}
