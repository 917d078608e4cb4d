// Draws a QR code's modules as PNG or SVG, in the chosen colours, with an optional logo in a cleared
// square at the centre. Both formats clear the same modules, so they scan alike.
import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { QR_LOGO_SHARE, type QrErrorCorrection } from '../../shared/qr-design'

/** An image as straight (not premultiplied) RGBA bytes, row by row. */
export type Rgba = { width: number; height: number; data: Uint8Array }

export type QrDesign = {
  foreground: string
  /** `#rrggbb`, or null for transparent. */
  background: string | null
  margin: number
  errorCorrection: QrErrorCorrection
  size: number
}

/** The modules and the cleared centre square (in modules), which is odd-sided so it sits on the grid. */
function layout(url: string, design: QrDesign, hasLogo: boolean) {
  const modules = QRCode.create(url, { errorCorrectionLevel: design.errorCorrection }).modules
  const count = modules.size
  const cleared = hasLogo ? Math.max(3, 2 * Math.floor((QR_LOGO_SHARE * count - 1) / 2) + 1) : 0
  const clearedFrom = (count - cleared) / 2
  const isCleared = (row: number, col: number) => row >= clearedFrom && row < clearedFrom + cleared && col >= clearedFrom && col < clearedFrom + cleared
  const isDark = (row: number, col: number) => modules.get(row, col) === 1 && !isCleared(row, col)
  return { count, total: count + 2 * design.margin, cleared, clearedFrom, isDark }
}

const rgbOf = (color: string) => [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16))

/** `source` resized to width × height, each pixel the average of the source pixels it covers (weighted by their alpha). */
export function resized(source: Rgba, width: number, height: number): Rgba {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    const fromY = Math.floor((y * source.height) / height)
    const toY = Math.max(fromY + 1, Math.ceil(((y + 1) * source.height) / height))
    for (let x = 0; x < width; x++) {
      const fromX = Math.floor((x * source.width) / width)
      const toX = Math.max(fromX + 1, Math.ceil(((x + 1) * source.width) / width))
      let [r, g, b, a, n] = [0, 0, 0, 0, 0]
      for (let sy = fromY; sy < toY; sy++)
        for (let sx = fromX; sx < toX; sx++) {
          const at = (sy * source.width + sx) * 4
          const alpha = source.data[at + 3]
          r += source.data[at] * alpha
          g += source.data[at + 1] * alpha
          b += source.data[at + 2] * alpha
          a += alpha
          n += 1
        }
      const at = (y * width + x) * 4
      if (a > 0) data.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round(a / n)], at)
    }
  }
  return { width, height, data }
}

/** Width and height of an image fitted inside a square of `side`, keeping its proportions. */
const fitted = (image: Rgba, side: number) => {
  const scale = side / Math.max(image.width, image.height)
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) }
}

export function renderPng(url: string, design: QrDesign, logo: Rgba | null): Uint8Array<ArrayBuffer> {
  const { total, cleared, clearedFrom, isDark } = layout(url, design, logo !== null)
  const { size, margin } = design
  const png = new PNG({ width: size, height: size })
  const darkPixel = Uint8Array.of(...rgbOf(design.foreground), 255)
  const lightPixel = design.background ? Uint8Array.of(...rgbOf(design.background), 255) : Uint8Array.of(255, 255, 255, 0)
  const scale = size / total
  const moduleAt = (pixel: number) => Math.floor(pixel / scale) - margin
  const rowBytes = size * 4
  for (let y = 0; y < size; y++) {
    const row = moduleAt(y)
    // A pixel row within the same module row as the one above is a copy of it.
    if (y > 0 && moduleAt(y - 1) === row) {
      png.data.copyWithin(y * rowBytes, (y - 1) * rowBytes, y * rowBytes)
      continue
    }
    for (let x = 0; x < size; x++) {
      const col = moduleAt(x)
      const dark = row >= 0 && col >= 0 && row < total - 2 * margin && col < total - 2 * margin && isDark(row, col)
      png.data.set(dark ? darkPixel : lightPixel, (y * size + x) * 4)
    }
  }
  if (logo) {
    // Half a module of background around the logo keeps it apart from the modules beside it.
    const box = (cleared - 1) * scale
    const { width, height } = fitted(logo, Math.floor(box))
    const small = resized(logo, width, height)
    const centre = (margin + clearedFrom + cleared / 2) * scale
    const left = Math.round(centre - width / 2)
    const top = Math.round(centre - height / 2)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const from = (y * width + x) * 4
        const to = ((top + y) * size + left + x) * 4
        const alpha = small.data[from + 3] / 255
        const under = png.data[to + 3] / 255
        const outAlpha = alpha + under * (1 - alpha)
        if (outAlpha === 0) continue
        for (let channel = 0; channel < 3; channel++)
          png.data[to + channel] = Math.round((small.data[from + channel] * alpha + png.data[to + channel] * under * (1 - alpha)) / outAlpha)
        png.data[to + 3] = Math.round(outAlpha * 255)
      }
  }
  // Unfiltered: a code's flat runs compress as well without PNG's row filters, which would cost
  // most of the time (a 2048-pixel code in about 30 ms rather than 200).
  return new Uint8Array(PNG.sync.write(png, { filterType: 0 }))
}

export function renderSvg(url: string, design: QrDesign, logoPng: Uint8Array | null): string {
  const { count, total, cleared, clearedFrom, isDark } = layout(url, design, logoPng !== null)
  const { margin, size } = design
  // One horizontal run of dark modules per path step: a small file that renders without seams.
  const steps: string[] = []
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) {
      if (!isDark(row, col)) continue
      let run = 1
      while (col + run < count && isDark(row, col + run)) run++
      steps.push(`M${col + margin} ${row + margin}h${run}v1h-${run}z`)
      col += run - 1
    }
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${total} ${total}" width="${size}" height="${size}" shape-rendering="crispEdges">`,
    design.background ? `<rect width="${total}" height="${total}" fill="${design.background}"/>` : '',
    `<path fill="${design.foreground}" d="${steps.join('')}"/>`,
  ]
  if (logoPng) {
    const at = margin + clearedFrom + 0.5
    const href = `data:image/png;base64,${Buffer.from(logoPng).toString('base64')}`
    parts.push(`<image x="${at}" y="${at}" width="${cleared - 1}" height="${cleared - 1}" preserveAspectRatio="xMidYMid meet" xlink:href="${href}"/>`)
  }
  parts.push('</svg>')
  return parts.join('')
}
