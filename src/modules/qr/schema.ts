// The QR code's contract: these schemas validate GET /api/qr/:path and document it in /api/openapi.json.
import { t } from 'elysia'
import { oneOf } from '../../platform/schema'
import { URL_MAX } from '../../shared/link-rules'
import { QR_DRAW_LIMIT } from '../../shared/rate-limits'
import {
  QR_BACKGROUND_PATTERN,
  QR_COLOR_PATTERN,
  QR_DEFAULTS,
  QR_ERROR_CORRECTION,
  QR_FORMATS,
  QR_LOGO_MAX_BYTES,
  QR_LOGO_MAX_SIDE,
  QR_LOGO_PATTERN,
  QR_LOGO_SHARE,
  QR_MARGIN_MAX,
  QR_MARGIN_MIN,
  QR_MESSAGES,
  QR_MIN_CONTRAST,
  QR_SIZE_MAX,
  QR_SIZE_MIN,
} from '../../shared/qr-design'

export const QrParams = t.Object({ path: t.String({ description: "The short link's path: its alias, or its slug" }) })

export const QrQuery = t.Object({
  format: t.Optional(oneOf(QR_FORMATS, { error: QR_MESSAGES.format, description: `\`png\` (the default) or \`svg\`` })),
  foreground: t.Optional(
    t.String({
      pattern: QR_COLOR_PATTERN,
      error: QR_MESSAGES.foreground,
      description: `Colour of the dark modules, \`#rrggbb\` (the \`#\` may be left out; in a query it is written %23); ${QR_DEFAULTS.foreground} when left out. With the background it must reach a contrast ratio of ${QR_MIN_CONTRAST}:1 (WCAG), or the answer is 400`,
    }),
  ),
  background: t.Optional(
    t.String({
      pattern: QR_BACKGROUND_PATTERN,
      error: QR_MESSAGES.background,
      description: `Colour behind the modules, \`#rrggbb\` or \`transparent\`; ${QR_DEFAULTS.background} when left out. A transparent background is held to the contrast rule as white`,
    }),
  ),
  margin: t.Optional(
    t.Integer({
      minimum: QR_MARGIN_MIN,
      maximum: QR_MARGIN_MAX,
      error: QR_MESSAGES.margin,
      description: `Quiet zone around the code, in modules, ${QR_MARGIN_MIN} to ${QR_MARGIN_MAX}; ${QR_DEFAULTS.margin} when left out. The standard asks for 4; with less, leave space of the background's colour around the printed code`,
    }),
  ),
  errorCorrection: t.Optional(
    oneOf(QR_ERROR_CORRECTION, {
      error: QR_MESSAGES.errorCorrection,
      description: `Error correction: L (7% of the code may be lost), M (15%, the default), Q (25%) or H (30%). Always H with a logo`,
    }),
  ),
  size: t.Optional(
    t.Integer({
      minimum: QR_SIZE_MIN,
      maximum: QR_SIZE_MAX,
      error: QR_MESSAGES.size,
      description: `Width and height in pixels, ${QR_SIZE_MIN} to ${QR_SIZE_MAX}; ${QR_DEFAULTS.size} when left out. An SVG states it as its width and height and scales to any size`,
    }),
  ),
  logo: t.Optional(
    t.String({
      format: 'uri',
      pattern: QR_LOGO_PATTERN,
      maxLength: URL_MAX,
      error: QR_MESSAGES.logo,
      description:
        `The address of a logo uploaded to Linkcard (POST /api/image?purpose=logo), or an https:// address of a PNG image (at most ${QR_LOGO_MAX_BYTES / 1024 / 1024} MB and ${QR_LOGO_MAX_SIDE} × ${QR_LOGO_MAX_SIDE} pixels) drawn at the centre, ` +
        `in a square of the background's colour about ${QR_LOGO_SHARE * 100}% of the code's width; error correction is then H. The image is read once in ten minutes at most; ` +
        'an address on a private network, one that does not answer within 5 seconds, or an image that cannot be read answers 400 naming `logo`',
    }),
  ),
})
export type QrQuery = typeof QrQuery.static

const ErrorBody = t.Object({
  message: t.String({ description: 'What went wrong, in words for people' }),
  errors: t.Optional(t.Array(t.Object({ field: t.String(), message: t.String() }), { description: 'Field-level problems of a 400' })),
})

const imageAnswer = (type: string) => ({ schema: { type: 'string' as const, contentMediaType: type } })
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } })

/**
 * The answers, for the document. The image is sent as a Response of its own and errors by the
 * errors plugin, so these are stated here rather than as response schemas to check answers against.
 */
export const QR_ANSWERS = {
  200: { description: 'The QR code', content: { 'image/png': imageAnswer('image/png'), 'image/svg+xml': imageAnswer('image/svg+xml') } },
  304: { description: 'Not modified since the ETag sent in If-None-Match' },
  400: errorAnswer('A query parameter is invalid (`errors` names it), the colours contrast too little, or the logo cannot be used'),
  404: errorAnswer('No active link has this path'),
  429: errorAnswer(`More than ${QR_DRAW_LIMIT.perMinute} codes not drawn before were asked for from one address in a minute; wait Retry-After seconds`),
}
