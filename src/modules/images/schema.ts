import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { IMAGE_FIT, IMAGE_PURPOSES, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../../shared/images'

export const UploadedImage = t.Object(
  {
    id: t.String(),
    url: t.String({ format: 'uri', description: "The image's address on Linkcard: give it as a link's `ogImage`, a platform card's image, or a QR code's `logo`" }),
    purpose: t.UnionEnum(IMAGE_PURPOSES),
    contentType: t.UnionEnum(['image/jpeg', 'image/png']),
    width: t.Integer(),
    height: t.Integer(),
    size: t.Integer({ description: 'Bytes' }),
  },
  { description: 'An uploaded image as Linkcard stored it' },
)

export const UploadQuery = t.Object({
  purpose: t.Optional(
    oneOf(IMAGE_PURPOSES, {
      error: `purpose must be one of ${IMAGE_PURPOSES.join(', ')}.`,
      description:
        `\`card\` (the default): a JPEG within ${IMAGE_FIT.card.maxSide} px and ${IMAGE_FIT.card.maxBytes / 1024} KB, which every platform shows, transparency on white. ` +
        `\`logo\`: a PNG within ${IMAGE_FIT.logo.maxSide} px that keeps its transparency, for a QR code's or the account's logo.`,
    }),
  ),
})

/** The request body as the document shows it: the image's bytes, as sent. */
export const uploadBody = {
  required: true,
  description: `The image's bytes: PNG, JPEG or WebP, up to ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB. Its metadata (camera, place) is not kept.`,
  content: Object.fromEntries(IMAGE_UPLOAD_TYPES.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])),
}
