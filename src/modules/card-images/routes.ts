import { Elysia, t } from 'elysia'
import { clientIp } from '../../platform/http'
import { THEME_COLOR_PATTERN } from '../../shared/card-rules'
import { URL_MAX } from '../../shared/link-rules'
import { auth } from '../auth/plugin'
import { brandOf, setBrand } from './brand'
import { cardImageOf } from './service'

const Brand = t.Object({
  color: t.Nullable(t.String({ pattern: THEME_COLOR_PATTERN, error: 'color must be a colour as #rrggbb, or null.', description: "The made images' accent colour where a link has none of its own" })),
  logo: t.Nullable(t.String({ maxLength: URL_MAX, error: 'logo must be the address of an uploaded logo, or null.', description: 'The address of a logo uploaded with purpose=logo' })),
})

// A version's image never changes: its address names the version.
const FOREVER = 'public, max-age=31536000, immutable'

export const cardImageRoutes = new Elysia()
  .use(auth)
  .get('/brand', ({ user }) => brandOf(user.accountId), { session: true, response: Brand, detail: { summary: "The account's colour and logo for made images", tags: ['Links'], hide: true } })
  .put('/brand', ({ user, body }) => setBrand(user, body), {
    session: 'domains:manage',
    body: Brand,
    response: Brand,
    detail: { summary: "Set the account's colour and logo for made images", tags: ['Links'], hide: true },
  })
  .get(
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
