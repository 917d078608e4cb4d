// A page's card from its own tags, read in the page by the popup: the tags as the page has them,
// then the card every platform gets and what X alone gets from its twitter:* tags. The fallbacks
// are the server's when it reads a page (src/modules/metadata/parse.ts).
import { THEME_COLOR_PATTERN } from '../../../src/shared/card-rules'
import { DESCRIPTION_MAX, IMAGE_ALT_MAX, isHttpUrl, TITLE_MAX, URL_MAX } from '../../../src/shared/link-rules'
import type { PlatformCard, PlatformCards } from '../../../src/shared/platform-cards'

const TAGS = [
  'og:title',
  'og:description',
  'og:image',
  'og:image:alt',
  'og:url',
  'twitter:title',
  'twitter:description',
  'twitter:image',
  'twitter:image:alt',
  'description',
  'theme-color',
] as const
type TagName = (typeof TAGS)[number]

export type PageTags = {
  url: string
  /** The document's <title>. */
  title: string | null
  /** The first value of each tag the page has, images and addresses made absolute. */
  meta: Partial<Record<TagName, string>>
  canonical: string | null
}

/**
 * Runs in the page (chrome.scripting sends its source), so it uses nothing from outside itself.
 * Takes no argument: the tag names are written out again here for that reason.
 */
export function readPageTags(): PageTags {
  const names = ['og:title', 'og:description', 'og:image', 'og:image:alt', 'og:url', 'twitter:title', 'twitter:description', 'twitter:image', 'twitter:image:alt', 'description', 'theme-color']
  const addresses = new Set(['og:image', 'og:url', 'twitter:image'])
  const meta: Record<string, string> = {}
  for (const element of Array.from(document.querySelectorAll('meta[content]'))) {
    // og:image:url is og:image spelled out; twitter:image:src an older spelling of twitter:image.
    const raw = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase()
    const name = raw === 'og:image:url' ? 'og:image' : raw === 'twitter:image:src' ? 'twitter:image' : raw
    const content = element.getAttribute('content')?.trim()
    if (!names.includes(name) || !content || name in meta) continue
    try {
      meta[name] = addresses.has(name) ? new URL(content, document.baseURI).href : content
    } catch {
      // An address that does not parse is no address.
    }
  }
  const canonical = document.querySelector<HTMLLinkElement>('link[rel~="canonical"][href]')?.href ?? null
  return { url: location.href, title: document.title.trim() || null, meta, canonical }
}

/** The card the page gives itself, as the mock-ups draw it and a new link takes it. */
export type PageCard = {
  title: string
  description: string | null
  ogImage: string | null
  ogImageAlt: string | null
  themeColor: string | null
  platformCards: PlatformCards | null
  /** Whether the page has any card tag at all (a title alone is none). */
  hasCardTags: boolean
  /** The host a platform names under the card: the page's canonical one. */
  host: string
}

/** One line of text cut to what a link may hold. */
function clean(value: string | null | undefined, max: number): string | null {
  const text = value?.replace(/\s+/g, ' ').trim()
  if (!text) return null
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

const image = (value: string | undefined) => (value && value.length <= URL_MAX && isHttpUrl(value) ? value : null)

function themeColor(value: string | undefined): string | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value?.trim() ?? '')
  const color = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value?.trim()
  return color && new RegExp(THEME_COLOR_PATTERN).test(color) ? color.toLowerCase() : null
}

export function pageCardOf(tags: PageTags): PageCard {
  const { meta } = tags
  const host = new URL(meta['og:url'] ?? tags.canonical ?? tags.url).host || new URL(tags.url).host
  const ogImage = image(meta['og:image']) ?? image(meta['twitter:image'])
  const own = {
    title: clean(meta['og:title'], TITLE_MAX) ?? clean(meta['twitter:title'], TITLE_MAX) ?? clean(tags.title, TITLE_MAX) ?? host,
    description: clean(meta['og:description'], DESCRIPTION_MAX) ?? clean(meta['twitter:description'], DESCRIPTION_MAX) ?? clean(meta.description, DESCRIPTION_MAX),
    ogImage,
    ogImageAlt: ogImage ? clean(ogImage === image(meta['og:image']) ? meta['og:image:alt'] : meta['twitter:image:alt'], IMAGE_ALT_MAX) : null,
  }
  // X reads its own tags before Open Graph's: where they say something else, that is X's card.
  const differs = <T>(mine: T | null, theirs: T | null) => (mine !== null && mine !== theirs ? mine : null)
  const x: PlatformCard = {
    title: differs(clean(meta['twitter:title'], TITLE_MAX), own.title),
    description: differs(clean(meta['twitter:description'], DESCRIPTION_MAX), own.description),
    ogImage: differs(image(meta['twitter:image']), own.ogImage),
  }
  const hasX = x.title !== null || x.description !== null || x.ogImage !== null
  const hasCardTags = TAGS.some((name) => name !== 'theme-color' && meta[name] !== undefined)
  return { ...own, themeColor: themeColor(meta['theme-color']), platformCards: hasX ? { x } : null, hasCardTags, host }
}
