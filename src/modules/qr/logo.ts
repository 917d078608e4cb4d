// A QR code's logo, read from an address the caller names: only through safeFetch (never this
// server's own network), within a size and time limit, and only as a PNG of bounded dimensions, so
// a small file cannot decode into gigabytes.
import { imageSize } from 'image-size'
import { PNG } from 'pngjs'
import { BoundedCache } from '../../platform/cache'
import { AppError, fieldError } from '../../platform/errors'
import { safeFetch } from '../../platform/safe-fetch'
import { singleFlightBy } from '../../platform/single-flight'
import { isQrLogoAddress, QR_LOGO_MAX_BYTES, QR_LOGO_MAX_SIDE } from '../../shared/qr-design'
import { uploadedImageAt } from '../images/service'
import { resized, type Rgba } from './render'

export type Logo = {
  /** The image, at most KEPT_SIDE a side: the largest a logo is ever drawn. */
  pixels: Rgba
  /** The same pixels as a PNG, for SVG codes. */
  png: Uint8Array
  /** Tells logos apart in ETags, as the image at an address may change. */
  hash: string
}

// A 2048-pixel code's logo box is about 400 pixels wide.
const KEPT_SIDE = 512
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

async function readLogo(url: string): Promise<Logo> {
  let body: Uint8Array | null
  try {
    body = await logoBytes(url)
  } catch (error) {
    // safeFetch speaks of pages; here the page is an image.
    const reason = error instanceof AppError ? error.message.replace(/\bpage(s?)\b/g, 'image$1') : 'it could not be loaded.'
    throw refused(reason.charAt(0).toLowerCase() + reason.slice(1))
  }
  if (!body) throw refused('it is not a PNG image (image/png).')
  let facts: ReturnType<typeof imageSize>
  try {
    facts = imageSize(body)
  } catch {
    throw refused('it is not a readable PNG image.')
  }
  if (facts.type !== 'png') throw refused('it is not a PNG image.')
  if (facts.width > QR_LOGO_MAX_SIDE || facts.height > QR_LOGO_MAX_SIDE) throw refused(`it is larger than ${QR_LOGO_MAX_SIDE} × ${QR_LOGO_MAX_SIDE} pixels.`)
  let decoded: PNG
  try {
    decoded = PNG.sync.read(Buffer.from(body))
  } catch {
    throw refused('it is not a readable PNG image.')
  }
  const full: Rgba = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data) }
  const scale = Math.min(1, KEPT_SIDE / Math.max(full.width, full.height))
  const pixels = scale < 1 ? resized(full, Math.max(1, Math.round(full.width * scale)), Math.max(1, Math.round(full.height * scale))) : full
  const png = new PNG({ width: pixels.width, height: pixels.height })
  png.data.set(pixels.data)
  return { pixels, png: new Uint8Array(PNG.sync.write(png)), hash: Bun.hash(body).toString(36) }
}

type Outcome = { logo: Logo } | { error: AppError }
const recent = new BoundedCache<string, Outcome>(32)
const reading = singleFlightBy(
  (url: string): Promise<Outcome> =>
    readLogo(url).then(
      (logo) => ({ logo }),
      (error: unknown) => ({ error: error instanceof AppError ? error : refused('it could not be read.') }),
    ),
  (url) => url,
)

/** The logo at `url`, read at most once at a time and kept a while; a refusal is an AppError naming the field `logo`. */
export async function logoAt(url: string): Promise<Logo> {
  let outcome = recent.get(url)
  if (!outcome) {
    outcome = await reading(url)
    recent.set(url, outcome, 'logo' in outcome ? KEPT_MS : REFUSED_MS)
  }
  if ('error' in outcome) throw outcome.error
  return outcome.logo
}
