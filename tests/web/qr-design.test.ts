// Styling a QR code in the QR dialog on a desktop and a phone: the preview follows the options, bad
// ones are named before any call, and the PNG and SVG downloads carry the design.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import type { Link } from '../../src/modules/links/schema'
import { DESKTOP, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { browserAroundTests, createAccount, openSignedInPage, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true })
const preview = (page: Page) => dialog(page).getByTestId('qr-preview')

/** Waits until the preview shows the code at an address with these options, fully loaded. */
async function previewShows(page: Page, options: Record<string, string>) {
  await page.waitForFunction(
    ({ wanted }) => {
      const image = document.querySelector('[data-testid="qr-preview"]') as HTMLImageElement | null
      if (!image?.complete || image.naturalWidth === 0) return false
      const query = new URL(image.src).searchParams
      return Object.entries(wanted).every(([name, value]) => query.get(name) === value)
    },
    { wanted: options },
  )
}

async function download(page: Page, button: string) {
  const started = page.waitForEvent('download')
  await dialog(page).getByRole('button', { name: button }).click()
  const file = await started
  return { name: file.suggestedFilename(), bytes: await Bun.file((await file.path())!).bytes() }
}

describe('the QR dialog', () => {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const)
    it(`styles a code with a live preview and downloads it as PNG and SVG on a ${device}`, async () => {
      const account = await createAccount(web.server, `qr-${device}`)
      const title = `Styled on a ${device}`
      const link = (await client(web.server.url).post<Link>('/api/shareLinks', { targetUrl: 'https://example.com/styled', title }, { token: account.token })).body
      const { page, context } = await openSignedInPage(web, '/share-links', { session: account, viewport: viewport })
      await page.getByTestId(device === 'phone' ? 'link-card' : 'link-row').filter({ hasText: title }).getByRole('button', { name: 'QR Code' }).click()
      await preview(page).waitFor()
      await page.waitForFunction(() => (document.querySelector('[data-testid="qr-preview"]') as HTMLImageElement | null)?.naturalWidth)
      expect(await preview(page).getAttribute('src')).toBe(link.qrCodeUrl)

      // Colours that do not contrast are named at once, and nothing can be downloaded.
      await field(page, 'Foreground').fill('#dddddd')
      await dialog(page).getByText('contrast too little to scan').waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Download PNG' }).isDisabled()).toBe(true)

      await field(page, 'Foreground').fill('#1e3a8a')
      await field(page, 'Margin (modules)').fill('4')
      await field(page, 'Size (pixels)').fill('300')
      // The list opens from the keyboard too.
      await field(page, 'Error correction').focus()
      await page.keyboard.press('Enter')
      await page.getByRole('option', { name: 'High (30%)' }).click()
      await previewShows(page, { foreground: '#1e3a8a', margin: '4', size: '300', errorCorrection: 'H' })
      await saveScreenshot(page, `qr-dialog-${device}.png`)

      const png = await download(page, 'Download PNG')
      expect(png.name).toBe(`linkcard-qr-${link.slug}.png`)
      const image = PNG.sync.read(Buffer.from(png.bytes))
      expect([image.width, image.height]).toEqual([300, 300])
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${link.url}?qr`)
      expect([...image.data.subarray(0, 4)]).toEqual([255, 255, 255, 255])

      await dialog(page).getByText('Transparent background').click()
      await previewShows(page, { background: 'transparent' })
      const svg = await download(page, 'Download SVG')
      expect(svg.name).toBe(`linkcard-qr-${link.slug}.svg`)
      const text = new TextDecoder().decode(svg.bytes)
      expect(text).toStartWith('<svg ')
      expect(text).toContain('fill="#1e3a8a"')
      expect(text).not.toContain('<rect')

      // A logo that is not https is refused in the form, in the server's words.
      await field(page, 'Logo URL').fill('http://example.com/logo.png')
      await dialog(page).getByText('logo must be an https:// address').waitFor()
      await saveScreenshot(page, `qr-dialog-${device}-logo.png`)
      await context.close()
    })
})
