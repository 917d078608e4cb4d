import { afterAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import { PNG as PNGImage } from 'pngjs'
import type { Locator, Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import type { Link, LinkWithCounts } from '../../src/modules/links/schema'
import { CARD_MESSAGES } from '../../src/shared/card-rules'
import { linkExportFileName } from '../../src/shared/link-list'
import { LINK_MESSAGES } from '../../src/shared/link-rules'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { visit } from '../helpers/http'
import { dbTime, sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { browserAroundTests, closeWithEscape, createAccount, openLinkList, openSignedIn, openSignedInPage, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

// A page on this machine for "Fetch metadata"; the server may fetch it through FETCH_ALLOWED_HOSTS.
const WIDE_PNG = new Uint8Array(PNGImage.sync.write(new PNGImage({ width: 1200, height: 630 })))
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const pages = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const { pathname } = new URL(request.url)
    if (pathname === '/article')
      return new Response(
        `<!doctype html><html><head><title>Plain title</title>
        <meta property="og:title" content="Fetched title">
        <meta property="og:description" content="Fetched description">
        <meta property="og:image" content="/card.png">
        <meta property="og:image:alt" content="Fetched alt text">
        </head><body>Article</body></html>`,
        { headers: { 'content-type': 'text/html; charset=utf-8' } },
      )
    if (pathname === '/card.png') return new Response(PNG, { headers: { 'content-type': 'image/png' } })
    if (pathname === '/wide.png') return new Response(WIDE_PNG, { headers: { 'content-type': 'image/png' } })
    return new Response('Not here', { status: 404, headers: { 'content-type': 'text/html' } })
  },
})
const localPage = (path: string) => `http://127.0.0.1:${pages.port}${path}`

const web = browserAroundTests(() => ({ FETCH_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` }))
afterAll(() => pages.stop(true))

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function createLinkApi(session: Session, body: Record<string, unknown>): Promise<Link> {
  const answer = await web.http.post<Link>('/api/shareLinks', { targetUrl: 'https://example.com/page', ...body }, { token: session.token })
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`)
  return answer.body
}

const listLinks = async (session: Session, period = 'all') =>
  (await web.http.get<LinkWithCounts[]>(`/api/shareLinks?period=${period}`, { token: session.token })).body

const openLinks = (session: Session, viewport = DESKTOP) => openLinkList(web, session, viewport)

const row = (page: Page, title: string) => page.getByTestId('link-row').filter({ hasText: title })
const dialog = (page: Page) => page.getByRole('dialog')
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true })

/** Chooses an action from a link's More menu. */
async function moreAction(page: Page, link: Locator, action: string) {
  await link.getByRole('button', { name: /^More actions for/ }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

/** Closes the "Link created" dialog shown for `title` with Done; answers the short URL it showed. */
async function closeCreated(page: Page, title: string) {
  const created = page.getByRole('dialog', { name: 'Link created' })
  await created.getByText(`“${title}” is ready to share.`).waitFor()
  const url = await created.getByTestId('created-url').textContent()
  await created.getByRole('button', { name: 'Done' }).click()
  await created.waitFor({ state: 'detached' })
  return url ?? ''
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('creating a link', () => {
  it('prefixes https:// on blur, explains a bad alias, previews the title, and lists the new link', async () => {
    const account = await createAccount(web.server, 'create')
    const { page, context } = await openLinks(account)
    await page.getByText('No share links yet').waitFor()
    let posts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/shareLinks')) posts++
    })

    await page.getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByRole('heading', { name: 'Create Share Link' }).waitFor()
    await field(page, 'Target URL').fill('example.com/spring')
    await field(page, 'Target URL').press('Tab')
    expect(await field(page, 'Target URL').inputValue()).toBe('https://example.com/spring')

    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByText(LINK_MESSAGES.requiredFields).waitFor()
    expect(await field(page, 'Title').getAttribute('aria-invalid')).toBe('true')

    await field(page, 'Title').fill('Spring Sale')
    await field(page, 'Description').fill('Everything half price')
    const preview = dialog(page).getByTestId('link-preview')
    await preview.getByText('Spring Sale').waitFor()
    expect(await preview.getByTestId('preview-domain').textContent()).toBe('example.com')
    expect(await preview.getByTestId('preview-description').textContent()).toBe('Everything half price')
    expect(await preview.getAttribute('data-layout')).toBe('large')
    await choose(page, 'Twitter card', 'Summary')
    expect(await preview.getAttribute('data-layout')).toBe('summary')

    const alias = field(page, 'Custom alias (optional)')
    for (const [value, message] of [
      ['ab', LINK_MESSAGES.aliasTooShort],
      ['-spring', LINK_MESSAGES.aliasCharacters],
      ['spring sale', LINK_MESSAGES.aliasCharacters],
      ['Dashboard', LINK_MESSAGES.aliasReserved],
      ['a'.repeat(51), LINK_MESSAGES.aliasTooLong],
    ]) {
      await alias.fill(value)
      await dialog(page).getByText(message, { exact: true }).waitFor()
    }
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByText(LINK_MESSAGES.aliasTooLong, { exact: true }).waitFor()
    expect(posts).toBe(0)

    const chosen = unique('spring')
    await alias.fill(chosen)
    expect(await dialog(page).getByText(LINK_MESSAGES.aliasTooLong).count()).toBe(0)
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    expect(await closeCreated(page, 'Spring Sale')).toEndWith(`/${chosen}`)
    expect(posts).toBe(1)
    // The keyboard goes back to the button the form was opened with (a moment after the dialog goes).
    await page.waitForFunction(() => document.activeElement?.textContent === 'Create Link', undefined, { timeout: 5000 })

    await row(page, 'Spring Sale').waitFor()
    expect(await row(page, 'Spring Sale').getByTestId('short-url').textContent()).toEndWith(`/${chosen}`)
    expect(await row(page, 'Spring Sale').getByTestId('link-status').textContent()).toBe('Active')
    expect(await page.getByTestId('results-summary').textContent()).toBe('Showing 1 to 1 of 1 results')
    const [stored] = await listLinks(account)
    expect(stored).toMatchObject({ title: 'Spring Sale', targetUrl: 'https://example.com/spring', alias: chosen, twitterCard: 'summary', description: 'Everything half price' })
    expect(stored.expiresAt).toBeNull()
    await context.close()
  })

  it("shows the server's refusal under the field it names", async () => {
    const account = await createAccount(web.server, 'taken')
    const taken = unique('taken')
    await createLinkApi(account, { title: 'First', alias: taken })
    const { page, context } = await openLinks(account)
    await row(page, 'First').waitFor()
    await page.getByRole('button', { name: 'Create Link' }).click()
    await field(page, 'Target URL').fill('https://example.com/second')
    await field(page, 'Title').fill('Second')
    await field(page, 'Custom alias (optional)').fill(taken.toUpperCase())
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await waitForToast(page, 'Failed to create share link', LINK_MESSAGES.aliasTaken)
    await dialog(page).getByText(LINK_MESSAGES.aliasTaken).first().waitFor()
    expect(await field(page, 'Custom alias (optional)').getAttribute('aria-invalid')).toBe('true')
    expect((await listLinks(account)).map((l) => l.title)).toEqual(['First'])
    await context.close()
  })

  it("asks a player or app card for what X needs, and keeps it with the accent colour through an edit", async () => {
    const account = await createAccount(web.server, 'card-fields')
    const { page, context } = await openLinks(account)
    await page.getByRole('button', { name: 'Create Link' }).click()
    await field(page, 'Target URL').fill('https://example.com/video')
    await field(page, 'Title').fill('Launch video')
    await choose(page, 'Twitter card', 'Player')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByText(CARD_MESSAGES.playerNeeded).waitFor()
    expect(await field(page, 'Player URL').getAttribute('aria-invalid')).toBe('true')
    await field(page, 'Player URL').fill('https://player.example/embed/7')
    await field(page, 'Width').fill('1280')
    await field(page, 'Height').fill('720')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    // The image is what X shows until the player starts.
    await dialog(page).getByText(CARD_MESSAGES.playerImage).waitFor()
    await field(page, 'Preview image URL').fill('https://example.com/poster.png')
    await dialog(page).getByTestId('more-options').locator('summary').click()
    await field(page, 'Accent colour (optional)').fill('#12AB9F')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await closeCreated(page, 'Launch video')
    const [made] = await listLinks(account)
    expect(made).toMatchObject({ twitterCard: 'player', twitterPlayer: { url: 'https://player.example/embed/7', width: 1280, height: 720 }, themeColor: '#12ab9f' })

    // Editing shows what was saved; another card type drops the player.
    await row(page, 'Launch video').getByRole('button', { name: 'Edit' }).click()
    expect(await field(page, 'Player URL').inputValue()).toBe('https://player.example/embed/7')
    expect(await field(page, 'Accent colour (optional)').inputValue()).toBe('#12ab9f')
    await choose(page, 'Twitter card', 'App')
    expect(await dialog(page).getByTestId('player-fields').count()).toBe(0)
    await field(page, 'App Store id (iPhone)').fill('id284882215')
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
    await dialog(page).getByText(CARD_MESSAGES.appStoreId).waitFor()
    await field(page, 'App Store id (iPhone)').fill('284882215')
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
    await waitForToast(page, 'Share link updated')
    const [changed] = await listLinks(account)
    expect(changed).toMatchObject({ twitterCard: 'app', twitterPlayer: null, twitterApp: { iphone: '284882215', ipad: null, googleplay: null } })
    await context.close()
  })

  it('checks the expiry before sending and sends a valid instant', async () => {
    const account = await createAccount(web.server, 'expiry')
    const { page, context } = await openLinks(account)
    let posts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/shareLinks')) posts++
    })
    await page.getByRole('button', { name: 'Create Link' }).click()
    await field(page, 'Target URL').fill('https://例え.jp/パス')
    await field(page, 'Title').fill('Expiring')
    await field(page, 'Expires at (optional)').fill('2020-01-01T10:00')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByText(LINK_MESSAGES.pastExpiry).waitFor()
    expect(posts).toBe(0)

    await field(page, 'Expires at (optional)').fill('2099-03-04T05:06')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await closeCreated(page, 'Expiring')
    const [stored] = await listLinks(account)
    expect(stored.targetUrl).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9')
    expect(stored.expiresAt).toMatch(/^2099-03-0[345]T\d\d:\d\d:00\.000Z$/)
    await context.close()
  })

  it('fetches metadata from the target page into the empty fields only', async () => {
    const account = await createAccount(web.server, 'metadata')
    const { page, context } = await openLinks(account)
    await page.getByRole('button', { name: 'Create Link' }).click()
    const fetchButton = dialog(page).getByRole('button', { name: 'Fetch metadata' })

    await fetchButton.click()
    await dialog(page).getByText(LINK_MESSAGES.metadataUrlMissing).waitFor()

    await field(page, 'Target URL').fill(localPage('/article'))
    await field(page, 'Title').fill('My own title')
    await fetchButton.click()
    await waitForToast(page, 'Metadata fetched')
    expect(await field(page, 'Title').inputValue()).toBe('My own title')
    expect(await field(page, 'Description').inputValue()).toBe('Fetched description')
    expect(await field(page, 'Preview image URL').inputValue()).toBe(localPage('/card.png'))
    expect(await field(page, 'Image description').inputValue()).toBe('Fetched alt text')
    const image = dialog(page).getByTestId('preview-image')
    await image.waitFor()
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle())
    expect(await image.getAttribute('alt')).toBe('Fetched alt text')

    await fetchButton.click()
    await waitForToast(page, 'No new metadata')
    expect(await field(page, 'Title').inputValue()).toBe('My own title')

    await field(page, 'Target URL').fill(localPage('/missing'))
    await fetchButton.click()
    const failed = await waitForToast(page, 'Failed to fetch metadata', 'The page could not be loaded (HTTP 404).')
    expect(await failed.getAttribute('data-variant')).toBe('destructive')
    await context.close()
  })

  it('fills the card as soon as a URL is pasted, and keeps Create Link and the preview in reach on a phone', async () => {
    const account = await createAccount(web.server, 'paste')
    const { page, context } = await openLinks(account, PHONE)
    await page.getByRole('button', { name: 'Create Link' }).click()
    const target = field(page, 'Target URL')
    await target.waitFor()
    await page.evaluate((url) => navigator.clipboard.writeText(url), localPage('/article').replace(/^http:\/\//, 'http://'))
    await target.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await until(() => field(page, 'Description').inputValue(), { what: 'the pasted page to fill the description', done: (text) => text === 'Fetched description' })
    expect(await field(page, 'Title').inputValue()).not.toBe('')
    expect(await target.inputValue()).toBe(localPage('/article'))

    // The button stays at the bottom of the screen while the form scrolls.
    const create = dialog(page).getByRole('button', { name: 'Create Link' })
    const inView = async (locator: Locator) => {
      const box = await locator.boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height
    }
    expect(await inView(create)).toBe(true)
    await field(page, 'Title').scrollIntoViewIfNeeded()
    expect(await inView(create)).toBe(true)
    // Preview takes the reader to the previews below the fields.
    await dialog(page).getByRole('button', { name: 'Preview', exact: true }).click()
    await until(() => inView(dialog(page).getByTestId('preview-image')), { what: 'the preview to scroll into view', done: Boolean })
    await saveScreenshot(page, 'linkcard-create-phone-preview.png')
    await context.close()
  })
})

describe("the image's warnings", () => {
  it('says what platforms will do with an image once the server has read it, and nothing for a good one', async () => {
    const account = await createAccount(web.server, 'image-warnings')
    const { page, context } = await openLinks(account)
    await page.getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByRole('heading', { name: 'Create Share Link' }).waitFor()
    // The local page's card.png is 1 pixel square.
    await field(page, 'Preview image URL').fill(localPage('/card.png'))
    await field(page, 'Preview image URL').press('Tab')
    const warnings = dialog(page).getByTestId('image-warnings')
    await warnings.getByText('Facebook shows no image smaller than 200×200 pixels.').waitFor()
    expect(await field(page, 'Preview image URL').getAttribute('aria-describedby')).toBeTruthy()

    await field(page, 'Preview image URL').fill(localPage('/wide.png'))
    await field(page, 'Preview image URL').press('Tab')
    await dialog(page).getByText('Recommended size: 1200x630').waitFor()
    expect(await warnings.count()).toBe(0)
    await context.close()
  })
})

describe('the list', () => {
  it('shows each link as a card on a phone, with every action reachable and nothing wider than the screen', async () => {
    const account = await createAccount(web.server, 'phone')
    await createLinkApi(account, { title: 'On the go', alias: unique('go') })
    const { page, context } = await openLinks(account, PHONE)
    const card = page.getByTestId('link-card').filter({ hasText: 'On the go' })
    await card.waitFor()
    expect(await page.getByTestId('link-table').count()).toBe(0)
    for (const name of ['Analytics', 'QR Code', 'Edit']) expect(await card.getByRole(name === 'Analytics' ? 'link' : 'button', { name }).isVisible()).toBe(true)
    // Delete is in the row's menu, not a full-size button beside the others.
    expect(await card.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await card.getByRole('button', { name: 'More actions for On the go' }).click()
    expect(await page.getByRole('menuitem', { name: 'Delete' }).isVisible()).toBe(true)
    await closeWithEscape(page, page.getByRole('menu'))
    expect(await card.getByText('(30 days)').isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    await card.getByRole('button', { name: 'Edit' }).click()
    await field(page, 'Title').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    const save = dialog(page).getByRole('button', { name: 'Save Changes' })
    await save.scrollIntoViewIfNeeded()
    expect(await save.isVisible()).toBe(true)
    await closeWithEscape(page, dialog(page))
    await context.close()
  })

  it('shows what each link asks and how it is doing: password, click limit, expiry, the whole short URL, a picture and a trend, at both sizes', async () => {
    const account = await createAccount(web.server, 'facts')
    const alias = unique('long-alias-people-copy-whole')
    const limited = await createLinkApi(account, { title: 'Guarded', alias, password: 'open sesame', clickLimit: 500, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() })
    await createLinkApi(account, { title: 'Plain' })
    // Two clicks towards the limit, today (the trend's last day).
    await sql(web.server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, 2, 0, 0, 0)', [
      limited.id,
      account.user.accountId,
      new Date().toISOString().slice(0, 10),
    ])
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await openLinks(account, viewport)
      const guarded = (viewport === DESKTOP ? page.getByTestId('link-row') : page.getByTestId('link-card')).filter({ hasText: 'Guarded' })
      await guarded.getByTestId('link-click-limit').waitFor()
      expect(await guarded.getByTestId('link-click-limit').textContent()).toBe('2 / 500 clicks')
      expect(await guarded.getByTestId('link-password').isVisible()).toBe(true)
      expect(await guarded.getByTestId('link-expiry').textContent()).toStartWith('Expires ')
      expect(await guarded.getByTestId('link-trend').getAttribute('data-total')).toBe('2')
      // The short URL is shown whole, wrapped where it must be, never cut.
      const shortUrl = guarded.getByTestId('short-url')
      expect(await shortUrl.textContent()).toEndWith(`/${alias}`)
      expect(await shortUrl.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
      // A link without those settings shows none of them.
      const plain = (viewport === DESKTOP ? page.getByTestId('link-row') : page.getByTestId('link-card')).filter({ hasText: 'Plain' })
      expect(await plain.getByTestId('link-click-limit').count()).toBe(0)
      expect(await plain.getByTestId('link-password').count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await saveScreenshot(page, `linkcard-list-facts-${viewport.width}.png`)
      await context.close()
    }
  })

  it('filters by search and status, and says when nothing matches', async () => {
    const account = await createAccount(web.server, 'filters')
    await createLinkApi(account, { title: 'Product launch', targetUrl: 'https://shop.example.com/launch' })
    const docs = await createLinkApi(account, { title: 'Read the guide', targetUrl: 'https://docs.example.com/start', alias: unique('guide') })
    const old = await createLinkApi(account, { title: 'Winter promo', targetUrl: 'https://example.com/winter' })
    await web.http.patch(`/api/shareLinks/${old.id}`, { isActive: false }, { token: account.token })
    const { page, context } = await openLinks(account)
    await row(page, 'Winter promo').waitFor()
    expect(await page.getByTestId('link-row').count()).toBe(3)
    expect(await row(page, 'Winter promo').getByTestId('link-status').textContent()).toBe('Inactive')

    const search = page.getByRole('searchbox', { name: 'Search links' })
    await search.fill('DOCS.example')
    await page.getByText('Showing 1 to 1 of 1 results').waitFor()
    expect(await page.getByTestId('link-row').allTextContents()).toEqual([expect.stringContaining('Read the guide')])
    await search.fill(docs.alias!)
    await page.getByText('Showing 1 to 1 of 1 results').waitFor()
    await search.fill('')
    // The whole list again before the status filter, so its count below is the filter's, not the search's.
    await page.getByText('Showing 1 to 3 of 3 results').waitFor()

    await choose(page, 'Status', 'Inactive')
    await page.getByText('Showing 1 to 1 of 1 results').waitFor()
    expect(await page.getByTestId('link-row').allTextContents()).toEqual([expect.stringContaining('Winter promo')])
    await choose(page, 'Status', 'Active')
    await page.getByText('Showing 1 to 2 of 2 results').waitFor()
    expect(await row(page, 'Winter promo').count()).toBe(0)

    await search.fill('winter')
    await page.getByText('No links match your filters').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByText('Showing 1 to 3 of 3 results').waitFor()
    expect(await search.inputValue()).toBe('')
    await context.close()
  })

  it('counts clicks and previews for the chosen period', async () => {
    const account = await createAccount(web.server, 'period')
    const link = await createLinkApi(account, { title: 'Counted' })
    for (let i = 0; i < 3; i++) await visit(link.url)
    // Five clicks forty days ago: inside 90 days, outside 30.
    const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10)
    await sql(web.server, 'insert into link_daily_stats (link_id, account_id, day, clicks, previews, social_clicks, unique_visitors) values ($1, $2, $3, 5, 0, 0, 0)', [
      link.id,
      account.user.accountId,
      day,
    ])
    await until(async () => (await listLinks(account, '30days'))[0].clicks, { what: 'the 3 clicks to be counted', done: (clicks) => clicks >= 3 })

    const { page, context } = await openLinks(account)
    const clicks = row(page, 'Counted').getByTestId('link-clicks')
    await row(page, 'Counted').waitFor()
    expect(await clicks.textContent()).toBe('3')
    await page.getByRole('columnheader', { name: 'Clicks (30 days)' }).waitFor()

    const refetch = page.waitForRequest((request) => request.url().includes('/api/shareLinks?period=90days'))
    await choose(page, 'Time period', 'Last 90 days')
    await refetch
    await page.getByRole('columnheader', { name: 'Clicks (90 days)' }).waitFor()
    await page.waitForFunction(() => document.querySelector('[data-testid="link-clicks"]')?.textContent === '8')
    await page.getByRole('columnheader', { name: 'Previews (90 days)' }).waitFor()

    await choose(page, 'Time period', 'Last 7 days')
    await page.waitForFunction(() => document.querySelector('[data-testid="link-clicks"]')?.textContent === '3')
    await context.close()
  })

  // The domains inserted here were checked just now: a due DNS check would look the made-up names up.
  it('shows the custom-domain address beside the short link once the domain is live', async () => {
    const account = await createAccount(web.server, 'domain')
    const link = await createLinkApi(account, { title: 'Branded', alias: unique('brand') })
    const hostname = `${unique('go')}.example.org`
    await sql(
      web.server,
      "insert into custom_domains (id, account_id, hostname, verification_token, status, ssl_status, last_checked_at, dns_checked_at, verified_at, created_at) values ($1, $2, $3, 'token', 'active', 'active', $4, $4, $4, $4)",
      [crypto.randomUUID(), account.user.accountId, hostname, dbTime(web.server, new Date())],
    )
    const { page, context } = await openLinks(account)
    const custom = row(page, 'Branded').getByTestId('custom-domain-url')
    await custom.waitFor()
    expect(await custom.getAttribute('href')).toBe(`https://${hostname}/${link.alias}`)
    await context.close()
  })

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`puts a new link on the default domain, picks another or the service's own, and makes an app card's link open the app, at ${size} px`, async () => {
      const account = await createAccount(web.server, 'picker')
      await sql(web.server, "update accounts set plan = 'pro' where id = $1", [account.user.accountId])
      const [main, other] = [`${unique('main')}.example.org`, `${unique('other')}.example.org`]
      for (const [hostname, isDefault] of [
        [main, true],
        [other, false],
      ] as const)
        await sql(
          web.server,
          "insert into custom_domains (id, account_id, hostname, verification_token, status, ssl_status, is_default, last_checked_at, dns_checked_at, verified_at, created_at) values ($1, $2, $3, 'token', 'active', 'active', $4, $5, $5, $5, $5)",
          [crypto.randomUUID(), account.user.accountId, hostname, isDefault, dbTime(web.server, new Date())],
        )
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link' }).click()
      const picker = dialog(page).getByRole('combobox', { name: 'Domain' })
      await picker.getByText(main).waitFor()
      await field(page, 'Target URL').fill('https://example.com/app')
      await field(page, 'Title').fill('In the app')
      const alias = unique('open')
      await field(page, 'Custom alias (optional)').fill(alias)
      await choose(page, 'Twitter card', 'App')
      await field(page, 'App Store id (iPhone)').fill('284882215')
      await dialog(page).getByText('Open in the app').click()
      await choose(page, 'Domain', other)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      expect(await closeCreated(page, 'In the app')).toBe(`https://${other}/${alias}`)
      const [stored] = await listLinks(account)
      expect(stored).toMatchObject({ domain: other, alias, appLink: true, twitterApp: { iphone: '284882215' } })

      // Moved to the service's own address, keeping the old one leading here.
      // A row on a desktop, a card on a phone.
      await page.getByTestId(viewport === PHONE ? 'link-card' : 'link-row').filter({ hasText: 'In the app' }).getByRole('button', { name: 'Edit' }).click()
      await choose(page, 'Domain', 'Linkcard’s own address')
      await dialog(page).getByText(`Keep “${other}/${alias}” as a redirect to this link`).waitFor()
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await waitForToast(page, 'Share link updated')
      const [moved] = await listLinks(account)
      expect(moved).toMatchObject({ domain: null, formerAliases: [`${other}/${alias}`] })
      await saveScreenshot(page, `link-domain-${size}.png`)
      await context.close()
    })
  }

  it('says when the links cannot be loaded', async () => {
    const account = await createAccount(web.server, 'offline')
    const { page, context } = await openPage(web.browser, web.server.url)
    // The network fails for the list only; the rest of the app answers normally.
    const isList = (url: URL) => url.pathname === '/api/shareLinks'
    await page.route(isList, (route) => route.abort('failed'))
    await openSignedIn(page, account, '/share-links')
    await page.getByText('Failed to fetch share links').waitFor()
    await page.unroute(isList)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('No share links yet').waitFor()
    await context.close()
  })
})

describe('actions on a link', () => {
  it('edits a link whose expiry has passed without touching the expiry', async () => {
    const account = await createAccount(web.server, 'expired')
    const link = await createLinkApi(account, { title: 'Expired', expiresAt: '2099-01-01T12:00:30.000Z', twitterCard: 'summary' })
    const past = new Date(Date.now() - 86_400_000)
    await sql(web.server, 'update share_links set expires_at = $1 where id = $2', [dbTime(web.server, past), link.id])
    const { page, context } = await openLinks(account)
    await row(page, 'Expired').getByRole('button', { name: 'Edit' }).click()
    await field(page, 'Title').fill('Renamed')
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
    await waitForToast(page, 'Share link updated', 'Renamed')
    const [stored] = await listLinks(account)
    expect(stored).toMatchObject({ title: 'Renamed', expiresAt: past.toISOString(), twitterCard: 'summary' })
    await context.close()
  })

  it('edits a link, removing its alias and changing its title', async () => {
    const account = await createAccount(web.server, 'edit')
    const link = await createLinkApi(account, { title: 'Before', alias: unique('before'), description: 'Kept description', expiresAt: '2099-01-01T12:00:00.000Z' })
    const { page, context } = await openLinks(account)
    await row(page, 'Before').getByRole('button', { name: 'Edit' }).click()
    await dialog(page).getByRole('heading', { name: 'Edit Share Link' }).waitFor()
    expect(await field(page, 'Title').inputValue()).toBe('Before')
    expect(await field(page, 'Custom alias (optional)').inputValue()).toBe(link.alias!)
    expect(await field(page, 'Description').inputValue()).toBe('Kept description')
    expect(await field(page, 'Expires at (optional)').inputValue()).toMatch(/^2099-01-0[12]T\d\d:\d\d$/)

    await field(page, 'Title').fill('After')
    await dialog(page).getByTestId('preview-title').getByText('After').waitFor()
    await field(page, 'Custom alias (optional)').fill('')
    await field(page, 'Expires at (optional)').fill('')
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
    await waitForToast(page, 'Share link updated', 'After')
    await row(page, 'After').waitFor()
    expect(await row(page, 'Before').count()).toBe(0)
    expect(await row(page, 'After').getByTestId('short-url').textContent()).toEndWith(`/${link.slug}`)
    const [stored] = await listLinks(account)
    expect(stored).toMatchObject({ id: link.id, title: 'After', alias: null, description: 'Kept description', expiresAt: null })
    await context.close()
  })

  it('shows the QR code, downloads it and copies its URL', async () => {
    const account = await createAccount(web.server, 'qr')
    const link = await createLinkApi(account, { title: 'Scan me' })
    const { page, context } = await openLinks(account)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.server.url })
    await row(page, 'Scan me').getByRole('button', { name: 'QR Code' }).click()
    const image = dialog(page).getByRole('img', { name: `QR code for ${link.url}` })
    await image.waitFor()
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle())
    expect(await image.getAttribute('src')).toBe(link.qrCodeUrl)

    const download = page.waitForEvent('download')
    await dialog(page).getByRole('button', { name: 'Download PNG' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`linkcard-qr-${link.slug}.png`)
    const bytes = await Bun.file((await file.path())!).bytes()
    expect(Buffer.from(bytes.subarray(1, 4)).toString()).toBe('PNG')

    await dialog(page).getByRole('button', { name: 'Copy QR URL' }).click()
    await waitForToast(page, 'QR URL copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.qrCodeUrl)
    // Closed, the keyboard is back on the row's QR Code button.
    await closeWithEscape(page, dialog(page))
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'QR Code', undefined, { timeout: 5000 })
    await context.close()
  })

  it('asks before deleting, keeps the link on Cancel and deletes it on Delete', async () => {
    const account = await createAccount(web.server, 'delete')
    const link = await createLinkApi(account, { title: 'Doomed' })
    const { page, context } = await openLinks(account)
    await row(page, 'Doomed').getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Delete this share link?').waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect((await listLinks(account)).length).toBe(1)

    await row(page, 'Doomed').getByRole('button', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await waitForToast(page, 'Share link deleted', 'Doomed')
    await page.getByText('No share links yet').waitFor()
    expect(await listLinks(account)).toEqual([])
    expect((await visit(link.url)).status).toBe(404)
    await context.close()
  })

  it('opens the analytics screen of a link, also when loaded directly', async () => {
    const account = await createAccount(web.server, 'analytics')
    const link = await createLinkApi(account, { title: 'Measured' })
    const { page, context } = await openLinks(account)
    await row(page, 'Measured').getByRole('link', { name: 'Analytics' }).click()
    await page.waitForURL(`**/share-links/${link.id}/analytics`)
    await page.getByText('No clicks or previews yet').waitFor()
    const direct = await page.goto(`/share-links/${link.id}/analytics`)
    expect(direct?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Link Analytics' }).waitFor()
    await page.getByTestId('analytics-link-title').getByText('Measured').waitFor()
    await context.close()
  })
})

describe('paging', () => {
  const LAPTOP = { width: 1366, height: 900 }

  /** Links "Paged link 1" (oldest) to "Paged link N" (newest), straight into the table. */
  async function seed(session: Session, count: number) {
    const base = Date.now() - count * 60_000
    for (let i = 1; i <= count; i++) {
      const at = dbTime(web.server, new Date(base + i * 60_000))
      const slug = `pg${Math.random().toString(36).slice(2, 7)}`
      await sql(
        web.server,
        'insert into share_links (id, account_id, slug, target_url, target_key, title, twitter_card, is_active, created_at, updated_at) values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $8)',
        [crypto.randomUUID(), session.user.accountId, slug, `https://example.com/paged/${i}`, `Paged link ${i}`, 'summary', web.server.databaseUrl ? true : 1, at],
      )
    }
  }

  const pager = (page: Page) => page.getByRole('navigation', { name: 'Share link pages' })

  /** Whether two boxes on the screen share any pixel. */
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  for (const viewport of [PHONE, LAPTOP]) {
    it(`keeps toasts off a dialog's buttons and off the pager at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'toast-place')
      await seed(account, 20)
      const taken = unique('taken')
      await createLinkApi(account, { title: 'Has the alias', alias: taken })
      const { page, context } = await openSignedInPage(web, '/share-links', { session: account, viewport: viewport })
      await page.getByText('Showing 1 to 20 of 21 results').waitFor()

      await page.getByRole('button', { name: 'Create Link' }).click()
      await field(page, 'Target URL').fill('https://example.com/again')
      await field(page, 'Title').fill('Again')
      await field(page, 'Custom alias (optional)').fill(taken)
      const refused = waitForToast(page, 'Failed to create share link')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const toast = await refused
      for (const name of ['Create Link', 'Cancel']) {
        const button = dialog(page).getByRole('button', { name, exact: true })
        await button.scrollIntoViewIfNeeded()
        expect(overlap((await toast.boundingBox())!, (await button.boundingBox())!)).toBe(false)
      }
      // Escape belongs to the dialog, though the toast came after it.
      await closeWithEscape(page, dialog(page))
      expect(await toast.isVisible()).toBe(true)

      const pagerBox = pager(page)
      await pagerBox.scrollIntoViewIfNeeded()
      const switchedOff = waitForToast(page, 'Share link switched off')
      await page.getByRole('button', { name: /^More actions for/ }).last().click()
      await page.getByRole('menuitem', { name: 'Deactivate', exact: true }).click()
      const second = await switchedOff
      expect(overlap((await second.boundingBox())!, (await pagerBox.boundingBox())!)).toBe(false)
      // Nor over the page's own buttons, at the top.
      await page.evaluate(() => window.scrollTo(0, 0))
      for (const name of ['Create Link', 'Export']) {
        const button = page.getByRole('main').getByRole('button', { name, exact: true })
        expect(overlap((await second.boundingBox())!, (await button.boundingBox())!)).toBe(false)
      }
      await context.close()
    }, 60_000)
  }

  for (const [name, viewport, item] of [
    ['a laptop', LAPTOP, 'link-row'],
    ['a phone', PHONE, 'link-card'],
  ] as const) {
    it(`pages through the server's list on ${name}, 20 at a time`, async () => {
      const account = await createAccount(web.server, 'pages')
      await seed(account, 45)
      const asked: string[] = []
      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      page.on('request', (request) => {
        if (request.url().includes('/api/shareLinks')) asked.push(new URL(request.url()).search)
      })
      await openSignedIn(page, account, '/share-links')
      await page.getByText('Showing 1 to 20 of 45 results').waitFor()
      expect(await pager(page).getByTestId('page-status').textContent()).toBe('Page 1 of 3')
      expect(await page.getByTestId(item).count()).toBe(20)
      expect(await page.getByTestId(item).first().textContent()).toContain('Paged link 45')
      expect(await pager(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
      expect(asked.every((search) => search.includes('limit=20'))).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await saveScreenshot(page, `linkcard-paging-${viewport.width}-page1.png`, { fullPage: true })

      await pager(page).getByRole('button', { name: 'Next' }).click()
      await page.getByText('Showing 21 to 40 of 45 results').waitFor()
      expect(await page.getByTestId(item).first().textContent()).toContain('Paged link 25')
      await pager(page).getByRole('button', { name: 'Next' }).click()
      await page.getByText('Showing 41 to 45 of 45 results').waitFor()
      expect(await pager(page).getByTestId('page-status').textContent()).toBe('Page 3 of 3')
      expect(await page.getByTestId(item).count()).toBe(5)
      expect(await pager(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
      await saveScreenshot(page, `linkcard-paging-${viewport.width}-page3.png`, { fullPage: true })
      await pager(page).getByRole('button', { name: 'Previous' }).click()
      await page.getByText('Showing 21 to 40 of 45 results').waitFor()

      // A search is the server's: it finds links on pages never loaded, and starts again at page 1.
      await page.getByRole('searchbox', { name: 'Search links' }).fill('paged/7')
      await page.getByText('Showing 1 to 1 of 1 results').waitFor()
      expect(await page.getByTestId(item).first().textContent()).toContain('Paged link 7')
      expect(await pager(page).count()).toBe(0)
      await context.close()
    })
  }

  it('shows the loading state until the first page arrives, then an empty list says so', async () => {
    const account = await createAccount(web.server, 'empty')
    const { page, context } = await openPage(web.browser, web.server.url, LAPTOP)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/shareLinks?*', async (route) => {
      await held
      await route.continue()
    })
    await openSignedIn(page, account, '/share-links')
    await page.getByTestId('links-loading').waitFor()
    release()
    await page.getByText('No share links yet').waitFor()
    expect(await page.getByTestId('links-loading').count()).toBe(0)
    expect(await pager(page).count()).toBe(0)
    await context.close()
  })

  it('goes back a page when the only link of the last page is deleted', async () => {
    const account = await createAccount(web.server, 'shrink')
    await seed(account, 21)
    const { page, context } = await openLinks(account, LAPTOP)
    await page.getByText('Showing 1 to 20 of 21 results').waitFor()
    await pager(page).getByRole('button', { name: 'Next' }).click()
    await page.getByText('Showing 21 to 21 of 21 results').waitFor()
    await row(page, 'Paged link 1').getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Showing 1 to 20 of 20 results').waitFor()
    expect(await pager(page).count()).toBe(0)
    await context.close()
  })
})

describe('links at volume', () => {
  const statusOf = async (page: Page, title: string) => row(page, title).getByTestId('link-status').textContent()

  it('picks links on the page and switches them off, on, and deletes them', async () => {
    const account = await createAccount(web.server, 'bulk')
    for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) await createLinkApi(account, { title })
    const { page, context } = await openLinks(account)
    await row(page, 'Bulk three').waitFor()
    expect(await page.getByRole('region', { name: 'Actions on the selected links' }).count()).toBe(0)

    await page.getByRole('checkbox', { name: 'Select Bulk one' }).check()
    await page.getByRole('checkbox', { name: 'Select Bulk two' }).check()
    const bar = page.getByRole('region', { name: 'Actions on the selected links' })
    expect(await bar.getByTestId('selected-count').textContent()).toBe('2 selected')
    expect(await page.getByRole('checkbox', { name: 'Select all links on this page' }).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true)
    const switchedOff = waitForToast(page, '2 links switched off')
    await bar.getByRole('button', { name: 'Deactivate', exact: true }).click()
    await switchedOff
    await until(() => statusOf(page, 'Bulk one'), { what: 'Bulk one to list as inactive', done: (status) => status === 'Inactive' })
    expect(await statusOf(page, 'Bulk two')).toBe('Inactive')
    expect(await statusOf(page, 'Bulk three')).toBe('Active')
    // Done, the selection is cleared.
    expect(await bar.count()).toBe(0)

    await page.getByRole('checkbox', { name: 'Select all links on this page' }).check()
    expect(await bar.getByTestId('selected-count').textContent()).toBe('3 selected')
    const switchedOn = waitForToast(page, '2 links switched on')
    await bar.getByRole('button', { name: 'Activate', exact: true }).click()
    await switchedOn
    await until(() => statusOf(page, 'Bulk one'), { what: 'Bulk one to list as active', done: (status) => status === 'Active' })

    await page.getByRole('checkbox', { name: 'Select Bulk two' }).check()
    await bar.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Delete 1 share link?').waitFor()
    const deleted = waitForToast(page, '1 link deleted')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await deleted
    await row(page, 'Bulk two').waitFor({ state: 'detached' })
    expect((await listLinks(account)).map((link) => [link.title, link.isActive])).toEqual([
      ['Bulk three', true],
      ['Bulk one', true],
    ])
    await context.close()
  })

  it('switches one link off and on from its row and from the edit form', async () => {
    const account = await createAccount(web.server, 'toggle')
    const link = await createLinkApi(account, { title: 'Toggled' })
    const { page, context } = await openLinks(account)
    const switchedOff = waitForToast(page, 'Share link switched off', 'Toggled')
    await moreAction(page, row(page, 'Toggled'), 'Deactivate')
    await switchedOff
    await until(() => statusOf(page, 'Toggled'), { what: 'the link to list as inactive', done: (status) => status === 'Inactive' })
    expect((await visit(link.url)).status).toBe(404)

    await row(page, 'Toggled').getByRole('button', { name: 'Edit' }).click()
    const active = dialog(page).getByRole('checkbox', { name: /Active/ })
    expect(await active.isChecked()).toBe(false)
    await active.check()
    const updated = waitForToast(page, 'Share link updated')
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
    await updated
    expect((await visit(link.url)).status).toBe(302)
    await context.close()
  })

  it('duplicates a link into a pre-filled form, and shows the new link ready to share', async () => {
    const account = await createAccount(web.server, 'duplicate')
    await createLinkApi(account, { title: 'Original', description: 'Kept along', alias: unique('orig'), ogImage: 'https://example.com/card.png' })
    const { page, context } = await openLinks(account)
    await moreAction(page, row(page, 'Original'), 'Duplicate')
    await dialog(page).getByRole('heading', { name: 'Duplicate Share Link' }).waitFor()
    expect(await field(page, 'Title').inputValue()).toBe('Original')
    expect(await field(page, 'Description').inputValue()).toBe('Kept along')
    // An alias belongs to one link.
    expect(await field(page, 'Custom alias (optional)').inputValue()).toBe('')
    await field(page, 'Title').fill('Original, for the newsletter')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()

    const created = page.getByRole('dialog', { name: 'Link created' })
    const url = (await created.getByTestId('created-url').textContent())!
    expect(await created.getByRole('img', { name: `QR code for ${url}` }).count()).toBe(1)
    const share = (name: string) => created.getByRole('link', { name, exact: true }).getAttribute('href')
    expect(await share('X')).toBe(`https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent('Original, for the newsletter')}`)
    expect(await share('LinkedIn')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`)
    await closeWithEscape(page, created)
    const [copy] = await listLinks(account)
    expect(copy).toMatchObject({ title: 'Original, for the newsletter', description: 'Kept along', ogImage: 'https://example.com/card.png', alias: null, url })
    await context.close()
  })

  it('orders the list on the server: by title, and by most clicks', async () => {
    const account = await createAccount(web.server, 'order')
    const links: Record<string, Link> = {}
    for (const title of ['beta', 'Alpha', 'gamma']) links[title] = await createLinkApi(account, { title })
    for (let i = 0; i < 2; i++) await visit(links.beta.url)
    await visit(links.gamma.url)
    const { page, context } = await openLinks(account)
    const titles = () => page.getByTestId('link-row').locator('p.font-medium').allTextContents()
    await until(titles, { what: 'the newest first', done: (shown) => shown.join() === 'gamma,Alpha,beta' })
    await choose(page, 'Order', 'Title A–Z')
    await until(titles, { what: 'the titles in order', done: (shown) => shown.join() === 'Alpha,beta,gamma' })
    await choose(page, 'Order', 'Most clicks')
    await until(titles, { what: 'the most clicked first', done: (shown) => shown.join() === 'beta,gamma,Alpha' })
    await context.close()
  })

  it('keeps every action in reach on a phone', async () => {
    const account = await createAccount(web.server, 'bulk-phone')
    for (const title of ['Phone one', 'Phone two']) await createLinkApi(account, { title })
    const { page, context } = await openLinks(account, PHONE)
    const card = page.getByTestId('link-card').filter({ hasText: 'Phone one' })
    await card.getByRole('checkbox', { name: 'Select Phone one' }).check()
    const bar = page.getByRole('region', { name: 'Actions on the selected links' })
    for (const name of ['Activate', 'Deactivate', 'Delete', 'Clear']) expect(await bar.getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    for (const name of ['QR Code', 'Edit', 'More actions for Phone one']) expect(await card.getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    const switchedOff = waitForToast(page, 'Share link switched off', 'Phone one')
    await moreAction(page, card, 'Deactivate')
    await switchedOff
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await saveScreenshot(page, 'linkcard-bulk-phone.png', { fullPage: true })
    await context.close()
  })
})

describe('the alias and the target as they are typed', () => {
  it('says whether an alias is free, refuses other schemes, and warns before an alias change breaks the old URL', async () => {
    const account = await createAccount(web.server, 'alias-live')
    const other = await createAccount(web.server, 'alias-other')
    const taken = unique('taken')
    await createLinkApi(other, { title: 'Theirs', alias: taken })
    const kept = unique('kept')
    const mine = await createLinkApi(account, { title: 'Mine', alias: kept })
    const { page, context } = await openLinks(account)
    await row(page, 'Mine').waitFor()

    await page.getByRole('button', { name: 'Create Link' }).click()
    const target = field(page, 'Target URL')
    await target.fill('ftp://files.example.com/report.pdf')
    await target.blur()
    // Left as typed, not turned into https://ftp://…, and refused before sending.
    expect(await target.inputValue()).toBe('ftp://files.example.com/report.pdf')
    await field(page, 'Title').fill('Report')
    await dialog(page).getByRole('button', { name: 'Create Link' }).click()
    await dialog(page).getByText(LINK_MESSAGES.invalidTargetUrl).waitFor()
    await target.fill('files.example.com/report.pdf')
    await target.blur()
    expect(await target.inputValue()).toBe('https://files.example.com/report.pdf')

    const alias = field(page, 'Custom alias (optional)')
    await alias.fill(taken.toUpperCase())
    await dialog(page).getByText(LINK_MESSAGES.aliasTaken).waitFor()
    const free = unique('free')
    await alias.fill(free)
    await dialog(page).getByTestId('alias-free').getByText(`“${free}” is free.`).waitFor()
    await closeWithEscape(page, dialog(page))

    // Editing: its own alias is free to keep; changing it offers to keep the old one as a redirect,
    // and warns when it is not kept.
    await row(page, 'Mine').getByRole('button', { name: 'Edit' }).click()
    expect(await dialog(page).getByText('The old short URL will stop working').count()).toBe(0)
    await field(page, 'Custom alias (optional)').fill(`${kept}-new`)
    const keeping = dialog(page).getByRole('status').filter({ hasText: 'The old short URL keeps working' })
    await keeping.waitFor()
    expect(await keeping.textContent()).toContain(mine.url.replace(/^https?:\/\//, ''))
    const keep = dialog(page).getByRole('checkbox', { name: `Keep “${kept}” as a redirect to this link` })
    expect(await keep.isChecked()).toBe(true)
    await keep.uncheck()
    const warning = dialog(page).getByRole('status').filter({ hasText: 'The old short URL will stop working' })
    await warning.waitFor()
    await field(page, 'Custom alias (optional)').fill(kept.toUpperCase())
    await warning.waitFor({ state: 'detached' })
    await context.close()
  })

  for (const [name, viewport, item] of [
    ['a desktop', DESKTOP, 'link-row'],
    ['a phone', PHONE, 'link-card'],
  ] as const) {
    it(`keeps the old alias leading to the link when it changes, and lets it go, on ${name}`, async () => {
      const account = await createAccount(web.server, 'alias-keep')
      const old = unique('old')
      const mine = await createLinkApi(account, { title: 'Kept alias', alias: old })
      const { page, context } = await openLinks(account, viewport)
      const link = page.getByTestId(item).filter({ hasText: 'Kept alias' })
      await link.getByRole('button', { name: 'Edit' }).click()
      await field(page, 'Custom alias (optional)').fill(`${old}-new`)
      const keep = dialog(page).getByRole('checkbox', { name: `Keep “${old}” as a redirect to this link` })
      await keep.scrollIntoViewIfNeeded()
      expect(await keep.isChecked()).toBe(true)
      await saveScreenshot(page, `linkcard-alias-keep-${viewport.width}.png`)
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      // The old short URL, as printed in QR codes, still leads to the page.
      expect((await visit(mine.url)).headers.get('location')).toBe(mine.targetUrl)

      // Listed in the form, and let go from there.
      await link.getByRole('button', { name: 'Edit' }).click()
      await dialog(page).getByText('Old aliases that still lead here').waitFor()
      await dialog(page).getByRole('button', { name: `Stop “${old}” leading here` }).click()
      await dialog(page).getByText('Once you save, the old aliases removed here answer “not found”.').waitFor()
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      expect((await visit(mine.url)).status).toBe(404)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await context.close()
    })
  }
})

describe('exporting the links', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`saves every link as CSV or JSON, as the server writes it, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'export')
      const link = await createLinkApi(account, { title: 'Exported, with "quotes"' })
      const { page, context } = await openLinks(account, viewport)
      const saved = async (format: string) => {
        const download = page.waitForEvent('download')
        await page.getByRole('button', { name: 'Export', exact: true }).click()
        await page.getByRole('menuitem', { name: format, exact: true }).click()
        const file = await download
        return { name: file.suggestedFilename(), text: await Bun.file((await file.path())!).text() }
      }
      const csv = await saved('CSV (spreadsheet)')
      expect(csv.name).toBe(linkExportFileName('csv'))
      expect(csv.text).toBe((await web.http.get('/api/shareLinks/export?format=csv', { token: account.token })).text)
      expect(csv.text).toContain(`${link.id},${link.url},`)
      const json = await saved('JSON')
      expect(json.name).toBe(linkExportFileName('json'))
      expect(JSON.parse(json.text)).toEqual([{ ...link, clicks: 0, previews: 0, scans: 0 }])
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await saveScreenshot(page, `linkcard-export-${viewport.width}.png`)
      await context.close()
    })
  }
})

describe('ending a link', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`takes a click limit and a fallback URL in the form, and the link keeps to them, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'ending')
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill('https://example.com/offer')
      await field(page, 'Title').fill('One-off offer')
      const limit = field(page, 'Click limit (optional)')
      await limit.fill('0')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await dialog(page).getByText(LINK_MESSAGES.clickLimit).waitFor()
      await limit.fill('1')
      const fallback = field(page, 'Fallback URL (optional)')
      await fallback.fill('example.com/offer-ended')
      await fallback.blur()
      expect(await fallback.inputValue()).toBe('https://example.com/offer-ended')
      await fallback.scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-ending-${viewport.width}.png`)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const url = await closeCreated(page, 'One-off offer')
      expect((await visit(url)).headers.get('location')).toBe('https://example.com/offer')
      expect((await visit(url)).headers.get('location')).toBe('https://example.com/offer-ended')
      await context.close()
    })
  }
})

describe('tags', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`tags links in the form, filters the list by a tag, and renames, recolours and deletes tags, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'tags')
      await createLinkApi(account, { title: 'Untagged link' })
      await createLinkApi(account, { title: 'Already tagged', tags: ['Newsletter'] })
      const { page, context } = await openLinks(account, viewport)
      const item = (title: string) => page.getByTestId(viewport === PHONE ? 'link-card' : 'link-row').filter({ hasText: title })
      await item('Already tagged').getByTestId('tag-chip').getByText('Newsletter').waitFor()

      // In the form: Enter and a comma make chips, the account's spelling wins, Backspace takes the last off.
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill('https://example.com/spring')
      await field(page, 'Title').fill('Spring campaign')
      const tags = field(page, 'Tags (optional)')
      await tags.fill('newsletter')
      await tags.press('Enter')
      await tags.fill('Spring')
      await tags.press(',')
      await tags.fill('oops')
      await tags.press('Enter')
      await tags.press('Backspace')
      const chips = dialog(page).getByTestId('tag-chip')
      expect(await chips.allTextContents()).toEqual(['Newsletter', 'Spring'])
      await saveScreenshot(page, `linkcard-tags-form-${viewport.width}.png`)
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await closeCreated(page, 'Spring campaign')
      expect(await item('Spring campaign').getByTestId('tag-chip').allTextContents()).toEqual(['Newsletter', 'Spring'])

      // The list by tag.
      await choose(page, 'Tag', 'Newsletter')
      await page.getByText('Showing 1 to 2 of 2 results').waitFor()
      expect(await item('Untagged link').count()).toBe(0)

      // The tag list: recolour, rename (the filter and the links follow), delete.
      await page.getByRole('button', { name: 'Tags', exact: true }).click()
      const tagsDialog = page.getByRole('dialog', { name: 'Tags' })
      await tagsDialog.getByTestId('tag-row').first().waitFor()
      expect(await tagsDialog.getByTestId('tag-row').count()).toBe(2)
      const rename = tagsDialog.getByLabel('Name of Newsletter')
      await rename.fill('Weekly letter')
      await rename.press('Enter')
      await tagsDialog.getByLabel('Name of Weekly letter').waitFor()
      await tagsDialog.getByRole('button', { name: 'Colour of Spring' }).click()
      await page.getByRole('menuitem', { name: 'emerald' }).click()
      await page.getByRole('menu').waitFor({ state: 'detached' })
      const saved = await until(() => web.http.get<{ name: string; color: string }[]>('/api/tags', { token: account.token }), {
        what: 'Spring in emerald',
        done: (answer) => answer.body.some((tag) => tag.name === 'Spring' && tag.color === 'emerald'),
      })
      expect(saved.body.map((tag) => tag.name)).toEqual(['Spring', 'Weekly letter'])
      await saveScreenshot(page, `linkcard-tags-dialog-${viewport.width}.png`)
      await tagsDialog.getByRole('button', { name: 'Delete Spring' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tag' }).click()
      await tagsDialog.getByTestId('tag-row').nth(1).waitFor({ state: 'detached' })
      // Escape goes to the newest dialog: the confirmation must be gone first, and the keyboard back in the Tags dialog.
      await page.getByRole('alertdialog').waitFor({ state: 'detached' })
      await closeWithEscape(page, tagsDialog)
      await item('Spring campaign').getByTestId('tag-chip').getByText('Spring', { exact: true }).waitFor({ state: 'detached' })
      expect(await item('Spring campaign').getByTestId('tag-chip').allTextContents()).toEqual(['Weekly letter'])
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await context.close()
    })
  }
})

describe('a link with a password', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is set in the form, and asks people for it in the browser before sending them on, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'password')
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      await field(page, 'Target URL').fill(localPage('/article'))
      await field(page, 'Title').fill('Members only')
      await dialog(page).getByRole('checkbox', { name: /Ask for a password/ }).check()
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await dialog(page).getByText(LINK_MESSAGES.passwordNeeded).waitFor()
      await field(page, 'Password').fill('club secret')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      const url = await closeCreated(page, 'Members only')

      // As a visitor: the form, a wrong password, the right one.
      const visitor = await context.newPage()
      await visitor.goto(url)
      await visitor.getByRole('heading', { name: 'This link asks for a password' }).waitFor()
      await visitor.getByLabel('Password').fill('club secrets')
      await visitor.getByRole('button', { name: 'Continue' }).click()
      await visitor.getByRole('alert').getByText('That password is not right.').waitFor()
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await saveScreenshot(visitor, `linkcard-password-page-${viewport.width}.png`)
      await visitor.getByLabel('Password').fill('club secret')
      await visitor.getByRole('button', { name: 'Continue' }).click()
      await visitor.waitForURL(localPage('/article'))
      expect(await visitor.title()).toBe('Plain title')

      // The edit form keeps the password unless a new one is typed, or the link stops asking.
      await row(page, 'Members only').or(page.getByTestId('link-card').filter({ hasText: 'Members only' })).getByRole('button', { name: 'Edit' }).click()
      expect(await dialog(page).getByRole('checkbox', { name: /Ask for a password/ }).isChecked()).toBe(true)
      await dialog(page).getByRole('checkbox', { name: /Ask for a password/ }).uncheck()
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      expect((await visit(url)).headers.get('location')).toBe(localPage('/article'))
      await context.close()
    })
  }
})

describe('the UTM builder', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`writes the campaign parameters into the target URL as they are typed, and reads them back, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'utm')
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      const builder = dialog(page).getByTestId('utm-builder')
      await builder.getByText('Campaign parameters (UTM)').click()
      await builder.getByText('Type the target URL first').waitFor()
      const target = field(page, 'Target URL')
      await target.fill('shop.example/shoe?size=9')
      await builder.getByLabel('Source', { exact: true }).fill('newsletter')
      await builder.getByLabel('Campaign', { exact: true }).fill('spring sale')
      expect(await target.inputValue()).toBe('https://shop.example/shoe?size=9&utm_source=newsletter&utm_campaign=spring+sale')
      await builder.getByLabel('Source', { exact: true }).fill('')
      expect(await target.inputValue()).toBe('https://shop.example/shoe?size=9&utm_campaign=spring+sale')
      // Typed into the target, they show in the builder.
      await target.fill('https://shop.example/?utm_medium=email')
      expect(await builder.getByLabel('Medium', { exact: true }).inputValue()).toBe('email')
      await builder.getByText('1 set').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await builder.scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-utm-${viewport.width}.png`)
      await context.close()
    })

    it(`saves the parameters as a preset, applies it to a new link and deletes it, by keyboard, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, 'utm-presets')
      const { page, context } = await openLinks(account, viewport)
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      let builder = dialog(page).getByTestId('utm-builder')
      await builder.getByText('Campaign parameters (UTM)').click()
      await field(page, 'Target URL').fill('shop.example/shoe')
      await builder.getByLabel('Source', { exact: true }).fill('newsletter')
      await builder.getByLabel('Medium', { exact: true }).fill('email')
      await builder.getByLabel('Campaign', { exact: true }).fill('spring sale')
      await builder.getByRole('button', { name: 'Save as preset' }).click()
      // The name is asked for in place; Enter saves the preset, not the link.
      await builder.getByLabel('Preset name').fill('Spring newsletter')
      await builder.getByLabel('Preset name').press('Enter')
      await waitForToast(page, 'Preset saved', 'Spring newsletter')
      expect(await dialog(page).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await builder.scrollIntoViewIfNeeded()
      await saveScreenshot(page, `linkcard-utm-presets-${viewport.width}.png`)
      await closeWithEscape(page, dialog(page))

      // A new link: the preset fills the fields and the target carries them.
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      builder = dialog(page).getByTestId('utm-builder')
      await builder.getByText('Campaign parameters (UTM)').click()
      const target = field(page, 'Target URL')
      await target.fill('https://shop.example/boots?size=9')
      await field(page, 'Title').fill('Boots')
      const preset = builder.getByRole('combobox', { name: 'Preset' })
      await preset.focus()
      await page.keyboard.press('Enter')
      await page.getByRole('option', { name: 'Spring newsletter' }).waitFor()
      await page.keyboard.press('Enter')
      expect(await target.inputValue()).toBe('https://shop.example/boots?size=9&utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale')
      expect(await builder.getByLabel('Campaign', { exact: true }).inputValue()).toBe('spring sale')
      await dialog(page).getByRole('button', { name: 'Create Link' }).click()
      await closeCreated(page, 'Boots')
      const [link] = (await web.http.get('/api/shareLinks', { token: account.token })).body as { targetUrl: string }[]
      expect(link.targetUrl).toBe('https://shop.example/boots?size=9&utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale')

      // Deleted from the builder, it is gone from the account.
      await page.getByRole('button', { name: 'Create Link', exact: true }).click()
      builder = dialog(page).getByTestId('utm-builder')
      await builder.getByText('Campaign parameters (UTM)').click()
      await field(page, 'Target URL').fill('https://shop.example/')
      await builder.getByRole('combobox', { name: 'Preset' }).click()
      await page.getByRole('option', { name: 'Spring newsletter' }).click()
      await builder.getByRole('button', { name: 'Delete preset Spring newsletter' }).click()
      await waitForToast(page, 'Preset deleted', 'Spring newsletter')
      await builder.getByText('No presets yet').waitFor()
      expect((await web.http.get('/api/utmPresets', { token: account.token })).body).toEqual([])
      await context.close()
    })
  }
})
