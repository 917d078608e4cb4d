import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage, PHONE } from '../helpers/browser'
import { client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createAccount, openSignedIn, waitForToast } from './support'

setDefaultTimeout(30_000)

let server: TestServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function signedIn(viewport?: typeof PHONE) {
  const session = await createAccount(server, 'keys')
  const opened = await openPage(browser, server.url, viewport)
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openSignedIn(opened.page, session, '/api-keys')
  await opened.page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor()
  return { ...opened, session }
}

describe('/api-keys', () => {
  it('creates a key, shows it in full once with a copy button, then lists it masked; the key works', async () => {
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
    await shown.getByRole('button', { name: 'Copy Key' }).click()
    await shown.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    // Only Done closes it: a stray click outside must not lose the key.
    await page.mouse.click(5, 5)
    expect(await shown.isVisible()).toBe(true)
    await shown.getByRole('button', { name: 'Done' }).click()
    await shown.waitFor({ state: 'detached' })

    const row = page.getByTestId('api-key-row').filter({ hasText: 'Production server' })
    await row.waitFor()
    expect(await row.textContent()).toContain(`lnk_…${key.slice(-4)}`)
    expect(await row.textContent()).toContain('Blog backend')
    expect(await row.textContent()).toContain('Never')
    expect(await page.content()).not.toContain(key)

    // Revealing shows only what is stored, and says so.
    await row.getByRole('button', { name: 'Reveal key Production server' }).click()
    await row.getByText('Only the start and the last 4 characters are stored.', { exact: false }).waitFor()
    expect(await page.content()).not.toContain(key)
    await row.getByRole('button', { name: 'Hide key Production server' }).click()

    await row.getByRole('button', { name: 'Copy masked key Production server' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`lnk_…${key.slice(-4)}`)

    expect((await client(server.url).get('/api/links', { token: key })).status).toBe(200)
    await page.reload()
    await page.getByTestId('api-key-row').filter({ hasText: 'Just now' }).waitFor()
    expect(session.user.email).toBeTruthy()
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
    const made = await client(server.url).post('/api/apiKeys', { name: 'Old laptop' }, { token: session.token })
    await page.reload()
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Old laptop' })
    await row.getByRole('button', { name: 'Revoke Old laptop' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('will be refused at once', { exact: false }).waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect((await client(server.url).get('/api/links', { token: made.body.key })).status).toBe(200)

    await row.getByRole('button', { name: 'Revoke Old laptop' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await row.getByText('Revoked').waitFor()
    expect(await row.getByRole('button', { name: 'Revoke Old laptop' }).count()).toBe(0)
    expect((await client(server.url).get('/api/links', { token: made.body.key })).status).toBe(401)
    await context.close()
  })

  it('shows last use in relative words', async () => {
    const { page, context, session } = await signedIn()
    const { body } = await client(server.url).post('/api/apiKeys', { name: 'Cron job' }, { token: session.token })
    await sql(server, 'update api_keys set last_used_at = $1 where id = $2', [server.databaseUrl ? new Date(Date.now() - 3 * 3_600_000).toISOString() : Date.now() - 3 * 3_600_000, body.id])
    await page.reload()
    await page.getByTestId('api-key-row').filter({ hasText: 'Cron job' }).getByText('3 hours ago').waitFor()
    await context.close()
  })

  it('says so when the keys cannot be loaded, and when creating or revoking fails', async () => {
    const { page, context, session } = await signedIn()
    await client(server.url).post('/api/apiKeys', { name: 'Fragile' }, { token: session.token })
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

  it('works on a phone', async () => {
    const { page, context, session } = await signedIn(PHONE)
    await client(server.url).post('/api/apiKeys', { name: 'Phone key' }, { token: session.token })
    await page.reload()
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Phone key' })
    await row.waitFor()
    await page.getByRole('button', { name: 'Create API Key' }).waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })
})
