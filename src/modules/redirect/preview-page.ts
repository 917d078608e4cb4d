// The page crawlers see: the link's own OpenGraph and Twitter Card tags, every value escaped,
// and a refresh that still sends on a person who lands here.
import { shortUrlOf, type LinkRow } from '../links/service'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c])

const meta = (attribute: 'property' | 'name', key: string, value: string | null) =>
  value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : ''

// Rendered once per link row: a changed link is a new row object, so its page is rendered afresh.
const rendered = new WeakMap<LinkRow, string>()

export function previewPage(link: LinkRow) {
  let page = rendered.get(link)
  if (page === undefined) {
    page = render(link, shortUrlOf(link))
    rendered.set(link, page)
  }
  return page
}

function render(link: LinkRow, shortUrl: string) {
  const target = escapeHtml(link.targetUrl)
  const head = [
    '<meta charset="utf-8">',
    `<title>${escapeHtml(link.title)}</title>`,
    meta('name', 'description', link.description),
    `<link rel="canonical" href="${escapeHtml(link.canonicalUrl ?? link.targetUrl)}">`,
    '<meta property="og:type" content="website">',
    meta('property', 'og:title', link.title),
    meta('property', 'og:description', link.description),
    meta('property', 'og:image', link.ogImage),
    meta('property', 'og:image:alt', link.ogImageAlt),
    meta('property', 'og:url', shortUrl),
    meta('name', 'twitter:card', link.twitterCard),
    meta('name', 'twitter:title', link.title),
    meta('name', 'twitter:description', link.description),
    meta('name', 'twitter:image', link.ogImage),
    meta('name', 'twitter:image:alt', link.ogImageAlt),
    `<meta http-equiv="refresh" content="0; url=${target}">`,
  ].filter(Boolean)
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<p>Continue to <a href="${target}">${target}</a></p>\n</body>\n</html>\n`
}

export const expiredPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This link has expired</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:grid;place-items:center;min-height:100vh;margin:0}main{text-align:center;padding:24px}a{color:#4f46e5}</style></head>
<body><main><h1>This link has expired</h1><p>The person who shared it set it to stop working after a date that has passed.</p><p><a href="/">Linkcard</a></p></main></body>
</html>
`
