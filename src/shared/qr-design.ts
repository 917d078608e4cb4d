// How a QR code may be styled, shared word for word by the QR dialog and GET /api/qr/:path.

export const QR_FORMATS = ['png', 'svg'] as const
export type QrFormat = (typeof QR_FORMATS)[number]
export const QR_ERROR_CORRECTION = ['L', 'M', 'Q', 'H'] as const
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTION)[number]

/** `#rrggbb`; the `#` may be left out, as it must be escaped (%23) in a query string. */
export const QR_COLOR_PATTERN = '^#?[0-9A-Fa-f]{6}$'
export const QR_BACKGROUND_PATTERN = '^(#?[0-9A-Fa-f]{6}|transparent)$'
export const QR_MARGIN_MIN = 0
export const QR_MARGIN_MAX = 16
export const QR_SIZE_MIN = 128
export const QR_SIZE_MAX = 2048
/** The logo's https address (or http, for Linkcard's own uploads); its image may be a PNG of at most these bytes and pixels a side. */
export const QR_LOGO_PATTERN = '^https?://[^/?#:@]'
/** Whether a logo's address may be asked for: https, or a logo uploaded to Linkcard (whose address is http where Linkcard is). */
export const isQrLogoAddress = (url: string) =>
  URL.canParse(url) && new RegExp(QR_LOGO_PATTERN).test(url) && (url.startsWith('https://') || /^\/api\/images\/[A-Za-z0-9_-]{27}\.png$/.test(new URL(url).pathname))
export const QR_LOGO_MAX_BYTES = 1024 * 1024
export const QR_LOGO_MAX_SIDE = 2048
/** The logo's box, background pad included, as a share of the code's width: the code stays readable with error correction H. */
export const QR_LOGO_SHARE = 0.2
// Dark modules against light ones (WCAG contrast ratio): below this phone cameras miss codes.
export const QR_MIN_CONTRAST = 3

export const QR_DEFAULTS = {
  format: 'png',
  foreground: '#000000',
  background: '#ffffff',
  margin: 2,
  errorCorrection: 'M',
  size: 512,
} as const satisfies { format: QrFormat; foreground: string; background: string; margin: number; errorCorrection: QrErrorCorrection; size: number }

export const QR_MESSAGES = {
  format: 'format must be png or svg.',
  foreground: 'foreground must be a colour written #rrggbb.',
  background: 'background must be a colour written #rrggbb, or transparent.',
  margin: `margin must be a whole number of modules from ${QR_MARGIN_MIN} to ${QR_MARGIN_MAX}.`,
  errorCorrection: 'errorCorrection must be L, M, Q or H.',
  size: `size must be a whole number of pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}.`,
  logo: 'logo must be an https:// address of a PNG image, or of a logo uploaded to Linkcard.',
  lowContrast: (ratio: number) =>
    `foreground and background contrast too little to scan (${ratio.toFixed(1)}:1; at least ${QR_MIN_CONTRAST}:1 is needed, counting a transparent background as white).`,
} as const

/** A colour as `#rrggbb` in lower case, whichever way it was written. */
export const normalizedColor = (color: string) => `#${color.replace(/^#/, '').toLowerCase()}`

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const hex = color.replace(/^#/, '')
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio (1 to 21) of two colours; a transparent background counts as white, where codes are mostly placed. */
export function contrastRatio(foreground: string, background: string): number {
  const [a, b] = [luminance(foreground), luminance(background === 'transparent' ? '#ffffff' : background)]
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/**
 * A QR code encodes its short link with this query parameter, so the redirect can tell a scan from
 * a click. Short, since each character adds modules to the code.
 */
const QR_SCAN_MARKER = 'qr'

/** The address a link's QR code encodes (or another without a query, marked as a scan's). */
export const scanUrlOf = (address: string) => `${address}?${QR_SCAN_MARKER}`

/** Whether one `name=value` part of a query string is the scan marker. */
export const isScanMarker = (part: string) => part === QR_SCAN_MARKER || part.startsWith(`${QR_SCAN_MARKER}=`)

/** Whether a query string (without its `?`) carries the scan marker, alone or among other parameters. */
export function hasScanMarker(query: string) {
  for (const part of query.split('&')) if (isScanMarker(part)) return true
  return false
}
