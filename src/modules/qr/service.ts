// QR codes of short links, as PNG or SVG. They depend only on the short URL, so they are cached
// here and by browsers.
import QRCode from 'qrcode'
import { BoundedCache } from '../../platform/cache'
import { AppError } from '../../platform/errors'
import { LINK_MESSAGES } from '../../shared/link-rules'
import { resolveLink, shortUrlOf } from '../links/service'

export type QrFormat = 'png' | 'svg'
type QrImage = { body: Uint8Array<ArrayBuffer> | string; type: string; etag: string }

const CACHE_SIZE = 1000
const images = new BoundedCache<string, QrImage>(CACHE_SIZE)

async function render(url: string, format: QrFormat): Promise<QrImage> {
  const etag = `"${Bun.hash(`${format}:${url}`).toString(36)}"`
  if (format === 'svg') return { body: await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }), type: 'image/svg+xml', etag }
  const png = await QRCode.toBuffer(url, { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' })
  return { body: new Uint8Array(png), type: 'image/png', etag }
}

export async function qrCodeOf(path: string, format: QrFormat) {
  const link = await resolveLink(path)
  // An inactive link is not found, as its short link is.
  if (!link?.isActive) throw new AppError('not_found', LINK_MESSAGES.linkNotFound)
  const url = shortUrlOf(link)
  const key = `${format}:${url}`
  let image = images.get(key)
  if (!image) {
    image = await render(url, format)
    images.set(key, image)
  }
  return image
}
