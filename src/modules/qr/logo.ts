// A QR code's logo, read from an address the caller names: only through safeFetch (never this
// server's own network), within a size and time limit, and only as a PNG of bounded dimensions, so
// a small file cannot decode into gigabytes.
import { BoundedCache } from '../../platform/cache'
import { AppError, fieldError } from '../../platform/errors'
import { safeFetch } from '../../platform/safe-fetch'
import { singleFlightBy } from '../../platform/single-flight'
import { isQrLogoAddress, QR_LOGO_MAX_BYTES } from '../../shared/qr-design'
import { uploadedImageAt } from '../images/service'
import type { Logo as DrawnLogo } from './draw'
import { drawnOnThread } from './drawer'

export type Logo = DrawnLogo & {
  /** Tells logos apart in ETags, as the image at an address may change. */
  hash: string
}

const TIMEOUT_MS = 5000
const KEPT_MS = 10 * 60_000
// A logo that could not be read is not tried again for a while, so repeating the call costs nothing.
const REFUSED_MS = 60_000

const refused = (message: string) => fieldError('invalid', 'logo', `The logo could not be used: ${message}`)

/** The logo's bytes: an image uploaded to Linkcard from where Linkcard keeps it, any other from its site. */
async function logoBytes(url: string): Promise<Uint8Array | null> {
  const uploaded = await uploadedImageAt(url)
  if (uploaded) return uploaded.contentType === 'image/png' ? uploaded.bytes() : null
  if (!isQrLogoAddress(url)) throw new AppError('invalid', 'It is not an https:// address.')
  return (await safeFetch(url, { accept: ['image/png'], maxBytes: QR_LOGO_MAX_BYTES, timeoutMs: TIMEOUT_MS })).body
}

async function readLogo(url: string, key: string): Promise<Logo> {
  let body: Uint8Array | null
  try {
    body = await logoBytes(url)
  } catch (error) {
    // safeFetch speaks of pages; here the page is an image.
    const reason = error instanceof AppError ? error.message.replace(/\bpage(s?)\b/g, 'image$1') : 'it could not be loaded.'
    throw refused(reason.charAt(0).toLowerCase() + reason.slice(1))
  }
  if (!body) throw refused('it is not a PNG image (image/png).')
  const hash = Bun.hash(body).toString(36)
  // Decoded on the QR code thread: a large logo takes a few hundred milliseconds.
  const drawn = await drawnOnThread({ kind: 'logo', bytes: body }, key)
  if ('refused' in drawn) throw refused(drawn.refused)
  if (!('logo' in drawn)) throw refused('it could not be read.')
  return { ...drawn.logo, hash }
}

type Outcome = { logo: Logo } | { error: AppError }
const recent = new BoundedCache<string, Outcome>(32)
const reading = singleFlightBy(
  (url: string, key: string): Promise<Outcome> =>
    readLogo(url, key).then(
      (logo) => ({ logo }),
      (error: unknown) => ({ error: error instanceof AppError ? error : refused('it could not be read.') }),
    ),
  (url) => url,
)

/**
 * The logo at `url`, read at most once at a time and kept a while, in `key`'s turn on the QR code
 * thread; a refusal is an AppError naming the field `logo`.
 */
export async function logoAt(url: string, key: string): Promise<Logo> {
  let outcome = recent.get(url)
  if (!outcome) {
    outcome = await reading(url, key)
    // The thread's being busy is no answer about the logo.
    if ('error' in outcome && outcome.error.errors?.[0]?.field !== 'logo') throw outcome.error
    recent.set(url, outcome, 'logo' in outcome ? KEPT_MS : REFUSED_MS)
  }
  if ('error' in outcome) throw outcome.error
  return outcome.logo
}
