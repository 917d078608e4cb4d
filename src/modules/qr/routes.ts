import { Elysia, t } from 'elysia'
import { qrCodeOf } from './service'

export const qrRoutes = new Elysia().get(
  '/qr/:path',
  async ({ params, query, request }) => {
    const image = await qrCodeOf(params.path, query.format ?? 'png')
    // Kept briefly, so a link switched off loses its QR code within minutes in browsers too.
    const headers = { 'content-type': image.type, 'cache-control': 'public, max-age=300', etag: image.etag }
    if (request.headers.get('if-none-match') === image.etag) return new Response(null, { status: 304, headers })
    return new Response(image.body, { headers })
  },
  {
    params: t.Object({ path: t.String() }),
    query: t.Object({ format: t.Optional(t.UnionEnum(['png', 'svg'], { error: 'format must be png or svg.' })) }),
    detail: { summary: 'QR code of a short link (PNG, or SVG with ?format=svg)', tags: ['Links'] },
  },
)
