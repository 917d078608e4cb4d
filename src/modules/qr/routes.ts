import { Elysia } from 'elysia'
import { clientIp } from '../../platform/http'
import { QR_ANSWERS, QrParams, QrQuery } from './schema'
import { qrCodeOf } from './service'

export const qrRoutes = new Elysia().get(
  '/qr/:path',
  async ({ params, query, request, server }) => {
    const image = await qrCodeOf(params.path, query, clientIp(request, server))
    // Kept briefly, so a link switched off loses its QR code within minutes in browsers too.
    const headers = { 'content-type': image.type, 'cache-control': 'public, max-age=300', etag: image.etag }
    if (request.headers.get('if-none-match') === image.etag) return new Response(null, { status: 304, headers })
    return new Response(image.body, { headers })
  },
  {
    params: QrParams,
    query: QrQuery,
    detail: {
      summary: 'QR code of a short link',
      operationId: 'getQrCode',
      description:
        'The short link as a QR code, PNG or SVG, in the colours, quiet zone, error correction and size asked for, optionally with a logo at the centre. ' +
        'The code encodes the short URL with `?qr` added: people who scan it are counted as clicks and as scans. ' +
        'Needs no API key: the address can be put in an `<img>` as it is. Answers carry an ETag; the same options give the same image.',
      tags: ['Links'],
      security: [],
      responses: QR_ANSWERS,
    },
  },
)
