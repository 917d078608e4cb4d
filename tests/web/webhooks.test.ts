// The Webhooks screen: an endpoint is added with its events, its secret shown; a test event is
// sent and its delivery appears in the log; at phone width too.
import { afterAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import { WEBHOOK_MESSAGES } from '../../src/shared/webhooks'
import { DESKTOP, openPage, PHONE } from '../helpers/browser'
import { startWebhookReceiver } from '../helpers/webhook-receiver'
import { browserAroundTests, createAccount, openSignedIn, saveScreenshot } from './support'

setDefaultTimeout(60_000)

const receiver = startWebhookReceiver()
const web = browserAroundTests(() => ({ FETCH_ALLOWED_HOSTS: receiver.host }))
afterAll(() => receiver.stop())

describe('/webhooks', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`adds an endpoint, shows its secret, and logs a test event's delivery, at ${viewport.width} px`, async () => {
      const account = await createAccount(web.server, `webhooks-${viewport.width}`)
      const { page, context } = await openPage(web.browser, web.server.url, viewport)
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await openSignedIn(page, account, '/webhooks')
      await page.getByText('No webhook endpoints yet').waitFor()
      await page.getByRole('button', { name: 'Add Endpoint' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Endpoint URL').fill('not an address')
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click()
      await dialog.getByText(WEBHOOK_MESSAGES.url).waitFor()
      await dialog.getByLabel('Endpoint URL').fill(`http://user:secret@${receiver.host}/hooks`)
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click()
      await dialog.getByText(WEBHOOK_MESSAGES.credentials).waitFor()
      // The server's answer, shown by the field.
      await dialog.getByLabel('Endpoint URL').fill('http://localhost./hooks')
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click()
      await dialog.getByText(WEBHOOK_MESSAGES.specialUse).waitFor()
      await dialog.getByLabel('Endpoint URL').fill(receiver.url)
      await dialog.getByRole('checkbox', { name: /^click/ }).check()
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click()

      const added = page.getByRole('dialog', { name: 'Endpoint Added' })
      const secret = (await added.getByTestId('new-webhook-secret').textContent())!
      expect(secret).toMatch(/^whsec_/)
      receiver.trust(secret)
      await added.getByRole('button', { name: 'Done' }).click()

      const endpoint = page.getByTestId('webhook-endpoint')
      await endpoint.getByRole('list', { name: 'Events' }).waitFor()
      expect(await endpoint.getByRole('list', { name: 'Events' }).getByRole('listitem').allTextContents()).toEqual(['link.created', 'link.updated', 'link.deleted', 'click'])
      await endpoint.getByRole('button', { name: 'Send test event' }).click()
      const delivery = endpoint.getByTestId('webhook-delivery').first()
      await delivery.getByText('Delivered').waitFor()
      expect(receiver.of('webhook.test').some((message) => message.verified)).toBe(true)
      await delivery.locator('summary').click()
      await delivery.getByText('"type": "webhook.test"').waitFor()
      await endpoint.getByRole('button', { name: 'Reveal secret' }).click()
      expect(await endpoint.getByTestId('webhook-secret').textContent()).toBe(secret)
      await saveScreenshot(page, `linkcard-webhooks-${viewport.width}.png`, { fullPage: true })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await context.close()
    })
})
