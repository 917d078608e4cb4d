import { Elysia } from 'elysia'
import { auth } from '../auth/plugin'
import { CrawlUrlInput, ImageCheck, PageMetadata } from './schema'
import { checkImage, crawlUrl } from './service'

export const metadataRoutes = new Elysia()
  .use(auth)
  .post('/crawl-url', ({ user, body }) => crawlUrl(user, body.url), {
    session: 'links:write',
    body: CrawlUrlInput,
    response: PageMetadata,
    detail: { summary: "Read a page's title, description and preview image", tags: ['Links'] },
  })
  .post('/check-image', async ({ user, body }) => ({ image: await checkImage(user, body.url) }), {
    session: 'links:write',
    body: CrawlUrlInput,
    response: ImageCheck,
    detail: { summary: "Read an image's size and type, for the link form's warnings", tags: ['Links'] },
  })
