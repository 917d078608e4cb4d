import { Elysia, t } from 'elysia'
import { clientIp } from '../../platform/http'
import { cardImageOf } from './service'

// A version's image never changes: its address names the version.
const FOREVER = 'public, max-age=31536000, immutable'

export const cardImageRoutes = new Elysia().get(
  '/card-image/:slug/:file',
  async ({ params, request, server }) => {
    const version = /^([1-9][0-9]{0,8})\.png$/.exec(params.file)?.[1]
    if (!version) return Response.json({ message: 'Not found.' }, { status: 404 })
    const image = await cardImageOf(params.slug, Number(version), clientIp(request, server))
    if (image.kind === 'moved') return new Response(null, { status: 302, headers: { location: image.location, 'cache-control': 'no-store' } })
    const headers = { 'content-type': 'image/png', 'cache-control': FOREVER, etag: image.etag }
    if (request.headers.get('if-none-match') === image.etag) return new Response(null, { status: 304, headers })
    return new Response(image.png, { headers })
  },
  {
    params: t.Object({ slug: t.String(), file: t.String() }),
    detail: { summary: "The card image Linkcard made for a link, at a card version (PNG, 1200x630)", tags: ['Links'], hide: true },
  },
)
