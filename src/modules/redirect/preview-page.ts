// The page crawlers see: the link's own OpenGraph and Twitter Card tags, every value escaped. No
// meta refresh, which a platform that follows it would trade for the target's own card: a person
// who lands here is sent on by a script, and sees a link to the target meanwhile.
import { createHash } from 'node:crypto'
import { escapeHtml } from '../../shared/html'
import { cardTags, withMadeImage } from '../../shared/card-tags'
import { cardFor } from '../../shared/platform-cards'
import { LINK_PASSWORD_MAX, type CardVersionName } from '../../shared/link-rules'
import { scanUrlOf } from '../../shared/qr-design'
import type { Brand } from '../card-images/brand'
import { cardImageUrlOf, shortUrlOf, type LinkRow } from '../links/service'

const SEND_ON = "location.replace(document.getElementById('target').href)"
/** The one script a preview page runs, allowed by its hash (the CSP allows no other inline script). */
export const SEND_ON_SOURCE = `'sha256-${createHash('sha256').update(SEND_ON).digest('base64')}'`

// Rendered once per link row, card version and platform with a card of its own: a changed link is
// a new row object, so its pages are rendered afresh.
const rendered = new WeakMap<LinkRow, Map<string, string>>()

// Each link row's second card, made once: a changed link is a new row object.
const secondCards = new WeakMap<LinkRow, LinkRow>()

/** The link's row with its second card's title, description and image in place of its own (a card test's version b). */
function secondCard(link: LinkRow): LinkRow {
  let card = secondCards.get(link)
  if (!card) {
    const second = link.cardVariant!
    // The link's image description and measured size tell of its own image, not the second card's.
    const image = second.ogImage ? { ogImage: second.ogImage, ogImageAlt: null, ogImageWidth: null, ogImageHeight: null, ogImageType: null, ogImageBytes: null } : {}
    card = { ...link, title: second.title, description: second.description ?? link.description, ...image }
    secondCards.set(link, card)
  }
  return card
}

/**
 * The page a crawler of this platform gets: the card `version` of a card test ('b': the link's
 * second card), with the platform's own card on top when the link gives it one.
 */
export function previewPage(link: LinkRow, platform: string | null = null, version?: CardVersionName) {
  const base = version === 'b' && link.cardVariant ? secondCard(link) : link
  const card = cardFor(base, platform)
  // The link's own card is '' or its platform's name, as before card tests: no string is built for it.
  const own = card === base ? '' : platform!
  const key = base === link ? own : `b|${own}`
  let pages = rendered.get(link)
  if (pages === undefined) rendered.set(link, (pages = new Map()))
  let page = pages.get(key)
  if (page === undefined) {
    page = render(withMadeImage(card, cardImageUrlOf(card)), shortUrlOf(link))
    pages.set(key, page)
  }
  return page
}

function render(link: LinkRow, shortUrl: string) {
  const target = escapeHtml(link.targetUrl)
  const head = [
    '<meta charset="utf-8">',
    `<title>${escapeHtml(link.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(link.canonicalUrl ?? link.targetUrl)}">`,
    '<meta property="og:type" content="website">',
    ...cardTags(link, shortUrl).map(([attribute, name, value]) => `<meta ${attribute}="${name}" content="${escapeHtml(value)}">`),
  ]
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<p>Continue to <a id="target" href="${target}">${target}</a></p>\n<script>${SEND_ON}</script>\n</body>\n</html>\n`
}

// Why a short link sends no one on: its page's heading and text.
const ENDINGS = {
  missing: ['This link does not exist', 'There is no short link at this address. Check it for a typo, or ask whoever shared it for a new link.'],
  gone: ['This link no longer works', 'Whoever shared it has turned it off or deleted it. Ask them for a new link.'],
  expired: ['This link has expired', 'Whoever shared it set it to stop working after a date that has passed.'],
  limit: ['This link has reached its limit', 'Whoever shared it set it to stop working after a number of visits, and it has had them.'],
} as const
export type Ending = keyof typeof ENDINGS

/**
 * What people get from a link that sends no one on (ended without a fallback, turned off or
 * deleted, or never made on a custom domain): a plain page in the account's brand, its logo and
 * colour, with the custom domain's name (`site`) where there is no logo, and no word of the service.
 */
export function endedLinkPage(ending: Ending, brand: Brand, site: string | null) {
  const [title, reason] = ENDINGS[ending]
  const color = brand.color && /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : '#334155'
  const name = site ? escapeHtml(site) : ''
  const mark = brand.logo ? `<img src="${escapeHtml(brand.logo)}" alt="${name}" height="48">` : site ? `<p class="site">${name}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:grid;place-items:center;min-height:100vh;box-sizing:border-box;margin:0;border-top:4px solid ${color}}main{text-align:center;padding:24px;max-width:28rem}img{max-width:12rem;object-fit:contain}.site{font-weight:600;color:${color};margin:0}h1{font-size:22px;margin:24px 0 8px}p{color:#475569}</style></head>
<body><main>${mark}<h1>${title}</h1><p>${reason}</p></main></body>
</html>
`
}

/**
 * What people get from a link with a password: a form that posts it to /api/unlock/<path>, with the
 * reason the last try failed.
 */
export function passwordPage(path: string, problem?: string, isScan = false) {
  const unlock = `/api/unlock/${encodeURIComponent(path)}`
  const action = escapeHtml(isScan ? scanUrlOf(unlock) : unlock)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Password needed</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:grid;place-items:center;min-height:100vh;margin:0}main{width:min(100% - 48px,360px);padding:24px}h1{font-size:22px;margin:0 0 4px}p{margin:0 0 16px;color:#475569}label{display:block;font-weight:600;font-size:14px;margin-bottom:6px}input{box-sizing:border-box;width:100%;font:inherit;padding:8px 12px;border:1px solid #cbd5e1;border-radius:8px}input:focus{outline:2px solid #4f46e5;outline-offset:1px}.problem{color:#dc2626;font-size:14px;margin:8px 0 0}button{margin-top:16px;width:100%;font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:8px;padding:10px;cursor:pointer}button:focus-visible{outline:2px solid #312e81;outline-offset:2px}</style></head>
<body><main><h1>This link asks for a password</h1><p>Whoever shared it set one. Give it to continue.</p>
<form method="post" action="${action}"><label for="password">Password</label><input id="password" name="password" type="password" required autofocus autocomplete="current-password" maxlength="${LINK_PASSWORD_MAX}"${problem ? ' aria-describedby="problem" aria-invalid="true"' : ''}>${problem ? `<p class="problem" id="problem" role="alert">${escapeHtml(problem)}</p>` : ''}<button type="submit">Continue</button></form></main></body>
</html>
`
}

/**
 * Where a right password sends people: a page that goes on at once by meta refresh, with a link.
 * Not a redirect: the password form's CSP (form-action 'self') would stop one to another site.
 */
export function sendOnPage(url: string) {
  const target = escapeHtml(url)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0;url=${target}"><title>Continuing…</title></head>
<body><p>Continue to <a href="${target}">${target}</a></p></body>
</html>
`
}
