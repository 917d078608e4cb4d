// What the QR code thread does (draw-worker.ts): a code drawn as PNG or SVG, and a logo's PNG
// decoded and shrunk to the largest size a code ever shows it. A 2048-pixel code, or a logo of
// 2048 × 2048 pixels, takes a few hundred milliseconds of CPU.
import { imageSize } from 'image-size'
import { PNG } from 'pngjs'
import { QR_LOGO_MAX_SIDE } from '../../shared/qr-design'
import { renderPng, renderSvg, resized, type QrDesign, type Rgba } from './render'

export type Logo = {
  /** The image, at most KEPT_SIDE a side: the largest a logo is ever drawn. */
  pixels: Rgba
  /** The same pixels as a PNG, for SVG codes. */
  png: Uint8Array
}

// A 2048-pixel code's logo box is about 400 pixels wide.
const KEPT_SIDE = 512

export type DrawCall =
  | { kind: 'code'; format: 'png' | 'svg'; url: string; design: QrDesign; logo: Logo | null }
  | { kind: 'logo'; bytes: Uint8Array }
export type Drawn = { code: Uint8Array<ArrayBuffer> | string } | { logo: Logo } | { refused: string }

/** A logo's PNG as a code shows it, or why it cannot be one. */
function decodeLogo(body: Uint8Array): { logo: Logo } | { refused: string } {
  let facts: ReturnType<typeof imageSize>
  try {
    facts = imageSize(body)
  } catch {
    return { refused: 'it is not a readable PNG image.' }
  }
  if (facts.type !== 'png') return { refused: 'it is not a PNG image.' }
  if (facts.width > QR_LOGO_MAX_SIDE || facts.height > QR_LOGO_MAX_SIDE) return { refused: `it is larger than ${QR_LOGO_MAX_SIDE} × ${QR_LOGO_MAX_SIDE} pixels.` }
  let decoded: PNG
  try {
    decoded = PNG.sync.read(Buffer.from(body))
  } catch {
    return { refused: 'it is not a readable PNG image.' }
  }
  const full: Rgba = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data) }
  const scale = Math.min(1, KEPT_SIDE / Math.max(full.width, full.height))
  const pixels = scale < 1 ? resized(full, Math.max(1, Math.round(full.width * scale)), Math.max(1, Math.round(full.height * scale))) : full
  const png = new PNG({ width: pixels.width, height: pixels.height })
  png.data.set(pixels.data)
  return { logo: { pixels, png: new Uint8Array(PNG.sync.write(png)) } }
}

export function draw(call: DrawCall): Drawn {
  if (call.kind === 'logo') return decodeLogo(call.bytes)
  const { format, url, design, logo } = call
  return { code: format === 'svg' ? renderSvg(url, design, logo?.png ?? null) : renderPng(url, design, logo?.pixels ?? null) }
}
