// The card as each platform draws it: on the link's page, every platform's mock-up shows what that
// platform's crawler reads from the card page (its own card where the link gives it one), cut where
// the platform cuts it; in the link form, the mock-up follows what is typed and the platform chosen.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import ogs from 'open-graph-scraper'
import type { Page } from 'playwright-core'
import type { Link } from '../../src/modules/links/schema'
import { CARD_PLATFORMS } from '../../src/shared/platform-cards'
import { cutText, PREVIEW_RULES } from '../../src/shared/platform-previews'
import { DESKTOP, PHONE } from '../helpers/browser'
import { visit } from '../helpers/http'
import { CRAWLER_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openLinkList, openSignedIn, openSignedInPage, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const LONG_TITLE = 'Everything about our launch: the product, the people behind it, and what comes next for every team'
const DESCRIPTION = 'A long look at the day we shipped, with the numbers, the lessons and the thanks we owe.'
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** What a platform's crawler reads from the card page. */
async function cardPageTags(url: string, platform: string) {
  const { result } = await ogs({ html: await (await visit(url, { userAgent: CRAWLER_UA[platform] })).text() })
  return { title: result.ogTitle!, description: result.ogDescription ?? null }
}

describe("the link's page", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`draws the card as each of the eight platforms does, from what its crawler reads, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `previews-${viewport.width}`)
      const made = await web.http.post<Link>(
        '/api/shareLinks',
        {
          targetUrl: 'https://example.com/launch',
          title: LONG_TITLE,
          description: DESCRIPTION,
          ogImage: `${web.server.url}/no-such-image.png`,
          platformCards: { x: { title: 'Launch day' }, telegram: { description: 'For the Telegram channel.' } },
        },
        { token: account.token },
      )
      expect(made.status).toBe(201)
      const { page, context } = await openSignedInPage(web, `/share-links/${made.body.id}/analytics`, { session: account, viewport: viewport })
      const previews = page.getByTestId('all-platform-previews')
      await previews.waitFor()
      for (const platform of CARD_PLATFORMS) {
        const mockup = previews.locator(`[data-testid="mockup"][data-platform="${platform}"]`)
        const tags = await cardPageTags(made.body.url, platform)
        const rules = PREVIEW_RULES[platform]
        expect(await mockup.getByTestId('mockup-title').textContent()).toBe(cutText(tags.title, rules.titleMax).text)
        const description = mockup.getByTestId('mockup-description')
        if (rules.descriptionMax === null) expect(await description.count()).toBe(0)
        else expect(await description.textContent()).toBe(cutText(tags.description!, rules.descriptionMax).text)
        expect(await mockup.getByTestId('mockup-domain').textContent()).toContain(new URL(made.body.url).host)
        await mockup.scrollIntoViewIfNeeded()
        await saveScreenshot(mockup, `linkcard-mockup-${platform}-${viewport.width}.png`)
      }
      // The platforms that cut the long title say so; X's own title fits.
      const notes = (platform: string) => previews.locator(`[data-testid="mockup"][data-platform="${platform}"]`).getByTestId('mockup-notes').textContent()
      expect(await notes('whatsapp')).toContain(`WhatsApp cuts the title after about ${PREVIEW_RULES.whatsapp.titleMax} characters.`)
      expect(await notes('x')).not.toContain('cuts the title')
      expect(await fitsWidth(page)).toBe(true)
      await context.close()
    })
  }
})

describe('the link form', () => {
  it('shows the chosen platform as it is typed, and the platform whose card is edited', async () => {
    const account = await createAccount(web.server, 'previews-form')
    const { page, context } = await openLinkList(web, account, DESKTOP)
    await page.getByRole('button', { name: 'Create Link', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Target URL', { exact: true }).fill('https://example.com/launch')
    await dialog.getByLabel('Title', { exact: true }).fill(LONG_TITLE)
    const previews = dialog.getByTestId('platform-previews')
    const shown = previews.getByTestId('mockup')
    expect(await shown.getAttribute('data-platform')).toBe('x')
    expect(await shown.getByTestId('mockup-title').textContent()).toBe(cutText(LONG_TITLE, PREVIEW_RULES.x.titleMax).text)

    await previews.getByRole('button', { name: 'LinkedIn' }).click()
    await previews.locator('[data-platform="linkedin"]').waitFor()
    expect(await shown.getByTestId('mockup-notes').textContent()).toContain('LinkedIn cuts the title after about 70 characters.')

    // Editing WhatsApp's card shows WhatsApp, with its own title as it is typed.
    const fold = dialog.getByTestId('platform-card-fields')
    await fold.getByText('Cards per platform').click()
    await fold.getByRole('button', { name: 'WhatsApp', exact: true }).click()
    await previews.locator('[data-platform="whatsapp"]').waitFor()
    expect(await previews.getByRole('button', { name: 'WhatsApp' }).getAttribute('aria-pressed')).toBe('true')
    await dialog.getByLabel('WhatsApp title', { exact: true }).fill('Launch day')
    await shown.getByTestId('mockup-title').filter({ hasText: /^Launch day$/ }).waitFor()
    expect(await shown.getByTestId('mockup-notes').textContent()).toBe('WhatsApp shows no image: the card has none.')
    await shown.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'linkcard-form-previews-1440.png')
    await context.close()
  })
})

describe('made card images', () => {
  it('are chosen in the form, and drawn by the mock-ups on the link page', async () => {
    const account = await createAccount(web.server, 'previews-made')
    const { page, context } = await openLinkList(web, account, PHONE)
    await page.getByRole('button', { name: 'Create Link', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Target URL', { exact: true }).fill('https://example.com/made')
    await dialog.getByLabel('Title', { exact: true }).fill('A card without an image of its own')
    await dialog.getByRole('combobox', { name: 'Made image' }).click()
    await page.getByRole('option', { name: 'Bold' }).click()
    // The form's mock-up draws the image the server will make, from what is typed.
    const shown = dialog.getByTestId('platform-previews').getByTestId('mockup')
    const drawn = shown.getByTestId('mockup-made-image')
    await drawn.waitFor()
    expect(await drawn.textContent()).toBe('A card without an image of its ownexample.com')
    expect(await shown.getAttribute('data-image')).toBe('large')
    expect(await shown.textContent()).not.toContain('shows no image')
    await drawn.scrollIntoViewIfNeeded()
    await saveScreenshot(drawn, 'linkcard-form-made-image-390.png')
    await dialog.getByRole('button', { name: 'Create Link' }).click()
    const created = page.getByRole('dialog', { name: 'Link created' })
    await created.getByRole('button', { name: 'Done' }).click()
    const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
    expect(stored!.cardImage).toBe('bold')
    expect(stored!.cardImageUrl).toBe(`${web.server.url}/api/card-image/${stored!.slug}/1.png`)

    await openSignedIn(page, account, `/share-links/${stored!.id}/analytics`)
    const facebook = page.getByTestId('all-platform-previews').locator('[data-testid="mockup"][data-platform="facebook"]')
    const image = facebook.getByTestId('mockup-image')
    await image.waitFor()
    expect(await image.getAttribute('src')).toBe(stored!.cardImageUrl)
    await page.waitForFunction((src) => [...document.images].some((img) => img.src === src && img.complete && img.naturalWidth === 1200), stored!.cardImageUrl)
    await facebook.scrollIntoViewIfNeeded()
    await saveScreenshot(facebook, 'linkcard-mockup-made-390.png')
    await context.close()
  })
})
