// One look at a link's target and card image, through the SSRF-safe fetcher, politely: at most one
// request at a time to a host, and a pause between two.
import { config } from '../../platform/config'
import { AppError } from '../../platform/errors'
import { NOT_PUBLIC, safeFetch, type FetchedPage } from '../../platform/safe-fetch'
import { imageProblems } from '../../shared/image-rules'
import type { TwitterCard } from '../../shared/domain'
import { factsOfImage, IMAGE_MEDIA_TYPES, uploadedImageFacts } from '../metadata/image-facts'

/** What one look found: `broken` with a reason, fine, or no verdict at all (the host asked us to come back later). */
export type Finding = { broken: true; reason: string; finalUrl: string | null } | { broken: false; finalUrl: string | null } | { noVerdict: true }

const HTML_TYPES = ['text/html', 'application/xhtml+xml']
// Enough of a page for its <title>.
const PAGE_START_BYTES = 64 * 1024
// Past this no platform shows an image (Facebook's limit, the largest); reading stops there.
const IMAGE_MAX_BYTES = 8 * 1024 * 1024

// The tail of each host's queue: a request to a host starts when the one before it ended and the gap passed.
const hostQueues = new Map<string, Promise<void>>()

/** Runs `work` when the host is free: never two requests to one host at once, `hostGapMs` apart. */
function politely<T>(url: string, work: () => Promise<T>): Promise<T> {
  let host: string
  try {
    host = new URL(url).host.toLowerCase()
  } catch {
    return work() // refused by the fetcher at once, with its own message
  }
  const before = hostQueues.get(host) ?? Promise.resolve()
  const run = before.then(work)
  const pause = () => Bun.sleep(config.linkHealth.hostGapMs)
  const tail: Promise<void> = run
    .then(pause, pause)
    .then(() => {
      if (hostQueues.get(host) === tail) hostQueues.delete(host)
    })
  hostQueues.set(host, tail)
  return run
}

const seconds = () => config.linkHealth.timeoutMs / 1000

/** Why the fetcher gave up, said of `what` ("The target", "The card image"). */
function failureReason(what: string, error: unknown): string {
  const message = error instanceof AppError ? error.message : ''
  if (message === 'Too many redirects.') return `${what} redirects more than 5 times, likely in a loop.`
  if (message === 'The page took too long to answer.') return `${what} took longer than ${seconds()} s to answer.`
  if (message === 'This address could not be found.') return `${what}'s host name could not be found.`
  if (message === 'The page is too large.') return `${what} is over 8 MB: no platform shows an image that large.`
  if (error instanceof AppError) return `${what} could not be loaded: ${message}`
  return `${what} could not be loaded.`
}

const HTTP_NAMES: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 410: 'Gone', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' }
const statusText = (status: number) => `HTTP ${status}${HTTP_NAMES[status] ? ` ${HTTP_NAMES[status]}` : ''}`

// Paths and titles of sign-in pages; a target that is itself one is left be.
const SIGN_IN_PATH = /\/(log-?in|sign-?in|sign_in|signon|sso|auth|authenticate|session\/new|accounts\/login)(\/|\.|$)/i
const SIGN_IN_TITLE = /\b(sign[ -]?in|log[ -]?in)\b/i

function titleOf(body: Uint8Array | null) {
  if (!body) return ''
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(new TextDecoder().decode(body))
  return match?.[1]?.trim() ?? ''
}

/** Whether the page reached is a sign-in page where the target was not one. */
function isSignInWall(requested: string, page: FetchedPage) {
  const path = (url: string) => {
    try {
      return new URL(url).pathname
    } catch {
      return ''
    }
  }
  if (SIGN_IN_PATH.test(path(requested))) return false
  return SIGN_IN_PATH.test(path(page.url)) || SIGN_IN_TITLE.test(titleOf(page.body))
}

/** The target: its status after redirects, where it led, and whether it asks visitors to sign in. */
export async function inspectTarget(url: string): Promise<Finding> {
  let page: FetchedPage
  try {
    page = await politely(url, () => safeFetch(url, { accept: HTML_TYPES, timeoutMs: config.linkHealth.timeoutMs, maxBytes: PAGE_START_BYTES, anyStatus: true, startOnly: true }))
  } catch (error) {
    // A target on a private network (an intranet page) may work for the people it is for: Linkcard cannot tell.
    if (error instanceof AppError && error.message === NOT_PUBLIC) return { noVerdict: true }
    return { broken: true, reason: failureReason('The target', error), finalUrl: null }
  }
  const finalUrl = page.url
  // Rate limited: the host says nothing of the page, so the last verdict stands.
  if (page.status === 429) return { noVerdict: true }
  if (page.status === 401 || page.status === 403) return { broken: true, reason: `The target asks visitors to sign in (${statusText(page.status)}).`, finalUrl }
  if (page.status >= 400) return { broken: true, reason: `The target answers ${statusText(page.status)}.`, finalUrl }
  if (isSignInWall(url, page)) return { broken: true, reason: `The target sends visitors to a sign-in page (${finalUrl}).`, finalUrl }
  return { broken: false, finalUrl }
}

/** The card image: reachable, an image, and within every platform's rules for the card's type. */
export async function inspectImage(url: string, card: TwitterCard): Promise<Finding> {
  let facts = await uploadedImageFacts(url)
  if (!facts) {
    let fetched: FetchedPage
    try {
      fetched = await politely(url, () => safeFetch(url, { accept: IMAGE_MEDIA_TYPES, timeoutMs: config.linkHealth.timeoutMs, maxBytes: IMAGE_MAX_BYTES, anyStatus: true }))
    } catch (error) {
      return { broken: true, reason: failureReason('The card image', error), finalUrl: null }
    }
    if (fetched.status === 429) return { noVerdict: true }
    if (fetched.status >= 400) return { broken: true, reason: `The card image answers ${statusText(fetched.status)}.`, finalUrl: fetched.url }
    const type = fetched.contentType.split(';')[0].trim() || 'sent with no type'
    if (!fetched.body) return { broken: true, reason: `The card image is ${type}, not an image platforms show.`, finalUrl: fetched.url }
    facts = factsOfImage(fetched.body) ?? undefined
    if (!facts) return { broken: true, reason: 'The card image is no image platforms can read.', finalUrl: fetched.url }
  }
  const refused = imageProblems(facts, card).filter((problem) => problem.refused)
  if (refused.length > 0) return { broken: true, reason: `The card image breaks a platform's rules: ${refused.map((problem) => problem.message).join(' ')}`, finalUrl: url }
  return { broken: false, finalUrl: url }
}
