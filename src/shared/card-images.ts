// Card images Linkcard makes for a link without an image of its own: its title, description and
// site in the link's accent colour, in one of a few layouts, as a 1200×630 PNG served from
// Linkcard's own origin. The address carries the card version, so a changed card is a new image.
export const CARD_IMAGE_LAYOUTS = ['classic', 'bold', 'minimal'] as const
export type CardImageLayout = (typeof CARD_IMAGE_LAYOUTS)[number]

export const CARD_IMAGE_LAYOUT_NAMES: Record<CardImageLayout, string> = { classic: 'Classic', bold: 'Bold', minimal: 'Minimal' }

export const CARD_IMAGE_SIZE = { width: 1200, height: 630 } as const
/** The accent colour of a link without one. */
export const CARD_IMAGE_DEFAULT_COLOR = '#4f46e5'

/** Where a link's generated image of this card version is served (by the link's slug, which never changes). */
export const cardImagePath = (slug: string, version: number) => `/api/card-image/${encodeURIComponent(slug)}/${version}.png`
