// What platforms do with a card's image, for the warnings the link form shows once the server has
// read the image. Each rule names the platform and what it will do.
import type { TwitterCard } from './domain'

/** What a link's image turned out to be when the server read it. */
export type ImageFacts = { width: number; height: number; type: string; bytes: number }

const MB = 1024 * 1024

/** What each platform will not show, or show poorly, about this image on a card of this type. */
export function imageWarnings(image: ImageFacts, card: TwitterCard): string[] {
  const warnings: string[] = []
  if (image.width < 200 || image.height < 200) warnings.push('Facebook shows no image smaller than 200×200 pixels.')
  else if (card === 'summary_large_image' && (image.width < 600 || image.height < 315))
    warnings.push('Facebook shows a large image only from 600×315 pixels; this one gets a small card.')
  if (image.bytes > 8 * MB) warnings.push('Facebook shows no image over 8 MB.')
  if (image.bytes > 5 * MB) warnings.push('X shows no image over 5 MB.')
  if (image.type === 'image/svg+xml') warnings.push('X shows no SVG image; use PNG, JPEG, WebP or GIF.')
  if (image.bytes > 300 * 1024) warnings.push('WhatsApp may show no image over 300 KB; a smaller file shows most reliably.')
  return warnings
}
