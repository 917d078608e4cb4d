// The link form's cards per platform: a fold with a button per platform and its title, description
// and image, which fall back to the link's; saved, refused with the error on its field and the
// platform shown, and shown again on editing.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { PLATFORM_CARD_MESSAGES } from '../../src/shared/platform-cards'
import { DESKTOP, PHONE } from '../helpers/browser'
import { browserAroundTests, createAccount, openLinkList, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const openLinks = (session: Session, viewport = DESKTOP) => openLinkList(web, session, viewport)

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true })
const fold = (page: Page) => dialog(page).getByTestId('platform-card-fields')
// A platform's button, marked "(tailored)" once it has a card of its own; not the upload beside its image.
const platformButton = (page: Page, name: string) => fold(page).getByRole('button', { name: new RegExp(`^${name}( \\(tailored\\))?$`) })
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('cards per platform in the link form', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are filled per platform, refused on their field, saved, and shown again on editing, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `platform-cards-${viewport.width}`)
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill('https://example.com/launch')
      await field(page, 'Title').fill('Our launch, with every detail of the day')
      await fold(page).getByText('Cards per platform').click()

      // X is shown first; its fields say what the link's own card holds.
      expect(await platformButton(page, 'X').getAttribute('aria-pressed')).toBe('true')
      expect(await field(page, 'X title').getAttribute('placeholder')).toBe("The link's: Our launch, with every detail of the day")
      await field(page, 'X title').fill('Launch day')

      // WhatsApp, chosen with the keyboard, gets an image the form refuses before sending.
      await platformButton(page, 'WhatsApp').focus()
      await page.keyboard.press('Enter')
      expect(await platformButton(page, 'WhatsApp').getAttribute('aria-pressed')).toBe('true')
      await field(page, 'WhatsApp image URL').fill('ftp://example.com/square.png')
      // Shown while another platform is chosen: the error brings its platform back.
      await platformButton(page, 'Slack').click()
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await fold(page).getByText(PLATFORM_CARD_MESSAGES.ogImage).waitFor()
      expect(await field(page, 'WhatsApp image URL').getAttribute('aria-invalid')).toBe('true')
      await field(page, 'WhatsApp image URL').fill('example.com/square.png')
      await field(page, 'WhatsApp image URL').blur()
      expect(await field(page, 'WhatsApp image URL').inputValue()).toBe('https://example.com/square.png')
      await fold(page).getByText(PLATFORM_CARD_MESSAGES.ogImage).waitFor({ state: 'detached' })
      await fold(page).getByText('· X, WhatsApp').waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await fold(page).scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-platform-cards-${viewport.width}.png`)

      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const created = page.getByRole('dialog', { name: 'Link created' })
      await created.getByRole('button', { name: 'Done' }).click()
      await created.waitFor({ state: 'detached' })
      const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(stored!.platformCards).toEqual({
        x: { title: 'Launch day', description: null, ogImage: null },
        whatsapp: { title: null, description: null, ogImage: 'https://example.com/square.png' },
      })

      // Opened again, the fold is open on the first platform with a card, and the rest kept.
      const listed = page.getByTestId(viewport === PHONE ? 'link-card' : 'link-row').filter({ hasText: 'Our launch' })
      await listed.getByRole('button', { name: 'Edit' }).click()
      await dialog(page).getByRole('heading', { name: 'Edit Share Link' }).waitFor()
      expect(await field(page, 'X title').inputValue()).toBe('Launch day')
      await platformButton(page, 'WhatsApp').click()
      expect(await field(page, 'WhatsApp image URL').inputValue()).toBe('https://example.com/square.png')

      // Emptied, the platform has the link's card again.
      await field(page, 'WhatsApp image URL').fill('')
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await waitForToast(page, 'Share link updated', 'Our launch')
      const [changed] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(changed!.platformCards).toEqual({ x: { title: 'Launch day', description: null, ogImage: null } })
      await context.close()
    })
  }
})
