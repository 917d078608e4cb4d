import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { openPage, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { sql } from '../helpers/sql'
import { until } from '../helpers/until'
import { browserAroundTests, closeWithEscape, createAccount, openSignedIn, pressEscapeIn, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const web = browserAroundTests()

async function signedIn(viewport?: typeof PHONE) {
  const session = await createAccount(web.server, 'keys')
  const opened = await openPage(web.browser, web.server.url, viewport)
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openSignedIn(opened.page, session, '/api-keys')
  await opened.page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor()
  return { ...opened, session }
}

describe('/api-keys', () => {
  it('creates a key and shows it in full once; copying it lets the dialog close; the list shows it masked and active; the key works', async () => {
    const { page, context, session } = await signedIn()
    await page.getByText('No API keys yet').waitFor()
    await page.getByText('Usage Guidelines').waitFor()
    expect(await page.getByText('1,000 requests per hour, 10,000 per day, with bursts of up to 100 per minute').count()).toBe(1)

    await page.getByRole('button', { name: 'Create API Key' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Production server')
    await dialog.getByLabel('Description (optional)').fill('Blog backend')
    await dialog.getByRole('button', { name: 'Create Key' }).click()

    const shown = page.getByRole('dialog', { name: 'API Key Created' })
    await shown.waitFor()
    await shown.getByText("This is the only time you'll see this key.", { exact: false }).waitFor()
    const key = (await shown.getByTestId('new-api-key').textContent())!
    expect(key).toMatch(/^lnk_[0-9A-Za-z]{40}$/)
    const done = shown.getByRole('button', { name: 'Done' })
    expect(await done.isDisabled()).toBe(true)
    // Until the key is copied, neither Escape nor a click outside loses it.
    await pressEscapeIn(page, shown)
    await page.mouse.click(5, 5)
    expect(await shown.getAttribute('data-state')).toBe('open')
    expect(await shown.getByTestId('new-api-key').textContent()).toBe(key)

    await shown.getByRole('button', { name: 'Copy Key' }).click()
    await shown.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    expect(await done.isEnabled()).toBe(true)
    await closeWithEscape(page, shown)

    const row = page.getByTestId('api-key-row').filter({ hasText: 'Production server' })
    await row.waitFor()
    for (const column of ['Name', 'Key', 'Status', 'Last Used', 'Created', 'Actions']) await page.getByRole('columnheader', { name: column, exact: true }).waitFor()
    expect(await row.getByTestId('api-key-status').textContent()).toBe('Active')
    expect(await row.textContent()).toContain(`lnk_…${key.slice(-4)}`)
    expect(await row.textContent()).toContain('Blog backend')
    expect(await row.textContent()).toContain('Never')
    expect(await page.content()).not.toContain(key)
    // The masked key is text only: nothing to reveal, nothing worth copying.
    expect(await row.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([
      'Revoke Production server',
      'More actions for Production server',
    ])
    expect(await page.getByRole('button', { name: /reveal|masked/i }).count()).toBe(0)
    expect(await page.getByTestId('api-key-card').count()).toBe(0)

    expect((await client(web.server.url).get('/api/links', { token: key })).status).toBe(200)
    await page.reload()
    await page.getByTestId('api-key-row').filter({ hasText: 'Just now' }).waitFor()
    expect(session.user.email).toBeTruthy()
    await context.close()
  })

  it('makes a key with the scopes chosen, refuses none, and shows them in the list', async () => {
    const { page, context, session } = await signedIn()
    await page.getByRole('button', { name: 'Create API Key' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Read and stats')
    const scopes = dialog.getByRole('group', { name: 'What the key may do' })
    for (const box of await scopes.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(true)
    for (const box of await scopes.getByRole('checkbox').all()) await box.uncheck()
    await dialog.getByRole('button', { name: 'Create Key' }).click()
    await dialog.getByText('Choose at least one thing the key may do.').waitFor()
    await scopes.getByRole('checkbox', { name: /^links:read/ }).check()
    await scopes.getByRole('checkbox', { name: /^analytics:read/ }).check()
    await dialog.getByRole('button', { name: 'Create Key' }).click()
    const shown = page.getByRole('dialog', { name: 'API Key Created' })
    await shown.getByRole('button', { name: 'Copy Key' }).click()
    await shown.getByRole('button', { name: 'Done' }).click()
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Read and stats' })
    await row.getByRole('list', { name: 'Scopes' }).waitFor()
    expect(await row.getByRole('list', { name: 'Scopes' }).getByRole('listitem').allTextContents()).toEqual(['links:read', 'analytics:read'])
    const [stored] = (await client(web.server.url).get('/api/apiKeys', { token: session.token })).body
    expect(stored.scopes).toEqual(['links:read', 'analytics:read'])
    await context.close()
  })

  it('closes the new key dialog once the person confirms they have stored the key', async () => {
    const { page, context } = await signedIn(PHONE)
    await page.getByRole('button', { name: 'Create API Key' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('Deploy bot')
    await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
    const shown = page.getByRole('dialog', { name: 'API Key Created' })
    await shown.waitFor()
    const done = shown.getByRole('button', { name: 'Done' })
    const stored = shown.getByRole('checkbox', { name: 'I have stored this key somewhere safe' })

    await pressEscapeIn(page, shown)
    expect(await shown.getAttribute('data-state')).toBe('open')
    expect(await done.isDisabled()).toBe(true)
    await stored.check()
    expect(await done.isEnabled()).toBe(true)
    // Unticked again, it holds the dialog again.
    await stored.uncheck()
    await pressEscapeIn(page, shown)
    expect(await shown.getAttribute('data-state')).toBe('open')
    await stored.check()
    await done.click()
    await shown.waitFor({ state: 'detached' })
    await page.getByTestId('api-key-card').filter({ hasText: 'Deploy bot' }).waitFor()

    // The next key starts unconfirmed again.
    await page.getByRole('button', { name: 'Create API Key' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('Second bot')
    await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
    await shown.getByText('Second bot').waitFor()
    expect(await stored.isChecked()).toBe(false)
    expect(await done.isDisabled()).toBe(true)
    await context.close()
  })

  it('asks for a name before sending anything', async () => {
    const { page, context } = await signedIn()
    let sent = 0
    await page.route('**/api/apiKeys', (route) => {
      if (route.request().method() === 'POST') sent++
      return route.continue()
    })
    await page.getByRole('button', { name: 'Create API Key' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('   ')
    await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
    await page.getByText('Please provide a name for your API key.').waitFor()
    expect(sent).toBe(0)
    await context.close()
  })

  it('revokes a key after confirmation; the row then shows Revoked and the key stops working', async () => {
    const { page, context, session } = await signedIn()
    const made = await client(web.server.url).post('/api/apiKeys', { name: 'Old laptop' }, { token: session.token })
    await page.reload()
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Old laptop' })
    expect(await row.getByTestId('api-key-status').textContent()).toBe('Active')
    await row.getByRole('button', { name: 'Revoke Old laptop' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('will be refused at once', { exact: false }).waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect((await client(web.server.url).get('/api/links', { token: made.body.key })).status).toBe(200)

    await row.getByRole('button', { name: 'Revoke Old laptop' }).click()
    const told = waitForToast(page, 'API key revoked', 'Old laptop no longer works.')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await told
    await row.getByTestId('api-key-status').getByText('Revoked', { exact: true }).waitFor()
    expect(await row.getByRole('button', { name: 'Revoke Old laptop' }).count()).toBe(0)
    expect((await client(web.server.url).get('/api/links', { token: made.body.key })).status).toBe(401)
    await context.close()
  })

  it('shows last use in relative words', async () => {
    const { page, context, session } = await signedIn()
    const { body } = await client(web.server.url).post('/api/apiKeys', { name: 'Cron job' }, { token: session.token })
    await sql(web.server, 'update api_keys set last_used_at = $1 where id = $2', [web.server.databaseUrl ? new Date(Date.now() - 3 * 3_600_000).toISOString() : Date.now() - 3 * 3_600_000, body.id])
    await page.reload()
    await page.getByTestId('api-key-row').filter({ hasText: 'Cron job' }).getByText('3 hours ago').waitFor()
    await context.close()
  })

  it('says so when the keys cannot be loaded, and when creating or revoking fails', async () => {
    const { page, context, session } = await signedIn()
    await client(web.server.url).post('/api/apiKeys', { name: 'Fragile' }, { token: session.token })
    await page.route('**/api/apiKeys', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, body: 'down' }) : route.continue()))
    await page.reload()
    await page.getByText('Failed to fetch API keys').waitFor()
    await page.unroute('**/api/apiKeys')
    await page.reload()
    await page.route('**/api/apiKeys**', (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: 'down' })))
    await page.getByRole('button', { name: 'Create API Key' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('Will fail')
    await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
    expect(await (await waitForToast(page, 'Failed to create API key')).getAttribute('data-variant')).toBe('destructive')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('api-key-row').filter({ hasText: 'Fragile' }).getByRole('button', { name: 'Revoke Fragile' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await waitForToast(page, 'Failed to revoke API key')
    await context.close()
  })

  it('shows each key as a card on a phone, with its name, status and Revoke on screen', async () => {
    const { page, context, session } = await signedIn(PHONE)
    const names = ['Phone key', 'A key for the nightly export job that runs on the old build server', 'Retired key']
    const made = []
    for (const name of names) made.push((await web.http.post('/api/apiKeys', { name, description: 'Looked after by the platform team' }, { token: session.token })).body)
    await web.http.delete(`/api/apiKeys/${made[2].id}`, { token: session.token })
    await page.reload()
    await page.getByTestId('api-key-card').filter({ hasText: 'Retired key' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)

    const onScreen = async (locator: Locator) => {
      const box = (await locator.boundingBox())!
      return box.x >= 0 && box.x + box.width <= 390
    }
    for (const [i, name] of names.entries()) {
      const card = page.getByTestId('api-key-card').filter({ hasText: name })
      expect(await onScreen(card.getByRole('heading', { name }))).toBe(true)
      expect(await card.getByText(`lnk_…${made[i].key.slice(-4)}`).isVisible()).toBe(true)
      const status = card.getByTestId('api-key-status')
      expect(await status.textContent()).toBe(i === 2 ? 'Revoked' : 'Active')
      expect(await onScreen(status)).toBe(true)
      const revoke = card.getByRole('button', { name: `Revoke ${name}` })
      expect(await revoke.count()).toBe(i === 2 ? 0 : 1)
      if (i < 2) expect(await onScreen(revoke)).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    const card = page.getByTestId('api-key-card').filter({ hasText: 'Phone key' })
    await card.getByRole('button', { name: 'Revoke Phone key' }).click()
    const told = waitForToast(page, 'API key revoked')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await told
    await card.getByTestId('api-key-status').getByText('Revoked', { exact: true }).waitFor()
    expect(await card.locator('dt').allTextContents()).toEqual(['Key', 'Scopes', 'Last used', 'Created', 'Revoked'])
    expect(await card.getByRole('button').count()).toBe(0)
    await context.close()
  })

  it("writes dates in the person's own locale", async () => {
    const session = await createAccount(web.server, 'keys-de')
    const { body } = await client(web.server.url).post('/api/apiKeys', { name: 'Berlin' }, { token: session.token })
    const context = await web.browser.newContext({ baseURL: web.server.url, viewport: PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
    const page = await context.newPage()
    await openSignedIn(page, session, '/api-keys')
    const card = page.getByTestId('api-key-card').filter({ hasText: 'Berlin' })
    await card.waitFor()
    const created = new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date(body.createdAt))
    expect(created).toMatch(/^\d{1,2}\. \S+ \d{4}$/)
    await card.getByText(created, { exact: true }).waitFor()
    await context.close()
  })
})

/** Whether the element is the one with the keyboard focus. */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

/** A key's row or card, told by its masked key (a rolled key's row names its replacement too). */
const ofKey = (page: Page, testId: 'api-key-row' | 'api-key-card', maskedKey: string) => page.getByTestId(testId).filter({ has: page.locator('code', { hasText: maskedKey }) })

/** Opens a key's row menu and chooses an item. */
async function fromMenu(page: Page, row: Locator, name: string, item: string) {
  await row.getByRole('button', { name: `More actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

describe('rolling a key', () => {
  it('rolls from the row menu with a grace period: the new key is shown once, the old one counts down, and focus returns to the menu button (1440 px)', async () => {
    const { page, context, session } = await signedIn()
    const old = (await web.http.post('/api/apiKeys', { name: 'Billing sync', scopes: ['links:read'] }, { token: session.token })).body
    await page.reload()
    const row = ofKey(page, 'api-key-row', old.maskedKey)
    const menuButton = row.getByRole('button', { name: 'More actions for Billing sync' })

    // Cancelled: nothing rolled, the keyboard back on the menu button.
    await fromMenu(page, row, 'Billing sync', 'Roll key…')
    const dialog = page.getByRole('dialog', { name: 'Roll API key?' })
    await dialog.getByText('makes a new key with the same name and scopes', { exact: false }).waitFor()
    const grace = dialog.getByRole('group', { name: 'Old key stops working' })
    expect(await grace.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement!.textContent))).toEqual(['Right away', '1 hour', '24 hours', '7 days'])
    expect(await grace.getByRole('radio', { name: 'Right away' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await until(() => hasFocus(menuButton), { what: 'focus on the menu button' })
    expect((await web.http.get('/api/apiKeys', { token: session.token })).body).toHaveLength(1)

    await fromMenu(page, row, 'Billing sync', 'Roll key…')
    await grace.getByRole('radio', { name: '24 hours' }).check()
    await dialog.getByText(`Both keys work for 24 hours; then calls with ${old.maskedKey} are refused.`).waitFor()
    await saveScreenshot(page, 'roll-dialog-1440.png')
    await dialog.getByRole('button', { name: 'Roll key' }).click()

    const shown = page.getByRole('dialog', { name: 'API Key Rolled' })
    await shown.waitFor()
    const key = (await shown.getByTestId('new-api-key').textContent())!
    expect(key).toMatch(/^lnk_[0-9A-Za-z]{40}$/)
    await shown.getByText(`The old key, ${old.maskedKey}, keeps working until`, { exact: false }).waitFor()
    // Held like a created key until it is copied.
    await pressEscapeIn(page, shown)
    expect(await shown.getAttribute('data-state')).toBe('open')
    expect(await shown.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true)
    await saveScreenshot(page, 'roll-shown-1440.png')
    await shown.getByRole('button', { name: 'Copy Key' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    await shown.getByRole('button', { name: 'Done' }).click()
    await shown.waitFor({ state: 'detached' })

    // The new key is the newest row, and its menu button has the keyboard.
    const newRow = ofKey(page, 'api-key-row', `lnk_…${key.slice(-4)}`)
    await until(() => hasFocus(newRow.getByRole('button', { name: 'More actions for Billing sync' })), { what: "focus on the new key's menu button" })
    expect(await newRow.getByTestId('api-key-status').textContent()).toBe('Active')
    expect(await newRow.getByRole('list', { name: 'Scopes' }).getByRole('listitem').allTextContents()).toEqual(['links:read'])
    expect(await row.getByTestId('api-key-status').textContent()).toBe('Expires in 23 h')
    expect(await row.textContent()).toContain(`Replaced by lnk_…${key.slice(-4)}`)
    expect(await page.getByTestId('api-key-row').first().textContent()).toContain(key.slice(-4))
    await saveScreenshot(page, 'roll-list-1440.png')
    expect(await page.content()).not.toContain(key)

    // A rolled key is rolled once: its menu no longer offers it.
    await menuButton.click()
    await page.getByRole('menuitem', { name: 'Try it in the docs' }).waitFor()
    expect(await page.getByRole('menuitem', { name: 'Roll key…' }).count()).toBe(0)
    await closeWithEscape(page, page.getByRole('menu'))

    expect((await web.http.get('/api/links', { token: key })).status).toBe(200)
    expect((await web.http.get('/api/links', { token: old.key })).status).toBe(200)
    await context.close()
  })

  it('rolls right away on a phone: the dialog fits, the old card shows Rolled without actions, and focus lands on the new card’s menu (390 px)', async () => {
    const { page, context, session } = await signedIn(PHONE)
    const old = (await web.http.post('/api/apiKeys', { name: 'A key for the nightly export job on the old build server' }, { token: session.token })).body
    await page.reload()
    const card = ofKey(page, 'api-key-card', old.maskedKey)
    await fromMenu(page, card, old.name, 'Roll key…')
    const dialog = page.getByRole('dialog', { name: 'Roll API key?' })
    await dialog.getByText(`Calls with ${old.maskedKey} are refused as soon as the new key is made.`).waitFor()
    await saveScreenshot(page, 'roll-dialog-390.png')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await dialog.getByRole('button', { name: 'Roll key' }).click()

    const shown = page.getByRole('dialog', { name: 'API Key Rolled' })
    await shown.getByText(`The old key, ${old.maskedKey}, no longer works.`).waitFor()
    const key = (await shown.getByTestId('new-api-key').textContent())!
    await saveScreenshot(page, 'roll-shown-390.png')
    const shownBox = (await shown.boundingBox())!
    expect(shownBox.x + shownBox.width).toBeLessThanOrEqual(390)
    await shown.getByRole('checkbox', { name: 'I have stored this key somewhere safe' }).check()
    await shown.getByRole('button', { name: 'Done' }).click()
    await shown.waitFor({ state: 'detached' })

    const newCard = ofKey(page, 'api-key-card', `lnk_…${key.slice(-4)}`)
    await until(() => hasFocus(newCard.getByRole('button', { name: `More actions for ${old.name}` })), { what: "focus on the new card's menu button" })
    expect(await card.getByTestId('api-key-status').textContent()).toBe('Rolled')
    expect(await card.getByRole('button').count()).toBe(0)
    expect(await card.locator('dt').allTextContents()).toEqual(['Key', 'Scopes', 'Last used', 'Created', 'Rolled'])
    expect(await card.textContent()).toContain(`Replaced by lnk_…${key.slice(-4)}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await saveScreenshot(page, 'roll-list-390.png', { fullPage: true })
    expect((await web.http.get('/api/links', { token: old.key })).status).toBe(401)
    expect((await web.http.get('/api/links', { token: key })).status).toBe(200)
    await context.close()
  })

  it('shows the roll under way, then what went wrong, and keeps the dialog open to try again', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context, session } = await signedIn(viewport)
      const width = viewport ? 390 : 1440
      const old = (await web.http.post('/api/apiKeys', { name: 'Flaky' }, { token: session.token })).body
      await page.reload()
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/api/apiKeys/*/roll', async (route) => {
        await held
        await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'This key has already been rolled. Roll the key that replaced it instead.' }) })
      })
      const rowOrCard = ofKey(page, viewport ? 'api-key-card' : 'api-key-row', old.maskedKey)
      await fromMenu(page, rowOrCard, 'Flaky', 'Roll key…')
      const dialog = page.getByRole('dialog', { name: 'Roll API key?' })
      await dialog.getByRole('radio', { name: '7 days' }).check()
      await dialog.getByRole('button', { name: 'Roll key' }).click()
      // Under way: the button waits, the choices and Cancel are held, Escape does not close it.
      await until(() => dialog.getByRole('button', { name: 'Cancel' }).isDisabled(), { what: 'Cancel to be held' })
      expect(await dialog.getByRole('radio', { name: '1 hour' }).isDisabled()).toBe(true)
      // The dialog has long held the keyboard; the busy button let go of the focus.
      await page.keyboard.press('Escape')
      expect(await dialog.getAttribute('data-state')).toBe('open')
      await saveScreenshot(page, `roll-loading-${width}.png`)
      release()
      const alert = dialog.getByRole('alert')
      await alert.getByText('Failed to roll API key').waitFor()
      await alert.getByText('This key has already been rolled.', { exact: false }).waitFor()
      await saveScreenshot(page, `roll-error-${width}.png`)
      expect(await dialog.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true)
      expect(await dialog.getByRole('button', { name: 'Roll key' }).isEnabled()).toBe(true)
      await page.unroute('**/api/apiKeys/*/roll')
      await dialog.getByRole('button', { name: 'Roll key' }).click()
      await page.getByRole('dialog', { name: 'API Key Rolled' }).waitFor()
      await context.close()
    }
  })
})

describe('Try It Out with a key of the account', () => {
  const tester = (page: Page) => page.locator('#try-it-out')

  async function chooseEndpoint(page: Page, label: string) {
    await tester(page).getByLabel('Endpoint').click()
    const option = page.getByRole('option', { name: label })
    await option.focus()
    await page.keyboard.press('Enter')
    await option.waitFor({ state: 'detached' })
  }

  for (const viewport of [undefined, PHONE]) {
    const width = viewport ? 390 : 1440
    it(`picks a key created in this tab, which fills itself in, and sends a request that answers 200 (${width} px)`, async () => {
      const { page, context, session } = await signedIn(viewport)
      const older = (await web.http.post('/api/apiKeys', { name: 'Made elsewhere' }, { token: session.token })).body
      await page.reload()
      await page.getByRole('button', { name: 'Create API Key' }).click()
      await page.getByRole('dialog').getByLabel('Name').fill('Docs trial')
      await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
      const shown = page.getByRole('dialog', { name: 'API Key Created' })
      const key = (await shown.getByTestId('new-api-key').textContent())!
      const tryIt = shown.getByRole('button', { name: 'Try it in the docs' })
      expect(await tryIt.isDisabled()).toBe(true)
      await shown.getByRole('button', { name: 'Copy Key' }).click()
      await tryIt.click()

      await page.waitForURL(/\/docs\?key=/)
      const picker = tester(page).getByLabel('Your keys')
      await until(async () => (await picker.textContent())?.includes('Docs trial'), { what: 'the created key to be picked' })
      expect(await tester(page).getByLabel('API Key').inputValue()).toBe(key)
      expect(await picker.isVisible()).toBe(true)
      await chooseEndpoint(page, 'GET /links · List links')
      await tester(page).getByRole('button', { name: 'Send Request' }).click()
      await tester(page).getByTestId('tester-status').getByText('200', { exact: false }).waitFor()
      await saveScreenshot(page, `tester-picked-${width}.png`)

      // A key not made in this tab: its secret is not kept, so it is rolled or pasted.
      await picker.click()
      const option = page.getByRole('option', { name: `Made elsewhere (${older.maskedKey})` })
      await option.focus()
      await page.keyboard.press('Enter')
      const note = tester(page).getByTestId('key-not-remembered')
      await note.getByText('only shown once', { exact: false }).waitFor()
      expect(await note.getByRole('link', { name: 'Roll it' }).getAttribute('href')).toBe('/api-keys')
      expect(await tester(page).getByLabel('API Key').inputValue()).toBe('')
      await saveScreenshot(page, `tester-not-remembered-${width}.png`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await context.close()
    })
  }

  it('forgets a revoked key and remembers a rolled one, in this tab only; signed out, the tester asks for a key', async () => {
    const { page, context } = await signedIn()
    await page.getByRole('button', { name: 'Create API Key' }).click()
    await page.getByRole('dialog').getByLabel('Name').fill('Short stay')
    await page.getByRole('dialog').getByRole('button', { name: 'Create Key' }).click()
    const created = page.getByRole('dialog', { name: 'API Key Created' })
    const key = (await created.getByTestId('new-api-key').textContent())!
    await created.getByRole('checkbox', { name: 'I have stored this key somewhere safe' }).check()
    await created.getByRole('button', { name: 'Done' }).click()
    const stored = () => page.evaluate(() => sessionStorage.getItem('linkcard.keySecrets') ?? '')
    expect(await stored()).toContain(key)
    expect(await page.evaluate(() => localStorage.getItem('linkcard.keySecrets'))).toBeNull()

    const row = page.getByTestId('api-key-row').filter({ hasText: 'Short stay' })
    await fromMenu(page, row, 'Short stay', 'Roll key…')
    await page.getByRole('dialog', { name: 'Roll API key?' }).getByRole('button', { name: 'Roll key' }).click()
    const rolled = page.getByRole('dialog', { name: 'API Key Rolled' })
    const next = (await rolled.getByTestId('new-api-key').textContent())!
    await rolled.getByRole('checkbox', { name: 'I have stored this key somewhere safe' }).check()
    await rolled.getByRole('button', { name: 'Done' }).click()
    expect(await stored()).toContain(next)
    expect(await stored()).not.toContain(key)

    const newRow = ofKey(page, 'api-key-row', `lnk_…${next.slice(-4)}`)
    await newRow.getByRole('button', { name: 'Revoke Short stay' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await newRow.getByTestId('api-key-status').getByText('Revoked', { exact: true }).waitFor()
    expect(await stored()).not.toContain(next)

    const other = await context.newPage()
    await other.goto('/docs')
    await other.locator('#try-it-out').getByLabel('API Key').waitFor()
    expect(await other.evaluate(() => sessionStorage.getItem('linkcard.keySecrets'))).toBeNull()
    await context.close()

    const signedOut = await openPage(web.browser, web.server.url)
    await signedOut.page.goto('/docs')
    await signedOut.page.locator('#try-it-out').getByLabel('API Key').waitFor()
    expect(await signedOut.page.locator('#try-it-out').getByLabel('Your keys').count()).toBe(0)
    await signedOut.context.close()
  })
})
