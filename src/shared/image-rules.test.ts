import { describe, expect, it } from 'bun:test'
import { imageWarnings } from './image-rules'

const KB = 1024
const image = (width: number, height: number, bytes = 100 * KB, type = 'image/png') => ({ width, height, bytes, type })

describe('imageWarnings', () => {
  it('has nothing to say about a 1200×630 PNG of 100 KB', () => {
    expect(imageWarnings(image(1200, 630), 'summary_large_image')).toEqual([])
  })

  it('names each platform a rule comes from', () => {
    expect(imageWarnings(image(150, 150), 'summary')).toEqual(['Facebook shows no image smaller than 200×200 pixels.'])
    expect(imageWarnings(image(500, 300), 'summary_large_image')).toEqual(['Facebook shows a large image only from 600×315 pixels; this one gets a small card.'])
    expect(imageWarnings(image(500, 300), 'summary')).toEqual([])
    expect(imageWarnings(image(1200, 630, 9 * KB * KB), 'summary_large_image')).toEqual([
      'Facebook shows no image over 8 MB.',
      'X shows no image over 5 MB.',
      'WhatsApp may show no image over 300 KB; a smaller file shows most reliably.',
    ])
    expect(imageWarnings(image(1200, 630, 50 * KB, 'image/svg+xml'), 'summary_large_image')).toEqual(['X shows no SVG image; use PNG, JPEG, WebP or GIF.'])
  })
})
