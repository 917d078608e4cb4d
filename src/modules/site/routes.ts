// Serves the built web app: hashed assets cached for a year, index.html for every client route,
// the static /blog/ and /how-to/ pages, and index.html with 404 for anything unknown.
import { Elysia } from 'elysia'
import { gzipSync } from 'node:zlib'
import { config } from '../../platform/config'
import { CLIENT_ROUTE_PATTERNS, CLIENT_ROUTES } from '../../shared/routes'
import { bundledWebAssets } from './assets' with { type: 'macro' }

type Asset = { type: string; body: Buffer<ArrayBuffer>; gzip?: Buffer<ArrayBuffer>; etag: string }

const assets = new Map<string, Asset>()
for (const [path, asset] of Object.entries(bundledWebAssets())) {
  const body = Buffer.from(asset.body, 'base64')
  assets.set(path, {
    type: asset.type,
    body,
    gzip: asset.gzip ? Buffer.from(asset.gzip, 'base64') : undefined,
    etag: `"${Bun.hash(body).toString(36)}"`,
  })
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'

function serve(request: Request, asset: Asset, cacheControl: string, status = 200) {
  const headers: Record<string, string> = { 'content-type': asset.type, 'cache-control': cacheControl, etag: asset.etag, vary: 'accept-encoding' }
  if (status === 200 && request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers })
  const useGzip = asset.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
  if (useGzip) headers['content-encoding'] = 'gzip'
  return new Response(request.method === 'HEAD' ? null : useGzip ? asset.gzip : asset.body, { status, headers })
}

/** index.html with this deployment's hosts (for the web app's host routing) in a meta tag. */
const indexHtml = (() => {
  const built = assets.get('/index.html')!
  const settings = { marketingHost: config.marketingHost ?? null, appHost: config.appHost ?? null, apiHost: config.apiHost ?? null }
  const escaped = JSON.stringify(settings).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const html = built.body.toString('utf8').replace('<meta name="linkcard-config" content="{}"', `<meta name="linkcard-config" content="${escaped}"`)
  const body = Buffer.from(html)
  return { ...built, body, gzip: gzipSync(body), etag: `"${Bun.hash(body).toString(36)}"` }
})()

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
  siteRoutes.get(route, ({ request }) => serve(request, indexHtml, 'no-cache'))
}
for (const pattern of CLIENT_ROUTE_PATTERNS) siteRoutes.get(pattern, ({ request }) => serve(request, indexHtml, 'no-cache'))
