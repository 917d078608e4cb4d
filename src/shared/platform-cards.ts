// A link may give a platform a card of its own: a title, description or image that only that
// platform's crawler gets (a square image for WhatsApp, a shorter title for X). Whatever a platform's
// card leaves out is the link's own. Shared by the server, the edge worker and the link form.
/** The platforms a card can be tailored for, by the names the crawler list gives them (visitors.ts). */
export const CARD_PLATFORMS = ['x', 'facebook', 'linkedin', 'slack', 'discord', 'whatsapp', 'imessage', 'telegram'] as const
export type CardPlatform = (typeof CARD_PLATFORMS)[number]

export const CARD_PLATFORM_NAMES: Record<CardPlatform, string> = {
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  slack: 'Slack',
  discord: 'Discord',
  whatsapp: 'WhatsApp',
  imessage: 'iMessage',
  telegram: 'Telegram',
}

/** What a platform's card sets; null leaves the link's own. */
export type PlatformCard = { title: string | null; description: string | null; ogImage: string | null }
export type PlatformCards = Partial<Record<CardPlatform, PlatformCard>>

export const isCardPlatform = (name: string | null | undefined): name is CardPlatform => (CARD_PLATFORMS as readonly string[]).includes(name ?? '')

export const PLATFORM_CARD_MESSAGES = {
  platform: `A card can be tailored for ${CARD_PLATFORMS.join(', ')}.`,
  shape: 'platformCards must name platforms, each with its title, description and ogImage as texts (or null).',
  ogImage: "A platform's image must be a valid http:// or https:// URL.",
} as const

/** The cards in the order of CARD_PLATFORMS, as both APIs answer them. */
export const inPlatformOrder = (cards: PlatformCards): PlatformCards =>
  Object.fromEntries(CARD_PLATFORMS.flatMap((platform) => (cards[platform] ? [[platform, cards[platform]]] : [])))

type Card = { title: string; description?: string | null; ogImage?: string | null; platformCards?: PlatformCards | null }

/**
 * The card a platform's crawler gets: the link's own, with what the platform's card sets. The same
 * object when the platform has none, so callers can tell (and the image's measured size still holds).
 */
export function cardFor<T extends Card>(link: T, platform: string | null): T {
  const own = isCardPlatform(platform) ? link.platformCards?.[platform] : undefined
  if (!own) return link
  // The link's image description and measured size tell of its own image, not the platform's.
  const image = own.ogImage ? { ogImage: own.ogImage, ogImageAlt: null, ogImageWidth: null, ogImageHeight: null, ogImageType: null, ogImageBytes: null } : {}
  return { ...link, title: own.title ?? link.title, description: own.description ?? link.description, ...image }
}
