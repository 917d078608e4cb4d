// Uploaded images: checked (type, bytes, pixels), re-encoded on a thread of their own to fit their
// purpose, kept where every instance reads them, and served from Linkcard's own origin at an
// address that names their content, so platforms that keep images by address see a new one as new.
import { imageSize } from 'image-size'
import { BoundedCache } from '../../platform/cache'
import { config } from '../../platform/config'
import { consumeRate } from '../../platform/counters'
import { AppError } from '../../platform/errors'
import { threadCalls } from '../../platform/thread-calls'
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_PIXELS, IMAGE_UPLOAD_MAX_SIDE, uploadedImagePath, type ImagePurpose } from '../../shared/images'
import { IMAGE_PROCESS_ENTRY } from '../../threads'
import type { ProcessedImage, UploadFormat } from './process'
import type { ProcessInput } from './process-worker'
import { jpegFrameSize } from './jpeg-frame'
import * as repo from './repo'
import { imageStore } from './storage'

export type UploadedImage = { id: string; url: string; purpose: ImagePurpose; contentType: string; width: number; height: number; size: number }

// Re-encoding takes up to a second or two of CPU an image: an account may upload so many an hour.
const UPLOAD_RULES = [{ limit: 100, windowMs: 60 * 60_000 }]
// An upload waits its account's turn at most this long (accounts take turns, one image each).
const MAX_WAIT_MS = 30_000

// Re-encoded on a thread of its own, one image at a time. One account's uploads are processed one
// at a time, and accounts take turns, so no account, nor a crowd of them, can keep another's out.
const processor = threadCalls<ProcessInput, ProcessedImage>(IMAGE_PROCESS_ENTRY, 'image processor', {
  concurrency: 1,
  perKey: 1,
  maxWaitMs: MAX_WAIT_MS,
  refusals: {
    busy: () => new AppError('rate_limited', 'Another of your images is being processed; upload this one once it is done.', undefined, 1),
    late: (retryAfter) => new AppError('unavailable', 'Too many images are being processed; try again in a moment.', undefined, retryAfter),
  },
})

const startsWith = (bytes: Uint8Array, at: number, text: string) => [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0))

/** The format its first bytes say: PNG's signature, JPEG's start of image, or WebP's RIFF header. */
function formatOfBytes(bytes: Uint8Array): UploadFormat | undefined {
  if (bytes[0] === 0x89 && startsWith(bytes, 1, 'PNG\r\n')) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg'
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'image/webp'
  return undefined
}

/** The upload's size: a JPEG's as its decoder will read it (image-size can be shown a decoy frame), the others' from their header. */
function sizeOf(upload: Uint8Array, format: UploadFormat) {
  if (format === 'image/jpeg') return jpegFrameSize(upload)
  try {
    return imageSize(upload)
  } catch {
    return undefined
  }
}

/** The upload's format, from its bytes (never from what the client says it is), within the limits on its size. */
function formatOf(upload: Uint8Array): UploadFormat {
  if (upload.byteLength === 0) throw new AppError('invalid', IMAGE_MESSAGES.empty)
  if (upload.byteLength > IMAGE_UPLOAD_MAX_BYTES) throw new AppError('too_large', IMAGE_MESSAGES.tooLarge)
  const format = formatOfBytes(upload)
  if (!format) throw new AppError('unsupported_type', IMAGE_MESSAGES.type)
  const { width, height } = sizeOf(upload, format) ?? {}
  if (!width || !height) throw new AppError('invalid', IMAGE_MESSAGES.unreadable)
  if (width > IMAGE_UPLOAD_MAX_SIDE || height > IMAGE_UPLOAD_MAX_SIDE || width * height > IMAGE_UPLOAD_MAX_PIXELS)
    throw new AppError('too_large', IMAGE_MESSAGES.tooManyPixels)
  return format
}

const urlOf = (image: Pick<repo.ImageFacts, 'id' | 'contentType'>) => `${config.publicUrl}${uploadedImagePath(image.id, image.contentType)}`
const uploadedJson = (image: repo.ImageFacts): UploadedImage => ({
  id: image.id,
  url: urlOf(image),
  purpose: image.purpose,
  contentType: image.contentType,
  width: image.width,
  height: image.height,
  size: image.size,
})

/** Takes an account's upload for a purpose and answers the stored image and its address. */
export async function uploadImage(accountId: string, upload: Uint8Array<ArrayBuffer>, purpose: ImagePurpose): Promise<UploadedImage> {
  const format = formatOf(upload)
  const rate = await consumeRate(`image-upload:${accountId}`, UPLOAD_RULES)
  if (!rate.allowed) throw new AppError('rate_limited', 'Too many images uploaded; try again later.', undefined, rate.retryAfter)
  // What the codecs could not read is the upload's fault; a refusal of its turn is the queue's.
  const image = await processor.call({ upload, format, purpose }, { key: accountId, transfer: [upload.buffer] }).catch((error: unknown) => {
    throw error instanceof AppError ? error : new AppError('invalid', IMAGE_MESSAGES.unreadable)
  })
  const id = new Bun.CryptoHasher('sha256').update(accountId).update(image.bytes).digest('base64url').slice(0, 27)
  const stored = { id, accountId, purpose, contentType: image.contentType, width: image.width, height: image.height, size: image.bytes.byteLength }
  const data = await imageStore().put(id, image.bytes, image.contentType)
  await repo.insertImage({ ...stored, data })
  return uploadedJson({ ...stored, createdAt: new Date() })
}

// Served images are kept a while: a card's image is fetched by every platform's crawler at once.
const served = new BoundedCache<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>(200, 10 * 60_000)

// An image's file name: its id and the extension of its type.
const FILE = /^([A-Za-z0-9_-]{27})\.(?:jpg|png)$/
const IMAGES_PATH = '/api/images/'

/** An uploaded image's bytes and type, by the file name its address ends with (`<id>.jpg` or `<id>.png`). */
export async function servedImage(file: string) {
  const kept = served.get(file)
  if (kept) return kept
  const id = FILE.exec(file)?.[1]
  const facts = id ? await repo.findImage(id) : undefined
  // One address an image: its own type's extension only.
  const bytes = facts && uploadedImagePath(facts.id, facts.contentType) === IMAGES_PATH + file ? await imageStore().get(facts.id) : null
  if (!facts || !bytes) throw new AppError('not_found', 'Image not found.')
  const image = { bytes, contentType: facts.contentType }
  served.set(file, image)
  return image
}

/** The uploaded image an address of Linkcard's own names, or undefined when it names none (another site's image). */
export async function uploadedImageAt(url: string): Promise<(repo.ImageFacts & { bytes: () => Promise<Uint8Array<ArrayBuffer> | null> }) | undefined> {
  const prefix = config.publicUrl + IMAGES_PATH
  const id = url.startsWith(prefix) ? FILE.exec(url.slice(prefix.length))?.[1] : undefined
  const facts = id ? await repo.findImage(id) : undefined
  return facts && { ...facts, bytes: () => imageStore().get(facts.id) }
}

/** The id of the account's uploaded logo at this address, or undefined when it names none of the account's logos. */
export async function accountLogoId(accountId: string, url: string) {
  const image = await uploadedImageAt(url)
  return image && image.accountId === accountId && image.purpose === 'logo' ? image.id : undefined
}

/** A logo's address, by its id (logos are PNGs). */
export const logoUrl = (id: string) => urlOf({ id, contentType: 'image/png' })

/** An uploaded image's bytes by its id, or null when it is gone. */
export const imageBytes = (id: string) => imageStore().get(id)
