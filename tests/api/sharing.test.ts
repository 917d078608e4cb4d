// The product's own pages share well: home, pricing, docs, every blog and how-to page, and every
// other screen carry an OpenGraph and Twitter card with an image, as platforms read them.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import ogs from 'open-graph-scraper'
import { PNG } from 'pngjs'
import { SHARED_SCREENS } from '../../src/shared/routes'
import { SHARE_IMAGE } from '../../src/shared/share-image'
import { startInProcess } from '../helpers/in-process'
import type { TestServer } from '../helpers/server'
import { CRAWLER_UA } from '../helpers/user-agents'

let server: TestServer

beforeAll(async () => {
  server = await startInProcess()
})
afterAll(() => server.close())

const ARTICLES = ['blog', 'how-to'].flatMap((section) => [
  `/${section}/`,
  ...readdirSync(join(import.meta.dir, '../../content', section))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/${section}/${file.slice(0, -3)}/`),
])

async function cardOf(path: string) {
  const answer = await fetch(`${server.url}${path}`, { headers: { 'user-agent': CRAWLER_UA.slack } })
  expect(answer.status).toBe(200)
  return (await ogs({ html: await answer.text() })).result
}

describe("the product's own pages", () => {
  it('share with their own title and description and the product image', async () => {
    for (const [path, share] of Object.entries(SHARED_SCREENS)) {
      const card = await cardOf(path)
      expect({ path, title: card.ogTitle, description: card.ogDescription, url: card.ogUrl, twitter: card.twitterCard }).toEqual({
        path,
        title: share.title,
        description: share.description,
        url: `${server.url}${path}`,
        twitter: 'summary_large_image',
      })
      expect(card.ogImage?.[0]).toMatchObject({ url: `${server.url}/share.png`, width: String(SHARE_IMAGE.width), height: String(SHARE_IMAGE.height), type: 'image/png' })
      expect(card.twitterImage?.[0]?.url).toBe(`${server.url}/share.png`)
    }
  })

  it('share every blog and how-to page as an article of its own', async () => {
    const titles = new Set<string>()
    for (const path of ARTICLES) {
      const card = await cardOf(path)
      expect(card.ogType).toBe('article')
      expect(card.ogUrl).toBe(`${server.url}${path}`)
      expect(card.twitterCard).toBe('summary_large_image')
      expect(card.ogImage?.[0]?.url).toBe(`${server.url}/share.png`)
      expect(card.ogTitle).toBeTruthy()
      expect(card.ogDescription).toBeTruthy()
      titles.add(card.ogTitle!)
    }
    expect(titles.size).toBe(ARTICLES.length)
  })

  it("share the home page's card from the app's other screens", async () => {
    const card = await cardOf('/signup')
    expect(card.ogTitle).toBe(SHARED_SCREENS['/'].title)
    expect(card.ogUrl).toBe(`${server.url}/`)
  })

  it('serve the image at the size they claim', async () => {
    const answer = await fetch(`${server.url}/share.png`)
    expect(answer.headers.get('content-type')).toBe('image/png')
    const image = PNG.sync.read(Buffer.from(await answer.arrayBuffer()))
    expect([image.width, image.height]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height])
  })
})
