import { t } from 'elysia'
import { LINK_MESSAGES } from '../../shared/link-rules'

export const CrawlUrlInput = t.Object(
  { url: t.String({ error: LINK_MESSAGES.metadataUrlMissing, description: 'The page to read, starting with http:// or https://' }) },
  { error: LINK_MESSAGES.metadataUrlMissing },
)

export const PageMetadata = t.Object({
  title: t.Nullable(t.String({ description: "og:title, else twitter:title, else the page's <title>" })),
  description: t.Nullable(t.String({ description: 'og:description, else twitter:description, else the meta description' })),
  ogImage: t.Nullable(t.String({ description: 'og:image, else twitter:image, as an absolute http(s) URL' })),
  ogImageAlt: t.Nullable(t.String({ description: 'og:image:alt, else twitter:image:alt' })),
})
export type PageMetadata = typeof PageMetadata.static

export const ImageCheck = t.Object({
  image: t.Nullable(
    t.Object({
      width: t.Integer({ description: 'Pixels' }),
      height: t.Integer({ description: 'Pixels' }),
      type: t.String({ description: 'Media type, such as image/png' }),
      bytes: t.Integer({ description: 'Size of the file' }),
    }),
    { description: 'Null when the address gives no image the server could read' },
  ),
})
