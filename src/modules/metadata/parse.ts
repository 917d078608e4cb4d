// A page's own preview data read from its HTML, on the metadata thread (parse-worker.ts): parsing
// a page of a megabyte takes a second or more of CPU.
import ogs from 'open-graph-scraper'
import { DESCRIPTION_MAX, IMAGE_ALT_MAX, TITLE_MAX, isHttpUrl } from '../../shared/link-rules'
import { NOTHING, type PageToParse } from './page'
import type { PageMetadata } from './schema'

/** The page's text in its charset: from the header, else from a <meta> near the top, else UTF-8. */
function decodeHtml(body: Uint8Array, contentType: string): string {
  const head = new TextDecoder('windows-1252').decode(body.subarray(0, 1024))
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8'
  try {
    return new TextDecoder(label).decode(body)
  } catch {
    return new TextDecoder().decode(body)
  }
}

/** One line of text cut to the link form's limit, so every value can be saved as it is. */
function clean(value: string | string[] | undefined, max: number): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.replace(/\s+/g, ' ').trim()
  if (!text) return null
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

function absoluteHttpUrl(value: string | undefined, base: string): string | null {
  try {
    const url = value?.trim() && new URL(value.trim(), base).href
    return url && isHttpUrl(url) ? url : null
  } catch {
    return null
  }
}

async function extractMetadata(html: string, pageUrl: string): Promise<PageMetadata> {
  if (!html.trim()) return NOTHING
  const { result } = await ogs({
    html,
    // Only the title may fall back (to <title>); the rest come from their own tags.
    onlyGetOpenGraphInfo: ['image', 'description', 'locale', 'logo', 'url', 'favicon', 'audioUrl', 'date'],
    customMetaTags: [
      // ogTitle above holds <title> when og:title is missing; this tells the two apart.
      { property: 'og:title', fieldName: 'ogTitle', multiple: false },
      { property: 'description', fieldName: 'description', multiple: false },
    ],
  })
  const tags = result.customMetaTags ?? {}
  const images = [...(result.ogImage ?? []), ...(result.twitterImage ?? [])]
  const ogImage = images.map((image) => absoluteHttpUrl(image.url, pageUrl)).find(Boolean) ?? null
  return {
    title: clean(tags.ogTitle, TITLE_MAX) ?? clean(result.twitterTitle, TITLE_MAX) ?? clean(result.ogTitle, TITLE_MAX),
    description:
      clean(result.ogDescription, DESCRIPTION_MAX) ?? clean(result.twitterDescription, DESCRIPTION_MAX) ?? clean(tags.description, DESCRIPTION_MAX),
    ogImage,
    ogImageAlt: ogImage ? clean(images.find((image) => image.alt?.trim())?.alt, IMAGE_ALT_MAX) : null,
  }
}

/** The title, description, preview image and its alt text the page gives itself. */
export const pageMetadataOf = ({ body, contentType, url }: PageToParse) => extractMetadata(decodeHtml(body, contentType), url)
