import { Elysia, t } from 'elysia'
import { auth } from '../auth/plugin'
import { UploadedImage, UploadQuery } from './schema'
import { servedImage, uploadImage } from './service'

// An image's address names its content: it never changes.
const FOREVER = 'public, max-age=31536000, immutable'
const tags = ['Images (app)']

// The body was read whole before routing, within the upload limit (platform/http.ts).
const bytesOf = async (request: Request) => new Uint8Array(await request.arrayBuffer())

export const imageRoutes = new Elysia({ prefix: '/images' })
  .use(auth)
  .post(
    '/',
    async ({ user, request, query, set }) => {
      set.status = 201
      return uploadImage(user.accountId, await bytesOf(request), query.purpose ?? 'card')
    },
    { session: 'links:write', parse: 'none', query: UploadQuery, response: { 201: UploadedImage }, detail: { summary: 'Upload an image', tags, hide: true } },
  )
  .get(
    '/:file',
    async ({ params, request }) => {
      const image = await servedImage(params.file)
      const headers = { 'content-type': image.contentType, 'cache-control': FOREVER, etag: `"${params.file}"` }
      if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers })
      return new Response(image.bytes, { headers })
    },
    { params: t.Object({ file: t.String() }), detail: { summary: 'An uploaded image', tags, hide: true } },
  )

