// The QR dialog's options as typed, checked with the server's own rules and turned into the query
// of GET /api/qr/:path (only what differs from the defaults, so a plain code keeps its plain URL).
import {
  contrastRatio,
  QR_BACKGROUND_PATTERN,
  QR_COLOR_PATTERN,
  QR_DEFAULTS,
  isQrLogoAddress,
  QR_MARGIN_MAX,
  QR_MARGIN_MIN,
  QR_MESSAGES,
  QR_MIN_CONTRAST,
  QR_SIZE_MAX,
  QR_SIZE_MIN,
  normalizedColor,
  type QrErrorCorrection,
  type QrFormat,
} from '../../../src/shared/qr-design'

export type QrDesignValues = {
  foreground: string
  background: string
  isTransparent: boolean
  margin: string
  errorCorrection: QrErrorCorrection
  size: string
  logo: string
}

export type QrDesignField = 'foreground' | 'background' | 'margin' | 'size' | 'logo'

export const DEFAULT_QR_DESIGN: QrDesignValues = {
  foreground: QR_DEFAULTS.foreground,
  background: QR_DEFAULTS.background,
  isTransparent: false,
  margin: String(QR_DEFAULTS.margin),
  errorCorrection: QR_DEFAULTS.errorCorrection,
  size: String(QR_DEFAULTS.size),
  logo: '',
}

const isWholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max

/** What is wrong with the options, by field, in the server's words. */
export function qrDesignProblems(values: QrDesignValues): Partial<Record<QrDesignField, string>> {
  const problems: Partial<Record<QrDesignField, string>> = {}
  if (!new RegExp(QR_COLOR_PATTERN).test(values.foreground)) problems.foreground = QR_MESSAGES.foreground
  if (!values.isTransparent && !new RegExp(QR_BACKGROUND_PATTERN).test(values.background)) problems.background = QR_MESSAGES.background
  if (!problems.foreground && !problems.background) {
    const ratio = contrastRatio(values.foreground, values.isTransparent ? 'transparent' : values.background)
    if (ratio < QR_MIN_CONTRAST) problems.background = QR_MESSAGES.lowContrast(ratio)
  }
  if (!isWholeIn(values.margin, QR_MARGIN_MIN, QR_MARGIN_MAX)) problems.margin = QR_MESSAGES.margin
  if (!isWholeIn(values.size, QR_SIZE_MIN, QR_SIZE_MAX)) problems.size = QR_MESSAGES.size
  const logo = values.logo.trim()
  if (logo && !isQrLogoAddress(logo)) problems.logo = QR_MESSAGES.logo
  return problems
}

/** The QR code's address for these (valid) options. */
export function qrImageUrl(qrCodeUrl: string, values: QrDesignValues, format: QrFormat): string {
  const query = new URLSearchParams()
  if (format !== QR_DEFAULTS.format) query.set('format', format)
  const foreground = normalizedColor(values.foreground)
  if (foreground !== QR_DEFAULTS.foreground) query.set('foreground', foreground)
  const background = values.isTransparent ? 'transparent' : normalizedColor(values.background)
  if (background !== QR_DEFAULTS.background) query.set('background', background)
  if (Number(values.margin) !== QR_DEFAULTS.margin) query.set('margin', String(Number(values.margin)))
  if (values.errorCorrection !== QR_DEFAULTS.errorCorrection && !values.logo.trim()) query.set('errorCorrection', values.errorCorrection)
  if (Number(values.size) !== QR_DEFAULTS.size) query.set('size', String(Number(values.size)))
  if (values.logo.trim()) query.set('logo', values.logo.trim())
  return query.size ? `${qrCodeUrl}?${query}` : qrCodeUrl
}
