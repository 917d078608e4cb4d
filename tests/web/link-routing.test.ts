// The link form's device and country targets: a fold with the iOS and Android URLs and rows of a
// country and its URL, saved, shown again on editing, with the server's errors on their field.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { DESKTOP, PHONE } from '../helpers/browser'
import { browserAroundTests, createAccount, openLinkList, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const openLinks = (session: Session, viewport = DESKTOP) => openLinkList(web, session, viewport)

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true })
const fold = (page: Page) => dialog(page).getByTestId('routing-fields')
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('device and country targets in the link form', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are filled, saved with the server's errors shown on their field, and shown again on editing, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `routing-${viewport.width}`)
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill('https://example.com/app')
      await field(page, 'Title').fill('Our app')
      await fold(page).getByText('Device and country targets').click()

      // A short link of this service is refused by the server, and said on the field.
      const loop = `${web.server.url}/Ab3dE5f`
      await field(page, 'iOS URL').fill(loop)
      // Added with the keyboard: the new row's country list takes the focus.
      await fold(page).getByRole('button', { name: 'Add a country' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Country 1')
      await field(page, 'Country 1').selectOption('FR')
      expect(await field(page, 'Country 1').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('France')
      await field(page, 'URL for country 1').fill('example.fr/app')
      await field(page, 'URL for country 1').blur()
      expect(await field(page, 'URL for country 1').inputValue()).toBe('https://example.fr/app')
      expect(await fitsWidth(page)).toBe(true)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await fold(page).getByText(LINK_MESSAGES.routeIsShortLink).waitFor()
      expect(await field(page, 'iOS URL').getAttribute('aria-invalid')).toBe('true')

      // A second row, then removed again.
      await fold(page).getByRole('button', { name: 'Add a country' }).click()
      await fold(page).getByTestId('country-row').nth(1).waitFor()
      await fold(page).getByRole('button', { name: 'Remove country 2' }).click()
      await fold(page).getByTestId('country-row').nth(1).waitFor({ state: 'detached' })
      expect(await fold(page).getByTestId('country-row').count()).toBe(1)

      await field(page, 'iOS URL').fill('https://apps.apple.com/app/id123456789')
      // Typing a new value takes the error away.
      await fold(page).getByText(LINK_MESSAGES.routeIsShortLink).waitFor({ state: 'detached' })
      expect(await field(page, 'iOS URL').getAttribute('aria-invalid')).toBeNull()
      await fold(page).getByText('2 set').waitFor()
      await fold(page).scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-routing-${viewport.width}.png`)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const created = page.getByRole('dialog', { name: 'Link created' })
      await created.getByRole('button', { name: 'Done' }).click()
      await created.waitFor({ state: 'detached' })

      const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(stored).toMatchObject({ iosUrl: 'https://apps.apple.com/app/id123456789', androidUrl: null, geoTargets: { FR: 'https://example.fr/app' } })

      // The list says the link routes; opened again, the fold shows the values kept.
      // A row of the table, or a card on a phone.
      const listed = page.getByTestId(viewport === PHONE ? 'link-card' : 'link-row').filter({ hasText: 'Our app' })
      await listed.getByTestId('link-routing').waitFor()
      await listed.getByRole('button', { name: 'Edit' }).click()
      await dialog(page).getByRole('heading', { name: 'Edit Share Link' }).waitFor()
      expect(await field(page, 'iOS URL').inputValue()).toBe('https://apps.apple.com/app/id123456789')
      expect(await field(page, 'Android URL').inputValue()).toBe('')
      expect(await field(page, 'Country 1').inputValue()).toBe('FR')
      expect(await field(page, 'URL for country 1').inputValue()).toBe('https://example.fr/app')
      expect(await fitsWidth(page)).toBe(true)

      // Removing the row and the iOS URL clears the rules.
      await fold(page).getByRole('button', { name: 'Remove country 1' }).click()
      await field(page, 'iOS URL').fill('')
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await waitForToast(page, 'Share link updated', 'Our app')
      const [cleared] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(cleared).toMatchObject({ iosUrl: null, androidUrl: null, geoTargets: null })
      await listed.getByTestId('link-routing').waitFor({ state: 'detached' })
      await context.close()
    })
  }
})
