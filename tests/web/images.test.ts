// Uploading images in the app: a card's image from the link form, and the account's brand (colour
// and logo) on the settings page, each shown as it will look.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import { PNG } from 'pngjs'
import type { Link } from '../../src/modules/links/schema'
import { DESKTOP, PHONE } from '../helpers/browser'
import { browserAroundTests, createAccount, openLinkList, openSignedInPage, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const pngFile = (name: string, width: number, height: number, rgb: [number, number, number]) => {
  const image = new PNG({ width, height })
  for (let at = 0; at < image.data.length; at += 4) image.data.set([...rgb, 255], at)
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(image) }
}

describe('uploading images', () => {
  it("fills the link form's image from a file, and the mock-up shows it", async () => {
    const account = await createAccount(web.server, 'upload-form')
    const { page, context } = await openLinkList(web, account, PHONE)
    await page.getByRole('button', { name: 'Create Link', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Target URL', { exact: true }).fill('https://example.com/uploaded')
    await dialog.getByLabel('Title', { exact: true }).fill('With an uploaded image')
    await dialog.getByTestId('upload-card-input').first().setInputFiles(pngFile('card.png', 1200, 630, [14, 116, 144]))
    const field = dialog.getByLabel('Preview image URL', { exact: true })
    await page.waitForFunction(() => (document.querySelector('input[name="ogImage"]') as HTMLInputElement | null)?.value.includes('/api/images/'))
    const url = await field.inputValue()
    expect(url).toMatch(new RegExp(`^${web.server.url}/api/images/[A-Za-z0-9_-]{27}\\.jpg$`))
    const image = dialog.getByTestId('platform-previews').getByTestId('mockup-image')
    expect(await image.getAttribute('src')).toBe(url)
    await page.waitForFunction((src) => [...document.images].some((img) => img.src === src && img.complete && img.naturalWidth === 1200), url)
    await dialog.getByRole('button', { name: 'Create Link' }).click()
    await page.getByRole('dialog', { name: 'Link created' }).getByRole('button', { name: 'Done' }).click()
    const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
    expect(stored!.ogImage).toBe(url)
    await context.close()
  })

  it("sets the account's brand on the settings page, shown on a made image as it will look", async () => {
    const { page, context, session: account } = await openSignedInPage(web, '/settings', { label: 'upload-brand', viewport: DESKTOP })
    const card = page.getByRole('form', { name: 'Brand' })
    await card.getByLabel('Colour', { exact: true }).fill('#0f766e')
    await card.getByTestId('upload-logo-input').setInputFiles(pngFile('logo.png', 300, 300, [225, 29, 72]))
    await card.getByRole('img', { name: 'Your logo' }).waitFor()
    const preview = card.getByTestId('mockup-made-image')
    expect(await preview.locator('img').count()).toBe(1)
    await card.getByRole('button', { name: 'Save Brand' }).click()
    await page.getByText('Brand saved').first().waitFor()
    const brand = (await web.http.get('/api/brand', { token: account.token })).body
    expect(brand.color).toBe('#0f766e')
    expect(brand.logo).toMatch(/\/api\/images\/[A-Za-z0-9_-]{27}\.png$/)
    await saveScreenshot(card, 'linkcard-brand-1440.png')
    await context.close()
  })
})
