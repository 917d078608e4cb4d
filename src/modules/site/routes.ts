// Serves the built web app: hashed assets cached for a year, index.html for every client route,
// the static /blog/ and /how-to/ pages, and index.html with 404 for anything unknown.
import { Elysia } from 'elysia'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { config } from '../../platform/config'
import { escapeHtml } from '../../shared/html'
import { CLIENT_ROUTE_PATTERNS, CLIENT_ROUTES, SHARED_SCREENS } from '../../shared/routes'
import { SHARE_IMAGE, SHARE_IMAGE_PATH } from '../../shared/share-image'
import { bundledWebAssets } from './assets' with { type: 'macro' }

type Asset = { type: string; body: Buffer<ArrayBuffer>; gzip?: Buffer<ArrayBuffer>; brotli?: Buffer<ArrayBuffer>; etag: string }

const assets = new Map<string, Asset>()
for (const [path, asset] of Object.entries(bundledWebAssets())) {
  const body = Buffer.from(asset.body, 'base64')
  assets.set(path, {
    type: asset.type,
    body,
    gzip: asset.gzip ? Buffer.from(asset.gzip, 'base64') : undefined,
    brotli: asset.brotli ? Buffer.from(asset.brotli, 'base64') : undefined,
    etag: `"${Bun.hash(body).toString(36)}"`,
  })
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'

/** Brotli where the client takes it (smaller), else gzip, else the file as it is; an encoding refused with q=0 is not taken. */
function encodingFor(request: Request, asset: Asset): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (request.headers.get('accept-encoding') ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name.trim()),
  )
  if (asset.brotli && accepted.has('br')) return 'br'
  if (asset.gzip && accepted.has('gzip')) return 'gzip'
  return 'identity'
}

function serve(request: Request, asset: Asset, cacheControl: string, status = 200) {
  const headers: Record<string, string> = { 'content-type': asset.type, 'cache-control': cacheControl, etag: asset.etag, vary: 'accept-encoding' }
  if (status === 200 && request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers })
  const encoding = encodingFor(request, asset)
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  const body = encoding === 'br' ? asset.brotli : encoding === 'gzip' ? asset.gzip : asset.body
  // HEAD gets this answer too, sent without its body (by the server), so its headers are GET's.
  return new Response(body, { status, headers })
}

const withBody = (asset: Asset, html: string): Asset => {
  const body = Buffer.from(html)
  return { ...asset, body, gzip: gzipSync(body), brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), etag: `"${Bun.hash(body).toString(36)}"` }
}

// The server-rendered pages name their own address: absolute, as platforms want it.
for (const [path, asset] of assets)
  if (asset.type.startsWith('text/html') && asset.body.includes('{{origin}}')) assets.set(path, withBody(asset, asset.body.toString('utf8').replaceAll('{{origin}}', config.publicUrl)))

/** The tags a page shares with: its title and description, the product's card image, summary_large_image. */
function shareTags(path: string, share: { title: string; description: string }) {
  const url = `${config.publicUrl}${path}`
  const tags = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Linkcard'],
    ['property', 'og:title', share.title],
    ['property', 'og:description', share.description],
    ['property', 'og:url', url],
    ['property', 'og:image', `${config.publicUrl}${SHARE_IMAGE_PATH}`],
    ['property', 'og:image:width', String(SHARE_IMAGE.width)],
    ['property', 'og:image:height', String(SHARE_IMAGE.height)],
    ['property', 'og:image:type', 'image/png'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', share.title],
    ['name', 'twitter:description', share.description],
    ['name', 'twitter:image', `${config.publicUrl}${SHARE_IMAGE_PATH}`],
  ]
  return `<link rel="canonical" href="${escapeHtml(url)}">\n${tags.map(([attribute, name, value]) => `<meta ${attribute}="${name}" content="${escapeHtml(value)}">`).join('\n')}\n`
}

/**
 * index.html for a screen: this deployment's hosts (for the web app's host routing) in a meta tag,
 * and the card the screen's address shares as (the home page's for screens without their own).
 */
function shellFor(path: string): Asset {
  const built = assets.get('/index.html')!
  const settings = { marketingHost: config.marketingHost ?? null, appHost: config.appHost ?? null, apiHost: config.apiHost ?? null }
  const share = SHARED_SCREENS[path] ?? SHARED_SCREENS['/']
  const sharedPath = SHARED_SCREENS[path] ? path : '/'
  const html = built.body
    .toString('utf8')
    .replace('<meta name="linkcard-config" content="{}"', `<meta name="linkcard-config" content="${escapeHtml(JSON.stringify(settings))}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(share.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(share.description)}"`)
    .replace('</head>', `${shareTags(sharedPath, share)}</head>`)
  return withBody(built, html)
}
// Built once each at start: the screens with a card of their own, and the shell every other screen shares.
const shells = new Map(Object.keys(SHARED_SCREENS).map((path) => [path, shellFor(path)]))
const indexHtml = shells.get('/')!

/** The SPA's shell with 404: the web app then shows its not-found page. */
export const notFoundPage = (request: Request) => serve(request, indexHtml, 'no-store', 404)

export const siteRoutes = new Elysia({ name: 'site' })
for (const [path, asset] of assets) {
  if (path === '/index.html') continue
  // /blog/x/index.html is served at /blog/x/ (the router also answers /blog/x with it).
  if (path.endsWith('/index.html')) {
    siteRoutes.get(path.slice(0, -'index.html'.length), ({ request }) => serve(request, asset, REVALIDATE))
    continue
  }
  siteRoutes.get(path, ({ request }) => serve(request, asset, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE))
}
for (const route of CLIENT_ROUTES) {
  if (assets.has(`${route}/index.html`)) continue
  const shell = shells.get(route) ?? indexHtml
  siteRoutes.get(route, ({ request }) => serve(request, shell, 'no-cache'))
}
for (const pattern of CLIENT_ROUTE_PATTERNS) siteRoutes.get(pattern, ({ request }) => serve(request, indexHtml, 'no-cache'))
