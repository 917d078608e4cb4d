import { describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Locator } from 'playwright-core'
import { openPage, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { sql } from '../helpers/sql'
import { browserAroundTests, createAccount, openSignedIn, waitForToast } from './support'

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
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    expect(await shown.getAttribute('data-state')).toBe('open')
    expect(await shown.getByTestId('new-api-key').textContent()).toBe(key)

    await shown.getByRole('button', { name: 'Copy Key' }).click()
    await shown.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    expect(await done.isEnabled()).toBe(true)
    await page.keyboard.press('Escape')
    await shown.waitFor({ state: 'detached' })

    const row = page.getByTestId('api-key-row').filter({ hasText: 'Production server' })
    await row.waitFor()
    for (const column of ['Name', 'Key', 'Status', 'Last Used', 'Created', 'Actions']) await page.getByRole('columnheader', { name: column, exact: true }).waitFor()
    expect(await row.getByTestId('api-key-status').textContent()).toBe('Active')
    expect(await row.textContent()).toContain(`lnk_…${key.slice(-4)}`)
    expect(await row.textContent()).toContain('Blog backend')
    expect(await row.textContent()).toContain('Never')
    expect(await page.content()).not.toContain(key)
    // The masked key is text only: nothing to reveal, nothing worth copying.
    expect(await row.getByRole('button').allTextContents()).toEqual(['Revoke'])
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

    await page.keyboard.press('Escape')
    expect(await shown.getAttribute('data-state')).toBe('open')
    expect(await done.isDisabled()).toBe(true)
    await stored.check()
    expect(await done.isEnabled()).toBe(true)
    // Unticked again, it holds the dialog again.
    await stored.uncheck()
    await page.keyboard.press('Escape')
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
