// Card images Linkcard makes for a link without an image of its own: its title, description and
// site in the link's accent colour, in one of a few layouts, as a 1200×630 PNG served from
// Linkcard's own origin. The address carries the card version, so a changed card is a new image.
import type { ImageFacts } from './image-rules'

export const CARD_IMAGE_LAYOUTS = ['classic', 'bold', 'minimal'] as const
export type CardImageLayout = (typeof CARD_IMAGE_LAYOUTS)[number]

export const CARD_IMAGE_LAYOUT_NAMES: Record<CardImageLayout, string> = { classic: 'Classic', bold: 'Bold', minimal: 'Minimal' }

export const CARD_IMAGE_SIZE = { width: 1200, height: 630 } as const
/** The accent colour of a link without one. */
export const CARD_IMAGE_DEFAULT_COLOR = '#4f46e5'

/** Where a link's generated image of this card version is served (by the link's slug, which never changes). */
export const cardImagePath = (slug: string, version: number) => `/api/card-image/${encodeURIComponent(slug)}/${version}.png`

/** What a made image shows. `logo` is an image address (a data: URL where it is drawn on the server). */
export type CardImageContent = { layout: CardImageLayout; title: string; description: string | null; site: string; color: string; logo: string | null }

/** An element of a made image's layout: what satori draws on the server and the browser shows in the form's mock-ups. */
export type CardImageNode = {
  type: 'div' | 'img'
  props: { style: Record<string, string | number>; src?: string; children?: CardImageNode | string | (CardImageNode | string | null)[] }
}
const box = (style: CardImageNode['props']['style'], children?: CardImageNode['props']['children']): CardImageNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
})

/** Longer titles are set smaller, so a title of any allowed length fits its lines. */
const titleSize = (title: string) => (title.length <= 50 ? 68 : title.length <= 90 ? 56 : title.length <= 140 ? 46 : 38)

/** Black or white, whichever reads better on the colour. */
function textOn(color: string) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255)
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6 ? '#0f172a' : '#ffffff'
}

/** The layout of a made image, 1200×630, in satori's subset of CSS (every box a flexbox). */
export function cardImageLayout({ layout, title, description, site, color, logo }: CardImageContent): CardImageNode {
  const clamp = (lines: number) => ({ display: 'block', lineClamp: lines, overflow: 'hidden' })
  const heading = (fill: string, align: 'left' | 'center' = 'left') =>
    box({ ...clamp(4), fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.15, color: fill, textAlign: align, alignSelf: 'stretch' }, title)
  // The description stays readable where a platform draws the card small: about 16 px at 500 px wide.
  const text = (fill: string, align: 'left' | 'center' = 'left') =>
    description ? box({ ...clamp(2), fontSize: 38, lineHeight: 1.3, color: fill, marginTop: 24, textAlign: align, alignSelf: 'stretch' }, description) : null
  // The account's logo stands before the site in place of the accent dot.
  const mark = (dot: string) =>
    logo
      ? { type: 'img' as const, props: { src: logo, style: { height: 56, maxWidth: 220, objectFit: 'contain', marginRight: 20 } } }
      : box({ width: 18, height: 18, borderRadius: 9, background: dot, marginRight: 14 })
  const siteLine = (fill: string, dot: string) => box({ alignItems: 'center', fontSize: 28, color: fill }, [mark(dot), site])
  const page = { width: '100%', height: '100%' }
  switch (layout) {
    case 'bold': {
      const fill = textOn(color)
      return box({ ...page, padding: 80, background: color }, [
        box({ flexDirection: 'column', width: CARD_IMAGE_SIZE.width - 160 }, [heading(fill), text(fill)]),
        box({ position: 'absolute', left: 80, bottom: 64 }, [siteLine(fill, fill)]),
      ])
    }
    case 'minimal':
      return box({ ...page, alignItems: 'center', paddingLeft: 96, background: '#ffffff' }, [
        box({ flexDirection: 'column', alignItems: 'center', width: CARD_IMAGE_SIZE.width - 192 }, [
          heading('#0f172a', 'center'),
          box({ width: 120, height: 8, borderRadius: 4, background: color, marginTop: 36, marginBottom: 4 }),
          text('#475569', 'center'),
        ]),
        box({ position: 'absolute', left: 0, bottom: 52, width: '100%', justifyContent: 'center', alignItems: 'center', fontSize: 26, color: '#64748b' }, [
          logo ? mark(color) : null,
          site,
        ]),
      ])
    default:
      return box({ ...page, background: '#f8fafc' }, [
        box({ width: 24, height: '100%', background: color }),
        box({ flexDirection: 'column', justifyContent: 'space-between', padding: '80px 88px 72px 72px', flex: 1 }, [
          box({ flexDirection: 'column' }, [heading('#0f172a'), text('#475569')]),
          siteLine('#334155', color),
        ]),
      ])
  }
}

/** What platforms find a made image to be; its bytes are about 50 KB, far under every platform's limit. */
export const CARD_IMAGE_FACTS: ImageFacts = { ...CARD_IMAGE_SIZE, type: 'image/png', bytes: 50 * 1024 }

/** The site a made image names: the target's host without www. */
export function cardImageSite(targetUrl: string): string {
  try {
    return new URL(targetUrl).hostname.replace(/^www\./, '')
  } catch {
    return ''
  }
}
