// Images people upload for their cards and QR code logos: what is taken, and what Linkcard makes
// of it. A card image is re-encoded to fit every platform at once (WhatsApp's 300 KB is the
// strictest); a logo keeps its transparency as a PNG, as QR code logos must be.
export const IMAGE_PURPOSES = ['card', 'logo'] as const
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number]

/** The formats taken, by media type. */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Larger images would take too much memory to decode. */
export const IMAGE_UPLOAD_MAX_PIXELS = 25_000_000
export const IMAGE_UPLOAD_MAX_SIDE = 10_000

/** Each purpose's largest stored side and heaviest stored file. */
export const IMAGE_FIT: Record<ImagePurpose, { maxSide: number; maxBytes: number }> = {
  card: { maxSide: 1200, maxBytes: 300 * 1024 },
  logo: { maxSide: 512, maxBytes: 1024 * 1024 },
}

export const IMAGE_MESSAGES = {
  type: 'Upload a PNG, JPEG or WebP image.',
  tooLarge: `The image is larger than ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The body holds no image.',
  unreadable: 'The image could not be read: it may be damaged, or of a kind not taken (a CMYK JPEG or an animated WebP, say).',
  tooManyPixels: `The image is larger than ${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`,
} as const

/** Where an uploaded image is served: its id is the hash of its bytes, so it never changes. */
export const uploadedImagePath = (id: string, contentType: string) => `/api/images/${id}.${contentType === 'image/png' ? 'png' : 'jpg'}`
