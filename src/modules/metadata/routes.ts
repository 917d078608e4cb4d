import { Elysia } from 'elysia'
import { auth } from '../auth/plugin'
import { CrawlUrlInput, PageMetadata } from './schema'
import { crawlUrl } from './service'

export const metadataRoutes = new Elysia().use(auth).post('/crawl-url', ({ user, body }) => crawlUrl(user, body.url), {
  session: true,
  body: CrawlUrlInput,
  response: PageMetadata,
  detail: { summary: "Read a page's title, description and preview image", tags: ['Links'] },
})
