import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { Session } from '../../src/modules/auth/schema'
import { launchBrowser, openPage, PHONE } from '../helpers/browser'
import { startDnsServer, type DnsServer } from '../helpers/dns-server'
import { startServer, type TestServer } from '../helpers/server'
import { dbTime, sql } from '../helpers/sql'
import { PRICE_PRO, startStripeStandIn, type StripeStandIn } from '../helpers/stripe'
import { startTlsServer, type TlsStandIn } from '../helpers/tls-server'
import { grantSuperAdmin } from '../helpers/accounts'
import { client } from '../helpers/http'
import { createAccount, openSignedIn, saveScreenshot, waitForToast } from './support'

setDefaultTimeout(60_000)

const PAID_ONLY = 'Custom domains are only available on paid plans. Please upgrade to access this feature.'
// PUBLIC_URL's host, which custom domains must CNAME to.
const PRODUCT_HOST = 'localhost'
const DOMAIN = 'links.browser-shop.com'

let stripe: StripeStandIn
let dns: DnsServer
let tls: TlsStandIn
let server: TestServer
let bare: TestServer
let browser: Browser

beforeAll(async () => {
  stripe = startStripeStandIn()
  ;[dns, tls] = await Promise.all([startDnsServer(), startTlsServer([DOMAIN])])
  ;[server, bare, browser] = await Promise.all([
    startServer({ env: { ...stripe.env, ...tls.env, DNS_RESOLVER: dns.address, PUBLIC_URL: `http://${PRODUCT_HOST}` } }),
    startServer(),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([server?.close(), bare?.close()])
  stripe?.stop()
  dns?.close()
  tls?.close()
})

const SCREENS = { billing: { path: '/billing', heading: 'Plans & Billing' }, domains: { path: '/domains', heading: 'Custom Domains' } }

async function signedIn(on: TestServer, plan?: string, viewport?: typeof PHONE, screen: keyof typeof SCREENS = 'billing') {
  const session = await createAccount(on, 'billing')
  if (plan) await sql(on, 'update accounts set plan = $1 where id = $2', [plan, session.user.accountId])
  const stored: Session = plan ? { ...session, user: { ...session.user, plan: plan as Session['user']['plan'] } } : session
  const opened = await openPage(browser, on.url, viewport)
  await openSignedIn(opened.page, stored, SCREENS[screen].path)
  await opened.page.getByRole('heading', { level: 1, name: SCREENS[screen].heading }).waitFor()
  return { ...opened, session }
}

const planCard = (page: Page, plan: string) => page.locator(`article[data-plan="${plan}"]`)
const domainCard = (page: Page) => page.getByTestId('custom-domain-card')

describe('billing on the free plan', () => {
  it('shows usage, the four plans with Free as current, and the upgrade and contact buttons', async () => {
    const { page, context } = await signedIn(server)
    await page.getByTestId('usage-numbers').getByText('0 / 500 previews').waitFor()
    expect(await page.locator('article[data-plan] h3').allTextContents()).toEqual(['Free', 'Indie', 'Pro', 'Enterprise'])
    expect(await planCard(page, 'free').getByText('Current plan', { exact: true }).isVisible()).toBe(true)
    expect(await planCard(page, 'free').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true)
    expect(await planCard(page, 'indie').getByRole('button', { name: 'Upgrade to Indie' }).isEnabled()).toBe(true)
    expect(await planCard(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).isEnabled()).toBe(true)
    // No payment method on the free plan.
    expect(await page.getByTestId('payment-card').count()).toBe(0)

    await planCard(page, 'enterprise').getByRole('button', { name: 'Contact Sales' }).click()
    const dialog = page.getByRole('dialog', { name: 'Contact Sales' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Message').isVisible()).toBe(true)
    await context.close()
  })

  it('shows the paid-plans message instead of the custom-domain form', async () => {
    const { page, context } = await signedIn(server, undefined, undefined, 'domains')
    await domainCard(page).getByText(PAID_ONLY).waitFor()
    expect(await domainCard(page).getByLabel('Hostname').count()).toBe(0)
    expect(await page.getByTestId('plan-switch').count()).toBe(0)
    await context.close()
  })

  it('gives a super admin on a server without Stripe one click to every feature, on a phone', async () => {
    const operator = await createAccount(bare, 'operator')
    await grantSuperAdmin(bare, operator.user.email)
    const { page, context } = await openPage(browser, bare.url, PHONE)
    await openSignedIn(page, operator, '/domains')
    await domainCard(page).getByText(PAID_ONLY).waitFor()
    const offer = page.getByTestId('plan-switch')
    await offer.getByRole('button', { name: 'Switch to Enterprise' }).waitFor()
    await saveScreenshot(page, 'linkcard-plan-switch-390.png')
    await offer.getByRole('button', { name: 'Switch to Enterprise' }).click()
    await waitForToast(page, `${operator.user.accountName} is on Enterprise`)
    await domainCard(page).getByLabel('Hostname').waitFor()
    expect(await offer.count()).toBe(0)
    expect((await client(bare.url).get('/api/usage', { token: operator.token })).body.plan).toBe('enterprise')
    await context.close()
  })

  it("sends the browser to Stripe's checkout page for an upgrade", async () => {
    const { page, context, session } = await signedIn(server)
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }))
    const before = stripe.calls.length
    await planCard(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click()
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/)
    const call = stripe.calls.slice(before).find((c) => c.path === '/v1/checkout/sessions')!
    expect(call.params.customer_email).toBe(session.user.email)
    expect(call.params['line_items[0][price]']).toBe(PRICE_PRO)
    expect(call.params.allow_promotion_codes).toBe('true')
    await context.close()
  })

  it('thanks the user on the return from checkout and cleans the address', async () => {
    const { page, context } = await signedIn(server)
    // Watched from before the page loads: a slow load must not outlast the toast's few seconds.
    const thanked = waitForToast(page, 'Thank you!')
    await page.goto('/billing?checkout=success')
    await thanked
    await page.waitForURL((url) => url.pathname === '/billing' && url.search === '')
    await context.close()
  })

  it('says when the usage cannot be fetched', async () => {
    const { page, context } = await signedIn(server)
    await page.route('**/api/usage', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong."}' }))
    await page.reload()
    await page.getByText('Failed to fetch usage').waitFor()
    await context.close()
  })
})

describe('billing on a paid plan', () => {
  it('marks the plan, offers the downgrade through support and shows the payment-method placeholder', async () => {
    const { page, context } = await signedIn(server, 'indie')
    await planCard(page, 'indie').getByText('Current plan', { exact: true }).waitFor()
    expect(await planCard(page, 'free').getByRole('button', { name: 'Contact Support to Downgrade' }).isVisible()).toBe(true)
    expect(await planCard(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true)
    await page.getByTestId('payment-card').getByText('coming soon').waitFor()
    await context.close()
  })

  it('adds a domain, shows the DNS records and errors, turns Active once verified, and removes it', async () => {
    const { page, context } = await signedIn(server, 'pro', undefined, 'domains')
    const card = domainCard(page)
    await card.getByLabel('Hostname').fill('links example.com')
    await card.getByRole('button', { name: 'Add Domain' }).click()
    await card.getByText('Enter the hostname only, such as links.example.com (no https://, path or port).').waitFor()

    // A pasted address keeps only its host name.
    await card.getByLabel('Hostname').fill(`https://${DOMAIN.toUpperCase()}/some/page?x=1`)
    await card.getByLabel('Hostname').blur()
    expect(await card.getByLabel('Hostname').inputValue()).toBe(DOMAIN.toUpperCase())
    await card.getByRole('button', { name: 'Add Domain' }).click()
    await card.getByTestId('domain-hostname').getByText(DOMAIN).waitFor()
    expect(await card.getByTestId('domain-badge').textContent()).toBe('Pending')
    const txt = card.getByTestId('dns-record-txt')
    expect(await txt.getByTestId('record-name').textContent()).toBe(`_linkcard-verify.${DOMAIN}`)
    const token = (await txt.getByTestId('record-value').textContent())!
    expect(token).toMatch(/^linkcard-verify=/)
    const cname = card.getByTestId('dns-record-cname')
    expect(await cname.getByTestId('record-name').textContent()).toBe(DOMAIN)
    expect(await cname.getByTestId('record-value').textContent()).toBe(PRODUCT_HOST)
    expect(await card.getByText('up to 24 hours').isVisible()).toBe(true)
    expect(await card.getByText('an SSL certificate is provisioned automatically').isVisible()).toBe(true)
    await card.getByTestId('verification-errors').getByText(`TXT record _linkcard-verify.${DOMAIN} not found.`).waitFor()
    expect(await card.getByTestId('verification-errors').getByText(`No CNAME record for ${DOMAIN}.`).isVisible()).toBe(true)

    dns.set(`_linkcard-verify.${DOMAIN}`, { TXT: [token] })
    dns.set(DOMAIN, { CNAME: PRODUCT_HOST })
    await card.getByRole('button', { name: 'Check now' }).click()
    await card.getByTestId('domain-badge').getByText('Active').waitFor()
    await card.getByText('Your custom domain is active').waitFor()

    await card.getByRole('button', { name: 'Remove' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText(`Your links will stop working at ${DOMAIN}.`).waitFor()
    await confirm.getByRole('button', { name: 'Remove Domain' }).click()
    await card.getByTestId('domain').waitFor({ state: 'detached' })
    expect(await card.getByTestId('domain-badge').count()).toBe(0)
    await card.getByLabel('Hostname').waitFor()
    await context.close()
  })

  it('shows a verified domain whose records went away as paused, and resumes it on Check now', async () => {
    const hostname = 'links.paused-shop.com'
    const { page, context, session } = await signedIn(server, 'indie', undefined, 'domains')
    const card = domainCard(page)
    await card.getByLabel('Hostname').fill(hostname)
    await card.getByRole('button', { name: 'Add Domain' }).click()
    const token = (await card.getByTestId('dns-record-txt').getByTestId('record-value').textContent())!
    dns.set(`_linkcard-verify.${hostname}`, { TXT: [token] })
    dns.set(hostname, { CNAME: PRODUCT_HOST })
    await card.getByRole('button', { name: 'Check now' }).click()
    await card.getByText(/Waiting for the SSL certificate|Your custom domain is active/).first().waitFor()

    dns.remove(`_linkcard-verify.${hostname}`)
    await sql(server, 'update custom_domains set dns_checked_at = $1 where account_id = $2', [dbTime(server, new Date(0)), session.user.accountId])
    await page.reload()
    await card.getByTestId('domain-badge').getByText('Paused').waitFor()
    await card.getByText('Your custom domain is paused').waitFor()
    await card.getByTestId('verification-errors').getByText(`TXT record _linkcard-verify.${hostname} not found.`).waitFor()

    dns.set(`_linkcard-verify.${hostname}`, { TXT: [token] })
    await card.getByRole('button', { name: 'Check now' }).click()
    await card.getByText('Your custom domain is paused').waitFor({ state: 'detached' })
    expect(await card.getByTestId('domain-badge').textContent()).not.toBe('Paused')
    await context.close()
  })

  it('says when the custom domains cannot be fetched', async () => {
    const { page, context } = await signedIn(server, 'indie', PHONE, 'domains')
    await page.route('**/api/domains', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong."}' }))
    await page.reload()
    await domainCard(page).getByText('Failed to fetch custom domains').waitFor()
    await context.close()
  })

  for (const [size, viewport] of [
    ['1440', undefined],
    ['390', PHONE],
  ] as const) {
    it(`lists several domains up to the plan's number, moves the default, saves where one sends people and lists its unknown paths, at ${size} px`, async () => {
      const { page, context } = await signedIn(server, 'indie', viewport, 'domains')
      const card = domainCard(page)
      const names = ['one', 'two', 'three'].map((label) => `${label}-${size}-${Date.now().toString(36)}.multi-shop.com`)
      for (const name of names) {
        await card.getByLabel('Hostname').fill(name)
        await card.getByRole('button', { name: 'Add Domain' }).click()
        await card.getByRole('region', { name }).waitFor()
      }
      // Indie's three are in use: the form gives way to the plan's number.
      await card.getByTestId('domain-limit').getByText('Your Indie plan includes 3 custom domains.', { exact: false }).waitFor()
      expect(await card.getByLabel('Hostname').count()).toBe(0)
      expect(await card.getByTestId('domain-count').textContent()).toBe('3 of 3 in use')
      const second = card.getByRole('region', { name: names[1] })
      await second.getByRole('button', { name: 'Make default' }).click()
      await second.getByText('Default', { exact: true }).waitFor()
      expect(await card.getByRole('region', { name: names[0] }).getByText('Default', { exact: true }).count()).toBe(0)

      // A verified domain shows where it sends people, and the paths people asked for that named no link.
      const [domain] = await sql(server, 'select id from custom_domains where hostname = $1', [names[1]])
      await sql(server, "update custom_domains set status = 'active', verified_at = $1 where id = $2", [dbTime(server, new Date()), domain!.id])
      await sql(server, 'insert into unknown_paths (domain_id, path, hits, last_seen_at) values ($1, $2, 7, $3), ($1, $4, 2, $3)', [domain!.id, 'old-flyer', dbTime(server, new Date()), 'typo'])
      await page.reload()
      await second.getByLabel('Root redirect').fill('javascript:alert(1)')
      await second.getByRole('button', { name: 'Save settings' }).click()
      await second.getByText('Enter a full http or https address, or leave it empty.').waitFor()
      await second.getByLabel('Root redirect').fill('https://multi-shop.com/')
      await second.getByLabel('Not-found redirect').fill('https://multi-shop.com/missing')
      await second.getByRole('button', { name: 'Save settings' }).click()
      await waitForToast(page, 'Domain settings saved')
      const stored = await sql(server, 'select root_redirect, not_found_redirect from custom_domains where id = $1', [domain!.id])
      expect(stored[0]).toEqual({ root_redirect: 'https://multi-shop.com/', not_found_redirect: 'https://multi-shop.com/missing' })
      // The app's files, as JSON: what is no JSON is said at once, what is no app file by the server.
      await second.getByText('App links').click()
      await second.getByLabel('apple-app-site-association').fill('{ "applinks": ')
      await second.getByRole('button', { name: 'Save app files' }).click()
      await second.getByText('This is not valid JSON.').waitFor()
      await second.getByLabel('apple-app-site-association').fill('{ "applinks": { "details": [{ "appID": "ABCDE12345.com.example.shop", "paths": ["/sale*"] }] } }')
      await second.getByLabel('assetlinks.json').fill('[{ "relation": ["delegate_permission/common.handle_all_urls"], "target": { "namespace": "android_app", "package_name": "x" } }]')
      await second.getByRole('button', { name: 'Save app files' }).click()
      await second.getByText('Give a list of Digital Asset Links statements', { exact: false }).waitFor()
      await second.getByLabel('assetlinks.json').fill('')
      await second.getByRole('button', { name: 'Save app files' }).click()
      await waitForToast(page, 'App files saved')
      const [files] = await sql(server, 'select apple_app_site_association, asset_links from custom_domains where id = $1', [domain!.id])
      expect(files!.asset_links).toBeNull()
      expect(JSON.stringify(files!.apple_app_site_association)).toContain('ABCDE12345.com.example.shop')
      await second.getByText('Unknown paths').click()
      await second.getByTestId('unknown-path').first().waitFor()
      expect(await second.getByTestId('unknown-path').allTextContents()).toEqual([expect.stringMatching(/^\/old-flyer7/), expect.stringMatching(/^\/typo2/)])
      await saveScreenshot(page, `domains-several-${size}.png`, { fullPage: true })
      if (viewport) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await context.close()
    })
  }
})

describe('billing without Stripe settings', () => {
  it('says billing is not configured and disables the upgrades', async () => {
    const { page, context } = await signedIn(bare)
    await page.getByText('Billing is not configured').waitFor()
    expect(await page.getByText('A super admin can still change your plan').isVisible()).toBe(true)
    expect(await planCard(page, 'indie').getByRole('button', { name: 'Upgrade to Indie' }).isDisabled()).toBe(true)
    expect(await planCard(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).isDisabled()).toBe(true)
    await context.close()
  })
})
