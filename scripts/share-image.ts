// The image the product's own pages share with (og:image, twitter:image): 1200x630, the size every
// platform takes, drawn as what Linkcard makes: a link's card, on the brand's colour.
import { PNG } from 'pngjs'
import { SHARE_IMAGE } from '../src/shared/share-image'

type Colour = [number, number, number]
const BRAND_DARK: Colour = [55, 48, 163]
const BRAND: Colour = [79, 70, 229]
const BRAND_LIGHT: Colour = [224, 231, 255]
const WHITE: Colour = [255, 255, 255]
const INK: Colour = [30, 41, 59]
const MUTED: Colour = [203, 213, 225]

const mix = (a: Colour, b: Colour, t: number): Colour => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Colour

/** How much of the pixel at (x, y) a rounded rectangle covers, 0 to 1, sampled 4x4 so its corners are smooth. */
function coverage(x: number, y: number, box: { x: number; y: number; w: number; h: number; r: number }) {
  if (x + 1 < box.x || x > box.x + box.w || y + 1 < box.y || y > box.y + box.h) return 0
  let inside = 0
  for (let sy = 0; sy < 4; sy++)
    for (let sx = 0; sx < 4; sx++) {
      const px = x + (sx + 0.5) / 4
      const py = y + (sy + 0.5) / 4
      const cx = Math.min(Math.max(px, box.x + box.r), box.x + box.w - box.r)
      const cy = Math.min(Math.max(py, box.y + box.r), box.y + box.h - box.r)
      if (px >= box.x && px <= box.x + box.w && py >= box.y && py <= box.y + box.h && (px - cx) ** 2 + (py - cy) ** 2 <= box.r ** 2) inside++
    }
  return inside / 16
}

export function shareImage(): Buffer {
  const { width, height } = SHARE_IMAGE
  const png = new PNG({ width, height })
  const card = { x: 300, y: 95, w: 600, h: 440, r: 28 }
  const picture = { x: 300, y: 95, w: 600, h: 250, r: 28 }
  const shapes: { box: typeof card; colour: Colour }[] = [
    { box: { x: 304, y: 103, w: 600, h: 440, r: 28 }, colour: BRAND_DARK },
    { box: card, colour: WHITE },
    { box: picture, colour: BRAND_LIGHT },
    // The picture's flat lower edge, under its rounded top.
    { box: { x: 300, y: 300, w: 600, h: 45, r: 0 }, colour: BRAND_LIGHT },
    { box: { x: 560, y: 150, w: 80, h: 80, r: 20 }, colour: BRAND },
    { box: { x: 340, y: 378, w: 300, h: 26, r: 13 }, colour: INK },
    { box: { x: 340, y: 428, w: 500, h: 18, r: 9 }, colour: MUTED },
    { box: { x: 340, y: 462, w: 420, h: 18, r: 9 }, colour: MUTED },
    { box: { x: 340, y: 500, w: 140, h: 14, r: 7 }, colour: BRAND },
  ]
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let colour = mix(BRAND, BRAND_DARK, (x / width + y / height) / 2)
      for (const { box, colour: fill } of shapes) {
        const covered = coverage(x, y, box)
        if (covered > 0) colour = mix(colour, fill, covered)
      }
      const at = (y * width + x) * 4
      png.data[at] = colour[0]
      png.data[at + 1] = colour[1]
      png.data[at + 2] = colour[2]
      png.data[at + 3] = 255
    }
  return PNG.sync.write(png)
}
