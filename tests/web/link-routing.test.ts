// The link form's device and country targets: a fold with the iOS and Android URLs and rows of a
// country and its URL, saved, shown again on editing, with the server's errors on their field;
// beside them the switch that passes visitors' query strings on; and the split test's fold, whose
// results the link's analytics show, where the test ends keeping one target.
import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link } from '../../src/modules/links/schema'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { DESKTOP, PHONE } from '../helpers/browser'
import { BROWSER_UA } from '../helpers/user-agents'
import { browserAroundTests, createAccount, openLinkList, openSignedInPage, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

const openLinks = (session: Session, viewport = DESKTOP) => openLinkList(web, session, viewport)

const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true })
const fold = (page: Page) => dialog(page).getByTestId('routing-fields')
const forwarding = (page: Page) => dialog(page).getByRole('checkbox', { name: /^Pass the visitor's query string on/ })
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
      // Visitors' query strings go on unless switched off, under More options.
      expect(await forwarding(page).isVisible()).toBe(false)
      await dialog(page).getByTestId('more-options').locator('summary').click()
      expect(await forwarding(page).isChecked()).toBe(true)
      await forwarding(page).uncheck()
      await fold(page).scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-routing-${viewport.width}.png`)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const created = page.getByRole('dialog', { name: 'Link created' })
      await created.getByRole('button', { name: 'Done' }).click()
      await created.waitFor({ state: 'detached' })

      const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(stored).toMatchObject({ iosUrl: 'https://apps.apple.com/app/id123456789', androidUrl: null, geoTargets: { FR: 'https://example.fr/app' }, forwardQuery: false })

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
      expect(await forwarding(page).isChecked()).toBe(false)
      expect(await fitsWidth(page)).toBe(true)

      // Removing the row and the iOS URL clears the rules.
      await fold(page).getByRole('button', { name: 'Remove country 1' }).click()
      await field(page, 'iOS URL').fill('')
      await forwarding(page).check()
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await waitForToast(page, 'Share link updated', 'Our app')
      const [cleared] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(cleared).toMatchObject({ iosUrl: null, androidUrl: null, geoTargets: null, forwardQuery: true })
      await listed.getByTestId('link-routing').waitFor({ state: 'detached' })
      await context.close()
    })
  }
})

const split = (page: Page) => dialog(page).getByTestId('variant-fields')

describe('a split test and a card test', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are set up in the link form, their results shown on the analytics, and ended keeping one target and one card, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `variants-${viewport.width}`)
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill('https://example.com/landing')
      await field(page, 'Title').fill('Split')
      await split(page).getByText('Split test (A/B)').click()

      // Starting the test keeps the target as the first target; the focus goes to the second.
      await split(page).getByRole('button', { name: 'Start a split test' }).click()
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Target 2')
      expect(await field(page, 'Target 1').inputValue()).toBe('https://example.com/landing')
      await field(page, 'Target 2').fill('example.com/new')
      await field(page, 'Weight of target 1').fill('3')
      await field(page, 'Weight of target 2').fill('0')
      expect(await split(page).getByTestId('variant-share').allTextContents()).toEqual(['100%', '0%'])
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await split(page).getByText(LINK_MESSAGES.variantWeight).waitFor()
      expect(await field(page, 'Weight of target 2').getAttribute('aria-invalid')).toBe('true')
      await field(page, 'Weight of target 2').fill('1')
      await split(page).getByText(LINK_MESSAGES.variantWeight).waitFor({ state: 'detached' })
      expect(await split(page).getByTestId('variant-share').allTextContents()).toEqual(['75%', '25%'])
      await split(page).getByText('· 2 targets').waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await split(page).scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-variants-form-${viewport.width}.png`)

      // A card test beside it: its title is asked for once any of its fields is filled.
      const cardTest = dialog(page).getByTestId('card-test-fields')
      await cardTest.getByText('Card test (A/B)').click()
      await field(page, 'Second description').fill('Words of the second card')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await cardTest.getByText(LINK_MESSAGES.cardVariantTitle).waitFor()
      await field(page, 'Second title').fill('A bolder title')
      await cardTest.getByText(LINK_MESSAGES.cardVariantTitle).waitFor({ state: 'detached' })
      await cardTest.getByText('· on').waitFor()
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const created = page.getByRole('dialog', { name: 'Link created' })
      await created.getByRole('button', { name: 'Done' }).click()
      await created.waitFor({ state: 'detached' })
      const [stored] = (await web.http.get<Link[]>('/api/shareLinks', { token: account.token })).body
      expect(stored!.variants).toEqual([
        { targetUrl: 'https://example.com/landing', weight: 3 },
        { targetUrl: 'https://example.com/new', weight: 1 },
      ])
      expect(stored!.cardVariant).toEqual({ title: 'A bolder title', description: 'Words of the second card', ogImage: null })

      // Three clicks of one person, who keeps one target.
      const sentTo = new Set<string | null>()
      for (let i = 0; i < 3; i++) sentTo.add((await fetch(stored!.url, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA.chromeWindows } })).headers.get('location'))
      expect(sentTo.size).toBe(1)
      const [kept] = sentTo as Set<string>
      await context.close()

      const analytics = await openSignedInPage(web, `/share-links/${stored!.id}/analytics`, { session: account, viewport })
      const results = analytics.page.getByTestId('variant-results')
      const row = results.getByTestId('variant-result').filter({ hasText: kept })
      await row.getByText('Clicks 3').waitFor()
      expect(await results.getByTestId('variant-result').count()).toBe(2)
      expect(await fitsWidth(analytics.page)).toBe(true)
      await results.scrollIntoViewIfNeeded()
      await saveScreenshot(analytics.page, `linkcard-variants-results-${viewport.width}.png`)
      await row.getByRole('button', { name: `Keep ${kept}` }).click()
      await analytics.page.getByRole('alertdialog').getByRole('button', { name: 'Keep this target' }).click()
      await waitForToast(analytics.page, 'Split test ended', `Everyone now goes to ${kept}`)
      await results.waitFor({ state: 'detached' })
      const ended = (await web.http.get<Link>(`/api/shareLinks/${stored!.id}`, { token: account.token })).body
      expect(ended).toMatchObject({ targetUrl: kept, variants: null })

      // The card test's two versions, the second kept as the link's card.
      const cards = analytics.page.getByTestId('card-test-results')
      await cards.getByTestId('card-test-result').filter({ hasText: 'A bolder title' }).waitFor()
      expect(await cards.getByTestId('card-test-result').count()).toBe(2)
      await cards.scrollIntoViewIfNeeded()
      await saveScreenshot(analytics.page, `linkcard-card-test-results-${viewport.width}.png`)
      await cards.getByTestId('card-test-result').filter({ hasText: 'A bolder title' }).getByRole('button', { name: 'Keep this card' }).click()
      await analytics.page.getByRole('alertdialog').getByRole('button', { name: 'Keep this card' }).click()
      await waitForToast(analytics.page, 'Card test ended', 'The second card is now the link’s card.')
      await cards.waitFor({ state: 'detached' })
      await analytics.page.getByTestId('analytics-link-title').getByText('A bolder title').waitFor()
      const kept2 = (await web.http.get<Link>(`/api/shareLinks/${stored!.id}`, { token: account.token })).body
      expect(kept2).toMatchObject({ title: 'A bolder title', description: 'Words of the second card', cardVariant: null })
      await analytics.context.close()
    })
  }
})
