// What platforms do with a card's image, for the warnings the link form shows once the server has
// read the image. Each rule names the platform and what it will do.
import type { TwitterCard } from './domain'

/** What a link's image turned out to be when the server read it. */
export type ImageFacts = { width: number; height: number; type: string; bytes: number }

const MB = 1024 * 1024

/** One platform rule the image breaks: `refused` when the platform shows no image at all, else it shows it poorly. */
export type ImageProblem = { message: string; refused: boolean }

/** What each platform will not show, or show poorly, about this image on a card of this type. */
export function imageProblems(image: ImageFacts, card: TwitterCard): ImageProblem[] {
  const problems: ImageProblem[] = []
  const add = (message: string, refused: boolean) => problems.push({ message, refused })
  if (image.width < 200 || image.height < 200) add('Facebook shows no image smaller than 200×200 pixels.', true)
  else if (card === 'summary_large_image' && (image.width < 600 || image.height < 315))
    add('Facebook shows a large image only from 600×315 pixels; this one gets a small card.', false)
  if (image.bytes > 8 * MB) add('Facebook shows no image over 8 MB.', true)
  if (image.bytes > 5 * MB) add('X shows no image over 5 MB.', true)
  if (image.type === 'image/svg+xml') add('X shows no SVG image; use PNG, JPEG, WebP or GIF.', true)
  if (image.bytes > 300 * 1024) add('WhatsApp may show no image over 300 KB; a smaller file shows most reliably.', false)
  return problems
}

/** The warnings the link form shows: every problem's message. */
export const imageWarnings = (image: ImageFacts, card: TwitterCard): string[] => imageProblems(image, card).map((problem) => problem.message)
