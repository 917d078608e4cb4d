// How each platform draws a link's card, for the mock-ups the link form and the link's page show:
// how much of the title and description it keeps before it cuts them, whether it shows the
// description at all, the shape it crops a large image to, and when it falls back to a small
// image. Figures as these platforms draw cards today (they change them now and then); what the
// platforms refuse outright is in image-rules.ts.
import type { ImageFacts } from './image-rules'
import { CARD_PLATFORM_NAMES, type CardPlatform } from './platform-cards'

export type PreviewRules = {
  /** Characters of the title shown before it is cut with an ellipsis. */
  titleMax: number
  /** Characters of the description shown, or null when the platform shows none. */
  descriptionMax: number | null
  /** The width:height a large image is cropped to. */
  imageRatio: number
  /** Below this size the platform shows the image small beside the text, or not at all. */
  largeImageMin: { width: number; height: number }
  /** Heavier images are not shown. */
  imageMaxBytes: number
}

const MB = 1024 * 1024

export const PREVIEW_RULES: Record<CardPlatform, PreviewRules> = {
  x: { titleMax: 70, descriptionMax: null, imageRatio: 1.91, largeImageMin: { width: 300, height: 157 }, imageMaxBytes: 5 * MB },
  facebook: { titleMax: 88, descriptionMax: 110, imageRatio: 1.91, largeImageMin: { width: 600, height: 315 }, imageMaxBytes: 8 * MB },
  linkedin: { titleMax: 70, descriptionMax: null, imageRatio: 1.91, largeImageMin: { width: 401, height: 210 }, imageMaxBytes: 5 * MB },
  slack: { titleMax: 150, descriptionMax: 300, imageRatio: 1.91, largeImageMin: { width: 400, height: 210 }, imageMaxBytes: 8 * MB },
  discord: { titleMax: 256, descriptionMax: 350, imageRatio: 1.91, largeImageMin: { width: 400, height: 210 }, imageMaxBytes: 8 * MB },
  whatsapp: { titleMax: 65, descriptionMax: 80, imageRatio: 1.91, largeImageMin: { width: 300, height: 157 }, imageMaxBytes: 300 * 1024 },
  imessage: { titleMax: 70, descriptionMax: null, imageRatio: 1.91, largeImageMin: { width: 300, height: 157 }, imageMaxBytes: 8 * MB },
  telegram: { titleMax: 100, descriptionMax: 200, imageRatio: 1.91, largeImageMin: { width: 400, height: 210 }, imageMaxBytes: 5 * MB },
}

/** The text as the platform shows it: cut at `max` characters (at a word where one is near) with an ellipsis. */
export function cutText(text: string, max: number): { text: string; isCut: boolean } {
  const chars = Array.from(text.trim())
  if (chars.length <= max) return { text: chars.join(''), isCut: false }
  const kept = chars.slice(0, max - 1).join('')
  const space = kept.lastIndexOf(' ')
  return { text: `${(space > max * 0.6 ? kept.slice(0, space) : kept).trimEnd()}…`, isCut: true }
}

/** How the platform draws the image: large above the text, small beside it, or none. */
export function imageLayout(platform: CardPlatform, image: string | null, facts: ImageFacts | null | undefined): 'large' | 'small' | 'none' {
  if (!image) return 'none'
  const rules = PREVIEW_RULES[platform]
  if (facts && facts.bytes > rules.imageMaxBytes) return 'none'
  if (facts && (facts.width < rules.largeImageMin.width || facts.height < rules.largeImageMin.height)) return 'small'
  return 'large'
}

/** What the platform will do to this card that the person may not want, in its words. */
export function previewNotes(platform: CardPlatform, card: { title: string; description: string | null; ogImage: string | null }, facts: ImageFacts | null | undefined): string[] {
  const rules = PREVIEW_RULES[platform]
  const name = CARD_PLATFORM_NAMES[platform]
  const notes: string[] = []
  if (cutText(card.title, rules.titleMax).isCut) notes.push(`${name} cuts the title after about ${rules.titleMax} characters.`)
  if (card.description && rules.descriptionMax !== null && cutText(card.description, rules.descriptionMax).isCut)
    notes.push(`${name} cuts the description after about ${rules.descriptionMax} characters.`)
  if (card.description && rules.descriptionMax === null) notes.push(`${name} shows no description.`)
  if (!card.ogImage) notes.push(`${name} shows no image: the card has none.`)
  else if (facts && facts.bytes > rules.imageMaxBytes) notes.push(`${name} shows no image over ${rules.imageMaxBytes >= MB ? `${rules.imageMaxBytes / MB} MB` : `${rules.imageMaxBytes / 1024} KB`}.`)
  else if (facts && imageLayout(platform, card.ogImage, facts) === 'small')
    notes.push(`${name} shows the image small: it is ${facts.width}×${facts.height}, and a large one needs ${rules.largeImageMin.width}×${rules.largeImageMin.height} or more.`)
  else if (facts && Math.abs(facts.width / facts.height - rules.imageRatio) > 0.15) notes.push(`${name} crops the image to ${rules.imageRatio}:1.`)
  return notes
}
